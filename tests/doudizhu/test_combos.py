"""Every combination example of seed 001 §4–§14 (seeds/001_9746b962cdb0cd4a.txt)."""
import pytest

from games.doudizhu.combos import beats, counts_of, readings

from .util import cards, kind


def t(text):
    k = kind(text)
    return k.type if k else "invalid"


def beat(play, prev):
    """May the cards ``play`` be made on top of the cards ``prev``?"""
    opts = readings(counts_of(cards(play)))
    return any(beats(o, kind(prev)) for o in opts)


# --- §4 rank order and 2s ---------------------------------------------------------------

def test_s4_single_rank_order():
    order = "3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ".split()
    for lo, hi in zip(order, order[1:]):
        assert beat(hi, lo) and not beat(lo, hi)


def test_s4_no_suit_order_two_aces_are_equal():
    assert not beat("A", "A")


@pytest.mark.parametrize("text", ["A 2 3 4 5", "J Q K A 2", "Q Q K K A A 2 2 ", "K K K A A A 2 2 2"])
def test_s4_two_never_in_chains_and_no_wrap(text):
    assert t(text) == "invalid"


# --- §5 the list of ordinary combinations --------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("A", "single"), ("A A", "pair"), ("A A A", "trio"),
    ("3 3 3 8", "trio_single"), ("3 3 3 8 8", "trio_pair"),
    ("3 4 5 6 7", "straight"), ("3 3 4 4 5 5", "pair_chain"),
    ("3 3 3 4 4 4", "airplane"), ("3 3 3 4 4 4 5 8", "airplane_single"),
    ("3 3 3 4 4 4 5 5 8 8", "airplane_pair"),
    ("6 6 6 6 3 9", "four_two_single"), ("6 6 6 6 3 3 9 9", "four_two_pair"),
])
def test_s5_types(text, expected):
    assert t(text) == expected


@pytest.mark.parametrize("play,prev", [
    ("3 4 5 6 7", "8"),                # a straight cannot beat a single
    ("9 9 9 10 10", "3 4 5 6 7"),      # trio+pair cannot beat a straight of the same count
])
def test_s5_different_types_never_beat(play, prev):
    assert not beat(play, prev)


# --- §6 single, pair, trio ----------------------------------------------------------------

@pytest.mark.parametrize("play,prev", [("A", "K"), ("K K", "Q Q"), ("8 8 8", "7 7 7")])
def test_s6_higher_rank_beats(play, prev):
    assert beat(play, prev) and not beat(prev, play)


@pytest.mark.parametrize("text", ["K", "K K", "7 7 7"])
def test_s6_equal_does_not_beat(text):
    assert not beat(text, text)


def test_s6_jokers_together_are_the_rocket_not_a_pair():
    assert t("LJ BJ") == "rocket"
    assert beat("BJ", "LJ") and not beat("LJ", "BJ")


def test_s6_trio_alone_is_legal():
    assert t("7 7 7") == "trio"


# --- §7 trio with attachments ---------------------------------------------------------------

def test_s7_shapes_and_comparison_by_the_trio():
    assert t("7 7 7 A") == "trio_single" and t("7 7 7 A A") == "trio_pair"
    assert beat("8 8 8 3", "7 7 7 A")
    assert beat("8 8 8 3 3", "7 7 7 A A")


def test_s7_four_and_five_card_forms_and_bare_trio_do_not_meet():
    assert not beat("8 8 8 3 3", "7 7 7 A")
    assert not beat("8 8 8 3", "7 7 7 A A")
    assert not beat("8 8 8", "7 7 7 A")
    assert not beat("8 8 8 A", "7 7 7")


def test_s7_kicker_of_the_trio_rank_makes_another_combination():
    assert t("7 7 7 7") == "bomb"


def test_s7_two_and_one_joker_may_be_kickers_but_not_both_jokers():
    assert t("7 7 7 2") == "trio_single"
    assert t("7 7 7 2 2") == "trio_pair"
    assert t("7 7 7 LJ") == "trio_single" and t("7 7 7 BJ") == "trio_single"
    assert t("8 8 8 LJ BJ") == "invalid"


# --- §8 straights ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["3 4 5 6 7", "4 5 6 7 8 9", "10 J Q K A",
                                  "3 4 5 6 7 8 9 10 J Q K A"])
def test_s8_valid_straights(text):
    assert t(text) == "straight"


@pytest.mark.parametrize("text", ["A 2 3 4 5", "J Q K A 2", "8 9 10 J K", "3 4 5 6",
                                  "10 J Q K A LJ"])
def test_s8_invalid_straights(text):
    assert t(text) == "invalid"


def test_s8_same_length_compares_top_rank_only():
    assert beat("4 5 6 7 8", "3 4 5 6 7")
    assert not beat("4 5 6 7 8 9", "3 4 5 6 7")
    assert not beat("3 4 5 6 7", "3 4 5 6 7")


# --- §9 pair chains ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["3 3 4 4 5 5", "7 7 8 8 9 9", "10 10 J J Q Q K K A A"])
def test_s9_valid_pair_chains(text):
    assert t(text) == "pair_chain"


@pytest.mark.parametrize("text", ["3 3 4 4", "K K A A 2 2", "3 3 4 4 6 6"])
def test_s9_invalid_pair_chains(text):
    assert t(text) == "invalid"


def test_s9_same_number_of_pairs_only():
    assert beat("4 4 5 5 6 6", "3 3 4 4 5 5")
    assert not beat("3 3 4 4 5 5 6 6", "3 3 4 4 5 5")


