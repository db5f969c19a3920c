"""The match state machine: deal, turns and passes (000 §13), 接風 (§14), finishing
(§15), levels between hands (§16–§17), tribute/return flow (§18–§22, §24), refusals,
view privacy and JSON round trip."""
import json

import pytest

from games.core.errors import IllegalAction
from games.core import play_out
from games.guandan import ENGINE
from games.guandan.cards import CODE, DECK, RANK, power

from .helpers import table_state


def act(state, seat, action):
    return ENGINE.apply(state, seat, action)


def play(state, seat, *codes, reading=None):
    hand = state["hands"][seat]
    cards = []
    for code in codes:
        cards.append(next(c for c in hand if CODE[c] == code and c not in cards))
    a = {"type": "play", "cards": cards}
    if reading:
        a["reading"] = reading
    return act(state, seat, a)


def passes(state, seat):
    return act(state, seat, {"type": "pass"})


def refuse(state, seat, action, code):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action)
    assert err.value.code == code, err.value
    assert err.value.ja and err.value.en
    assert json.dumps(state, sort_keys=True) == before


# --- deal §1 §2 ---------------------------------------------------------------------------
def test_new_match_s2():
    st = ENGINE.new({}, 42)
    assert [len(h) for h in st["hands"]] == [27] * 4
    assert sorted(c for h in st["hands"] for c in h) == list(range(108))
    assert st["levels"] == ["2", "2"] and st["hand_level"] == "2"
    assert st["turn"] == 0 and st["tribute"] is None and st["phase"] == "play"
    assert json.loads(json.dumps(st)) == st
    assert ENGINE.new({}, 42) == st and ENGINE.new({}, 43) != st
    with pytest.raises(ValueError):
        ENGINE.new({"bogus": 1}, 1)
    with pytest.raises(ValueError):
        ENGINE.new({"a_rule": "five_fail"}, 1)


# --- §13 turns and passes -----------------------------------------------------------------
def test_leader_cannot_pass_s13():
    st = table_state([["S3", "S4"], ["S5", "S6"], ["S7", "S8"], ["S9", "S10"]])
    refuse(st, 0, {"type": "pass"}, "must_lead")


def test_pass_is_for_this_chance_only_s13():
    st = table_state([["S3", "SQ"], ["S5", "S6"], ["S7", "S8"], ["S9", "S10"]])
    st, _ = play(st, 0, "S3")
    st, _ = passes(st, 1)            # seat 2 of the rules passes…
    st, _ = play(st, 2, "S7")
    st, _ = passes(st, 3)
    st, _ = play(st, 0, "SQ")        # seat 0 goes out; the others may still beat it
    assert st["finished"] == [0]
    assert st["turn"] == 1           # …and may play again now
    refuse(st, 0, {"type": "pass"}, "not_your_turn")


def test_trick_ends_when_all_others_pass_s13():
    st = table_state([["S3", "S4", "S5"], ["S6", "S7"], ["S8", "S9"], ["S10", "SJ"]])
    st, _ = play(st, 0, "S3")
    st, _ = passes(st, 1)
    st, _ = passes(st, 2)
    st, ev = passes(st, 3)
    assert any(e["type"] == "trick_won" and e["seat"] == 0 for e in ev)
    assert st["turn"] == 0 and st["trick"]["last"] is None


def test_jiefeng_partner_leads_after_last_play_wins_s14():
    st = table_state([["SA"], ["S6", "S7"], ["S8", "S9"], ["S10", "SJ"]])
    st, ev = play(st, 0, "SA")
    assert st["finished"] == [0] and st["turn"] == 1
    st, _ = passes(st, 1)
    st, _ = passes(st, 2)
    st, ev = passes(st, 3)
    won = next(e for e in ev if e["type"] == "trick_won")
    assert won["jiefeng"] and won["leader"] == 2 and st["turn"] == 2


