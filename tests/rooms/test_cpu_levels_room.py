"""CPU levels at the table (issue 16): the host picks a level per CPU seat in the waiting
room, the practice screen has a level select (default ふつう), the driver plays each CPU
seat at its level and a person's seat at つよい, and a disconnected person's stand-in takes
their turns only (never their stop cards out of turn)."""
import time

import pytest
from channels.db import database_sync_to_async as adb
from django.utils import timezone

from games import get_engine
from games.core.engine import step
from rooms import actions, driver, lobby
from rooms.models import Room, RoomEvent, Seat
from tests.daifugo.util import ids, table

from room_tabs import Tab

E = get_engine("daifugo")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_host_sets_a_cpu_seats_level_and_others_see_it(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, guest = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()
    await host.act("add_cpu")
    await host.caught_up(); await guest.caught_up()
    cpu = await adb(Seat.objects.get)(room_id=room.id, kind="cpu")
    assert cpu.level == "normal"
    assert 'name="level"' in host.latest("lobby") and 'name="level"' not in guest.latest("lobby")
    reply = await host.act("cpu_level", seat=str(cpu.order), level="strong")
    assert '<option value="strong" selected>つよい</option>' in reply
    await guest.caught_up()
    assert '<span class="badge level">つよい</span>' in guest.latest("lobby")
    assert (await adb(Seat.objects.get)(pk=cpu.pk)).level == "strong"
    # refusals change nothing: a guest, an unknown level, a person's seat
    assert "ホストだけ" in await guest.act("cpu_level", seat=str(cpu.order), level="easy")
    await host.act("cpu_level", seat=str(cpu.order), level="expert")
    await host.act("cpu_level", seat="1", level="easy")
    assert (await adb(Seat.objects.get)(pk=cpu.pk)).level == "strong"
    assert not await adb(Seat.objects.filter(room_id=room.id, kind="human").exclude(level="normal").exists)()
    await host.close(); await guest.close()


@pytest.mark.django_db
def test_practice_level_select_defaults_to_normal(client):
    """The practice screen offers the three levels, ふつう chosen (the browser's practice
    table uses it: tests/tables/test_practice.py)."""
    page = client.get("/practice/").content.decode()
    assert '<option value="normal" selected>ふつう</option>' in page and "やさしい" in page and "つよい" in page


@pytest.mark.django_db
def test_the_driver_plays_a_cpu_at_its_level_and_a_person_at_strong(make_room):
    room, toks = make_room(("あき",))
    room = Room.objects.get(pk=room.id)
    lobby.start(room.id, 0, room.version)
    Seat.objects.filter(room_id=room.id, order=2).update(level="easy")
    Seat.objects.filter(room_id=room.id, order=3).update(level="strong")
    room = Room.objects.get(pk=room.id)
    assert [driver.level_for(room, s) for s in range(4)] == ["strong", "normal", "easy", "strong"]
    # a CPU seat's move through the driver is its level's choice (a position where the
    # levels differ, found by playing ふつう games)
    state = _where_levels_differ(3)
    def change(r, seats, now):
        r.state = state
    room = actions.commit(room.id, None, change, by="system")[0]
    Room.objects.filter(pk=room.id).update(timers={"3": ["cpu", 0]}, deadline=timezone.now())
    before = Room.objects.get(pk=room.id)
    assert driver.drive(room.pk) == 1
    ev = RoomEvent.objects.filter(room_id=room.id).order_by("-version").first()
    assert ev.seat == 3 and ev.action == E.choose(before.state, 3, "strong") != E.choose(before.state, 3)


def _where_levels_differ(seat):
    for seed in range(50):
        state = E.new({"players": 4}, f"levels-{seed}")
        while state["phase"] != "over":
            if (state["turn"] == seat and state["phase"] == "play" and not state["pending"]
                    and not state["window"] and E.choose(state, seat) != E.choose(state, seat, "strong")):
                return state
            state, _ = step(E, state)
    raise AssertionError("no position where つよい and ふつう differ")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_disconnected_persons_stand_in_never_stops_out_of_turn(make_room):
    # ふゆ (seat 1) holds ♠3 but has no tab open; the CPU at seat 2 holds ♠3 too
    hands = {0: ["S8", "H8", "S4", "C5", "D6"], 1: ["S3", "S6", "C7", "DK"],
             2: ["S3", "D4", "D5", "C6", "HK"], 3: ["C4", "H5", "H6", "SK"]}
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)

    def change(r, seats, now):
        r.state = table(hands=hands, turn=0)
    room = (await adb(actions.commit)(room.id, None, change, by="system"))[0]
    host = Tab(room.id)
    await host.open(toks["あき"])
    await host.caught_up()
    assert await adb(lambda: Seat.objects.get(room_id=room.id, order=1).channel_name)() is None
    s8 = ids(room.state, 0, ["S8"])[0]
    await host.act("play", card=[str(s8)], mode="effect")
    await host.drain()
    room = await adb(Room.objects.get)(pk=room.id)
    assert set(E.reactions(room.state)) >= {1, 2}
    assert "r2" in room.timers  # the CPU seat may stop
    assert "r1" not in room.timers  # the absent person's stand-in does not
    await host.close()
