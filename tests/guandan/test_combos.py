"""Classification and comparison: every example of seeds/000 §3–§12 and the 003 wild
example (ボム, 同花順, 四大天王 …)."""
import pytest

from .helpers import can_beat, readings, top


# --- §3 rank order -------------------------------------------------------------------
def test_level_card_above_ace_below_jokers_s3():
    assert can_beat("7", ["SA"], ["D7"])
    assert not can_beat("7", ["D7"], ["SA"])
    assert can_beat("7", ["D7"], ["LJ"]) and can_beat("7", ["LJ"], ["BJ"])
    assert can_beat("2", ["SA"], ["S2"])            # GD084
    assert can_beat("A", ["SK"], ["SA"])            # GD085


def test_no_suit_order_s3():
    assert not can_beat("2", ["SK"], ["HK"])
    assert not can_beat("2", ["HK"], ["SK"])


# --- §4 the wild ---------------------------------------------------------------------
def test_wild_completes_triple_s4():
    assert top("7", "H7", "S9", "D9") == ("triple", "9")


def test_wild_fills_straight_gap_level_card_in_place_s4():
    # 7 stays in its natural place in a level-7 hand: 5 6 7 8 + wild
    rs = readings("7", "S5", "D6", "C7", "D8", "H7")
    assert rs[0] == ("straight", "9") and ("straight", "8") in rs
    # the wild may stand for 5, 6, 8 or 9
    for missing in ("S5", "D6", "D8", "S9"):
        cards = [c for c in ("S5", "D6", "D8", "S9", "C7") if c != missing] + ["H7"]
        assert ("straight", "9") in readings("7", *cards)


def test_wild_alone_is_level_card_s4():
    assert readings("7", "H7") == [("single", "7")]
    assert can_beat("7", ["SA"], ["H7"]) and not can_beat("7", ["D7"], ["H7"])
    assert readings("7", "H7", "H7") == [("pair", "7")]


def test_wild_one_place_only_s4():
    assert top("7", "H7", "S9") == ("pair", "9")
    assert readings("7", "H7", "S9", "D10") == []          # one wild cannot make two pairs
    assert readings("7", "H7", "SA") == [("pair", "A")]    # GD071


def test_wild_never_a_joker_s4_s10():
    assert readings("7", "H7", "BJ") == []
    assert readings("7", "H7", "H7", "BJ", "BJ") == []     # GD012
    assert readings("7", "H7", "BJ", "LJ", "LJ") == []


def test_003_wild_example_straight_or_straight_flush():
    # level 2: ♠5 ♠6 ♠8 ♠9 + ♥2: as 7 a straight, as ♠7 a straight flush ♠5–9
    rs = readings("2", "S5", "S6", "S8", "S9", "H2")
    assert ("straight_flush", "9") in rs and ("straight", "9") in rs
    assert rs[0] == ("straight_flush", "9")                # strongest first
    assert readings("2", "S5", "D6", "S8", "S9", "H2") == [("straight", "9")]   # GD007


def test_two_wilds_bomb_or_full_house():
    rs = readings("2", "S9", "D9", "C9", "H2", "H2")
    assert rs[0] == ("bomb", "9") and ("full_house", "9") in rs
    assert ("full_house", "9") in readings("2", "S9", "D9", "C9", "S7", "H2")
    assert ("full_house", "7") in readings("2", "S9", "D9", "S7", "D7", "H2")
    assert top("2", "H2", "H2", "S3", "D3") == ("bomb", "3")   # GD069


def test_wild_in_tube_and_plate():
    assert top("7", "S3", "D3", "C3", "S4", "D4", "H7") == ("plate", "4")   # GD041
    rs = readings("7", "S3", "D3", "S4", "D4", "H7", "H7")
    assert ("tube", "5") in rs and ("tube", "4") in rs and ("plate", "4") in rs


# --- §5 normal types -----------------------------------------------------------------
def test_joker_pairs_s5():
    assert readings("7", "BJ", "BJ") == [("pair", "BJ")]
    assert readings("7", "LJ", "LJ") == [("pair", "LJ")]
    assert readings("7", "BJ", "LJ") == []
    assert not can_beat("7", ["SA", "DA"], ["BJ", "LJ"])
    assert can_beat("7", ["S7", "D7"], ["LJ", "LJ"])


