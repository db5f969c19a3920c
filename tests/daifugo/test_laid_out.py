"""A Daifugō play's cards lie in their order, a joker at the rank it stands for (try35: a
sequence ♥5 ♥6 ♥7 with two jokers as 8 and 9 showed ♥5 ♥6 ♥7 JK(3) JK(4)… at the end, and the
log named the jokers without what they stood for): the field (games.daifugo.present.field_view),
the engine's log lines (describe) and the table's log in each language (tables.daifugo.present
.log_text). Seed 004 §4: a sequence is 同じマーク3枚以上の連番, jokers stand for any card."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.daifugo.cards import DECK, JOKER, RANK, RANK_OF_CODE
from games.daifugo.plays import SEQUENCE, readings
from games.daifugo.present import describe, field_view, laid_out
from tables.core import i18n
from tables.daifugo.present import log_text

JK = DECK.by_code["JK"]


def _ids(*codes: str) -> tuple[int, ...]:
    jokers = iter(JK)
    return tuple(next(jokers) if c == "JK" else DECK.by_code[c][0] for c in codes)


def _field(cards: tuple[int, ...], shape: str = SEQUENCE) -> dict:
    play = next(p for p in readings(cards) if p.shape == shape)
    return {"by": 1, "cards": list(play.cards), "shape": play.shape, "rank": play.rank, "jokers": play.jokers, "suit": play.suit}


def test_a_sequences_jokers_lie_where_they_stand():
    field = field_view(_field(_ids("JK", "H5", "H7", "H6", "JK")))  # ♥5–♥9 (the highest reading)
    assert [(c["label"], c["as"]) for c in field["cards"]] == [("♥5", None), ("♥6", None), ("♥7", None), ("JK", "8"), ("JK", "9")]
    weakest = [p for p in readings(_ids("JK", "H5", "H6", "H7")) if p.shape == SEQUENCE][-1]  # the joker as the 4
    assert weakest.rank == 4
    low = {"by": 1, "cards": list(weakest.cards), "shape": SEQUENCE, "rank": 4, "jokers": 1, "suit": "H"}
    assert [(c["label"], c["as"]) for c in field_view(low)["cards"]] == [("JK", "4"), ("♥5", None), ("♥6", None), ("♥7", None)]
    inside = field_view(_field(_ids("H5", "JK", "H7")))
    assert [(c["label"], c["as"]) for c in inside["cards"]] == [("♥5", None), ("JK", "6"), ("♥7", None)]


def test_a_sets_joker_follows_the_naturals_and_a_lone_joker_is_plain():
    pair = field_view(_field(_ids("JK", "S8"), "set"))
    assert [(c["label"], c["as"]) for c in pair["cards"]] == [("♠8", None), ("JK", "8")]
    lone = field_view(_field(_ids("JK"), "single"))
    assert [(c["label"], c["as"]) for c in lone["cards"]] == [("JK", None)]


def test_the_log_names_each_joker_with_its_rank_in_place():
    event = {"type": "play", "seat": 0, "cards": ["H5", "JK", "H7"], "shape": SEQUENCE, "as": [6], "revolution": False}
    assert describe(event) == {"ja": "P1：♥5 JK(6) ♥7", "en": "P1: ♥5 JK(6) ♥7"}
    for lang in i18n.CODES:
        with i18n.use(lang):
            assert "♥5 JK(6) ♥7" in log_text(event, {0: "あき"}), lang


@settings(max_examples=200, deadline=None)
@given(low=st.integers(3, 11), length=st.integers(3, 5), suit=st.sampled_from("SHDC"), data=st.data())
def test_any_sequence_lies_in_consecutive_order(low, length, suit, data):
    ranks = list(range(low, min(low + length, 16)))
    if len(ranks) < 3:
        return
    code_of = {v: k for k, v in RANK_OF_CODE.items()}
    jokers = data.draw(st.lists(st.sampled_from(ranks), max_size=2, unique=True))
    codes = ["JK" if r in jokers else suit + code_of[r] for r in ranks]
    codes = data.draw(st.permutations(codes))
    plays = [p for p in readings(_ids(*codes)) if p.shape == SEQUENCE]
    for play in plays:
        placed = laid_out([DECK.cards[c].code for c in play.cards], play.stands_for())
        stood = [RANK_OF_CODE[note] if note else RANK[DECK.by_code[c][0]] for c, note in placed]
        assert stood == list(range(play.rank, play.rank + len(placed))), (codes, play, placed)
        assert all((note is not None) == (RANK[DECK.by_code[c][0]] == JOKER) for c, note in placed)
