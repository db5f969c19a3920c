"""Plays, strength and comparison (seed 004 §4 「強さと出し方」; rules/daifugo.md)."""
import pytest

from games.daifugo.cards import DECK
from games.daifugo.legal import legal_plays
from games.daifugo.plays import beats, readings

from .util import Deal


def P(*codes):
    return tuple(Deal().take(codes))


def shapes(*codes):
    return [(p.shape, p.rank) for p in readings(P(*codes))]


def read(*codes):
    return readings(P(*codes))[0]


def test_single_set_and_sequence_are_the_three_plays():
    # 1枚・同じ数字の複数枚・同じマーク3枚以上の連番（階段）
    assert shapes("H5") == [("single", 5)]
    assert shapes("H5", "S5", "D5") == [("set", 5)]
    assert shapes("H5", "H6", "H7") == [("sequence", 5)]
    assert shapes("H5", "S6", "H7") == []      # mixed suits are no sequence
    assert shapes("H5", "H6") == []            # a sequence needs 3+
    assert shapes("H5", "S6") == []


def test_two_decks_give_identical_pairs():
    # トランプ2セット：同じマーク・同じ数字のカードが2枚ずつ
    assert shapes("H10", "H10") == [("set", 10)]
    assert len(DECK.by_code["H10"]) == 2 and len(DECK) == 108


def test_no_wrap_around():
    assert shapes("HK", "HA", "H2") == [("sequence", 13)]
    assert shapes("HA", "H2", "H3") == []


def test_jokers_stand_for_any_card():
    assert ("sequence", 5) in shapes("H5", "JK", "H7")
    assert shapes("HK", "JK")[0] == ("set", 13)
    # one natural plus two jokers: a set by default, sequences as other readings
    assert shapes("S5", "JK", "JK") == [("set", 5), ("sequence", 5), ("sequence", 4), ("sequence", 3)]
    r = [p for p in readings(P("H5", "JK", "H7"))][0]
    assert r.stands_for() == [6]


def test_normal_order_and_jokers_strongest():
    # 3＜4＜…＜K＜A＜2＜ジョーカー
    order = ["S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA", "S2", "JK"]
    for weak, strong in zip(order, order[1:]):
        assert beats(read(strong), read(weak), False)
        assert not beats(read(weak), read(strong), False)


def test_revolution_order_keeps_jokers_strongest():
    # 革命中は 2＜A＜…＜4＜3（ジョーカーは最強のまま）
    order = ["S2", "SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "JK"]
    for weak, strong in zip(order, order[1:]):
        assert beats(read(strong), read(weak), True)
        assert not beats(read(weak), read(strong), True)


def test_same_count_and_shape_only():
    assert not beats(read("S9", "H9"), read("S4"), False)
    assert not beats(read("S9", "H9", "D9"), read("H4", "H5", "H6"), False)
    assert not beats(read("H7", "H8", "H9"), read("S4", "D4", "C4"), False)


def test_equal_strength_does_not_beat():
    assert not beats(read("S9"), read("H9"), False)
    assert not beats(read("S9", "H9"), read("D9", "C9"), False)


def test_sequences_compare_by_their_weakest_card():
    # [decided] ♠4-5-6 beats ♥3-4-5; in revolution the weakest card is the top one
    assert beats(read("S4", "S5", "S6"), read("H3", "H4", "H5"), False)
    assert not beats(read("S4", "S5", "S6"), read("H3", "H4", "H5"), True)
    assert beats(read("H3", "H4", "H5"), read("S4", "S5", "S6"), True)


def test_joker_only_plays():
    # A single joker beats a 2 and is not beaten by the other joker (same-count joker-only)
    assert beats(read("JK"), read("S2"), False)
    assert not beats(read("JK"), read("JK"), False)
    assert not beats(read("S2"), read("JK"), False)
    assert beats(read("JK", "JK"), read("S2", "H2"), False)
    assert not beats(read("JK", "JK"), read("JK", "JK"), False)


def test_joker_only_takes_the_fields_shape():
    field = read("H4", "H5", "H6")
    plays = legal_plays(P("JK", "JK", "JK"), field, False, None)
    assert [(p.shape, p.joker_only) for p in plays] == [("sequence", True)]


def test_no_cap_on_play_size():
    # 12 of a kind and 13-card sequences exist with two decks and four jokers
    twelve = ["S7", "S7", "H7", "H7", "D7", "D7", "C7", "C7", "JK", "JK", "JK", "JK"]
    assert shapes(*twelve) == [("set", 7)]
    seq = ["S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA", "S2"]
    assert shapes(*seq) == [("sequence", 3)]


@pytest.mark.parametrize("hand, field, expected", [
    (["S3", "S4", "H9", "H9"], ["D5"], {("H9",)}),
    (["S3", "S4", "H9", "H9"], ["D5", "C5"], {("H9", "H9")}),
    (["S3", "S4", "S5", "S6"], None, None),
])
def test_legal_plays_examples(hand, field, expected):
    d = Deal()
    h = d.take(hand)
    f = readings(tuple(d.take(field)))[0] if field else None
    plays = legal_plays(h, f, False, None)
    got = {tuple(sorted(DECK.codes(p.cards))) for p in plays}
    if expected is not None:
        assert got == expected
    else:
        # leading: 4 singles, the 3-card and 4-card sequences
        assert ("S3", "S4", "S5", "S6") in got and ("S3",) in got and len(got) == 4 + 3


def test_a_joker_may_stand_for_a_card_the_hand_holds():
    # ジョーカーは任意のカードの代わり: holding ♣8 and ♣J, ♣9 ♣10 JK is still a sequence
    # (the joker as 8 or as J), leading and following; at least one natural stays.
    d = Deal()
    hand = d.take(["C8", "C9", "C10", "CJ", "JK"])
    lead = {tuple(sorted(DECK.codes(p.cards))) for p in legal_plays(hand, None, False, None)}
    assert ("C10", "C9", "JK") in lead and ("C10", "C8", "JK") in lead and ("C8", "C9", "JK") in lead
    assert ("C10", "C8", "C9", "JK") in lead and ("C8", "C9", "CJ", "JK") in lead
    field = readings(tuple(d.take(["H3", "H4", "H5"])))[0]
    follow = {tuple(sorted(DECK.codes(p.cards))) for p in legal_plays(hand, field, False, None)}
    assert {("C10", "C9", "JK"), ("C10", "C8", "C9"), ("C10", "C9", "CJ"), ("C10", "CJ", "JK")} <= follow
    assert not any(set(p) == {"JK"} for p in lead if len(p) == 3)  # one joker cannot be three cards
