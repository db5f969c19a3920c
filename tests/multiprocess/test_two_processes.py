"""Two daphne processes on channels-redis and one SQLite file: any process serves any room.

- Two friends enter the same passphrase on different processes, land in the same room, and
  each sees the other's changes through the redis doorbell (the other process renders them
  from the database).
- The process driving a room's CPU turns is killed (SIGKILL); the other process takes the
  room over when the driver lease runs out and the CPUs keep playing.
"""
from __future__ import annotations

import asyncio
import json
import time
from datetime import datetime, timezone

import pytest
from mp_client import Browser, Tab

from rooms.actions import DRIVER_LEASE

pytestmark = pytest.mark.redis


def db_time(t: float) -> str:
    """A POSIX time as Django stores datetimes in SQLite (UTC, comparable as text)."""
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


# Options sent below: fast CPUs, no turn limit, and ``rules`` without any ``rule_…`` switch:
# every special card off (plain Daifugō), so the scripted players never meet a stop window.


async def play_until(tabs: list[Tab], done, timeout: float, host: Tab | None = None) -> None:
    """Let the tabs play their seats (one move at a time) until ``done()``."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "the game did not get there in time"
        moved = False
        for tab in tabs:
            moved |= await tab.step(host=tab is host)
        if not moved:
            await asyncio.sleep(0.05)


async def test_friends_on_two_processes_see_each_other(site):
    a_browser, b_browser = Browser(site.http(0)), Browser(site.http(1))
    room_a, token_a = await asyncio.to_thread(a_browser.enter, "あき", "二つの プロセス")
    room_b, token_b = await asyncio.to_thread(b_browser.enter, "ふゆ", "二つのプロセス")
    assert room_a == room_b  # one passphrase, one room, whichever process answered
    a = Tab(site.ws(0), room_a, a_browser, token_a)
    b = Tab(site.ws(1), room_b, b_browser, token_b)
    await a.open()
    await b.open()
    try:
        assert a.saw("ふゆ") and b.saw("あき")

        # a socket that heard nothing for longer than the layer's 5 s blocking pop still
        # hears the next doorbell (redis-py 8's default 5 s read timeout used to kill it)
        await asyncio.sleep(7)

        # a lobby change made on process 0 reaches the socket on process 1 (no action of b's)
        before, v = len(b.messages), a.version
        await a.send(act="options", speed="fast", turn_limit="0", rules="1", version=str(v))
        await a.wait_for(lambda: a.version > v, 5, "the options")
        await a.send(act="add_cpu", version=str(a.version))
        await b.wait_for(lambda: any("CPU 1" in h for _, h in b.messages[before:]), 5, "CPU 1 on process 1")

        # a start on process 1 reaches process 0
        await b.wait_for(lambda: b.version == a.version, 5, "the same version")
        await a.send(act="start", version=str(a.version))
        await b.wait_for(lambda: 'id="hand-form"' in b.hand, 5, "the dealt hand on process 1")
        options = json.loads(site.query("SELECT options FROM rooms_room WHERE id = ?", room_a.replace("-", ""))[0][0])
        assert options["speed"] == "fast" and not any(options["specials"].values())

        # moves made on either process are seen by the other within the doorbell's time
        seen = {"a→b": [], "b→a": []}

        async def watch(mover: Tab, other: Tab, key: str) -> None:
            for version, at in mover.moves[len(seen[key]):]:
                await other.wait_for(lambda: other.version >= version, 3, f"{key} v{version}")
                seen[key].append(other.first_seen(version) - at)

        async def both_moved() -> bool:
            await watch(a, b, "a→b")
            await watch(b, a, "b→a")
            return len(seen["a→b"]) >= 2 and len(seen["b→a"]) >= 2

        end = time.monotonic() + 90
        while not await both_moved():
            assert time.monotonic() < end, f"not enough moves: {seen}"
            if not (await a.step(host=True) or await b.step()):
                await asyncio.sleep(0.05)
        assert max(seen["a→b"] + seen["b→a"]) < 3
        # the human moves are in the one event log, made on both processes' sockets
        by_seat = dict(site.query("SELECT seat, count(*) FROM rooms_roomevent WHERE room_id = ? AND by = 'human'"
                                  " GROUP BY seat", room_a.replace("-", "")))
        assert by_seat.get(0, 0) >= 2 and by_seat.get(1, 0) >= 2
    finally:
        await a.close()
        await b.close()


async def test_driver_takeover_after_the_driving_process_dies(site):
    host = Browser(site.http(0))
    room_id, token = await asyncio.to_thread(host.enter, "はる", "ドライバー 交代")
    # process 0 created the room, so it holds the driver lease; a socket there starts its
    # driver loop (a watcher without a seat); the only person plays on process 1
    watcher = Tab(site.ws(0), room_id)
    await watcher.open()
    me = Tab(site.ws(1), room_id, host, token)
    await me.open()
    try:
        v = me.version
        await me.send(act="options", speed="fast", turn_limit="0", rules="1", version=str(v))
        await me.wait_for(lambda: me.version > v, 5, "the options")
        await me.send(act="start", version=str(me.version))
        await me.wait_for(lambda: 'id="hand-form"' in me.hand, 5, "the deal")
        pids = [p.pid for p in site.procs]
        assert site.driver_pid(room_id) == pids[0]

        def cpu_moves(since: float = 0) -> int:
            return site.query("SELECT count(*) FROM rooms_roomevent WHERE room_id = ? AND by = 'cpu'"
                              " AND created_at >= ?", room_id.replace("-", ""), db_time(since))[0][0]

        await play_until([me], lambda: cpu_moves() >= 3, 60, host=me)
        assert site.driver_pid(room_id) == pids[0]

        site.kill(0)
        killed = time.time()
        lease = DRIVER_LEASE.total_seconds()
        await play_until([me], lambda: site.driver_pid(room_id) == pids[1], lease + 10, host=me)
        taken = time.time() - killed
        assert taken < lease + 3  # the lease ran out, then the next tick of process 1 took it
        try:
            await play_until([me], lambda: cpu_moves(killed) >= 3, 30, host=me)  # and the CPUs play on
        except AssertionError:
            raise AssertionError(repr(site.query(
                "SELECT version, by, seat, substr(action, 1, 60), created_at FROM rooms_roomevent"
                " WHERE room_id = ? ORDER BY version DESC LIMIT 8", room_id.replace("-", ""))) + repr(site.query(
                "SELECT status, driver, driver_until, deadline, timers, json_extract(state, '$.turn'),"
                " json_extract(state, '$.phase'), json_extract(state, '$.window'), json_extract(state, '$.pending'),"
                " json_extract(state, '$.field') FROM rooms_room")) + repr(site.query(
                "SELECT \"order\", kind, channel_name, seen_at, auto FROM rooms_seat")) +
                (site.var / "daphne-1.log").read_text()[-3000:]) from None
        assert me.version > 0 and 'id="hand-form"' in me.hand  # the person on process 1 still plays
    finally:
        await me.close()
        await watcher.close()
