"""Daifugō cards: 2 decks + 4 jokers = 108 physical cards (seed 004 §4 「カードと配り方」).

Ranks are ints in the natural order of the game: 3…13 (K), 14 (A), 15 (2); jokers have
rank :data:`JOKER` (16). :func:`strength` maps a rank to its strength in the effective order
(revolution XOR 11-back reverses it; jokers stay strongest, rules/daifugo.md "Strength").
"""
from __future__ import annotations

from games.core.cards import Deck

DECK = Deck(2, ("JK",) * 4)
N_CARDS = len(DECK)  # 108
JOKER = 16
RANK_OF_CODE = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
                "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "JK": JOKER}
CODE_OF_RANK = {v: k for k, v in RANK_OF_CODE.items()}
SUIT_ORDER = "SHDC"

#: rank of each card id (jokers JOKER), suit letter of each id ("" for jokers)
RANK = tuple(RANK_OF_CODE[c.rank] for c in DECK.cards)
SUIT = tuple(c.suit for c in DECK.cards)
JOKER_IDS = tuple(c.id for c in DECK.cards if c.is_joker)
DIAMOND_3 = DECK.by_code["D3"]  # the two ♦3s decide the first leader (seed 004 §4)

# Physical cards named by the special-card table (rules/daifugo.md "Special cards").
HEART_3 = DECK.by_code["H3"]
SPADE_3 = DECK.by_code["S3"]
HEART_Q = DECK.by_code["HQ"]
SPADE_A = DECK.by_code["SA"]


def strength(rank: int, reversed_order: bool) -> int:
    """Strength of ``rank`` (3…15, or JOKER) in the effective order: 3 weakest … 2 strongest
    normally, 2 weakest … 3 strongest when reversed; jokers are 16 either way."""
    if rank == JOKER:
        return JOKER
    return 18 - rank if reversed_order else rank


def rank_at_strength(value: int, reversed_order: bool) -> int | None:
    """The natural rank whose strength is ``value`` (inverse of :func:`strength`), or None
    when no natural rank is that strong or weak."""
    if not 3 <= value <= 15:
        return None
    return 18 - value if reversed_order else value


def step_above(rank: int, reversed_order: bool) -> int | None:
    """The natural rank one step stronger than ``rank`` in the effective order (what a
    number bind wants next), or None when ``rank`` is already the strongest."""
    return rank_at_strength(strength(rank, reversed_order) + 1, reversed_order)


def sort_key(card: int) -> tuple[int, int]:
    """Hand order: weak → strong in the normal order, jokers last, suits ♠♥♦♣."""
    return (RANK[card], SUIT_ORDER.find(SUIT[card]) if SUIT[card] else 9, card)


def code(card: int) -> str:
    """Conformance notation of one card id (``"H10"``, ``"JK"``)."""
    return DECK.cards[card].code


def label(card: int) -> str:
    """Display label of one card id (``"♥10"``, ``"JK"``)."""
    return DECK.cards[card].label
