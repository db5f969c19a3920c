"""The Daifugō state machine: deal, turns, flushes, revolution, binds, finishing
(seed 004 §4; rules/daifugo.md). Each test names the sentence it checks."""
import json

import pytest

from games.core.errors import IllegalAction
from games.daifugo import ENGINE
from games.daifugo.cards import DECK, DIAMOND_3

from .util import codes, ids, play, table


def pass_(state, seat):
    return ENGINE.apply(state, seat, {"type": "pass"})


# --- cards and deal -------------------------------------------------------------------
@pytest.mark.parametrize("players, each, surplus", [(4, 20, 28), (5, 15, 33), (6, 13, 30)])
def test_deal_sizes_and_surplus(players, each, surplus):
    # 配る枚数：4人20枚・5人15枚・6人13枚。配り切れなかった分は「余り札」
    s = ENGINE.new({"players": players}, seed=7)
    assert [len(h) for h in s["hands"]] == [each] * players
    assert len(s["surplus"]) == surplus
    all_cards = sorted(c for h in s["hands"] for c in h) + s["surplus"]
    assert sorted(all_cards) == list(range(108))


def test_player_count_is_4_to_6():
    for bad in (3, 7):
        with pytest.raises(ValueError):
            ENGINE.new({"players": bad}, 1)
    with pytest.raises(ValueError):
        ENGINE.new({"players": 4, "rules": {"specials": {"nope": True}}}, 1)


def test_first_leader_holds_the_diamond_three():
    # 最初の親は♦3を持っている人。誰も持っていないとき、2人が持っているときはじゃんけん
    seen = {"one": 0, "split": 0, "none": 0}
    for seed in range(60):
        s = ENGINE.new({"players": 4}, seed)
        holders = {p for p, h in enumerate(s["hands"]) for c in h if c in DIAMOND_3}
        if len(holders) == 1:
            assert s["turn"] in holders
            seen["one"] += 1
        elif len(holders) == 2:
            assert s["turn"] in holders
            seen["split"] += 1
        else:
            seen["none"] += 1
    assert seen["one"] and seen["split"]


def test_same_seed_same_game_and_json_round_trip():
    a = ENGINE.new({"players": 5}, "abc")
    b = ENGINE.new({"players": 5}, "abc")
    assert a == b and json.loads(json.dumps(a)) == a
    assert ENGINE.new({"players": 5}, "abd")["hands"] != a["hands"]


# --- turns, passes, flush -------------------------------------------------------------
def test_pass_locks_out_until_the_flush():
    # パスしたら、場が流れるまで出せません
    s = table(hands={0: ["S4", "S9", "S10"], 1: ["H5", "HK", "H6"], 2: ["D5", "D6"], 3: ["C5", "C6"]})
    s, _ = play(s, 0, ["S4"])
    s, _ = pass_(s, 1)
    s, _ = play(s, 2, ["D6"])  # not one step above the 4: no number bind
    assert s["turn"] == 3
    s, _ = pass_(s, 3)
    assert s["turn"] == 0  # seat 1 passed: skipped
    s, _ = play(s, 0, ["S9"])
    assert s["turn"] == 2


def test_everyone_passes_flushes_and_last_player_leads():
    # 全員がパスすると場が流れ、最後に出した人から次の場
    s = table(hands={0: ["S4", "S9"], 1: ["H5", "H6"], 2: ["D5", "D6"], 3: ["C5", "C6"]}, surplus=2)
    top = s["surplus"][0]
    s, _ = play(s, 0, ["S9"])
    for seat in (1, 2, 3):
        s, ev = pass_(s, seat)
    assert s["field"] is None and s["turn"] == 0
    assert s["passed"] == [False] * 4
    # 場が流れるたびに、余り札を1枚公開して墓地へ
    assert top in s["graveyard"] and len(s["surplus"]) == 1
    assert ev[-1]["type"] == "flush" and ev[-1]["revealed"] == DECK.cards[top].code


