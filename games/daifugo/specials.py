"""Daifugō special cards (seed 004 §5–§6; rules/daifugo.md "Special cards").

Which plays can trigger an effect, and what each effect does when it resolves. Effects are
never resolved at once: the engine opens a stop window first (rules/daifugo.md
"Pitfalls"), then calls :func:`resolve`. Only natural cards count toward k; sequences and
revolution plays trigger nothing; ♥Q×2 and ♠A×2 are exactly those two physical cards.

| effect | rank | what it does (resolve) |
|---|---|---|
| ``seven_pass`` 7渡し | 7 | give min(k, cards left) chosen cards to the next player not finished legitimately |
| ``eight_cut`` 8切り | 8 | flush the field; the 8 player leads |
| ``eleven_back`` 11バック | J | reverse the effective order until the trick ends |
| ``redeal`` 配り直し | ♠A×2 | pool and redeal the hands of everyone not legitimately finished |
| ``five_skip`` 5スキップ (house) | 5 | skip the next k players |
| ``ten_discard`` 10捨て (house) | 10 | discard k chosen cards to the graveyard |
"""
from __future__ import annotations

from .cards import HEART_3, HEART_Q, JOKER, RANK, SPADE_3, SPADE_A, strength
from .plays import SEQUENCE, Play

EFFECT_BY_RANK = {7: "seven_pass", 8: "eight_cut", 11: "eleven_back", 5: "five_skip", 10: "ten_discard"}
STOP_CARDS = frozenset(HEART_3 + SPADE_3)
COUNTER_CARDS = frozenset(HEART_3)
_SPADE_A_PAIR = sorted(SPADE_A)
NAMES = {
    "seven_pass": ("7渡し", "7-pass"), "eight_cut": ("8切り", "8-cut"),
    "eleven_back": ("11バック", "11-back"), "redeal": ("配り直し", "redeal"),
    "five_skip": ("5スキップ", "5-skip"), "ten_discard": ("10捨て", "10-discard"),
}


def effect_of(play: Play, specials: dict, revolution_size: int) -> dict | None:
    """The effect this play can trigger with 「効果を使って出す」, or None.

    Returns ``{"name": str, "k": int}``. None for sequences, revolution plays, joker-only
    plays, ranks without an effect and effects switched off (rules/daifugo.md table).
    """
    if play.shape == SEQUENCE or play.size >= revolution_size or play.joker_only:
        return None
    if len(play.cards) == 2 and sorted(play.cards) == _SPADE_A_PAIR:
        return {"name": "redeal", "k": 2} if specials.get("redeal") else None
    name = EFFECT_BY_RANK.get(play.rank)
    if not name or not specials.get(name):
        return None
    k = sum(1 for c in play.cards if RANK[c] == play.rank)
    return {"name": name, "k": k}


def redeal_receivers(state: dict) -> list[int]:
    """Everyone not legitimately finished (foul-waiting players included), not 都落ち."""
    return [s for s in range(state["players"])
            if s not in state["finished"] and s != state["ochi"]]


def redeal_possible(state: dict, seat: int, play: Play) -> bool:
    """♠A×2 with effect needs a pool that gives every receiver at least one card
    (rules/daifugo.md: "not available with effect when the pool cannot give every receiver
    at least one card"); the pool is counted after the ♠A×2 leave the hand."""
    receivers = redeal_receivers(state)
    pool = sum(len(state["hands"][s]) for s in receivers) - play.size
    return pool >= len(receivers)


def is_heart_queen_pair(cards: list[int]) -> bool:
    """Exactly the two physical ♥Q (革命止め)."""
    return sorted(cards) == sorted(HEART_Q)


def recipient(state: dict, seat: int) -> int | None:
    """The 7-pass recipient: the next player in turn order who has not finished
    legitimately (a foul-waiting player counts; 都落ち does not)."""
    n = state["players"]
    for i in range(1, n):
        s = (seat + i) % n
        if s not in state["finished"] and s != state["ochi"]:
            return s
    return None


def weakest(hand: list[int], count: int, reversed_order: bool) -> list[int]:
    """The ``count`` weakest cards in the effective order (jokers last): what a time-out
    gives in a 7 pass or the exchange (rules/daifugo.md "Time")."""
    return sorted(hand, key=lambda c: (RANK[c] == JOKER, strength(RANK[c], reversed_order), c))[:count]
