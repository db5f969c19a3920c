"""The state machine against seed 001: deal §2, bidding §3, play §15–§16, settlement
§17–§19, the worked example §20 and the match §23; plus view() and refusals."""
import json

import pytest

from games.core.errors import IllegalAction
from games.doudizhu import ENGINE
from games.doudizhu.combos import rank_of

from .util import act, deal, ids_of, table


def refused(state, seat, action, code):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, seat, action)
    assert info.value.code == code and info.value.ja and info.value.en
    assert json.dumps(state, sort_keys=True) == before
    return info.value


# --- §2 deal and kitty ------------------------------------------------------------------------

def test_s2_deal_17_each_and_a_hidden_kitty():
    s = ENGINE.new({}, 42)
    assert [len(h) for h in s["hands"]] == [17, 17, 17] and len(s["kitty"]) == 3
    assert sorted(sum(s["hands"], []) + s["kitty"]) == list(range(54))
    for seat in (0, 1, 2, None):
        v = ENGINE.view(s, seat)
        assert v["kitty"] is None and v["kitty_count"] == 3
        text = json.dumps(v)
        for other in (0, 1, 2):
            if other != seat:
                assert json.dumps(sorted(s["hands"][other])) not in text


def test_s2_landlord_takes_the_kitty_then_it_is_shown():
    s = deal(["", "", ""], first=0)
    kitty = list(s["kitty"])
    s = act(s, 0, 3)
    assert s["landlord"] == 0 and s["phase"] == "play"
    assert len(s["hands"][0]) == 20 and set(kitty) <= set(s["hands"][0])
    for seat in (0, 1, 2, None):
        assert [c["id"] for c in ENGINE.view(s, seat)["kitty"]] == kitty
    assert ENGINE.view(s, 1)["counts"] == [20, 17, 17]


def test_deal_is_deterministic_and_seed_dependent():
    assert ENGINE.new({}, "x") == ENGINE.new({}, "x")
    assert ENGINE.new({}, "x")["hands"] != ENGINE.new({}, "y")["hands"]


def test_config_is_checked():
    with pytest.raises(ValueError):
        ENGINE.new({"players": 4}, 1)
    with pytest.raises(ValueError):
        ENGINE.new({"targte": 30}, 1)
    assert ENGINE.new({"target": 10}, 1)["config"]["target"] == 10


# --- §3 bidding -------------------------------------------------------------------------------

def test_s3_first_bidder_is_random():
    assert {ENGINE.new({}, n)["first_bidder"] for n in range(30)} == {0, 1, 2}


def test_s3_after_a_two_only_three_or_pass():
    s = act(deal(["", "", ""], first=1), 1, 2)
    assert ENGINE.legal_bids(s, 2) == [0, 3]
    assert ENGINE.view(s, 2)["legal_bids"] == [0, 3]
    refused(s, 2, {"type": "bid", "value": 2}, "bid_too_low")
    refused(s, 2, {"type": "bid", "value": 1}, "bid_too_low")


def test_s3_three_ends_bidding_at_once():
    s = act(deal(["", "", ""], first=2), 2, 3)
    assert s["landlord"] == 2 and s["bid"] == 3 and s["turn"] == 2


def test_s3_one_pass_two_makes_the_last_player_landlord():
    s = deal(["", "", ""], first=0)
    s = act(act(act(s, 0, 1), 1, 0), 2, 2)
    assert s["landlord"] == 2 and s["bid"] == 2 and s["phase"] == "play"


def test_s3_highest_bidder_after_all_decided():
    s = deal(["", "", ""], first=1)
    s = act(act(act(s, 1, 2), 2, 0), 0, 0)
    assert s["landlord"] == 1 and s["bid"] == 2


def test_s3_all_pass_redeals_never_a_random_landlord():
    s = deal(["", "", ""], first=0)
    hands = s["hands"]
    s = act(act(act(s, 0, 0), 1, 0), 2, 0)
    assert s["phase"] == "bidding" and s["landlord"] is None and s["deals"] == 2
    assert s["hands"] != hands and s["bids"] == [] and s["hand_no"] == 1
    assert sorted(sum(s["hands"], []) + s["kitty"]) == list(range(54))


def test_s3_once_each_in_seat_order():
    s = deal(["", "", ""], first=0)
    refused(s, 1, {"type": "bid", "value": 1}, "not_your_turn")
    s = act(s, 0, 1)
    refused(s, 0, {"type": "bid", "value": 2}, "not_your_turn")
    refused(s, 1, {"type": "bid", "value": 4}, "malformed")
    refused(s, 1, {"type": "play", "cards": s["hands"][1][:1]}, "wrong_phase")


# --- §15 lead, pass, new lead ------------------------------------------------------------------

