"""The CPU player (seeds/003 "勝つコツ", "初心者がやりがちなミス" §5; rules/guandan.md):
partner play left alone, wilds kept for sequences and bombs, feeding a partner about to
finish, bombs kept for when they matter, sensible tribute and returns."""
from games.guandan import ENGINE
from games.guandan.cards import CODE, RANK, SUIT

from .helpers import filler, table_state
from .test_engine import between_hands, deal, passes, play


def chosen_codes(state, seat):
    a = ENGINE.choose(state, seat)
    assert a in ENGINE.legal_actions(state, seat) or a["type"] in ("tribute", "return")
    return a, sorted(CODE[c] for c in a.get("cards", []))


def test_never_beats_partner_when_it_need_not():
    many = ["S3", "D3", "S9", "SK", "D8", "C10"]
    st = table_state([many, ["C4"] * 1 + ["C6", "C8"], ["S5", "S7", "D7"], ["S4", "D4", "C9"]], turn=2)
    st, _ = play(st, 2, "S5")
    st, _ = passes(st, 3)
    a, _ = chosen_codes(st, 0)
    assert a == {"type": "pass"}


def test_beats_partner_to_go_out():
    st = table_state([["S9"], ["C6", "C8"], ["S5", "S7", "D7"], ["S4", "D4", "C9"]], turn=2)
    st, _ = play(st, 2, "S5")
    st, _ = passes(st, 3)
    a, codes = chosen_codes(st, 0)
    assert codes == ["S9"]


def test_beats_opponent_with_cheapest_natural_card():
    st = table_state([["S3", "D6", "S9", "SK", "D8", "C10", "H2"], filler(10), ["S10", "SJ", "SQ"] + ["C5", "C7", "D2"],
                      ["S5", "S7", "D7", "C9", "D10", "DJ", "H9", "H10", "HJ", "S8"]], turn=3)
    st, _ = play(st, 3, "S5")
    a, codes = chosen_codes(st, 0)
    # not the wild ♥2 as a single, and not the 6: 6 8 9 10 + ♥2 is a straight to keep
    assert codes == ["SK"]


def test_keeps_wild_for_sequences_when_leading():
    hand = ["H2", "S3", "D5", "S6", "C7", "SK", "DK", "CQ"]
    st = table_state([hand, filler(12), ["S9", "D9", "C9", "SJ"], ["D10", "C10", "S10"] + filler(5, 5)], level="2")
    a, codes = chosen_codes(st, 0)
    if "H2" in codes:
        assert a["reading"].split(":")[0] in ("straight", "straight_flush", "tube", "plate", "bomb")
    assert codes != ["H2"]


def test_feeds_partner_about_to_finish():
    st = table_state([["S3", "S9", "D9", "SK", "SA"], filler(10), ["D7"], ["S10", "SJ", "SQ"] + filler(8, 4)], turn=0)
    a, codes = chosen_codes(st, 0)
    assert codes == ["S3"]


def test_keeps_bomb_early_uses_it_when_opponent_near_out():
    hand = ["S3", "D3", "C3", "H3", "S5", "D7", "S9", "DJ"]
    st = table_state([hand, filler(12), ["S4", "S6", "S8"], ["SA"] + ["S10", "SJ", "SQ", "SK", "D10", "DK", "CK", "CJ", "C10", "H10", "HJ"]], turn=3)
    st, _ = play(st, 3, "SA")
    a, _ = chosen_codes(st, 0)
    assert a == {"type": "pass"}                      # an early A is not worth a bomb
    st = table_state([hand, filler(12), ["S4", "S6", "S8"], ["SA", "C10"]], turn=3)
    st, _ = play(st, 3, "SA")
    a, codes = chosen_codes(st, 0)
    assert codes == ["C3", "D3", "H3", "S3"]          # the opponent is about to go out


def test_tribute_and_return_choices():
    st = between_hands([0, 1, 2, 3])
    st, _ = ENGINE.with_hands(st, deal({3: ["SA", "DA"]}, level=3))
    a = ENGINE.choose(st, 3)
    assert a in ENGINE.legal_actions(st, 3) or CODE[a["card"]] in {CODE[x["card"]] for x in ENGINE.legal_actions(st, 3)}
    st, _ = ENGINE.apply(st, 3, a)
    a = ENGINE.choose(st, 0)
    received = st["tribute"]["alloc"][0]["card"]
    assert a["card"] != received and RANK[a["card"]] <= 8 and not SUIT[a["card"]] == ""
    st, _ = ENGINE.apply(st, 0, a)
    assert st["phase"] == "play"


def test_next_hand_between_hands():
    st = between_hands([0, 1, 2, 3])
    assert ENGINE.choose(st, 2) == {"type": "next_hand"}