def test_final_play_can_still_be_beaten_s14():
    st = table_state([["S9"], ["SK", "S7"], ["S8", "S3"], ["S10", "SJ"]])
    st, _ = play(st, 0, "S9")
    st, _ = play(st, 1, "SK")                      # seat 2 beats the last card
    st, _ = passes(st, 2)
    st, _ = passes(st, 3)
    assert st["turn"] == 1 and st["trick"]["last"] is None   # seat 2 leads, no 接風


def test_hand_ends_when_first_partner_finishes_s15():
    st = table_state([["S3"], ["S4", "S5"], ["S6"], ["S7", "S8"]])
    st, _ = play(st, 0, "S3")
    st, _ = passes(st, 1)
    st, _ = play(st, 2, "S6")
    assert st["phase"] == "hand_over"
    res = st["results"][-1]
    assert res["order"][:2] == [0, 2] and res["delta"] == 3
    assert st["levels"] == ["5", "2"] and st["hand_level"] == "5" and st["level_team"] == 0
    assert ENGINE.actors(st) == [0, 1, 2, 3]
    refuse(st, 0, {"type": "pass"}, "wrong_phase")


def test_hand_ends_after_three_finish_s15():
    st = table_state([["S3"], ["S4"], ["S2", "S5"], ["S7", "S8"]])
    st, _ = play(st, 0, "S3")
    st, _ = play(st, 1, "S4")
    st, _ = passes(st, 2)
    st, _ = play(st, 3, "S7")
    st, _ = passes(st, 2)            # trick: seat 3 leads again
    assert st["phase"] == "play" and st["turn"] == 3
    st, _ = play(st, 3, "S8")
    assert st["phase"] == "hand_over"
    assert st["results"][-1]["order"] == [0, 1, 3, 2]
    assert st["results"][-1]["winner_team"] == 0 and st["results"][-1]["delta"] == 1


# --- refusals ------------------------------------------------------------------------------
def test_refusals_change_nothing():
    st = table_state([["S3", "S4", "D4", "S9"], ["S5", "S6"], ["S7", "S8"], ["S10", "SJ"]])
    h = st["hands"][0]
    refuse(st, 1, {"type": "play", "cards": [st["hands"][1][0]]}, "not_your_turn")
    refuse(st, 0, {"type": "play", "cards": [st["hands"][1][0]]}, "not_in_hand")
    refuse(st, 0, {"type": "play", "cards": [h[0], h[0]]}, "not_in_hand")
    refuse(st, 0, {"type": "play", "cards": [h[0], h[3]]}, "not_a_combination")
    refuse(st, 0, {"type": "play", "cards": []}, "no_cards")  # 出す with nothing chosen: a reason, not "malformed"
    refuse(st, 0, {"type": "play", "cards": "S3"}, "malformed")
    refuse(st, 0, {"type": "dance"}, "malformed")
    refuse(st, 0, {"type": "tribute", "card": h[0]}, "wrong_phase")
    refuse(st, 0, {"type": "play", "cards": [h[0]], "reading": "pair:3"}, "bad_reading")
    st2, _ = play(st, 0, "S9")
    refuse(st2, 1, {"type": "play", "cards": [st2["hands"][1][0]]}, "too_weak")


def test_reading_choice_and_wild_label_003():
    hand = ["S5", "S6", "S8", "S9", "H2", "D3"]
    st = table_state([hand, ["S4"], ["S7"], ["S10"]], level="2")
    st1, ev = play(st, 0, "S5", "S6", "S8", "S9", "H2")
    assert ev[0]["reading"] == "straight_flush:9"               # strongest by default
    st2, ev = play(st, 0, "S5", "S6", "S8", "S9", "H2", reading="straight:9")
    assert ev[0]["reading"] == "straight:9"
    v = ENGINE.view(st2, 1)
    (label,) = v["trick"]["last"]["wilds"].values()
    assert label["ja"] == "7扱い"
    assert ENGINE.view(st1, 1)["trick"]["last"]["wilds"].popitem()[1]["ja"] == "S7扱い"


