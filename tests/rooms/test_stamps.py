"""Stamps at the table over the room socket (issue 17): a person's stamp reaches every tab
of the room (its own included) for its own seat; an unknown or malformed code is refused
and sends nothing; a flood past the seat's limit is dropped quietly; a socket without a
seat sends none; analytics count stamps by kind, never by person."""
import asyncio

import pytest
from channels.db import database_sync_to_async as adb

from analytics.models import DailyCount
from rooms import consumers, lobby
from rooms.models import Room, Seat
from tables.core import stamps

from room_tabs import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def stamp_frames(messages: list[str]) -> list[str]:
    return [m for m in messages if m.startswith('<template id="stamp"')]


async def two_at_the_table(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    orders = await adb(lambda: {s.name: s.order for s in Seat.objects.filter(room=room)})()
    tabs = {n: Tab(room.id) for n in toks}
    for n, t in tabs.items():
        html = await t.open(toks[n])
        assert 'data-stamp-code="nice"' in html and "スタンプを表示しない" in html  # the bar on the table
    for t in tabs.values():
        await t.caught_up()
    return room, tabs, orders


async def stamps_read(tab, n: int, count: int) -> list[str]:
    """Read until ``count`` stamps came to ``tab`` after its first ``n`` messages, then a
    drain (more should not come): the messages since the first ``n``."""
    await tab.until(lambda t: len(stamp_frames(t.messages[n:])) >= count)
    await tab.drain()
    return tab.messages[n:]


@pytest.fixture(autouse=True)
def fresh_limit(monkeypatch):
    monkeypatch.setattr(consumers, "STAMP_LIMIT", stamps.SeatLimit())


async def test_a_stamp_shows_on_the_senders_seat_to_everyone_in_the_room(make_room):
    room, tabs, orders = await two_at_the_table(make_room)
    n = {name: len(t.messages) for name, t in tabs.items()}
    await tabs["ふゆ"].send(act="stamp", code="nice")
    for name, t in tabs.items():
        got = stamp_frames(await stamps_read(t, n[name], 1))
        assert got == [stamps.message(orders["ふゆ"], "nice")]
    counted = await adb(lambda: list(DailyCount.objects.filter(metric="stamps").values_list("game", "key", "n")))()
    assert counted == [("daifugo", "nice", 1)]
    for t in tabs.values():
        await t.close()


async def test_hostile_stamps_are_refused_and_reach_nobody(make_room):
    room, tabs, _ = await two_at_the_table(make_room)
    version = (await adb(Room.objects.get)(pk=room.id)).version
    for code in ["<b>hi</b>", "", None, 7, ["nice"], {"x": 1}, "NICE", "free text"]:
        n = len(tabs["あき"].messages)
        await tabs["あき"].send(act="stamp", code=code)
        await tabs["あき"].until(lambda t: any('data-code="malformed"' in m for m in t.messages[n:]))  # told by the hand
        assert not stamp_frames(tabs["あき"].messages[n:] + await tabs["あき"].drain()), code
        assert not stamp_frames(await tabs["ふゆ"].drain())
    n = len(tabs["あき"].messages)
    await tabs["あき"].send(act="stamp")  # no code at all
    await tabs["あき"].until(lambda t: any('data-code="malformed"' in m for m in t.messages[n:]))
    assert not stamp_frames(await tabs["ふゆ"].drain())
    assert (await adb(Room.objects.get)(pk=room.id)).version == version  # the game is untouched
    assert not await adb(DailyCount.objects.filter(metric="stamps").exists)()
    for t in tabs.values():
        await t.close()


async def test_a_flood_is_dropped_quietly_past_the_seats_limit(make_room):
    room, tabs, orders = await two_at_the_table(make_room)
    n = {name: len(t.messages) for name, t in tabs.items()}
    for _ in range(12):
        await tabs["あき"].send(act="stamp", code="wow")
    await tabs["あき"].ping()  # the twelve handled (a refusal would come before the pong)
    mine = await stamps_read(tabs["あき"], n["あき"], stamps.PER_WINDOW)
    assert len(stamp_frames(mine)) == stamps.PER_WINDOW
    assert not [m for m in mine if not m.startswith("<template")]  # no refusal shown: quiet
    assert len(stamp_frames(await stamps_read(tabs["ふゆ"], n["ふゆ"], stamps.PER_WINDOW))) == stamps.PER_WINDOW
    n = len(tabs["あき"].messages)
    await tabs["ふゆ"].send(act="stamp", code="lol")  # another seat has its own allowance
    assert stamp_frames(await stamps_read(tabs["あき"], n, 1)) == [stamps.message(orders["ふゆ"], "lol")]
    counted = await adb(lambda: dict(DailyCount.objects.filter(metric="stamps").values_list("key", "n")))()
    assert counted == {"wow": stamps.PER_WINDOW, "lol": 1}
    for t in tabs.values():
        await t.close()


async def test_a_socket_without_a_seat_sends_no_stamp(make_room):
    room, tabs, _ = await two_at_the_table(make_room)
    stranger = Tab(room.id, bid="stranger-browser-123456789")
    await stranger.open(None)
    await stranger.send(act="stamp", code="hello")
    assert await stranger.drain() == []
    assert not stamp_frames(await tabs["あき"].drain())
    await stranger.close()
    for t in tabs.values():
        await t.close()
