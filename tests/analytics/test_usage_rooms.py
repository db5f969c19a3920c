"""Analytics through the real room code: lobby → start → CPU driver → results, leaving,
disconnects and reclaims; a broken analytics table never stops a game; and after rooms
expire no name or passphrase is anywhere in the database."""
from __future__ import annotations

import logging
from collections import Counter
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection
from django.db.models.query import QuerySet
from django.test import Client
from django.utils import timezone

from analytics.models import DailyCount
from games import get_engine
from rooms import actions, driver, lobby
from rooms.models import Room, RoomEvent

from usage_helpers import connect_all, enter, n, start, table, tick_until

pytestmark = pytest.mark.django_db
E = get_engine("daifugo")


def over(room):
    return room.state and E.is_over(room.state)


def test_rooms_seats_and_starts_are_counted():
    room, _ = enter(["あき", "ふゆ"], "analytics one")
    enter(["なつ"], "analytics one")  # same passphrase: the same room, no new room
    lobby.add_cpu(room.pk, 0, Room.objects.get(pk=room.pk).version)
    start(room)
    assert table() == {
        ("daifugo", "rooms_created", "passphrase"): 1, ("daifugo", "seats", "human"): 3,
        ("daifugo", "seats", "cpu"): 1, ("daifugo", "games_started", "4p"): 1,
        ("daifugo", "players", "human"): 3, ("daifugo", "players", "cpu"): 1,
    }


def test_practice_games_started_online_are_counted_as_practice():
    """The browser's practice table sends a beacon when it starts online (the body: the
    number of players); a bad count falls back to the game's default."""
    c = Client(enforce_csrf_checks=True)  # a beacon carries no token
    assert c.post("/practice/daifugo/started", "5", content_type="text/plain").status_code == 204
    assert n("rooms_created", key="practice") == 1 and n("games_started", key="5p") == 1
    assert n("players", key="human") == 1 and n("players", key="cpu") == 4
    assert c.post("/practice/doudizhu/started", "99", content_type="text/plain").status_code == 204
    assert n("games_started", game="doudizhu", key="3p") == 1
    assert c.get("/practice/daifugo/started").status_code == 405
    assert c.post("/practice/nosuch/started", "4", content_type="text/plain").status_code == 404


def test_a_whole_game_counts_its_round_finish_special_cards_and_late_quit_points():
    room, _ = enter(["あき", "ふゆ"], "analytics two")
    room = start(room)
    connect_all(room)
    room = tick_until(room.pk, over)
    assert n("rounds", game="daifugo") == 1 and n("games_finished", game="daifugo") == 1
    # the counters agree with the room's own event log, read independently
    logged = [e for ev in RoomEvent.objects.filter(room=room) for e in ev.events]
    effects = Counter(e["effect"] for e in logged if e["type"] == "play" and e.get("effect"))
    assert {k.split(":")[0]: v for (g, metric, k), v in table().items()
            if metric == "special" and k.endswith(":effect")} == dict(effects)
    assert n("special", key="nine:interrupt") == sum(e["type"] == "interrupt" for e in logged)
    # ふゆ leaves at the result screen; あき starts the next deal and leaves in the exchange
    lobby.leave(room.pk, 1)
    room = Room.objects.get(pk=room.pk)
    actions.play(room.pk, 0, room.version, {"type": "next_game"})
    assert Room.objects.get(pk=room.pk).state["phase"] == "exchange"
    lobby.leave(room.pk, 0)
    assert {(metric, k): v for (g, metric, k), v in table().items() if metric == "left"} == {
        ("left", "result"): 1, ("left", "exchange"): 1}
    assert n("rounds") == 1 and n("games_finished") == 1


def test_where_players_left_before_the_result():
    room, _ = enter(["あき", "ふゆ", "なつ"], "analytics three")
    lobby.leave(room.pk, 2)  # waiting room
    lobby.remove(room.pk, 0, 1, Room.objects.get(pk=room.pk).version)  # host removes ふゆ
    enter(["はる"], "analytics three")
    room = start(room)
    lobby.leave(room.pk, 1)  # mid-game: the CPU takes the seat
    lobby.leave(room.pk, 0)  # the last person: the room closes
    assert {(metric, k): v for (g, metric, k), v in table().items() if metric in ("left", "removed")} == {
        ("left", "waiting"): 1, ("removed", "waiting"): 1, ("left", "playing"): 2}
    assert Room.objects.get(pk=room.pk).status == "closed"