def test_nothing_revealed_when_the_surplus_is_empty():
    s = table(hands={0: ["S4", "S9"]}, surplus=0)
    s, _ = play(s, 0, ["S9"])
    for seat in (1, 2, 3):
        s, ev = pass_(s, seat)
    assert ev[-1]["revealed"] is None and s["turn"] == 0


def test_owner_out_passes_the_lead_to_the_next_player_holding_cards():
    s = table(hands={0: ["S9"], 1: ["H5", "H6"], 2: ["D5", "D6"], 3: ["C5", "C6"]})
    s, _ = play(s, 0, ["S9"])
    assert s["finished"] == [0]
    for seat in (1, 2, 3):
        s, _ = pass_(s, seat)
    assert s["field"] is None and s["turn"] == 1


def test_leader_cannot_pass_and_wrong_turn_is_refused():
    s = table(hands={0: ["S4", "S9"]})
    with pytest.raises(IllegalAction) as e:
        pass_(s, 0)
    assert e.value.code == "leader_cannot_pass"
    with pytest.raises(IllegalAction) as e:
        play(s, 1, [DECK.cards[s["hands"][1][0]].code])
    assert e.value.code == "not_your_turn"


def test_illegal_action_leaves_state_unchanged_with_reasons_in_both_languages():
    s = table(hands={0: ["S4", "S9"], 1: ["H5", "H6"]}, field=(3, ["D8"]), turn=1)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        play(s, 1, ["H5"])
    assert e.value.code == "too_weak" and e.value.ja and e.value.en
    with pytest.raises(IllegalAction) as e:
        ENGINE.apply(s, 1, {"type": "play", "cards": [s["hands"][0][0]]})
    assert e.value.code == "not_in_hand"
    for bad in ({"type": "play", "cards": "x"}, {"type": "dance"}, {"nope": 1}, [], {"type": "play", "cards": [True]}):
        with pytest.raises(IllegalAction) as e:
            ENGINE.apply(s, 1, bad)
        assert e.value.code == "malformed"
    assert json.dumps(s, sort_keys=True) == before


# --- revolution -----------------------------------------------------------------------
@pytest.mark.parametrize("players, size", [(4, 5), (5, 4), (6, 4)])
def test_revolution_size_by_player_count(players, size):
    # 4人なら5枚以上、5〜6人なら4枚以上で革命
    cards = ["S6", "H6", "D6", "C6", "S6"][:size]
    s = table(players, hands={0: cards + ["S4"]})
    s2, ev = play(s, 0, cards)
    assert s2["revolution"] and ev[0]["revolution"]
    s3, _ = play(s, 0, cards[:size - 1])
    assert not s3["revolution"]


def test_sequence_revolution_and_second_revolution_restores():
    # 同じ数字でも階段でも同じ枚数です。革命中にもう一度起きると元に戻ります
    s = table(hands={0: ["H3", "H4", "H5", "H6", "H7", "S4"]})
    s, _ = play(s, 0, ["H3", "H4", "H5", "H6", "H7"])
    assert s["revolution"]
    s = table(hands={0: ["H3", "H4", "H5", "H6", "H7", "S4"]}, revolution=True)
    s, _ = play(s, 0, ["H3", "H4", "H5", "H6", "JK"][:4] + ["H7"])
    assert not s["revolution"]


def test_jokers_count_toward_revolution():
    s = table(hands={0: ["S6", "H6", "D6", "JK", "JK", "S4"]})
    s, _ = play(s, 0, ["S6", "H6", "D6", "JK", "JK"])
    assert s["revolution"]


def test_revolution_persists_across_flushes():
    s = table(hands={0: ["S6", "H6", "D6", "C6", "S6", "S4"]})
    s, _ = play(s, 0, ["S6", "H6", "D6", "C6", "S6"])
    s, _ = ENGINE.apply(s, None, ENGINE.window(s)["close"])  # the ♥Q×2 window passes
    for seat in (1, 2, 3):
        s, _ = pass_(s, seat)
    assert s["field"] is None and s["revolution"]


