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
        assert r["cpus"] == [None, "CPU 1", "CPU 2"] and r["match"] == 1  # its replay names the CPUs (try50)
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


def _hands_dealt(form: dict, hands: int = 3) -> list[tuple[str, list]]:
    """(seed, seat 0's first cards) of the first ``hands`` hands of a practice match."""
    table, out = PracticeTable("doudizhu", form), []
    for _ in range(6000):
        hand = table.room.hand
        if not out or out[-1][0] != hand["seed"]:
            out.append((hand["seed"], sorted(table.room.state["hands"][0])))
            if len(out) == hands:
                return out
        seat, action = next_move(table.engine, table.room.state)
        table._apply(seat, action, 0.0)
    raise AssertionError(f"only {len(out)} hands dealt")


def test_a_practice_asked_for_by_its_seed_is_the_same_match_every_time():
    first, again = _hands_dealt({"seed": "same1"}), _hands_dealt({"seed": "same1"})
    assert first == again
    assert [seed for seed, _ in first] == ["same1", "same1:2", "same1:3"]
    assert len({tuple(cards) for _, cards in first}) == 3  # three different deals


def test_a_practice_without_a_seed_deals_each_hand_from_a_fresh_random_seed():
    one, two = _hands_dealt({}, 2), _hands_dealt({}, 2)
    assert one[1][0] != two[1][0] and ":" not in one[1][0]