def test_s15_leader_cannot_pass_follower_may_pass_holding_a_winner():
    s = table(["3 4 K", "A A 5", "6 7 8"], landlord=0)
    refused(s, 0, {"type": "pass"}, "cannot_pass")
    s = act(s, 0, "K")
    s = act(s, 1, "pass")           # holds A, passes anyway
    assert s["turn"] == 2


def test_s15_two_passes_give_the_last_player_a_free_lead():
    s = table(["K K 3 4", "5 6", "7 8"], landlord=0)
    s = act(s, 0, "K K")
    s = act(act(s, 1, "pass"), 2, "pass")
    assert s["trick"] is None and s["turn"] == 0
    assert ENGINE.view(s, 0)["leading"]
    s = act(s, 0, "3")              # any combination, even a single 3
    assert s["trick"]["type"] == "single"


def test_s15_a_pass_does_not_exclude_from_the_trick():
    s = table(["5 9 3", "6 10 3", "7 J 3"], landlord=0)
    s = act(s, 0, "5")
    s = act(s, 1, "pass")
    s = act(s, 2, "7")
    s = act(s, 0, "9")
    s = act(s, 1, "10")             # seat 1 passed before, plays now
    assert s["trick"]["seat"] == 1


def test_s15_no_need_to_include_the_three_of_diamonds():
    s = table(["3 3 K", "5", "6"], landlord=0)
    s = act(s, 0, "K")
    assert s["trick"]["type"] == "single"


# --- §14/§21 refusals keep the cards in hand ---------------------------------------------------

def test_refusals_have_codes_and_change_nothing():
    s = table(["3 4 5 6 7 9 9 K", "4 5 6 7 8 A 2", "J"], landlord=0)
    refused(s, 0, {"type": "play", "cards": []}, "no_cards")
    refused(s, 0, {"type": "play", "cards": ids_of(s, 0, "3 4")}, "not_a_combination")
    refused(s, 0, {"type": "play", "cards": s["hands"][1][:1]}, "not_in_hand")
    refused(s, 0, {"type": "play", "cards": ids_of(s, 0, "3") * 2}, "not_in_hand")
    refused(s, 0, {"type": "play", "cards": "3"}, "malformed")
    refused(s, 0, {"type": "bid", "value": 1}, "wrong_phase")
    refused(s, 0, {"type": "next_hand"}, "hand_not_over")
    refused(s, 0, {"type": "dance"}, "malformed")
    s = act(s, 0, "3 4 5 6 7")
    refused(s, 1, {"type": "play", "cards": ids_of(s, 1, "A")}, "type_mismatch")
    refused(s, 1, {"type": "play", "cards": ids_of(s, 1, "4 5 6 7 8")[:4] + ids_of(s, 1, "A")},
            "not_a_combination")
    e = refused(s, 2, {"type": "play", "cards": ids_of(s, 2, "J")}, "not_your_turn")
    assert e.as_dict()["code"] == "not_your_turn"


def test_too_weak_is_told_apart_from_another_type():
    s = table(["9 9 3", "8 8 A", "J"], landlord=0)
    s = act(s, 0, "9 9")
    refused(s, 1, {"type": "play", "cards": ids_of(s, 1, "8 8")}, "too_weak")
    refused(s, 1, {"type": "play", "cards": ids_of(s, 1, "A")}, "type_mismatch")


def test_reading_that_answers_is_chosen():
    s = table(["4 4 4 4 5 5", "3 3 3 3 6 6 K", "J"], landlord=1)
    s = act(s, 1, "3 3 3 3 6 6")
    assert s["trick"]["type"] == "four_two_single"
    s = act(s, 2, "pass")
    s = act(s, 0, "4 4 4 4 5 5")
    assert s["trick"]["type"] == "four_two_single" and s["trick"]["key"] == rank_of("4")


# --- §16 the hand ends at the first player out -------------------------------------------------

def test_s16_a_peasant_out_wins_for_both_peasants():
    s = table(["3 4 K", "5 A", "6 7 8 9 10 J"], landlord=0, bid=1)
    s = act(s, 0, "3")
    s = act(s, 1, "5")
    s = act(s, 2, "pass")
    s = act(s, 0, "K")
    s = act(s, 1, "A")
    assert ENGINE.is_over(s) and s["result"]["winner"] == "peasants"
    assert s["result"]["winners"] == [1, 2] and s["result"]["out"] == 1
    assert s["result"]["left"] == [1, 0, 6]
    refused(s, 2, {"type": "pass"}, "hand_over")
    assert ENGINE.actors(s) == [0, 1, 2]
    assert ENGINE.legal_actions(s, 2) == [{"type": "next_hand"}]


