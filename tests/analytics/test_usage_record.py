"""analytics.record on its own: daily counter rows, merging, caps, failures, concurrency."""
from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import date

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models.query import QuerySet

from analytics import record
from analytics.models import DailyCount

from usage_helpers import n, table

pytestmark = pytest.mark.django_db


def test_count_makes_one_row_per_day_game_metric_key_and_adds_up():
    for _ in range(3):
        assert record.count("rooms_created", game="daifugo", key="passphrase")
    record.count("rooms_created", game="guandan", key="passphrase", n=2)
    record.count("rooms_created", game="daifugo", key="passphrase", day=date(2025, 1, 1))
    assert DailyCount.objects.count() == 3
    assert n("rooms_created", game="daifugo") == 4 and n("rooms_created", game="guandan") == 2
    today = DailyCount.objects.get(game="daifugo", day__gt=date(2025, 1, 1))
    assert today.n == 3


def test_counts_merges_equal_keys_and_skips_zero():
    assert record.counts([("daifugo", "special", "eight_cut:effect", 1),
                          ("daifugo", "special", "eight_cut:effect", 1),
                          ("daifugo", "rounds", "", 0)])
    assert table() == {("daifugo", "special", "eight_cut:effect"): 2}
    assert record.counts([])  # nothing to do is a success


def test_long_keys_are_truncated_not_refused():
    record.count("server_error", key="x" * 500)
    assert len(DailyCount.objects.get().key) == 120


def test_cap_bounds_distinct_keys_per_day():
    for i in range(5):
        record.count("client_error", key=f"error {i}", cap=3)
    record.count("client_error", key="error 0", cap=3)  # an existing key still counts as itself
    assert table() == {("", "client_error", "error 0"): 2, ("", "client_error", "error 1"): 1,
                       ("", "client_error", "error 2"): 1, ("", "client_error", record.OTHER): 2}


def test_game_helpers_record_their_metrics():
    record.room_created("doudizhu", practice=True)
    record.seat_taken("doudizhu", "cpu")
    record.game_started("doudizhu", humans=1, cpus=2)
    record.left("doudizhu", "playing", {"phase": "bidding"})
    record.removed("doudizhu", "waiting", None)
    record.disconnected("doudizhu", "playing", {"phase": "hand_over"})
    record.reclaimed("doudizhu", "playing", {"phase": "play"})
    assert table() == {
        ("doudizhu", "rooms_created", "practice"): 1, ("doudizhu", "seats", "cpu"): 1,
        ("doudizhu", "games_started", "3p"): 1, ("doudizhu", "players", "human"): 1,
        ("doudizhu", "players", "cpu"): 2, ("doudizhu", "left", "playing"): 1,
        ("doudizhu", "removed", "waiting"): 1, ("doudizhu", "disconnects", "result"): 1,
        ("doudizhu", "reclaims", "playing"): 1,
    }


def test_a_failure_to_record_is_logged_and_ignored(monkeypatch, caplog):
    real_update = QuerySet.update

    def broken(self, **kw):
        if self.model is DailyCount:
            raise DatabaseError("disk full")
        return real_update(self, **kw)

    monkeypatch.setattr(QuerySet, "update", broken)
    with caplog.at_level(logging.WARNING, logger="analytics"):
        assert record.count("rounds", game="daifugo") is False
        assert record.engine_events("daifugo", [{"type": "game_over"}], state={"game_no": 1}) is False
    assert "could not record" in caplog.text
    assert DailyCount.objects.count() == 0


def test_a_failure_inside_a_callers_transaction_leaves_it_usable(monkeypatch):
    monkeypatch.setattr(DailyCount.objects, "create", lambda **kw: (_ for _ in ()).throw(DatabaseError("boom")))
    with transaction.atomic():
        assert record.count("rounds", game="daifugo") is False
        with connection.cursor() as c:  # the outer transaction is not broken
            c.execute("SELECT 1")
        assert not transaction.get_connection().needs_rollback


def test_bad_input_never_raises():
    assert record.engine_events("daifugo", [{"type": "effect"}]) is False  # no effect name
    assert record.engine_events("nosuchgame", [{"type": "play"}]) is True  # nothing to count
    assert record.counts([("daifugo", "rounds", "", "x")]) is False


@pytest.mark.django_db(transaction=True)
def test_concurrent_increments_are_not_lost():
    def bump(_):
        try:
            for _ in range(20):
                assert record.count("rounds", game="guandan")
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(bump, range(6)))
    assert DailyCount.objects.get(metric="rounds").n == 120
