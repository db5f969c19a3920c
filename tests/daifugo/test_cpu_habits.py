"""The Daifugō habits of issue 16, each from its position: the card choices of 7渡し keep a
clean finish, a lone 2 is kept, a 9 interrupt never leaves only foul cards, and 11-back
(which ends with the trick) does not make 2s safe to keep."""
from games.daifugo import ENGINE
from games.daifugo.cards import RANK

from .util import codes, table


def seven_pass(hand, count, **kw):
    return table(hands={0: hand}, turn=0, pending={"kind": "seven_pass", "seat": 0, "count": count, "to": 1}, **kw)


def test_seven_pass_under_revolution_keeps_a_clean_finish():
    # issue 16: under its revolution it gave ♣3 ♣8 and kept ♠3 ♣3 (only foul cards)
    s = seven_pass(["C3", "C8", "S3", "C3"], 2, revolution=True)
    a = ENGINE.choose(s, 0)
    assert a["type"] == "give"
    rest = [c for c in s["hands"][0] if c not in a["cards"]]
    assert any(RANK[c] != 3 for c in rest), codes(rest)


def test_seven_pass_keeps_the_only_two_after_weak_pairs():
    s = seven_pass(["S2", "H4", "D4", "C6", "S9"], 3)
    a = ENGINE.choose(s, 0)
    assert "S2" not in codes(a["cards"])


def test_nine_interrupt_never_leaves_a_lone_two():
    s = table(hands={2: ["S9", "H9", "S2"], 1: ["C5", "S7", "D7", "D8", "DJ", "DQ"],
                     3: ["H5", "H8", "HJ", "HQ", "HK", "HA"]},
              field=(0, ["D6", "C6"]), turn=1, rules={"specials": {"nine_interrupt": True}})
    assert 2 in ENGINE.reactions(s)
    assert ENGINE.react(s, 2) is None
    s["hands"][2].append(next(c for c in s["hands"][3] if RANK[c] == 12))  # a clean card left: fine
    s["hands"][3] = [c for c in s["hands"][3] if c not in s["hands"][2]]
    assert ENGINE.react(s, 2) is not None


def test_eleven_back_does_not_make_twos_safe_to_keep():
    # 11-back ends with the trick: leading the 6 now would leave only 2s (a foul finish)
    s = table(hands={0: ["S2", "H2", "C6"], 1: ["C5", "C7", "D7", "D8", "DJ", "DQ"]},
              field=(1, ["DJ"]), turn=0, eleven_back=True)
    assert ENGINE.choose(s, 0) == {"type": "pass"}


def test_the_exchange_and_seven_pass_keep_a_stop_card():
    """A helper's run saw the CPU (and the hint) give ♠3 away in the exchange: with the stop
    rule on, ♥3/♠3 stop an opponent's effect (seed 004 §6 無効化), so weak lone cards go
    first; with the rule off a 3 is only a 3."""
    from games.daifugo.cpu import exchange_choice

    hand = ["S3", "H4", "C5", "D9", "HK", "SA", "S2", "C7"]
    s = table(hands={0: hand}, exchange={"0": {"give": 2}})
    assert sorted(codes(exchange_choice(s, 0)["cards"])) == ["C5", "H4"]
    s = table(hands={0: hand}, exchange={"0": {"give": 2}}, rules={"specials": {"stop": False}})
    assert sorted(codes(exchange_choice(s, 0)["cards"])) == ["H4", "S3"]
    a = ENGINE.choose(seven_pass(["H3", "C4", "D6", "DQ"], 1), 0)
    assert codes(a["cards"]) == ["C4"]
    a = ENGINE.choose(seven_pass(["H3", "CJ", "DQ", "SK"], 1), 0)
    assert codes(a["cards"]) == ["H3"]  # a stopper is worth keeping over a lone 10, not over a J