def test_types_do_not_cross_s5_s12():
    assert not can_beat("7", ["SQ"], ["S3", "D4", "C5", "D6", "S8"][:0] + ["S3", "D4", "C5", "D6", "S7"])
    assert not can_beat("7", ["SQ", "DQ"], ["SK", "DK", "CK"])
    assert not can_beat("7", ["SJ", "DJ", "CJ", "S3", "D3"], ["S6", "D7", "C8", "D9", "S10"])  # GD091
    assert not can_beat("7", ["S3", "D3", "S4", "D4", "S5", "D5"], ["SK", "DK", "CK", "SA", "DA", "CA"])
    assert can_beat("7", ["SQ"], ["SK"]) and can_beat("7", ["SQ", "DQ"], ["SK", "DK"])


# --- §6 full house -------------------------------------------------------------------
def test_full_house_compares_triple_s6():
    assert top("7", "S9", "D9", "C9", "SJ", "DJ") == ("full_house", "9")
    assert can_beat("7", ["S8", "D8", "C8", "SA", "DA"], ["S9", "D9", "C9", "S3", "D3"])
    assert can_beat("7", ["SA", "DA", "CA", "S3", "D3"], ["S7", "D7", "C7", "S4", "D4"])  # GD097


@pytest.mark.parametrize("cards", [
    ("S9", "D9", "C9", "BJ", "BJ"), ("S9", "D9", "C9", "LJ", "LJ"),
    ("S9", "D9", "C9", "SJ"), ("S9", "D9", "C9", "SJ", "DQ"),
    ("S9", "D9", "C9", "C9", "SJ"), ("S9", "D9", "C9", "C9", "SJ", "DJ")])
def test_not_full_houses_s6(cards):
    assert readings("7", *cards) == []


# --- §7 straights --------------------------------------------------------------------
def test_straight_exactly_five_s7():
    assert top("2", "S3", "D4", "C5", "H6", "S7") == ("straight", "7")
    assert readings("2", "S3", "D4", "C5", "H6", "S7", "D8") == []
    assert readings("2", "S3", "D4", "C5", "H6") == []


def test_ace_low_and_high_no_wrap_s7():
    assert top("7", "SA", "D2", "C3", "H4", "S5") == ("straight", "5")
    assert top("7", "S10", "DJ", "CQ", "HK", "SA") == ("straight", "A")
    assert readings("7", "SJ", "DQ", "CK", "HA", "S2") == []   # GD019
    assert readings("5", "SQ", "DK", "CA", "H2", "S3") == []   # GD020
    assert can_beat("7", ["SA", "D2", "C3", "H4", "S5"], ["S2", "D3", "C4", "H5", "S6"])


def test_level_card_in_natural_place_s7():
    assert top("7", "S5", "D6", "C7", "D8", "S9") == ("straight", "9")
    assert can_beat("7", ["S5", "D6", "C7", "D8", "S9"], ["S6", "D7", "C8", "D9", "S10"])  # GD098


def test_equal_straights_never_beat_s7():
    assert not can_beat("7", ["S5", "D6", "C7", "D8", "S9"], ["D5", "S6", "D7", "C8", "D9"])


# --- §8 tubes, §9 plates -------------------------------------------------------------
def test_tubes_s8():
    assert top("7", "S3", "D3", "C4", "H4", "S5", "D5") == ("tube", "5")
    assert top("7", "SA", "DA", "C2", "H2", "S3", "D3") == ("tube", "3")
    assert top("7", "SQ", "DQ", "CK", "HK", "SA", "DA") == ("tube", "A")
    assert can_beat("7", ["SA", "DA", "C2", "H2", "S3", "D3"], ["S2", "D2", "C3", "H3", "S4", "D4"])  # GD107
    assert readings("7", "S3", "D3", "C4", "H4") == []
    assert readings("7", "S3", "D3", "C4", "H4", "S5", "D5", "S6", "D6") == []
    assert readings("7", "SK", "DK", "CA", "HA", "S2", "D2") == []   # no wrap
    assert readings("7", "S3", "D4", "C5", "H6", "S7", "D8") == []   # loose six cards