def test_s16_beating_a_partner_is_legal():
    s = table(["3 3 K", "5 9", "6 10"], landlord=0, turn=1)
    s["trick"], s["passes"] = None, 0
    s = act(s, 1, "5")
    s = act(s, 2, "10")            # peasant beats peasant
    assert s["trick"]["seat"] == 2


# --- §17–§19 settlement -----------------------------------------------------------------------

def _finish(s, seat, text):
    s = act(s, seat, text)
    assert ENGINE.is_over(s)
    return s["result"]


def test_s17_bid_two_no_doubling_landlord_wins():
    s = table(["3 2", "5 8", "6 9"], landlord=0, bid=2)
    s = act(s, 0, "3")
    s = act(s, 1, "5")
    s = act(s, 2, "6")
    r = _finish(s, 0, "2")
    assert (r["bid"], r["doublings"], r["points"], r["spring"]) == (2, 0, 2, False)
    assert r["winner"] == "landlord" and r["delta"] == [4, -2, -2]
    assert r["scores"] == [4, -2, -2]


def test_s17_bid_two_no_doubling_peasants_win():
    s = table(["3 4 2", "5 5", "9 9 6"], landlord=0, bid=2)
    s = act(s, 0, "3")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    s = act(s, 0, "4")              # the landlord's second play: no anti-spring
    s = act(s, 1, "pass")
    s = act(s, 2, "6")
    s = act(s, 0, "pass")           # holds a 2 but may pass (§15)
    s = act(s, 1, "pass")
    r = _finish(s, 2, "9 9")
    assert (r["bid"], r["doublings"], r["points"]) == (2, 0, 2)
    assert r["winner"] == "peasants" and r["winners"] == [1, 2]
    assert r["delta"] == [-4, 2, 2] and not r["anti_spring"]


def test_s18_bid_one_bomb_and_rocket_give_four():
    s = table(["3 3 3 3 LJ BJ 5", "4 4 4 4 6 8", "7 8"], landlord=0, bid=1)
    s = act(s, 0, "5")
    s = act(s, 1, "6")
    s = act(s, 2, "pass")
    s = act(s, 0, "3 3 3 3")
    s = act(s, 1, "pass")           # holds a higher bomb, keeps it
    s = act(s, 2, "pass")
    r = _finish(s, 0, "LJ BJ")
    assert (r["bombs"], r["spring"], r["points"]) == (2, False, 4)
    assert r["delta"] == [8, -4, -4]


def test_s18_four_with_two_straight_and_unused_bombs_do_not_double():
    s = table(["5 5 5 5 3 9", "4 6", "K K K K"], landlord=0, bid=1)
    r = _finish(s, 0, "5 5 5 5 3 9")
    assert r["bombs"] == 0 and r["doublings"] == 1 and r["spring"]   # only the spring
    s = table(["3 4 5 6 7 8", "4 5", "K K K K"], landlord=0, bid=1)
    s = act(s, 0, "8")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    r = _finish(s, 0, "3 4 5 6 7")
    assert r["bombs"] == 0 and r["points"] == 2 and r["spring"]


def test_view_tracks_b_and_n_during_play():
    s = table(["3 3 3 3 5 9", "4", "6"], landlord=0, bid=3)
    s = act(s, 0, "3 3 3 3")
    v = ENGINE.view(s, 1)
    assert (v["B"], v["N"], v["multiplier"], v["stake"]) == (3, 1, 2, 6)


def test_s19_spring_counts_plays_not_cards_and_passes_do_not_count():
    s = table(["3 4 5 6 7 K", "8", "9"], landlord=0, bid=1)
    s = act(s, 0, "3 4 5 6 7")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    r = _finish(s, 0, "K")
    assert r["spring"] and r["doublings"] == 1 and r["delta"] == [4, -2, -2]


def test_s19_one_peasant_play_prevents_spring():
    s = table(["3 K 2", "4 5", "6"], landlord=0, bid=1)
    s = act(s, 0, "3")
    s = act(s, 1, "4")
    s = act(s, 2, "pass")
    s = act(s, 0, "K")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    r = _finish(s, 0, "2")
    assert not r["spring"] and r["points"] == 1 and r["delta"] == [2, -1, -1]


def test_s19_anti_spring_landlord_only_the_first_play_even_five_cards():
    s = table(["3 4 5 6 7 9", "8 9 10 J Q K", "A"], landlord=0, bid=1)
    s = act(s, 0, "3 4 5 6 7")
    s = act(s, 1, "8 9 10 J Q")
    s = act(s, 2, "pass")
    s = act(s, 0, "pass")
    r = _finish(s, 1, "K")
    assert r["anti_spring"] and r["doublings"] == 1 and r["delta"] == [-4, 2, 2]


