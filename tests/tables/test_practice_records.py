"""The practice table records its hands through the same recorder as the server
(tables.core.history) and hands them to the page once they end (issue 17)."""
import json

from games import get_engine
from games.core.engine import next_move
from games.core.record import replay
from tables.practice import PracticeTable


def test_practice_hands_are_recorded_and_handed_to_the_page_once():
    table = PracticeTable("doudizhu", {"seed": "abc123"})
    assert table.room.hand["seed"] == "abc123" and table.room.hand["before"] is None
    done = []
    for _ in range(2000):
        seat, action = next_move(table.engine, table.room.state)
        table._apply(seat, action, 0.0)
        got = table.take_finished_json()
        if got:
            done += json.loads(got)
        if len(done) == 2:
            break
    assert [r["no"] for r in done] == [1, 2]
    for r in done:
        assert replay(r, get_engine) is not None
    assert table.take_finished_json() == ""
    again = PracticeTable.restore(table.save_json(), "doudizhu")
    assert again.room.hand == table.room.hand  # a reload keeps the hand in progress and the past
    assert [p["no"] for p in again.room.hand["past"]] == [1, 2]


def test_an_old_save_without_a_hand_records_from_the_next_deal():
    table = PracticeTable("daifugo", {"seed": "old1"})
    save = table.save()
    del save["hand"]
    old = PracticeTable.restore(save, "daifugo")
    assert old.room.hand is None
    for _ in range(2000):
        seat, action = next_move(old.engine, old.room.state)
        old._apply(seat, action, 0.0)
        if old.finished:
            break
    assert old.room.hand is not None and old.room.hand["no"] == 1 and old.room.hand["actions"]
    damaged = dict(save, hand={"actions": "x"})
    assert PracticeTable.restore(damaged, "daifugo").room.hand is None  # plays on, records from the next deal
