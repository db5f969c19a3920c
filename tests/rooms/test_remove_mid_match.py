"""The host removes a person during a match (seed 004 人数とホスト: the host removes people;
rooms/lobby.remove): a CPU takes the seat over for good and the match goes on, the person's
socket is told (``removed``) and closed (4403), and nothing they send afterwards moves the
seat. The 人を外す part lists the other people, to the host only."""
import json

import pytest
from channels.db import database_sync_to_async as adb

from rooms import lobby
from rooms.actions import commit
from rooms.models import Room, Seat
from tables.core import errors

from room_tabs import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def seats(room_id):
    return sorted(Seat.objects.filter(room_id=room_id).values_list("order", "kind", "name", "token_hash"))


def version(room_id):
    return Room.objects.get(pk=room_id).version


async def started(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    await adb(lobby.add_cpu)(room.id, 0, await adb(version)(room.id))
    await adb(lobby.add_cpu)(room.id, 0, await adb(version)(room.id))
    await adb(lobby.start)(room.id, 0, await adb(version)(room.id))
    return room, toks


async def test_the_host_removes_a_person_and_a_cpu_plays_their_seat(make_room):
    room, toks = await started(make_room)
    host, guest = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()
    v, n = host.version, len(host.messages)
    await host.comm.send_to(text_data=json.dumps({"act": "remove", "seat": "1", "version": str(await adb(version)(room.id))}))
    await guest.until(lambda t: t.closed is not None)
    assert getattr(guest, "closed", None) == 4403
    assert "ホストにより部屋から外されました。" in guest.messages[-1], guest.messages[-1][:300]
    after = await adb(seats)(room.id)
    assert after[1][:3] == (1, "cpu", "ふゆ (CPU)") and after[1][3] is None  # no token claims it again
    room_after = await adb(Room.objects.get)(pk=room.id)
    assert room_after.status == Room.Status.PLAYING  # the match goes on
    await host.until(lambda t: t.version > v)  # the removal's reply
    shown = "".join(host.messages[n:])
    assert "ふゆ (CPU)" in shown and 'id="people" class="people" hidden' in shown  # no one left to remove
    again = Tab(room.id)  # ふゆ reloads: not told the seat comes back (try30)
    page = await again.open(toks["ふゆ"])
    assert "外された人の席は、CPUが最後まで打ちます" in page and "ふゆ (CPU)" not in page, page[:400]
    await again.close(); await host.close()


async def test_only_the_host_sees_who_can_be_removed(make_room):
    room, toks = await started(make_room)
    host, guest = Tab(room.id), Tab(room.id)
    h = await host.open(toks["あき"]); g = await guest.open(toks["ふゆ"])
    people = h.split('<details id="people" class="people">')[1].split("</details>")[0]
    assert people.count('value="remove"') == 1  # ふゆ only: not the host, not the CPUs
    assert 'hx-vals=\'{"seat": "1"}\' data-confirm-remove="ふゆ"' in people
    assert 'id="people" class="people" hidden' in g and 'value="remove"' not in g
    await host.close(); await guest.close()


async def test_a_cpu_or_the_host_cannot_be_removed_mid_match(make_room):
    room, toks = await started(make_room)
    before = await adb(seats)(room.id)
    with pytest.raises(errors.Refused) as cpu:
        await adb(lobby.remove)(room.id, 0, 2, await adb(version)(room.id))
    assert cpu.value.code == "playing"
    with pytest.raises(errors.Refused) as own:
        await adb(lobby.remove)(room.id, 0, 0, await adb(version)(room.id))
    assert own.value.code == "self"
    with pytest.raises(errors.Refused) as guest:
        await adb(lobby.remove)(room.id, 1, 0, await adb(version)(room.id))
    assert guest.value.code == "not_host"
    assert await adb(seats)(room.id) == before


async def test_a_removed_socket_cannot_play_the_seat_it_had(make_room):
    """Its move, sent after the removal but before its own socket was told, is refused: the
    seat is a CPU's now (rooms/consumers.py _order)."""
    room, toks = await started(make_room)
    guest = Tab(room.id)
    await guest.open(toks["ふゆ"]); await guest.drain()
    await adb(lobby.remove)(room.id, 0, 1, await adb(version)(room.id))
    v = await adb(version)(room.id)
    await guest.comm.send_to(text_data=json.dumps({"act": "pass", "version": str(v)}))
    await guest.until(lambda t: t.closed is not None)
    assert getattr(guest, "closed", None) == 4403
    assert (await adb(seats)(room.id))[1][1] == "cpu"


async def test_a_removal_stands_when_the_table_moved_while_the_host_was_asked(make_room):
    """try30: the CPUs played while the host read 外す's question; the removal named the
    version from before it and was lost as stale. During a match the places are fixed."""
    room, toks = await started(make_room)
    asked_at = await adb(version)(room.id)
    await adb(commit)(room.id, None, lambda r, s, n: [], by="system")  # the table moves on
    assert await adb(version)(room.id) == asked_at + 1
    await adb(lobby.remove)(room.id, 0, 1, asked_at)
    assert (await adb(seats)(room.id))[1][:3] == (1, "cpu", "ふゆ (CPU)")


async def test_an_old_page_still_cannot_remove_in_the_waiting_room(make_room):
    """In the waiting room a removal names a place in a list that may have moved (↑): an old
    page's is refused as stale, and no one is removed."""
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    old = await adb(version)(room.id)
    await adb(lobby.add_cpu)(room.id, 0, old)
    with pytest.raises(errors.Refused) as refused:
        await adb(lobby.remove)(room.id, 0, 1, old)
    assert refused.value.code == "stale" and len(await adb(seats)(room.id)) == 3