def test_eleven_back_in_state_reverses_until_the_flush():
    # S03: with 11-back a 10 does not beat a 9; the flush ends 11-back
    s = table(hands={1: ["C10", "C8", "C4"]}, field=(0, ["D9"]), turn=1, eleven_back=True)
    with pytest.raises(IllegalAction):
        play(s, 1, ["C10"])
    s, _ = play(s, 1, ["C8"])
    for seat in (2, 3, 0):
        s, _ = pass_(s, seat)
    assert s["eleven_back"] is False


def test_revolution_plus_eleven_back_is_normal_order():
    s = table(hands={1: ["C10", "C8", "C4"]}, field=(0, ["D9"]), turn=1, eleven_back=True, revolution=True)
    s, _ = play(s, 1, ["C10"])


# --- binds ----------------------------------------------------------------------------
def test_suit_bind_forms_on_two_plays_of_the_same_suits():
    # 縛り：同じマークが続いたら、場が流れるまでそのマークだけ
    s = table(hands={1: ["H8", "S9"], 2: ["S10", "H10", "H9"]}, field=(0, ["H6"]), turn=1)
    s, _ = play(s, 1, ["H8"])
    assert s["bind"]["suits"] == ["H"]
    with pytest.raises(IllegalAction) as e:
        play(s, 2, ["S10"])
    assert e.value.code == "bound"
    s, _ = play(s, 2, ["H10"])


def test_pair_suit_bind_as_a_multiset():
    s = table(hands={1: ["H8", "S8", "D5"], 2: ["H10", "D10", "S10", "S10"]}, field=(0, ["H6", "S6"]), turn=1)
    s, _ = play(s, 1, ["H8", "S8"])
    assert s["bind"]["suits"] == ["H", "S"]
    with pytest.raises(IllegalAction):
        play(s, 2, ["H10", "D10"])
    s, _ = play(s, 2, ["H10", "S10"])


def test_joker_may_supply_a_bound_suit_but_never_creates_a_bind():
    s = table(hands={1: ["H8", "JK", "D5"]}, field=(0, ["H6", "H6"]), turn=1)
    s, _ = play(s, 1, ["H8", "JK"])
    assert s["bind"] is None
    s = table(hands={2: ["H10", "JK", "C4"]}, field=(1, ["H8", "S8"]), turn=2, bind={"suits": ["H", "S"]})
    s, _ = play(s, 2, ["H10", "JK"])


def test_number_bind():
    # 数縛り：数字が1つずつ続いたら、次の数字だけ
    s = table(hands={1: ["C6", "C9"], 2: ["S7", "S8", "H7"], 3: ["D9", "D8"]}, field=(0, ["D5"]), turn=1)
    s, _ = play(s, 1, ["C6"])
    assert s["bind"]["number"] and s["bind"]["next"] == 7
    with pytest.raises(IllegalAction) as e:
        play(s, 2, ["S8"])
    assert e.value.code == "bound"
    s, _ = play(s, 2, ["S7"])
    assert s["bind"]["next"] == 8


def test_number_bind_in_revolution_steps_downwards():
    s = table(hands={1: ["C8", "C4"], 2: ["S7", "S6"]}, field=(0, ["D9"]), turn=1, revolution=True)
    s, _ = play(s, 1, ["C8"])
    assert s["bind"]["next"] == 7
    s, _ = play(s, 2, ["S7"])


def test_number_bind_on_sequences_measures_the_weakest_card():
    s = table(hands={1: ["C4", "C5", "C6", "S9"], 2: ["D5", "D6", "D7", "D9", "D10", "DJ"]},
              field=(0, ["H3", "H4", "H5"]), turn=1)
    s, _ = play(s, 1, ["C4", "C5", "C6"])
    assert s["bind"]["next"] == 5
    with pytest.raises(IllegalAction):
        play(s, 2, ["D9", "D10", "DJ"])
    s, _ = play(s, 2, ["D5", "D6", "D7"])


