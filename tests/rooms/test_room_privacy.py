"""Each seat's HTML never holds another seat's cards or the surplus order."""
import re
from collections import Counter

import pytest
from channels.db import database_sync_to_async as adb
from django.utils import timezone

from games import get_engine
from games.daifugo.cards import code as card_code
from rooms import lobby
from rooms.models import Room, Seat
from rooms.render import screen, stage

from room_tabs import Tab, tick_due

E = get_engine("daifugo")


def codes_in(html: str) -> Counter:
    return Counter(re.findall(r'data-code="([^"]+)"', html))


@pytest.mark.django_db
def test_rendered_seat_views_only_show_own_and_public_cards(make_room):
    room, _ = make_room(("あき", "ふゆ"))
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    seats = list(room.seats.all())
    state = room.state
    for step in range(60):
        if E.is_over(state):
            break
        room.state = state
        for me in seats:
            html = stage(screen(room, seats, me, timezone.now()))
            own = Counter(card_code(c) for c in state["hands"][me.order])
            public = Counter(card_code(c) for c in state["graveyard"])
            if state["field"]:
                public += Counter(card_code(c) for c in state["field"]["cards"])
            assert not codes_in(html) - own - public, f"seat {me.order} sees hidden cards at step {step}"
            ids = {int(i) for i in re.findall(r'name="card" value="(\d+)"', html)}
            assert ids == set(state["hands"][me.order])
            others = {c for s, h in enumerate(state["hands"]) if s != me.order for c in h}
            assert not ids & others
        actors = E.actors(state)
        if actors:
            state, _ = E.apply(state, actors[0], E.choose(state, actors[0]))
        else:  # a timed window: the table closes it
            state, _ = E.apply(state, None, E.window(state)["close"])


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_socket_messages_of_a_whole_game_hold_only_own_cards(make_room):
    room, toks = await adb(make_room)(("あき",))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    await adb(Seat.objects.filter(name="あき").update)(auto=True)  # the CPU plays for her too
    room = await adb(Room.objects.get)(pk=room.id)
    mine = set(room.state["hands"][0])
    surplus = room.state["surplus"]
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    for _ in range(600):
        room = await adb(Room.objects.get)(pk=room.id)
        mine |= set(room.state["hands"][0])  # 7-pass gifts join the hand
        if E.is_over(room.state):
            break
        await tick_due(room)
        await tab.drain(0.01)
    await tab.caught_up()  # the hand's end shown
    assert E.is_over(room.state) and "結果" in tab.latest("result")
    everything = "".join(tab.messages)
    ids = {int(i) for i in re.findall(r'name="card" value="(\d+)"', everything)}
    assert ids <= mine
    shown = [c for c in re.findall(r'data-code="([^"]+)"', everything)]
    hidden_order = [card_code(c) for c in surplus]
    assert "".join(hidden_order) not in "".join(shown)
    await tab.close()
