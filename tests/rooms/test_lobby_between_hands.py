"""The host may take the room back to the waiting room at a hand's result (a Guandan hand
whose match goes on, as after a Daifugō game), never in the middle of a hand."""
import pytest

from games import get_engine
from games.core import IllegalAction
from rooms import lobby
from rooms.models import Room

pytestmark = pytest.mark.django_db

E = get_engine("guandan")


def test_the_host_ends_a_guandan_match_at_a_hands_result(make_room):
    room, _ = make_room(("あき", "ふゆ"))
    lobby.set_options(room.id, 0, {"game": "guandan"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    with pytest.raises(IllegalAction) as refused:  # mid-hand
        lobby.to_lobby(room.id, 0, room.version)
    assert refused.value.code == "not_over"
    state = room.state
    while state["phase"] != "hand_over":
        seat = E.actors(state)[0]
        state, _ = E.apply(state, seat, E.choose(state, seat))
    assert not E.is_over(state)  # the match goes on
    Room.objects.filter(pk=room.id).update(state=state)
    room = Room.objects.get(pk=room.id)
    with pytest.raises(IllegalAction):  # the host only
        lobby.to_lobby(room.id, 1, room.version)
    lobby.to_lobby(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    assert room.status == Room.Status.WAITING and room.state is None