def test_s19_second_landlord_play_prevents_anti_spring():
    s = table(["3 5 8", "4 6 K", "A"], landlord=0, bid=1)
    s = act(s, 0, "3")
    s = act(s, 1, "4")
    s = act(s, 2, "pass")
    s = act(s, 0, "5")
    s = act(s, 1, "6")
    s = act(s, 2, "pass")
    s = act(s, 0, "pass")
    r = _finish(s, 1, "K")
    assert not r["anti_spring"] and r["delta"] == [-2, 1, 1]


# --- §20 the worked example -------------------------------------------------------------------

def test_s20_worked_example():
    you = "3 4 5 6 7 9 9 9 9 Q Q K K 2 2 A A"
    a = "4 5 6 7 8 3 3 6 6 8 8 10 10 J J Q 5"
    b = ""
    s = deal([you, a, b], kitty="3 4 5", first=0)
    s = act(s, 0, 2)
    s = act(s, 1, 0)
    s = act(s, 2, 0)
    assert s["landlord"] == 0 and s["bid"] == 2 and len(s["hands"][0]) == 20
    s = act(s, 0, "3 4 5 6 7")
    s = act(s, 1, "4 5 6 7 8")
    s = act(s, 2, "pass")
    s = act(s, 0, "pass")
    assert s["turn"] == 1 and s["trick"] is None        # A leads freely
    s = act(s, 1, "3 3")
    # ... later the landlord plays one bomb and goes out first
    s["hands"][0] = [i for i in s["hands"][0] if i in ids_of(s, 0, "9 9 9 9 K")]
    s = act(s, 2, "pass")
    s = act(s, 0, "9 9 9 9")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    r = _finish(s, 0, "K")
    assert not r["spring"]                               # A made a play
    assert (r["bid"], r["bombs"], r["points"]) == (2, 1, 4)
    assert r["delta"] == [8, -4, -4]


def test_s20_peasants_winning_the_same_stake():
    s = table(["3 4 5 6 7 9 9 9 9 K 2", "4 5 6 7 8 3", "A"], landlord=0, bid=2)
    s = act(s, 0, "3 4 5 6 7")
    s = act(s, 1, "4 5 6 7 8")
    s = act(s, 2, "pass")
    s = act(s, 0, "9 9 9 9")
    s = act(s, 1, "pass")
    s = act(s, 2, "pass")
    s = act(s, 0, "K")
    s = act(s, 1, "pass")
    r = _finish(s, 2, "A")
    assert r["delta"] == [-8, 4, 4] and not r["anti_spring"]


# --- §23 match to 30 ---------------------------------------------------------------------------

def _win(scores, landlord, bid, winner_out, bombs=0):
    """Settle one hand quickly from running totals ``scores``."""
    s = table(["3", "4", "5"], landlord=landlord, bid=bid, turn=winner_out)
    s["scores"] = list(scores)
    s["plays"] = [2, 1, 1]          # neither spring nor anti-spring
    s["trick"], s["passes"], s["bombs"] = None, 0, bombs
    return act(s, winner_out, "3 4 5".split()[winner_out])


def test_s23_totals_add_every_hand_and_target_ends_the_match():
    s = _win([24, 0, -24], landlord=0, bid=2, winner_out=0)   # +4 → 28
    assert s["phase"] == "hand_over" and s["scores"] == [28, -2, -26]
    s = _win([24, -12, -12], landlord=0, bid=2, winner_out=0, bombs=1)  # +8
    assert s["phase"] == "match_over" and s["winners"] == [0] and s["scores"] == [32, -16, -16]
    assert ENGINE.match_over(s) and ENGINE.view(s, 1)["winners"] == [0]
    refused(s, 0, {"type": "next_hand"}, "game_over")
    assert ENGINE.actors(s) == []


def test_s23_two_peasants_reaching_it_together_win_jointly():
    s = _win([0, 28, 28], landlord=0, bid=2, winner_out=1)
    assert s["scores"] == [-4, 30, 30] and s["winners"] == [1, 2]


def test_s23_next_hand_keeps_totals_new_game_resets():
    s = ENGINE.new({}, 5)
    from games.core.engine import play_out
    s, _ = play_out(ENGINE, s)
    totals = list(s["scores"])
    assert sum(totals) == 0 and s["results"][-1]["scores"] == totals
    s = act(s, 2, {"type": "next_hand"})
    assert s["phase"] == "bidding" and s["hand_no"] == 2 and s["scores"] == totals
    assert len(s["results"]) == 1 and s["result"] is None
    assert ENGINE.new({}, 6)["scores"] == [0, 0, 0]


def test_state_round_trips_through_json():
    s = ENGINE.new({}, "json")
    from games.core.engine import play_out
    s, _ = play_out(ENGINE, s)
    assert json.loads(json.dumps(s)) == s
