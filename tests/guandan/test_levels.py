"""Level rises and the A rule: seeds/000 §15–§17, §24 ex. 1; seeds/003 §3, §4 and the
A-rule example."""
import pytest

from games.guandan.levels import (A_REQUIRED, THREE_FAIL_RESET, complete_order,
                                  level_update, raise_level)


def lu(levels, hand_level, order1, rule=A_REQUIRED, fails=None):
    return level_update(levels, hand_level, [s - 1 for s in order1], rule, fails)


@pytest.mark.parametrize("order,delta", [([1, 3, 2, 4], 3), ([1, 2, 3, 4], 2), ([1, 2, 4, 3], 1)])
def test_delta_by_partner_place_s16(order, delta):
    r = lu(["2", "2"], "2", order)
    assert r["winner_team"] == 0 and r["delta"] == delta
    assert r["levels_after"] == [raise_level("2", delta), "2"]


def test_example1_s24():
    r = lu(["2", "2"], "2", [1, 2, 3, 4])
    assert r["levels_after"] == ["4", "2"] and r["next_level"] == "4"


def test_rise_from_own_level_not_the_hands_s16():
    # own 4, winning 1-3 in the opponents' 8 hand → 6, next hand at 6
    r = lu(["4", "8"], "8", [1, 2, 3, 4])
    assert r["levels_after"] == ["6", "8"] and r["next_level"] == "6"


def test_losers_keep_level_and_second_team_wins():
    r = lu(["5", "9"], "5", [2, 1, 4, 3])
    assert r["winner_team"] == 1 and r["levels_after"] == ["5", "J"]


def test_cap_at_a_is_not_a_win_s17():
    r = lu(["K", "2"], "K", [1, 3, 2, 4])
    assert r["levels_after"][0] == "A" and not r["match_won"]
    r = lu(["Q", "2"], "Q", [1, 2, 3, 4])
    assert r["levels_after"][0] == "A" and not r["match_won"]


@pytest.mark.parametrize("order,won", [([1, 3, 2, 4], True), ([1, 2, 3, 4], True), ([1, 2, 4, 3], False)])
def test_a_pass_s17(order, won):
    r = lu(["A", "5"], "A", order)
    assert r["match_won"] is won
    assert r["levels_after"] == ["A", "5"]


def test_a_team_winning_someone_elses_hand_does_not_pass_s17():
    r = lu(["A", "8"], "8", [1, 3, 2, 4])
    assert not r["match_won"] and r["next_level"] == "A"


def test_losing_an_a_hand_keeps_a_s17():
    r = lu(["A", "5"], "A", [2, 1, 4, 3])
    assert r["levels_after"] == ["A", "7"] and r["a_fails_after"] == [0, 0]


def test_003_a_rule_example_three_fail_reset():
    # Q, 1st and partner 3rd → A; then 1-4 in the A hand: a failure; then 1-3: match won
    r = lu(["Q", "2"], "Q", [1, 2, 3, 4], THREE_FAIL_RESET)
    assert r["levels_after"][0] == "A"
    r = lu(["A", "2"], "A", [1, 2, 4, 3], THREE_FAIL_RESET, r["a_fails_after"])
    assert not r["match_won"] and r["a_fails_after"] == [1, 0]
    r2 = lu(["A", "2"], "A", [1, 2, 3, 4], THREE_FAIL_RESET, r["a_fails_after"])
    assert r2["match_won"]
    # with two failures already, the 1-4 hand is the third and resets to 2
    r3 = lu(["A", "2"], "A", [1, 2, 4, 3], THREE_FAIL_RESET, [2, 0])
    assert r3["levels_after"] == ["2", "2"] and r3["a_fails_after"] == [0, 0]
    assert r3["next_level"] == "2"


def test_opponents_taking_first_counts_a_failure_003():
    r = lu(["A", "5"], "A", [2, 1, 4, 3], THREE_FAIL_RESET, [2, 0])
    assert r["levels_after"] == ["2", "7"] and r["a_fails_after"] == [0, 0]
    r = lu(["A", "5"], "A", [2, 1, 4, 3], A_REQUIRED, [2, 0])
    assert r["levels_after"] == ["A", "7"]


def test_complete_order_fills_remaining_places_s15():
    assert complete_order([0, 2], [0, 5, 0, 3]) == [0, 2, 3, 1]
    assert complete_order([1, 0, 3], [0, 0, 4, 0]) == [1, 0, 3, 2]
