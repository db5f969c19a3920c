"""The Guandan deck and the two rank orders (seeds/000_03205a0e19f1fabd.txt §1, §3, §4).

108 physical cards: two French decks plus two big and two small jokers
(``Deck(2, ("BJ", "BJ", "LJ", "LJ"))``; ids 0–103 the suited cards, 104–105 big jokers,
106–107 small jokers).

Ranks are small ints: the *natural index* ``0…12`` for ``2…A`` (``cards.RANKS``), ``13``
for the small joker and ``14`` for the big joker. A *level* is a natural index too.

- Level-promoted order (singles, pairs, triples, full-house triples, bombs, tribute):
  :func:`power` — ``2 < … < A < level card < small joker < big joker``.
- Natural positions (straights, tubes, plates, straight flushes): :func:`position` —
  ``2…K`` are ``2…13``, the ace is ``1`` (A2345, AA2233, AAA222) or ``14`` (10JQKA); the
  level card stays in its natural place.
"""
from __future__ import annotations

from games.core.cards import RANKS, Deck

DECK = Deck(2, ("BJ", "BJ", "LJ", "LJ"))
N_CARDS = len(DECK)  # 108

LJ, BJ = 13, 14
RANK_NAMES = RANKS + ("LJ", "BJ")
RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}
ACE = 12

#: natural rank index of every card id
RANK = tuple(RANK_INDEX[c.rank] for c in DECK.cards)
#: suit letter of every card id ("" for jokers)
SUIT = tuple(c.suit for c in DECK.cards)
CODE = tuple(c.code for c in DECK.cards)

RANK_JA = {"J": "J", "Q": "Q", "K": "K", "A": "A", "LJ": "小ジョーカー", "BJ": "大ジョーカー"}
RANK_EN = {"LJ": "small joker", "BJ": "big joker"}


def level_index(level: str | int) -> int:
    """The natural index of a level given as ``"2"``…``"A"`` (or already an int).

    Raises ``ValueError`` for anything else (jokers are never a level)."""
    if isinstance(level, int) and not isinstance(level, bool) and 0 <= level <= ACE:
        return level
    if isinstance(level, str) and level in RANK_INDEX and RANK_INDEX[level] <= ACE:
        return RANK_INDEX[level]
    raise ValueError(f"bad level {level!r}")


def is_wild(card: int, level: int) -> bool:
    """True for the two hearts of the level rank, the wild cards of 000 §4."""
    return SUIT[card] == "H" and RANK[card] == level


def power(rank: int, level: int) -> int:
    """Level-promoted strength of a rank (000 §3): naturals 0…12, level card 13,
    small joker 14, big joker 15. Suits never matter."""
    if rank >= LJ:
        return rank + 1
    return 13 if rank == level else rank


def position(rank: int, high_ace: bool = True) -> int:
    """Natural sequence position (000 §7–§9): 2…K → 2…13, A → 14 (or 1 when low)."""
    if rank == ACE:
        return 14 if high_ace else 1
    return rank + 2


def rank_at(pos: int) -> int:
    """The natural rank index at sequence position ``pos`` (1 and 14 are both the ace)."""
    return ACE if pos in (1, 14) else pos - 2


def parse(codes, prefer=()) -> list[int]:
    """Physical ids for conformance codes (``"S10"``, ``"BJ"``); see ``Deck.parse``."""
    return DECK.parse(codes, prefer)


def codes(ids) -> list[str]:
    """Conformance codes of card ids, in the given order."""
    return [CODE[i] for i in ids]


def label(card: int) -> str:
    """A display label such as ``"♠10"`` or ``"大王"``."""
    return DECK.cards[card].label
