"""Nothing about a person stays readable in the database files after their room expires,
while the server runs (issue 15 #8: names of expired rooms stayed in the SQLite file and its
WAL until the checkpoint at shutdown; secure_delete was not set). The files are read as
bytes, as anyone with the disk could."""
import datetime
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from rooms import driver
from rooms.models import Room, Seat

NAMES = ["Quuxleigh-Zyx", "ゆうれい花子"]


def database_files() -> list[Path]:
    db = Path(connection.settings_dict["NAME"])
    return [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-journal")) if p.exists()]


def readable(text: str) -> list[str]:
    return [p.name for p in database_files() if text.encode() in p.read_bytes()]


@pytest.mark.django_db(transaction=True)
def test_an_expired_rooms_names_are_gone_from_the_files():
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        pytest.skip("the SQLite files")
    for name in NAMES:
        client = Client()  # two browsers (one browser entering again keeps its seat)
        assert client.post("/rooms/enter/", {"name": name, "passphrase": "消える 部屋"}).status_code == 302
    assert all(readable(name) for name in NAMES)  # the test can see them while the room lives
    Room.objects.update(empty_since=timezone.now() - datetime.timedelta(hours=1))
    driver.housekeeping()  # the driver's periodic clean-up deletes the long-empty room
    assert not Seat.objects.exists()
    for name in NAMES:
        assert readable(name) == [], name
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA secure_delete")
        assert cursor.fetchone()[0] == 1


@pytest.mark.django_db(transaction=True)
def test_a_person_who_leaves_the_waiting_room_is_gone_from_the_files(client):
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        pytest.skip("the SQLite files")
    client.post("/rooms/enter/", {"name": "Host-Person", "passphrase": "去る 人"})
    Seat.objects.create(room=Room.objects.get(), order=1, kind="human", name=NAMES[0])
    assert readable(NAMES[0])
    Seat.objects.filter(name=NAMES[0]).delete()
    assert readable(NAMES[0]) == []


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_deletion_does_not_stop_the_next_ones():
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        pytest.skip("the SQLite files")
    from django.db import transaction

    room = Room.objects.create()
    kept = Seat.objects.create(room=room, order=0, kind="human", name="Stays-Here")
    with pytest.raises(RuntimeError), transaction.atomic():
        kept.delete()
        raise RuntimeError("rolled back: the seat stays, no checkpoint is owed")
    assert Seat.objects.filter(name="Stays-Here").exists()
    Seat.objects.create(room=room, order=1, kind="human", name=NAMES[1])
    Seat.objects.filter(name=NAMES[1]).delete()
    assert readable(NAMES[1]) == []