def test_disconnects_and_reclaims_by_phase():
    room, _ = enter(["あき", "ふゆ"], "analytics five")
    seat = room.seats.get(order=0)
    assert lobby.connect_seat(room.pk, seat.pk, "tab-1", None)  # first connection: not a reclaim
    lobby.disconnect_seat(room.pk, "tab-1")
    assert lobby.connect_seat(room.pk, seat.pk, "tab-2", None)  # reload / reopened tab
    room = start(room)
    lobby.disconnect_seat(room.pk, "tab-2")
    lobby.disconnect_seat(room.pk, "tab-2")  # nothing held it any more: not counted twice
    assert lobby.connect_seat(room.pk, seat.pk, "tab-3", None)
    assert {(metric, k): v for (g, metric, k), v in table().items() if metric in ("disconnects", "reclaims")} == {
        ("disconnects", "waiting"): 1, ("reclaims", "waiting"): 1,
        ("disconnects", "playing"): 1, ("reclaims", "playing"): 1}


def test_a_refused_change_records_nothing():
    room, _ = enter(["あき", "ふゆ"], "analytics six")
    before = table()
    with pytest.raises(Exception):
        lobby.start(room.pk, 1, Room.objects.get(pk=room.pk).version)  # not the host
    with pytest.raises(Exception):
        lobby.add_cpu(room.pk, 0, 0)  # stale version
    assert table() == before


def test_the_game_goes_on_when_analytics_cannot_write(monkeypatch, caplog):
    """Every analytics write raises a database error: every room change still commits."""
    real_update, real_create = QuerySet.update, QuerySet.create

    def update(self, **kw):
        if self.model is DailyCount:
            raise DatabaseError("analytics table is broken")
        return real_update(self, **kw)

    def create(self, **kw):
        if self.model is DailyCount:
            raise DatabaseError("analytics table is broken")
        return real_create(self, **kw)

    monkeypatch.setattr(QuerySet, "update", update)
    monkeypatch.setattr(QuerySet, "create", create)
    with caplog.at_level(logging.WARNING, logger="analytics"):
        room, _ = enter(["あき", "ふゆ"], "analytics seven")
        lobby.add_cpu(room.pk, 0, Room.objects.get(pk=room.pk).version)
        room = start(room)
        connect_all(room)
        room = tick_until(room.pk, over)
        lobby.leave(room.pk, 1)
    assert E.is_over(room.state) and room.state["places"]
    assert RoomEvent.objects.filter(room=room).count() > 20
    assert "could not record" in caplog.text and DailyCount.objects.count() == 0


# --- privacy -------------------------------------------------------------------------------

def _dump() -> str:
    """Every row of every table of the test database, as SQL text."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        return "\n".join(connection.connection.iterdump())
    out = []
    with connection.cursor() as c:
        for name in connection.introspection.table_names(c):
            c.execute(f'SELECT * FROM "{name}"')
            out.extend(repr(row) for row in c.fetchall())
    return "\n".join(out)


def test_no_name_or_passphrase_survives_in_the_database_after_rooms_expire():
    name, phrase = "ひみつの名前Zq81", "ないしょの合言葉Kx27"
    other = "Wq93secretname"
    c = Client()
    c.get("/")
    reply = c.post("/rooms/enter/", {"name": name, "passphrase": phrase})
    assert reply.status_code == 302
    c2 = Client()
    c2.post("/rooms/enter/", {"name": other, "passphrase": phrase})
    room = Room.objects.get(key__isnull=False)
    c.get(reply["Location"])  # the room page takes the claim
    room = start(room)
    connect_all(room)
    room = tick_until(room.pk, over)
    lobby.disconnect_seat(room.pk, f"chan-{room.seats.get(order=1).pk}")
    lobby.leave(room.pk, 0)
    dump = _dump()
    assert name in dump or other in dump  # the live room still holds the seat names
    assert n("rounds") == 1 and n("sessions") >= 1 and n("left") == 1
    # the rooms expire: nobody connected for longer than the driver's time-to-live
    Room.objects.update(empty_since=timezone.now() - driver.EMPTY_TTL - timedelta(seconds=1),
                        updated_at=timezone.now() - driver.EMPTY_TTL - timedelta(seconds=1))
    driver.housekeeping()
    assert not Room.objects.exists() and DailyCount.objects.exists()
    dump = _dump()
    for secret in (name, other, phrase, "ないしょ", "Kx27", "Zq81", "Wq93"):
        assert secret not in dump, secret
    assert "127.0.0.1" not in dump and "Mozilla" not in dump


def test_a_cpu_taken_away_is_not_counted_as_someone_removed():
    """try18: the dashboard's ホストが外した read 5 for one person and four CPUs removed."""
    room, _ = enter(["あき", "ふゆ"], "analytics cpus")
    for _ in range(2):
        lobby.add_cpu(room.pk, 0, Room.objects.get(pk=room.pk).version)
    cpus = sorted(s.order for s in Room.objects.get(pk=room.pk).seats.all() if not s.is_human)
    for order in cpus:
        lobby.remove(room.pk, 0, order, Room.objects.get(pk=room.pk).version)
    assert n("removed") == 0
    lobby.remove(room.pk, 0, 1, Room.objects.get(pk=room.pk).version)  # ふゆ
    assert n("removed") == 1