def test_both_binds_at_once_geki_shibari():
    # 激縛り：その両方
    s = table(hands={1: ["H6", "S9"], 2: ["S7", "H7", "H8"]}, field=(0, ["H5"]), turn=1)
    s, _ = play(s, 1, ["H6"])
    assert s["bind"]["suits"] == ["H"] and s["bind"]["next"] == 7
    for bad in (["S7"], ["H8"]):
        with pytest.raises(IllegalAction):
            play(s, 2, bad)
    s, _ = play(s, 2, ["H7"])


def test_a_pass_does_not_lift_a_bind_and_a_flush_does():
    s = table(hands={1: ["H8", "S9"], 2: ["S10", "H5"], 3: ["H10", "C4"]}, field=(0, ["H6"]), turn=1)
    s, _ = play(s, 1, ["H8"])
    s, _ = pass_(s, 2)
    assert s["bind"]
    for seat in (3, 0):
        s, _ = pass_(s, seat)
    assert s["bind"] is None and s["field"] is None


def test_bind_that_leaves_nobody_a_play_flushes_normally():
    s = table(hands={1: ["S2", "S9"]}, field=(0, ["SA"]), turn=1)
    s, _ = play(s, 1, ["S2"])
    assert s["bind"]["number"] and s["bind"]["next"] is None
    for seat in (2, 3, 0):
        assert ENGINE.legal_actions(s, seat) == [] or ENGINE.legal_actions(s, seat) == [{"type": "pass"}]
        s, _ = pass_(s, seat)
    assert s["field"] is None and s["turn"] == 1


# --- finishing ------------------------------------------------------------------------
def test_titles_points_and_totals_for_four():
    s = ENGINE.new({"players": 4}, 3)
    from games.core import play_out
    s, _ = play_out(ENGINE, s)
    v = ENGINE.view(s, 0)
    titles = [v["result"]["titles"][str(p)] for p in s["places"]]
    assert titles == ["大富豪", "富豪", "貧民", "大貧民"]
    assert [v["result"]["points"][str(p)] for p in s["places"]] == [3, 2, 1, 0]
    assert sorted(s["totals"]) == [0, 1, 2, 3]
    s2, _ = ENGINE.apply(s, 2, {"type": "next_game"})
    s2, _ = play_out(ENGINE, s2)
    assert sum(s2["totals"]) == 12


@pytest.mark.parametrize("players, titles", [
    (5, ["大富豪", "富豪", "平民", "貧民", "大貧民"]),
    (6, ["大富豪", "富豪", "平民", "平民", "貧民", "大貧民"]),
])
def test_titles_for_five_and_six(players, titles):
    from games.core import play_out
    s, _ = play_out(ENGINE, ENGINE.new({"players": players}, 11))
    v = ENGINE.view(s, None)
    assert [v["result"]["titles"][str(p)] for p in s["places"]] == titles
    assert [v["result"]["points"][str(p)] for p in s["places"]] == list(range(players - 1, -1, -1))


@pytest.mark.parametrize("hand, flags, foul", [
    (["JK"], {}, True),                         # ジョーカーで上がると反則
    (["S2"], {}, True),                         # 最強の数字（2）
    (["S3"], {"revolution": True}, True),       # 革命中は3
    (["S2"], {"revolution": True}, False),
    (["S2"], {"eleven_back": True}, False),     # 11バック中だけなら2でも3でも反則にしない
    (["S3"], {"eleven_back": True}, False),
    (["S3"], {"eleven_back": True, "revolution": True}, True),
    (["HK", "HA", "H2"], {}, True),             # a sequence holding a 2
    (["S9"], {}, False),
])
def test_foul_finishes(hand, flags, foul):
    s = table(hands={0: hand}, **flags)
    s, ev = play(s, 0, hand)
    kinds = [e["type"] for e in ev]
    assert ("foul" in kinds) is foul and ("finish" in kinds) is (not foul)
    assert s["hands"][0] == []