def test_plates_s9():
    assert top("7", "S3", "D3", "C3", "S4", "D4", "C4") == ("plate", "4")
    assert top("7", "SA", "DA", "CA", "S2", "D2", "C2") == ("plate", "2")
    assert top("7", "SK", "DK", "CK", "SA", "DA", "CA") == ("plate", "A")
    assert can_beat("7", ["SQ", "DQ", "CQ", "SK", "DK", "CK"], ["SK", "DK", "CK", "SA", "DA", "CA"])  # GD112
    assert readings("7", "S3", "D3", "C3", "S4", "D4", "C4", "S5", "D5", "C5") == []
    assert readings("7", "S3", "D3", "C3", "S4", "D4", "C4", "S5", "D5") == []   # GD040


# --- §10 bombs and four jokers ---------------------------------------------------------
def test_bombs_s10():
    assert top("7", "S3", "D3", "C3", "H3") == ("bomb", "3")
    assert can_beat("7", ["SK"], ["S3", "D3", "C3", "H3"])
    assert can_beat("7", ["SA", "DA", "CA", "HA", "SA"], ["S3", "D3", "C3", "H3", "S3", "D3"])
    assert can_beat("7", ["SA", "DA", "CA", "HA"], ["S7", "D7", "C7", "S7"])
    assert not can_beat("7", ["S3", "D3", "C3", "H3", "S3"], ["S4", "D4", "C4", "H4"])
    assert can_beat("7", ["S9", "D9", "C9", "H9"], ["S10", "D10", "C10", "H7"])  # wild in a bomb
    assert readings("7", "S9", "D9", "C9", "D10") == []
    assert not can_beat("7", ["S9", "D9", "C9", "H9"], ["D9", "C9", "H9", "S9"])  # equal


def test_ten_card_bomb_and_four_jokers_s10():
    ten = ["S9", "S9", "D9", "D9", "C9", "C9", "H9", "H9", "H7", "H7"]
    assert top("7", *ten) == ("bomb", "9")
    assert readings("7", "BJ", "BJ", "LJ", "LJ") == [("joker_bomb", "JOKERS")]
    assert can_beat("7", ten, ["BJ", "BJ", "LJ", "LJ"])
    assert readings("7", "BJ", "BJ", "LJ", "H7") == []


# --- §11 straight flush and the ladder -------------------------------------------------
def test_straight_flush_s11():
    assert top("7", "C3", "C4", "C5", "C6", "C7") == ("straight_flush", "7")
    assert top("7", "SA", "S2", "S3", "S4", "S5") == ("straight_flush", "5")
    assert top("7", "S10", "SJ", "SQ", "SK", "SA") == ("straight_flush", "A")
    assert readings("7", "S2", "S4", "S6", "S8", "S10") == []
    assert not can_beat("7", ["C3", "C4", "C5", "C6", "C7"], ["D3", "D4", "D5", "D6", "D7"])
    assert can_beat("7", ["C3", "C4", "C5", "C6", "C7"], ["D4", "D5", "D6", "D7", "D8"])


def test_ladder_s11():
    sf = ["C3", "C4", "C5", "C6", "C7"]
    four, five = ["SA", "DA", "CA", "HA"], ["SA", "DA", "CA", "HA", "SA"]
    six = ["S3", "D3", "C3", "H3", "S3", "D3"]
    assert can_beat("7", five, sf) and can_beat("7", four, sf)
    assert not can_beat("7", sf, five)                     # GD123
    assert can_beat("7", sf, six)                          # GD124
    assert not can_beat("7", six, ["S10", "SJ", "SQ", "SK", "SA"])   # GD125
    assert can_beat("7", ["S5", "D6", "C7", "D8", "S9"], ["C2", "C3", "C4", "C5", "C6"])
    assert can_beat("2", ["C4", "C5", "C6", "C7", "C8"], ["S5", "S6", "S8", "S9", "H2"])  # GD140
    assert can_beat("2", ["S10", "D10", "C10", "H10", "S10"], ["S5", "S6", "S8", "S9", "H2"])


# --- §12 equal never beats --------------------------------------------------------------
def test_equal_never_beats_s12():
    assert not can_beat("7", ["SK"], ["DK"])
    assert not can_beat("7", ["SK", "DK"], ["HK", "CK"])
    assert not can_beat("7", ["BJ", "BJ", "LJ", "LJ"], ["BJ", "BJ", "LJ", "LJ"])
