"""The Guandan habits of issue 16, each from its position."""
from games.guandan import ENGINE
from games.guandan.cards import CODE

from .helpers import filler, table_state
from .test_engine import passes, play


def codes(action):
    return sorted(CODE[i] for i in action.get("cards", []))


def test_four_jokers_then_the_last_card_instead_of_passing_a_bomb():
    # issue 16: 大王 大王 小王 小王 ♦2 passed on an opponent's 4-card bomb (bomb threshold)
    st = table_state([["BJ", "BJ", "LJ", "LJ", "D2"], ["S3", "S4", "S6"] + filler(6),
                      ["D3", "D4", "D6"] + filler(6, 6),
                      ["S9", "D9", "C9", "H9", "SK", "DK", "SQ", "DQ", "SJ", "S10", "S7", "D7", "C7",
                       "SA", "DA", "CA"]], turn=3)
    st, _ = play(st, 3, "S9", "D9", "C9", "H9")
    a = ENGINE.choose(st, 0)
    assert codes(a) == ["BJ", "BJ", "LJ", "LJ"]
    st, _ = ENGINE.apply(st, 0, a)
    for seat in (1, 2, 3):
        st, _ = passes(st, seat)
    assert st["turn"] == 0
    assert codes(ENGINE.choose(st, 0)) == ["D2"]


def test_two_bombs_in_eight_cards_lead_a_bomb_not_a_pair():
    # issue 16: a seat with two bombs in 8 cards led a pair (out of a bomb) and came third
    st = table_state([["S5", "D5", "C5", "H5", "S9", "D9", "C9", "C9"], filler(6), filler(6, 6),
                      ["SK", "DK", "SQ", "DQ", "SJ", "S10", "S7", "S8"]], turn=0)
    a = ENGINE.choose(st, 0)
    assert a["type"] == "play" and len(a["cards"]) == 4 and len(set(c[1:] for c in codes(a))) == 1


def test_never_bombs_over_the_partners_bomb():
    # issue 16: a partner CPU put a 5-card bomb over the human's 4-card bomb
    st = table_state([["S5", "D5", "C5", "H5", "S5", "S3", "D7"], filler(8),
                      ["S9", "D9", "C9", "H9", "SK"], ["SA", "DA", "S3"]], turn=2)
    st, _ = play(st, 2, "S9", "D9", "C9", "H9")
    st, _ = passes(st, 3)
    for level in ("easy", "normal", "strong"):
        assert ENGINE.choose(st, 0, level) == {"type": "pass"}
