"""Helpers of the analytics tests: read counters back, drive rooms through the real code."""
from __future__ import annotations

import pytest
from django.db.models import Sum
from django.utils import timezone

from analytics.models import DailyCount
from rooms import driver, lobby, passphrase, tokens
from rooms.models import Room


def n(metric: str, key: str | None = None, game: str | None = None) -> int:
    """The total of a counter over every day (``None`` = any key / any game)."""
    qs = DailyCount.objects.filter(metric=metric)
    if key is not None:
        qs = qs.filter(key=key)
    if game is not None:
        qs = qs.filter(game=game)
    return qs.aggregate(s=Sum("n"))["s"] or 0


def table() -> dict:
    """Every counter as ``{(game, metric, key): n}`` (summed over days)."""
    out: dict = {}
    for r in DailyCount.objects.values("game", "metric", "key").annotate(s=Sum("n")):
        out[(r["game"], r["metric"], r["key"])] = r["s"]
    return out


def enter(names, phrase: str, game: str = "daifugo"):
    """People enter the room of ``phrase`` by the passphrase path; ``(room, {name: token})``."""
    key = passphrase.room_key(passphrase.normalise(phrase))
    toks, room = {}, None
    for i, name in enumerate(names):
        room, toks[name] = lobby.enter(key, name, tokens.digest(f"browser-{name}-{phrase}-" + "x" * 20), game=game)
    return Room.objects.get(pk=room.pk), toks


def start(room) -> Room:
    room = Room.objects.get(pk=room.pk)
    lobby.start(room.pk, 0, room.version)
    return Room.objects.get(pk=room.pk)


def connect_all(room) -> None:
    """Bind every human seat to a fake live socket (so the driver plays CPU turns)."""
    for seat in room.seats.filter(kind="human"):
        assert lobby.connect_seat(room.pk, seat.pk, f"chan-{seat.pk}", seat.channel_name)


def tick_until(room_pk, predicate, limit: int = 3000) -> Room:
    """Make every timer due and let the real driver play until ``predicate(room)``."""
    for _ in range(limit):
        room = Room.objects.get(pk=room_pk)
        if predicate(room):
            return room
        Room.objects.filter(pk=room_pk).update(
            timers={k: [t[0], 0, *t[2:]] for k, t in room.timers.items()}, deadline=timezone.now())
        driver.tick()
    raise AssertionError("predicate never held")



# --- fixtures (imported by the test modules that use them: several test folders have a
# conftest.py on sys.path, so this folder has none and never shadows another's) -----------

@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user("member", password="pw-member-1")