# --- §10 airplane bodies -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["3 3 3 4 4 4", "7 7 7 8 8 8 9 9 9", "Q Q Q K K K A A A"])
def test_s10_valid_bodies(text):
    assert t(text) == "airplane"


@pytest.mark.parametrize("text", ["K K K A A A 2 2 2", "3 3 3 5 5 5"])
def test_s10_invalid_bodies(text):
    assert t(text) == "invalid"


def test_s10_bare_airplanes_compare_top_trio():
    assert beat("4 4 4 5 5 5", "3 3 3 4 4 4")
    assert not beat("3 3 3 4 4 4 5 5 5", "3 3 3 4 4 4")


# --- §11 wings --------------------------------------------------------------------------------

def test_s11_wing_counts():
    assert t("3 3 3 4 4 4") == "airplane"
    assert t("3 3 3 4 4 4 5 8") == "airplane_single"
    assert t("3 3 3 4 4 4 5 5 8 8") == "airplane_pair"
    assert t("3 3 3 4 4 4 5 5 5 7 8 9") == "airplane_single"
    assert t("3 3 3 4 4 4 5 5 5 7 7 8 8 9 9") == "airplane_pair"
    assert t("3 3 3 4 4 4 5") == "invalid"                # a wing missing
    assert t("3 3 3 4 4 4 5 6 6") == "invalid"            # mixed wing kinds


def test_s11_two_single_wings_may_be_a_pair_but_no_more():
    assert t("3 3 3 4 4 4 5 5") == "airplane_single"
    assert t("3 3 3 4 4 4 5 5 5 7 7 7") == "invalid"      # rules/doudizhu.md decision
    assert t("3 3 3 4 4 4 5 5 5 5") == "invalid"          # a bomb is never wings


def test_s11_pair_wings_distinct_ranks():
    assert t("3 3 3 4 4 4 5 5 5 5") == "invalid"
    assert t("3 3 3 4 4 4 2 2 8 8") == "airplane_pair"    # 2 may be a wing


def test_s11_wings_never_reuse_a_body_rank_nor_both_jokers():
    assert t("3 3 3 3 4 4 4 5") == "invalid"
    assert t("3 3 3 4 4 4 LJ BJ") == "invalid"
    assert t("3 3 3 4 4 4 2 BJ") == "airplane_single"


def test_s11_wings_never_compared():
    assert beat("4 4 4 5 5 5 3 6", "3 3 3 4 4 4 2 BJ")
    assert not beat("3 3 3 4 4 4 2 BJ", "4 4 4 5 5 5 3 6")
    assert beat("4 4 4 5 5 5 3 3 6 6", "3 3 3 4 4 4 2 2 A A")
    assert not beat("4 4 4 5 5 5 3 3 6 6", "3 3 3 4 4 4 5 8")   # other wing kind


# --- §12 four with two ----------------------------------------------------------------------

def test_s12_four_with_two_singles():
    assert t("6 6 6 6 3 9") == "four_two_single"
    assert t("6 6 6 6 9 9") == "four_two_single"
    assert t("6 6 6 6 LJ BJ") == "invalid"
    assert t("6 6 6 6 2 BJ") == "four_two_single"


def test_s12_four_with_two_pairs():
    assert t("6 6 6 6 3 3 9 9") == "four_two_pair"
    assert t("6 6 6 6 7 7 7 7") == "invalid"


def test_s12_compared_by_the_four_and_never_a_bomb():
    assert beat("7 7 7 7 3 4", "6 6 6 6 A 2")
    assert beat("7 7 7 7 3 3 4 4", "6 6 6 6 A A 2 2")
    assert not beat("7 7 7 7 3 4", "6 6 6 6 A A 2 2")
    assert not beat("6 6 6 6 3 9", "8")
    assert kind("6 6 6 6 3 9").power == 0
    assert beat("3 3 3 3", "6 6 6 6 3 9")


# --- §13 bombs and the rocket -------------------------------------------------------------------

def test_s13_bombs():
    assert t("3 3 3 3") == "bomb" and t("K K K K") == "bomb"
    assert beat("K K K K", "Q Q Q Q") and not beat("Q Q Q Q", "K K K K")
    for prev in ["2", "2 2", "3 4 5 6 7 8 9 10 J Q K A", "Q Q Q K K K A A A 8 9 10",
                 "A A A 2 2", "2 2 2 2 LJ BJ".replace(" LJ BJ", " 3 4")]:
        assert beat("3 3 3 3", prev)


def test_s13_rocket_beats_everything():
    for prev in ["K K K K", "2 2 2 2", "2", "3 4 5 6 7"]:
        assert beat("LJ BJ", prev)
    assert not beat("2 2 2 2", "LJ BJ")
    assert not beat("BJ", "LJ BJ")


def test_s13_three_of_four_or_attached_is_not_a_bomb():
    assert t("K K K") == "trio"
    assert t("K K K K 3") == "invalid"
    assert kind("K K K K 3 4").type == "four_two_single"


def test_s13_separate_jokers_are_not_a_rocket():
    assert not beat("BJ", "2 2")


# --- §14 beating ------------------------------------------------------------------------------

def test_s14_examples():
    assert beat("9 9 9 3 3", "8 8 8 A A")
    assert not beat("9 10 J Q K", "3 3 3 4 4")
    assert not beat("A A", "K")
    assert t("3 3 4 5") == "invalid"   # unrelated combinations together


def test_normalised_before_classifying():
    assert t("BJ LJ") == "rocket"
    assert t("9 6 6 6 3 6") == "four_two_single"
    assert kind("7 3 5 4 6").key == kind("3 4 5 6 7").key