def test_reading_chips_for_selected_cards_003():
    st = table_state([["S5", "S6", "S8", "S9", "H2", "D3"], ["S4"], ["S7"], ["S10"]], level="2")
    cards = [c for c in st["hands"][0] if CODE[c] != "D3"]
    chips = ENGINE.readings(st, 0, cards)
    assert [c["reading"] for c in chips] == ["straight_flush:9", "straight:9"]
    assert list(chips[1]["wilds"].values()) == ["7"] and list(chips[0]["wilds"].values()) == ["S7"]
    assert ENGINE.readings(st, 1, cards) == []


# --- view ------------------------------------------------------------------------------------
def test_view_never_shows_other_hands():
    st = ENGINE.new({}, 7)
    v = ENGINE.view(st, 1)
    assert [c["id"] for c in v["hand"]] == st["hands"][1]
    text = json.dumps(v)
    for s in (0, 2, 3):
        assert json.dumps(st["hands"][s]) not in text
    assert v["counts"] == [27] * 4 and v["turn"] == 0
    assert v["teams"][0]["level"] == "2" and v["hand_level"] == "2"
    unseen = v["unseen"]
    others = [c for s in (0, 2, 3) for c in st["hands"][s]]
    assert unseen["BJ"] == sum(RANK[c] == 14 for c in others)
    assert unseen["wild"] + unseen["level"] == sum(RANK[c] == 0 for c in others)
    assert ENGINE.view(st, None)["hand"] == []


def _after_strong(st, seat, h):
    """The hints after the first, which is the つよい CPU's action (issue 16)."""
    best = ENGINE.choose(st, seat, "strong")
    assert sorted(h[0]["action"].get("cards", [])) == sorted(best.get("cards", [])) and h[0]["ja"]
    return h[1:]


def test_hint_cheapest_first_and_pass_last():
    st = table_state([["S3", "S4", "S5", "S6", "S7", "D9", "BJ"], ["SK", "D4"], ["S8"], ["S10"]])
    h = ENGINE.hint(st, 0)
    rest = _after_strong(st, 0, h)
    assert [x for x in h if x["action"].get("reading") == "single:3"][0] in (h[0], rest[0])
    st, _ = play(st, 0, "D9")
    h = ENGINE.hint(st, 1)
    rest = _after_strong(st, 1, h)
    assert "single:K" in (h[0]["action"].get("reading"), rest[0]["action"].get("reading"))
    assert h[-1]["action"] == {"type": "pass"} or h[0]["action"] == {"type": "pass"}
    st, _ = play(st, 1, "SK")
    assert ENGINE.hint(st, 2) == [{"action": {"type": "pass"}, "ja": "場に勝てる役がないのでパス",
                                   "en": "Nothing beats the table: pass", "why": {"code": "nothing"}}]


# --- tribute flow (§18–§22, §24) --------------------------------------------------------------
def between_hands(order, levels=("4", "2"), level_team=0):
    """A state between hands with the given previous finishing order."""
    st = ENGINE.new({}, "between")
    st["phase"] = "hand_over"
    st["prev_order"] = list(order)
    st["levels"] = list(levels)
    st["level_team"] = level_team
    st["hand_level"] = levels[level_team]
    st["turn"] = None
    return st


def deal(fixed, level=0):
    """4 hands of 27 with the given codes placed; the spare high cards (level-promoted
    order) go to seats 0 and 2 first, so the givers 1 and 3 keep low cards."""
    hands = [[] for _ in range(4)]
    taken = set()
    for seat, codes in fixed.items():
        for code in codes:
            cid = next(i for i in DECK.by_code[code] if i not in taken)
            taken.add(cid)
            hands[seat].append(cid)
    rest = [c for c in range(108) if c not in taken]
    rest.sort(key=lambda c: (-power(RANK[c], level), c))
    for seat in (0, 2, 1, 3):
        while len(hands[seat]) < 27:
            hands[seat].append(rest.pop(0))
    return hands


