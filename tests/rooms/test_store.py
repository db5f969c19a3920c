"""rooms.store: the prepared hot statements return and write exactly what the ORM does."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from rooms import lobby, store
from rooms.models import Room, RoomEvent, Seat

pytestmark = pytest.mark.django_db


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def _started_room() -> Room:
    room, _ = lobby.enter("store-test-pass", "<b>A\"'&</b>", None)
    for name in ("B", "C", "D"):
        lobby.enter("store-test-pass", name, "browser-hash")
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="store")
    return Room.objects.get(pk=room.id)


def test_loads_equal_the_orm():
    room = _started_room()
    Seat.objects.filter(room=room, order=2).update(seen_at=timezone.now(), channel_name="x!y", auto=True)
    loaded = store.load_room(room.id)
    assert _fields(loaded) == _fields(Room.objects.get(pk=room.id))
    assert loaded.state and isinstance(loaded.state, dict) and loaded.version == room.version
    assert [_fields(s) for s in store.load_seats(room.id)] == [_fields(s) for s in room.seats.all()]
    assert [s.order for s in store.load_seats(room.id)] == [0, 1, 2, 3]
    assert not loaded._state.adding and loaded._state.db == "default"  # as the ORM's instances


def test_open_only_skips_closed_rooms_and_missing_ones_are_none():
    room = _started_room()
    assert store.load_room(room.id, open_only=True) is not None
    Room.objects.filter(pk=room.id).update(status=Room.Status.CLOSED)
    assert store.load_room(room.id, open_only=True) is None
    assert store.load_room(room.id).status == Room.Status.CLOSED
    Room.objects.filter(pk=room.id).delete()
    assert store.load_room(room.id) is None and store.load_seats(room.id) == []


def test_save_room_is_compare_and_set():
    room = _started_room()
    old = room.version
    now = timezone.now() + timedelta(seconds=5)
    room.version, room.state = old + 1, {**room.state, "marker": ["ü", 1, None]}
    room.timers, room.deadline, room.empty_since = {"1": ["cpu", 1.5]}, now, None
    assert store.save_room(room, old, now)
    back = Room.objects.get(pk=room.id)
    assert back.version == old + 1 and back.state["marker"] == ["ü", 1, None]
    assert back.timers == {"1": ["cpu", 1.5]} and back.deadline == now and back.updated_at == now
    room.version = old + 2
    assert not store.save_room(room, old, now)  # the row is no longer at ``old``: nothing written
    assert Room.objects.get(pk=room.id).version == old + 1


def test_add_event_appends_the_log_row():
    room = _started_room()
    now = timezone.now()
    store.add_event(room, 999, 2, "human", {"type": "pass"}, [{"type": "pass", "seat": 2}], now)
    ev = RoomEvent.objects.get(room=room, version=999)
    assert (ev.seat, ev.by, ev.action, ev.events, ev.created_at) == (2, "human", {"type": "pass"},
                                                                      [{"type": "pass", "seat": 2}], now)
