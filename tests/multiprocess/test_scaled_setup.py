"""The scaled set-up of the README on one machine: two daphne processes on PostgreSQL and
channels-redis (``pg_site``). Friends on different processes play one table; mid-game a
worker is SIGKILLed, Redis is restarted (empty), PostgreSQL is restarted (every connection
cut). After each: every card of the deck is accounted for in the stored state, and the
room is not stuck (the humans and CPUs play on through the surviving servers).
"""
from __future__ import annotations

import asyncio
import time

import pytest
from mp_client import Browser, Tab

from games.daifugo.cards import N_CARDS

pytestmark = pytest.mark.redis


def all_cards(state: dict) -> list[int]:
    """Every card id in a Daifugō state: hands, surplus, graveyard and the field."""
    cards = [c for hand in state["hands"] for c in hand] + state["surplus"] + state["graveyard"]
    if state.get("field"):
        cards += state["field"]["cards"]
    return cards


def assert_cards_accounted(site, room_id: str) -> None:
    status, _, state = site.state(room_id)
    assert status == "playing", status
    assert sorted(all_cards(state)) == list(range(N_CARDS))


async def play_on(site, room_id: str, tabs: list[Tab], moves: int, timeout: float) -> None:
    """Let the tabs play (tabs[0] is host: it starts each next game) until the stored
    version has advanced by ``moves`` — the room is not stuck."""
    _, start, _ = await asyncio.to_thread(site.state, room_id)
    end = time.monotonic() + timeout
    while True:
        _, version, _ = await asyncio.to_thread(site.state, room_id)
        if version >= start + moves:
            return
        assert time.monotonic() < end, f"stuck at v{version} (from v{start}): " + _logs(site)
        moved = False
        for i, tab in enumerate(tabs):
            moved |= await tab.step(host=i == 0)
        if not moved:
            await asyncio.sleep(0.1)


def _logs(site) -> str:
    return "".join((p.read_text(errors="replace")[-1500:] for p in sorted(site.var.glob("daphne-*.log"))))


async def start_table(site, phrase: str) -> tuple[str, list[Tab], list[Browser], list[str]]:
    """Two friends entering ``phrase`` on different processes, two CPUs, a dealt game."""
    browsers = [Browser(site.http(0)), Browser(site.http(1))]
    (room_a, token_a), (room_b, token_b) = [await asyncio.to_thread(b.enter, name, phrase)
                                            for b, name in zip(browsers, ("あき", "ふゆ"))]
    assert room_a == room_b  # one passphrase, one room, whichever process answered
    a = Tab(site.ws(0), room_a, browsers[0], token_a)
    b = Tab(site.ws(1), room_b, browsers[1], token_b)
    await a.open()
    await b.open()
    assert a.saw("ふゆ") and b.saw("あき")
    v = a.version
    await a.send(act="options", speed="fast", turn_limit="0", rules="1", version=str(v))
    await a.wait_for(lambda: a.version > v, 5, "the options")
    for _ in range(2):
        v = a.version
        await a.send(act="add_cpu", version=str(v))
        await a.wait_for(lambda: a.version > v, 5, "a CPU")
    await b.wait_for(lambda: b.version == a.version, 5, "the same version on process 1")
    await a.send(act="start", version=str(a.version))
    await b.wait_for(lambda: 'id="hand-form"' in b.hand, 10, "the dealt hand on process 1")
    await a.wait_for(lambda: 'id="hand-form"' in a.hand, 10, "the dealt hand on process 0")
    return room_a, [a, b], browsers, [token_a, token_b]


async def close_all(tabs: list[Tab]) -> None:
    for tab in tabs:
        try:
            await tab.close()
        except Exception:  # a socket whose server was killed
            pass


async def test_friends_on_two_processes_survive_a_killed_worker(pg_site):
    room, tabs, browsers, tokens = await start_table(pg_site, "スケール 試験")
    try:
        await play_on(pg_site, room, tabs, 6, 60)
        assert_cards_accounted(pg_site, room)

        pg_site.kill(0)  # あき's socket and the room's first driver were there
        await tabs[0].close()
        tabs[0] = Tab(pg_site.ws(1), room, browsers[0], tokens[0])  # room.js reconnects: the other worker
        await tabs[0].open()
        await play_on(pg_site, room, tabs, 8, 90)
        assert_cards_accounted(pg_site, room)

        pg_site.start(0)  # the worker comes back and serves again
        await tabs[1].close()
        tabs[1] = Tab(pg_site.ws(0), room, browsers[1], tokens[1])
        await tabs[1].open()
        await play_on(pg_site, room, tabs, 6, 60)
        assert_cards_accounted(pg_site, room)
    finally:
        await close_all(tabs)


@pytest.mark.parametrize("service, seconds", [("redis", 1.0), ("pg", 2.0)], ids=["redis", "postgres"])
async def test_a_service_restart_mid_game_loses_nothing(pg_site, service, seconds):
    """Redis (restarted empty) or PostgreSQL restarted mid-game: every card accounted for,
    and both processes still hear each other's doorbells (every tab follows the room)."""
    room, tabs, _, _ = await start_table(pg_site, f"{service} 再起動")
    for tab in tabs:  # a socket closed while the database is down: the page connects again
        tab.reconnect = True
    try:
        await play_on(pg_site, room, tabs, 6, 60)
        await asyncio.to_thread(getattr(pg_site, service).restart, seconds)
        await play_on(pg_site, room, tabs, 8, 90)
        assert_cards_accounted(pg_site, room)
        _, version, _ = pg_site.state(room)
        for tab in tabs:
            await tab.wait_for(lambda t=tab: t.version >= version, 10, "the room's newest version " + _logs(pg_site))
    finally:
        await close_all(tabs)
