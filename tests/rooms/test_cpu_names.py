"""A room's CPU seats never share a name with another seat (rooms.lobby.cpu_name): a CPU
removed and another added made a second "CPU 2", and a person may have typed "CPU 1"."""
import pytest

from rooms import lobby
from rooms.models import Room, Seat


def names(room_id) -> list[str]:
    return list(Seat.objects.filter(room_id=room_id).order_by("order").values_list("name", flat=True))


def version(room_id) -> int:
    return Room.objects.get(pk=room_id).version


@pytest.mark.django_db
def test_a_cpu_added_after_one_was_removed_takes_a_free_name(make_room):
    room, _ = make_room(["あき"], "cpu names")
    for _ in range(3):
        lobby.add_cpu(room.id, 0, version(room.id))
    assert names(room.id) == ["あき", "CPU 1", "CPU 2", "CPU 3"]
    first = Seat.objects.get(room_id=room.id, name="CPU 1").order
    lobby.remove(room.id, 0, first, version(room.id))
    lobby.add_cpu(room.id, 0, version(room.id))
    got = names(room.id)
    assert sorted(got) == sorted(["あき", "CPU 1", "CPU 2", "CPU 3"]) and len(set(got)) == len(got)


@pytest.mark.django_db
def test_a_person_named_like_a_cpu_keeps_the_name_to_themselves(make_room):
    room, _ = make_room(["CPU 1", "CPU 3"], "cpu names 2")
    lobby.add_cpu(room.id, 0, version(room.id))
    room = Room.objects.get(pk=room.id)
    room.options = {**room.options, "players": 5}
    room.save(update_fields=["options"])
    lobby.start(room.id, 0, version(room.id))  # the empty seats become CPUs too
    got = names(room.id)
    assert len(got) == 5 and len(set(got)) == 5, got
    assert sorted(got) == ["CPU 1", "CPU 2", "CPU 3", "CPU 4", "CPU 5"]
