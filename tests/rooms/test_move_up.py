"""The host moves a seat up the waiting room's list (rooms/lobby.move_up, try29: two friends
could not be Guandan partners, whose pairs follow the list): the seat swaps with the one
above, the game is dealt in that order, and the waiting room's team badges follow. Refused
for a guest, during a game, and for the first seat; nothing changes then."""
import json

import pytest
from channels.db import database_sync_to_async as adb

from rooms import lobby
from rooms.models import Room, Seat
from tables.core import errors

from room_tabs import Tab


def names(room_id):
    return list(Seat.objects.filter(room_id=room_id).order_by("order").values_list("name", flat=True))


def version(room_id):
    return Room.objects.get(pk=room_id).version


def seat_id(room_id, name):
    return Seat.objects.get(room_id=room_id, name=name).pk


@pytest.mark.django_db
def test_two_friends_become_guandan_partners(make_room):
    room, _ = make_room(("あき", "ふゆ"))
    lobby.set_options(room.id, 0, {"game": "guandan"}, version(room.id))
    for _ in range(2):
        lobby.add_cpu(room.id, 0, version(room.id))
    assert names(room.id) == ["あき", "ふゆ", "CPU 1", "CPU 2"]  # あき with CPU 1, ふゆ with CPU 2
    lobby.move_up(room.id, 0, seat_id(room.id, "CPU 1"))
    assert names(room.id) == ["あき", "CPU 1", "ふゆ", "CPU 2"]  # the 1st and 3rd seats: partners
    lobby.start(room.id, 0, version(room.id), seed="partners")
    seats = {s.name: s.order for s in Seat.objects.filter(room_id=room.id)}
    assert seats["あき"] % 2 == seats["ふゆ"] % 2 == 0  # one team (0+2) at the table


@pytest.mark.django_db
def test_moving_up_is_refused_for_a_guest_the_first_seat_and_a_game_on(make_room):
    room, _ = make_room(("あき", "ふゆ"))
    lobby.add_cpu(room.id, 0, version(room.id))
    before = names(room.id)
    other, _ = make_room(("なつ",), "べつの へや")  # a seat of another room is no seat of this one
    for by, target, code in ((1, seat_id(room.id, "CPU 1"), "not_host"), (0, seat_id(room.id, "あき"), "malformed"),
                             (0, seat_id(other.id, "なつ"), "not_seated"), (0, 10 ** 9, "not_seated")):
        with pytest.raises(errors.Refused) as refused:
            lobby.move_up(room.id, by, target)
        assert refused.value.code == code
    lobby.start(room.id, 0, version(room.id), seed="on")
    with pytest.raises(errors.Refused) as refused:
        lobby.move_up(room.id, 0, seat_id(room.id, "ふゆ"))
    assert refused.value.code == "playing"
    assert names(room.id)[:3] == before


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_host_moves_a_seat_over_the_socket_and_the_badges_follow(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    await adb(lobby.set_options)(room.id, 0, {"game": "guandan"}, await adb(version)(room.id))
    host, guest = Tab(room.id), Tab(room.id)
    shown = await host.open(toks["あき"])
    g = await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()  # the host's screen shows ふゆ's seat
    shown = host.messages[-1]
    fuyu, aki = await adb(seat_id)(room.id, "ふゆ"), await adb(seat_id)(room.id, "あき")
    assert f'value="move_up" hx-vals=\'{{"id": "{fuyu}"}}\'' in shown and f'value="move_up" hx-vals=\'{{"id": "{aki}"}}\'' not in shown
    assert 'value="move_up"' not in g
    # (Guandan seats 4 and no other count: the count is shown, not a drop-down of one choice)
    assert 'name="players"' not in shown and '<div class="option-fixed">人数 <b>4</b></div>' in shown
    v = host.version
    await host.comm.send_to(text_data=json.dumps({"act": "move_up", "id": str(fuyu), "version": str(await adb(version)(room.id))}))
    await host.until(lambda t: t.version > v)  # the move's reply
    assert await adb(names)(room.id) == ["ふゆ", "あき"]
    rows = host.messages[-1].split('class="seat-row"')[1:]
    assert "ふゆ" in rows[0] and "team0" in rows[0] and "あき" in rows[1] and "team1" in rows[1]
    await host.close(); await guest.close()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_two_quick_taps_on_one_seat_move_it_up_twice(make_room):
    """Two ↑ for one seat sent from the same page, the second before the page was redrawn
    (the version the page held, now old): the seat moves up two places, nothing is refused."""
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    for _ in range(2):
        await adb(lobby.add_cpu)(room.id, 0, await adb(version)(room.id))
    host = Tab(room.id)
    await host.open(toks["あき"])
    await host.drain()
    held = str(await adb(version)(room.id))
    cpu2 = str(await adb(seat_id)(room.id, "CPU 2"))
    for _ in range(2):
        await host.comm.send_to(text_data=json.dumps({"act": "move_up", "id": cpu2, "version": held}))
    await host.until(lambda t: t.version >= int(held) + 2)  # both moves' replies (a refusal makes no version)
    assert await adb(names)(room.id) == ["あき", "CPU 2", "ふゆ", "CPU 1"]
    assert not any('data-code="stale"' in m or 'data-code="malformed"' in m for m in host.messages)
    for bad in ("0", "-3", "1e3", ["1"], None, str(2 ** 70)):  # hostile ids: refused, nothing moves
        await host.comm.send_to(text_data=json.dumps({"act": "move_up", "id": bad}))
        assert 'data-code="malformed"' in await host.recv()
    assert await adb(names)(room.id) == ["あき", "CPU 2", "ふゆ", "CPU 1"]
    await host.close()
