"""Physical cards shared by the three games.

Every physical card has a stable integer id, so a play names exact cards and the engines
can prove that no card is created, lost or duplicated (DESIGN.md "Rule engines"). Two decks
mean two ♠7s with different ids.

Notation (../shared/conformance/README.md "Card notation"): suit letter ``S`` ♠, ``H`` ♥,
``D`` ♦, ``C`` ♣ followed by ``2``–``10``, ``J``, ``Q``, ``K``, ``A``; jokers are ``JK``
(Daifugō), ``BJ``/``LJ`` (Guandan and Dou Dizhu).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence

SUITS = "SHDC"
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "": ""}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_LABELS = {"JK": "JK", "BJ": "大王", "LJ": "小王"}


@dataclass(frozen=True)
class Card:
    """One physical card: ``id`` (0-based, stable), ``suit`` (``"S"``… or ``""`` for a
    joker), ``rank`` (``"2"``…``"A"`` or a joker code) and ``copy`` (which deck, 0-based)."""

    id: int
    suit: str
    rank: str
    copy: int

    @cached_property
    def code(self) -> str:
        """The conformance notation: ``"S10"``, ``"HQ"``, ``"JK"``, ``"BJ"`` (computed once:
        the table's views name every card of the log and the graveyard for each seat)."""
        return self.suit + self.rank

    @cached_property
    def label(self) -> str:
        """A display label: ``"♠10"``, ``"JK"``, ``"大王"`` (computed once)."""
        return JOKER_LABELS.get(self.rank, SUIT_MARKS[self.suit] + self.rank)

    @property
    def is_joker(self) -> bool:
        return self.suit == ""


class Deck:
    """The full set of physical cards of one game.

    Args:
        decks: how many 52-card French decks (1 or 2).
        jokers: the joker codes to add, in id order (e.g. ``("JK",) * 4``).

    Ids run suit-major inside each deck copy (``S2``…``SA``, ``H2``… per copy), then the
    jokers. ``cards[id]`` is the :class:`Card`.
    """

    def __init__(self, decks: int, jokers: Sequence[str]):
        cards = []
        for copy in range(decks):
            for suit in SUITS:
                for rank in RANKS:
                    cards.append(Card(len(cards), suit, rank, copy))
        for i, code in enumerate(jokers):
            cards.append(Card(len(cards), "", code, jokers[:i].count(code)))
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_code: dict[str, tuple[int, ...]] = {}
        for c in cards:
            self.by_code[c.code] = self.by_code.get(c.code, ()) + (c.id,)

    def __len__(self) -> int:
        return len(self.cards)

    def codes(self, ids: Iterable[int]) -> list[str]:
        """The notation of each id, in the given order."""
        return [self.cards[i].code for i in ids]

    def labels(self, ids: Iterable[int]) -> list[str]:
        """Display labels of each id, in the given order."""
        return [self.cards[i].label for i in ids]

    def parse(self, codes: Iterable[str], prefer: Iterable[int] = ()) -> list[int]:
        """Physical ids for card codes; a code given twice takes both copies.

        ``prefer`` (e.g. a hand) is searched first, so ``parse(["H3"], prefer=hand)`` names
        the ♥3 that the hand holds. Raises ``ValueError`` for an unknown code or for more
        copies than the game has.
        """
        preferred = set(prefer)
        taken: set[int] = set()
        out = []
        for code in codes:
            ids = self.by_code.get(code)
            if not ids:
                raise ValueError(f"unknown card {code!r}")
            free = [i for i in ids if i not in taken]
            if not free:
                raise ValueError(f"too many copies of {code!r}")
            pick = next((i for i in free if i in preferred), free[0])
            taken.add(pick)
            out.append(pick)
        return out
