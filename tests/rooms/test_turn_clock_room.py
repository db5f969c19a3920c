"""A room's turn limit on the server (rooms.actions → tables.core.pacing): each turn a
person takes gets the whole limit, also when the same seat must act again at once (rules/
daifugo.md "Time": lead, follow and effect choice are each a turn) — here Dou Dizhu's bid of
3, after which the new landlord leads at once (seed 001 §3). Before, the lead inherited what
was left of the bidding turn's clock."""
import datetime

import pytest
from django.utils import timezone

from games import get_engine
from rooms import actions, lobby
from rooms.models import Room, Seat

LIMIT = 30


@pytest.mark.django_db
def test_a_seat_that_acts_again_at_once_gets_the_whole_limit(make_room):
    room, _ = make_room(("あき",))
    lobby.set_options(room.id, 0, {"game": "doudizhu", "turn_limit": str(LIMIT)}, Room.objects.get(pk=room.id).version)
    for _ in range(2):
        lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="fb2")  # seat 0 bids first
    Seat.objects.filter(room_id=room.id, order=0).update(channel_name="test", seen_at=timezone.now())  # connected
    room = Room.objects.get(pk=room.id)
    assert get_engine("doudizhu").actors(room.state) == [0]
    # 25 s of the bidding turn are gone
    nearly = timezone.now().timestamp() + 5
    Room.objects.filter(pk=room.id).update(timers={"0": ["limit", nearly]})
    before = timezone.now().timestamp()
    room, _ = actions.play(room.id, 0, room.version, {"type": "bid", "value": 3}, by="human")
    assert room.state["landlord"] == 0 and room.timers["0"][0] == "limit"
    assert room.timers["0"][1] >= before + LIMIT - 1, room.timers
    assert room.deadline >= datetime.datetime.fromtimestamp(before + LIMIT - 1, tz=datetime.timezone.utc)


@pytest.mark.django_db
def test_the_only_persons_reload_holds_their_clock(make_room):
    """The only person at the table reloads (found by a new-user run, try10): the game waits
    while nobody is connected, and before this fix the turn's deadline was dropped then, so
    the returning page got the whole limit again. Now the clock is held with what it had
    left and runs on from there."""
    room, _ = make_room(("あき",))
    lobby.set_options(room.id, 0, {"game": "doudizhu", "turn_limit": str(LIMIT)}, Room.objects.get(pk=room.id).version)
    for _ in range(2):
        lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="fb2")  # seat 0 bids first
    pk = Seat.objects.get(room_id=room.id, order=0).pk
    assert lobby.connect_seat(room.id, pk, "first", None)
    room = Room.objects.get(pk=room.id)
    # 25 s of the turn are gone when the page reloads
    Room.objects.filter(pk=room.id).update(timers={"0": ["limit", timezone.now().timestamp() + 5]})
    lobby.disconnect_seat(room.id, "first")
    gone = Room.objects.get(pk=room.id)
    assert gone.timers["0"][0] == "held" and 4 < gone.timers["0"][2] <= 5, gone.timers
    assert gone.deadline is None  # nothing is played while nobody is there
    assert lobby.connect_seat(room.id, pk, "second", None)
    back = Room.objects.get(pk=room.id)
    left = back.timers["0"][1] - timezone.now().timestamp()
    assert back.timers["0"][0] == "limit" and 3 < left <= 5, back.timers
