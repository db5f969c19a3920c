"""The CPU player and hints: bidding by strength, peasant cooperation, bombs kept for
when they matter (seed 001 §3, §16 and the issue's CPU requirements)."""
import json
import pathlib

import pytest

from games.doudizhu import ENGINE
from games.doudizhu.cpu import plan
from games.doudizhu.engine import RANK_OF

from .util import act, cards, deal, table
from games.doudizhu.combos import counts_of


def ranks(action):
    return sorted(RANK_OF[i] for i in action["cards"])


def test_bids_by_hand_strength():
    strong = "LJ BJ 2 2 2 2 A A A K K Q Q J 10 9 8"
    weak = "3 3 4 4 5 6 7 8 8 9 10 10 J Q 6 5 9"
    s = deal([strong, weak, ""], first=0)
    assert ENGINE.choose(s, 0) == {"type": "bid", "value": 3}
    s = deal([strong, weak, ""], first=1)
    assert ENGINE.choose(s, 1) == {"type": "bid", "value": 0}


def test_never_bids_below_the_current_bid():
    s = act(deal(["", "3 3 4 4 5 6 7 8 8 9 10 10 J Q 6 5 9", ""], first=0), 0, 3 - 1)
    assert ENGINE.choose(s, 1)["value"] in (0, 3)


def test_peasant_does_not_beat_partner_needlessly():
    # (a partner's low play, below a J, may be pressed from before the landlord:
    # test_cpu_habits.test_the_peasant_before_the_landlord_presses_its_partners_low_single)
    s = table(["3 4 5 6 8 9 10 J Q K A 2 2", "J 7 7 8 8 9", "9 K 3 3 4 4 A"], landlord=0, turn=1)
    s = act(s, 1, "J")              # seat 2 could beat its partner with K or A
    assert ENGINE.choose(s, 2) == {"type": "pass"}


def test_peasant_feeds_a_partner_about_to_go_out():
    s = table(["3 4 5 6 8 9 10 J Q K A 2 2", "8", "3 3 4 4 5 5 9 9 9 K"], landlord=0, turn=2)
    a = ENGINE.choose(s, 2)
    assert a["type"] == "play" and ranks(a) == cards("3")


def test_landlord_keeps_the_bomb_early():
    s = table(["7 7 7 7 3 4 5 9 10 J Q 3 4 5", "K 3 4 5 6 8 9 10 J Q A 2", "6 8 9 10 J Q A 2 2 2 A"],
              landlord=0, turn=1)
    s = act(s, 1, "K")
    s = act(s, 2, "pass")
    assert ENGINE.choose(s, 0) == {"type": "pass"}


def test_landlord_bombs_when_a_peasant_is_about_to_go_out():
    s = table(["7 7 7 7 3 4 5 9 10 J Q 3 4 5", "K 3 A", "6 8 9 10 J Q A 2 2 2 A"],
              landlord=0, turn=1)
    s = act(s, 1, "K")
    s = act(s, 2, "pass")
    a = ENGINE.choose(s, 0)
    assert a["type"] == "play" and ranks(a) == cards("7 7 7 7")


def test_goes_out_when_it_can():
    s = table(["5 5 3 J", "8 8", "9 K"], landlord=0)
    s = act(s, 0, "5 5")
    a = ENGINE.choose(s, 1)
    assert a["type"] == "play" and ranks(a) == cards("8 8")


def test_leader_never_passes_and_plans_the_hand():
    s = table(["3 4 5 6 7 9 9 9 K", "8 8", "9 K"], landlord=0)
    a = ENGINE.choose(s, 0)
    assert a["type"] == "play"
    assert plan(counts_of(cards("3 4 5 6 7 9 9 9 K")))[0] == 2   # straight + trio with K


def test_hints_cheapest_first_with_reasons():
    s = table(["3 3 4 9 9 LJ BJ K K K K", "8 8 3", "10"], landlord=1, turn=1)
    s = act(s, 1, "8 8")
    hs = ENGINE.hint(s, 2)
    assert hs == [{"action": {"type": "pass"}, "ja": hs[0]["ja"], "en": hs[0]["en"], "why": {"code": "nothing"}}]
    s = act(s, 2, "pass")
    hs = ENGINE.hint(s, 0)
    got = [ranks(h["action"]) if h["action"]["type"] == "play" else "pass" for h in hs]
    assert got == [cards("9 9"), cards("K K"), cards("K K K K"), cards("LJ BJ"), "pass"]
    assert all(h["ja"] and h["en"] for h in hs)
    assert "ボム" in hs[2]["ja"] and "bomb" in hs[2]["en"].lower()


def test_bidding_hints_list_every_bid_and_recommend_one():
    s = deal(["LJ BJ 2 2 2 2 A A A K K Q Q J 10 9 8", "", ""], first=0)
    hs = ENGINE.hint(s, 0)
    assert [h["action"]["value"] for h in hs] == [0, 1, 2, 3]
    assert "おすすめ" in hs[3]["ja"] and "recommended" in hs[3]["en"]
    assert ENGINE.hint(s, 1) == []


def test_hint_when_not_your_turn_is_empty_and_choose_refuses():
    s = table(["3", "4", "5"], landlord=0)
    assert ENGINE.hint(s, 1) == []
    with pytest.raises(ValueError):
        ENGINE.choose(s, 1)


# --- the shared conformance cases run through the adapter too -------------------------------

CASES = pathlib.Path(__file__).resolve().parents[3] / "shared" / "conformance" / "doudizhu.jsonl"


@pytest.mark.skipif(not CASES.exists(), reason="no ../shared/conformance beside the project")
def test_conformance_cases():
    import importlib.util
    spec = importlib.util.spec_from_file_location("check", CASES.parent / "check.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    from games.oracle import answer
    failures = []
    for line in CASES.read_text().splitlines():
        case = json.loads(line)
        why = check.judge(case, answer(case))
        if why:
            failures.append((case["id"], why))
    assert not failures


def test_peasant_blocks_above_a_partner_when_the_landlord_is_about_to_go_out():
    s = table(["3 4 5 6 8 9 10 J Q K A 2 2", "K 9", "5 7 A 2"], landlord=0, turn=2)
    s["hands"][0] = s["hands"][0][-1:]               # the landlord holds a single 2
    s = act(s, 2, "5")
    s = act(s, 0, "pass")
    s = act(s, 1, "9")                               # partner leads low; landlord next
    a = ENGINE.choose(s, 2)
    assert a["type"] == "play" and ranks(a) == cards("2")