def test_foul_waiting_player_is_skipped_and_ends_last_earlier_fouls_lower():
    # 手札0枚のまま順番が飛ばされ…最後まで来なければ最下位
    s = table(hands={0: ["JK"], 1: ["S2"], 2: ["D5", "D6"], 3: ["C7", "C8"]})
    s, _ = play(s, 0, ["JK"])          # foul 1
    assert s["fouls"] == [0]
    for seat in (1, 2, 3):
        s, _ = pass_(s, seat)
    assert s["turn"] == 1              # seat 0 has no cards: skipped, lead passes on
    s, _ = play(s, 1, ["S2"])          # foul 2
    assert s["turn"] == 2
    s, _ = pass_(s, 2)
    s, _ = pass_(s, 3)
    assert s["field"] is None and s["turn"] == 2
    s, _ = play(s, 2, ["D6"])
    s, _ = pass_(s, 3)
    s, _ = play(s, 2, ["D5"])          # legitimate first
    assert s["phase"] == "over"
    assert s["places"] == [2, 3, 1, 0]


def test_finishing_play_that_makes_a_revolution_is_judged_on_the_order_before_it():
    s = table(hands={0: ["S3", "H3", "D3", "C3", "S3"]})
    s, ev = play(s, 0, ["S3", "H3", "D3", "C3", "S3"])
    assert any(e["type"] == "finish" for e in ev) and s["revolution"]


def test_miyako_ochi_from_game_two():
    # 都落ち：前のゲームの大富豪より先に誰かが上がったら、前の大富豪はその場で大貧民
    s = table(hands={0: ["S9"], 1: ["H5", "H6"], 2: ["D5", "D6"], 3: ["C5", "C6"]},
              game_no=2, prev_places=[2, 0, 1, 3])
    s, ev = play(s, 0, ["S9"])
    assert [e["type"] for e in ev][-2:] == ["finish", "ochi"]
    assert s["ochi"] == 2 and s["hands"][2] == []
    assert ENGINE.view(s, 1)["seats"][2]["title"] == "大貧民"
    for seat in (1, 3):
        s, _ = pass_(s, seat)
    assert s["turn"] == 1
    s, _ = play(s, 1, ["H5"])
    s, _ = pass_(s, 3)
    s, _ = play(s, 1, ["H6"])
    assert s["places"] == [0, 1, 3, 2]


def test_foul_never_triggers_miyako_ochi():
    # M03
    s = table(hands={0: ["JK"]}, game_no=2, prev_places=[2, 0, 1, 3])
    s, ev = play(s, 0, ["JK"])
    assert "ochi" not in [e["type"] for e in ev] and s["ochi"] is None


def test_previous_daifugo_finishing_first_keeps_the_capital():
    s = table(hands={2: ["S9"]}, turn=2, game_no=2, prev_places=[2, 0, 1, 3])
    s, ev = play(s, 2, ["S9"])
    assert s["ochi"] is None


def test_last_player_holding_cards_takes_the_highest_free_place():
    s = table(hands={0: ["S9"], 1: ["H5"], 2: ["D5", "D6"], 3: ["C5", "C6"]})
    s, _ = play(s, 0, ["S9"])
    for seat in (1, 2, 3):
        s, _ = pass_(s, seat)
    s, _ = play(s, 1, ["H5"])
    s, _ = pass_(s, 2)
    s, _ = pass_(s, 3)
    s, _ = play(s, 2, ["D6"])
    s, _ = pass_(s, 3)
    s, _ = play(s, 2, ["D5"])
    assert s["places"] == [0, 1, 2, 3]


