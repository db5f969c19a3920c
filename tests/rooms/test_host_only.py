"""A guest (not the host) sending a host-only message over the room socket is told that only
the host can do it (``not_host``, in the guest's language), whatever else is wrong with the
message (no version, an old one, no seat, a hostile option value): nothing in the room
changes and nothing is logged as an error."""
import json
import logging

import pytest
from channels.db import database_sync_to_async as adb

from rooms import lobby
from rooms.models import Room, Seat

from room_tabs import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

#: what a guest might send, each without or with a version (``None``: none; ``-1``: an old one)
TRIES = [
    {"act": "add_cpu"},
    {"act": "start"},
    {"act": "remove", "seat": "0"},
    {"act": "remove"},
    {"act": "move_up", "seat": "1"},
    {"act": "move_up", "id": "1"},
    {"act": "cpu_level", "seat": "2", "level": "strong"},
    {"act": "cpu_level", "level": ["x"]},
    {"act": "options", "players": "6"},
    {"act": "options", "speed": ["fast"]},
    {"act": "options", "game": "guandan", "players": "99999999999999999999"},
    {"act": "lobby"},
]

WORDS = {None: "ホストだけができる操作です。", "en": "Only the host can do that.", "zh-hans": "只有房主可以这样操作。"}


def state(room_id):
    room = Room.objects.get(pk=room_id)
    return room.version, room.options, room.game, room.status, sorted(Seat.objects.filter(room=room).values_list("name", "kind", "level"))


@pytest.mark.parametrize("language", [None, "en", "zh-hans"])
async def test_a_guest_is_told_only_the_host_can(make_room, caplog, language):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    await adb(lobby.add_cpu)(room.id, 0, (await adb(Room.objects.get)(pk=room.id)).version)
    host, guest = Tab(room.id), Tab(room.id, language=language)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()  # (each reply below is the next message)
    before = await adb(state)(room.id)
    caplog.set_level(logging.ERROR)
    for msg in TRIES:
        for version in (None, before[0], before[0] - 1):
            sent = {**msg, **({"version": str(version)} if version is not None else {})}
            await guest.comm.send_to(text_data=json.dumps(sent))
            reply = await guest.recv()
            assert 'data-code="not_host"' in reply and WORDS[language] in reply, (sent, reply[:300])
            await guest.drain(0.05)
    assert await adb(state)(room.id) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # the host still can
    await host.act("add_cpu")
    assert (await adb(Room.objects.get)(pk=room.id)).version == before[0] + 1
    await host.close(); await guest.close()


# (a person, seat 1, may be removed during a match: tests/rooms/test_remove_mid_match.py;
# the CPU at seat 2 may not)
HOST_TRIES = [{"act": "add_cpu"}, {"act": "remove", "seat": "2"}, {"act": "cpu_level", "seat": "2", "level": "strong"},
              {"act": "options", "speed": "fast"}, {"act": "start"}]
PLAYING = {None: "ゲーム中はできません。", "en": "Not during a game", "zh-hans": "游戏进行中不能这样操作"}


@pytest.mark.parametrize("language", [None, "en", "zh-hans"])
async def test_the_host_is_told_these_wait_for_the_waiting_room(make_room, caplog, language):
    """try18: the host's remove (of a CPU) or options sent during a game were answered 「この部屋は
    ゲーム中です。途中からは入れません。」, which is about joining. They are refused as
    waiting for the waiting room (the result's ロビーへ), in the host's language, and the
    room is unchanged."""
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    await adb(lobby.add_cpu)(room.id, 0, (await adb(Room.objects.get)(pk=room.id)).version)
    await adb(lobby.start)(room.id, 0, (await adb(Room.objects.get)(pk=room.id)).version)
    host = Tab(room.id, language=language)
    await host.open(toks["あき"])
    await host.drain()
    before = await adb(state)(room.id)
    caplog.set_level(logging.ERROR)
    for msg in HOST_TRIES:
        await host.comm.send_to(text_data=json.dumps({**msg, "version": str(before[0])}))
        reply = await host.recv()
        assert 'data-code="playing"' in reply and PLAYING[language] in reply, (msg, reply[:300])
        await host.drain(0.05)
    assert await adb(state)(room.id) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await host.close()