def test_example1_single_tribute_and_lead_s24():
    st = between_hands([0, 1, 2, 3], levels=("4", "2"))
    hands = deal({3: ["SA"] * 0 + ["BJ"], 0: ["S5"]})
    st, ev = ENGINE.with_hands(st, hands)
    assert st["phase"] == "tribute" and ENGINE.actors(st) == [3]
    assert st["tribute"]["mode"] == "single"
    acts = ENGINE.legal_actions(st, 3)
    assert [CODE[a["card"]] for a in acts] == ["BJ"]
    refuse(st, 3, {"type": "tribute", "card": st["hands"][3][-1] if CODE[st["hands"][3][-1]] != "BJ" else st["hands"][3][0]}, "tribute_not_highest")
    st, ev = act(st, 3, acts[0])
    assert st["phase"] == "return" and ENGINE.actors(st) == [0]
    got = next(e for e in ev if e["type"] == "tribute")
    assert (got["from"], got["to"]) == (3, 0)
    refuse(st, 0, {"type": "return", "card": got["card"]}, "return_received")
    sug = ENGINE.view(st, 0)["tribute"]["suggested_return"]
    assert {"type": "return", "card": sug} in ENGINE.legal_actions(st, 0) or any(
        CODE[a["card"]] == CODE[sug] for a in ENGINE.legal_actions(st, 0))
    st, ev = act(st, 0, {"type": "return", "card": sug})
    assert st["phase"] == "play" and st["turn"] == 3        # the giver leads
    assert [len(h) for h in st["hands"]] == [27] * 4
    assert sorted(c for h in st["hands"] for c in h) == list(range(108))


def test_example1_anti_tribute_s21_s24():
    st = between_hands([0, 1, 2, 3])
    st, ev = ENGINE.with_hands(st, deal({3: ["BJ", "BJ"]}))
    assert st["tribute"]["anti"] and st["phase"] == "play" and st["turn"] == 0
    assert any(e["type"] == "anti_tribute" for e in ev)


def test_example2_double_tribute_s24():
    st = between_hands([0, 2, 1, 3], levels=("5", "2"))
    st, _ = ENGINE.with_hands(st, deal({1: ["BJ"], 3: ["SA"]}, level=3))
    assert st["tribute"]["mode"] == "double" and ENGINE.actors(st) == [1, 3]
    st, _ = act(st, 3, ENGINE.legal_actions(st, 3)[0])
    assert ENGINE.actors(st) == [1]
    st, ev = act(st, 1, ENGINE.legal_actions(st, 1)[0])
    moves = {(e["from"], e["to"], CODE[e["card"]]) for e in ev if e["type"] == "tribute"}
    assert moves == {(1, 0, "BJ"), (3, 2, "SA")}
    assert ENGINE.actors(st) == [0, 2]
    for s in (2, 0):
        st, _ = act(st, s, ENGINE.choose(st, s))
    assert st["phase"] == "play" and st["turn"] == 1       # the giver to 1st leads


def test_next_hand_uses_winners_level_and_continues_match():
    st = ENGINE.new({}, 3)
    while st["phase"] == "play":
        s = ENGINE.actors(st)[0]
        st, _ = act(st, s, ENGINE.choose(st, s))
    res = st["results"][-1]
    assert st["hand_level"] == st["levels"][res["winner_team"]]
    st, ev = act(st, None, {"type": "next_hand"})
    assert st["hand_no"] == 2 and ev[0]["type"] == "deal"
    assert st["phase"] in ("tribute", "play")


def test_whole_match_ends_with_a_pass():
    st, log = play_out(ENGINE, ENGINE.new({}, "whole"))
    assert ENGINE.is_over(st) and st["winner"] in (0, 1)
    last = st["results"][-1]
    assert last["match_won"] and last["level"] == "A" and last["delta"] >= 2
    assert ENGINE.legal_actions(st, 0) == [] and ENGINE.actors(st) == []
    refuse(st, 0, {"type": "next_hand"}, "game_over")