# --- exchange -------------------------------------------------------------------------
def test_exchange_from_game_two():
    # 大貧民→大富豪に一番強い2枚、大富豪→大貧民に好きな2枚。貧民→富豪に一番強い1枚、富豪→貧民に好きな1枚
    from games.core import play_out
    s, _ = play_out(ENGINE, ENGINE.new({"players": 4}, 5))
    first, second, third, last = s["places"]
    s2, _ = ENGINE.apply(s, last, {"type": "next_game"})
    assert s2["phase"] == "exchange" and s2["game_no"] == 2
    assert set(ENGINE.actors(s2)) == {first, second}
    assert [len(h) for h in s2["hands"]] == [20 + (2 if p == first else 1 if p == second else -2 if p == last else -1 if p == third else 0) for p in range(4)]
    # the automatic cards were the strongest of the giver's dealt hand
    tribute = [e for e in s2["log"] if e["type"] == "tribute"]
    assert {(e["from"], e["to"], len(e["cards"])) for e in tribute} == {(last, first, 2), (third, second, 1)}
    with pytest.raises(IllegalAction) as e:
        ENGINE.apply(s2, first, {"type": "exchange", "cards": s2["hands"][first][:1]})
    assert e.value.code == "exchange_count"
    with pytest.raises(IllegalAction):
        ENGINE.apply(s2, last, {"type": "pass"})
    give = s2["hands"][first][:2]
    s3, _ = ENGINE.apply(s2, first, {"type": "exchange", "cards": give})
    assert all(c in s3["hands"][last] for c in give)
    s4, _ = ENGINE.apply(s3, second, {"type": "exchange", "cards": s3["hands"][second][:1]})
    assert s4["phase"] == "play" and [len(h) for h in s4["hands"]] == [20] * 4


def test_automatic_exchange_gives_the_strongest_cards():
    from games.core import play_out
    from games.daifugo.cards import sort_key
    s, _ = play_out(ENGINE, ENGINE.new({"players": 4}, 9))
    last = s["places"][-1]
    probe = dict(s, rng_n=s["rng_n"])
    dealt, _ = ENGINE.apply(probe, 0, {"type": "next_game"})
    tribute = next(e for e in dealt["log"] if e["type"] == "tribute" and e["from"] == last)
    keep = dealt["hands"][last]
    strongest_kept = max(keep, key=sort_key)
    given = DECK.parse(tribute["cards"], prefer=dealt["hands"][s["places"][0]])
    assert all(sort_key(g)[0] >= sort_key(strongest_kept)[0] for g in given)


def test_view_hides_other_hands_and_the_surplus():
    s = ENGINE.new({"players": 4}, 21)
    v = ENGINE.view(s, 1)
    text = json.dumps(v)
    assert [c["id"] for c in v["hand"]] == sorted(s["hands"][1], key=__import__("games.daifugo.cards", fromlist=["sort_key"]).sort_key)
    assert "surplus" not in v and v["surplus_count"] == 28
    assert [x["count"] for x in v["seats"]] == [20] * 4
    for other in (0, 2, 3):
        for c in s["hands"][other]:
            assert f'"id": {c},' not in text


def test_view_places_count_from_one_and_the_log_shows_card_labels():
    s = table(hands={0: ["S9"], 1: ["H5", "H6"], 2: ["D5", "D6"], 3: ["C5", "C6"]}, surplus=1)
    top = DECK.cards[s["surplus"][0]].label
    s, _ = play(s, 0, ["S9"])
    v = ENGINE.view(s, 1)
    assert v["seats"][0]["place"] == 1 and v["seats"][0]["title"] == "大富豪"
    assert v["seats"][1]["place"] is None
    for seat in (1, 2, 3):
        s, _ = pass_(s, seat)
    assert any(top in line["ja"] for line in ENGINE.view(s, 1)["log"])


def test_playing_nothing_asks_for_cards():
    s = table(hands={0: ["S9", "S4"]})
    with pytest.raises(IllegalAction) as e:
        ENGINE.apply(s, 0, {"type": "play", "cards": []})
    assert e.value.code == "no_cards" and "選んで" in e.value.ja
