"""Reading, comparing and binding Daifugō plays (seed 004 §4 「強さと出し方」「革命」「縛り」;
rules/daifugo.md "Strength and plays", "Revolution", "Binds").

A *play* is one card, a *set* (several cards of one rank) or a *sequence* (階段: 3+
consecutive ranks of one suit, no wrap: K-A-2 yes, A-2-3 no). Jokers stand for any card.
A play made only of jokers is stronger than anything, takes the shape the field needs, and
cannot be beaten by another joker-only play of the same count.

The same cards can have several *readings* (♠5 + two jokers: a set of 5s, or 3-4-5, 4-5-6,
5-6-7 of spades). :class:`Play` is one reading.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from .cards import JOKER, RANK, SUIT, step_above, strength

SINGLE, SET, SEQUENCE = "single", "set", "sequence"
TOP = 100  # the strength key of a joker-only play


class Play(NamedTuple):
    """One reading of a play.

    Attributes:
        cards: physical card ids, as given.
        shape: ``"single"``, ``"set"`` or ``"sequence"``.
        rank: the set's rank (3…15, ``JOKER`` for joker-only) or the sequence's lowest
            rank in the natural order.
        jokers: how many jokers it holds.
        suit: the sequence's suit (``"S"``…), ``""`` for singles and sets.
    """

    cards: tuple[int, ...]
    shape: str
    rank: int
    jokers: int
    suit: str = ""

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def joker_only(self) -> bool:
        return self.jokers == len(self.cards)

    @property
    def high(self) -> int:
        """The highest natural rank covered (a sequence's top; a set's rank)."""
        return self.rank + self.size - 1 if self.shape == SEQUENCE else self.rank

    def measure_rank(self, reversed_order: bool) -> int:
        """The rank that compares: a set's rank, a sequence's weakest card in the
        effective order (rules/daifugo.md: "Sequences compare by their weakest card")."""
        if self.shape == SEQUENCE and reversed_order:
            return self.high
        return self.rank

    def key(self, reversed_order: bool) -> int:
        """Strength for comparison in the effective order; joker-only plays are ``TOP``."""
        if self.joker_only:
            return TOP
        return strength(self.measure_rank(reversed_order), reversed_order)

    def natural_suits(self) -> Counter:
        """Multiset of the suits of the natural cards."""
        return Counter(SUIT[c] for c in self.cards if RANK[c] != JOKER)

    def suits(self) -> list[str] | None:
        """The suit multiset the play shows, sorted (jokers in a sequence take its suit);
        None when a joker in a set leaves a suit open."""
        if self.shape == SEQUENCE:
            return [self.suit] * self.size
        if self.jokers:
            return None
        return sorted(SUIT[c] for c in self.cards)

    def stands_for(self) -> list[int]:
        """Ranks the jokers stand for, weakest place first (for the log: "7扱い")."""
        if self.shape != SEQUENCE:
            return [self.rank] * self.jokers
        have = {RANK[c] for c in self.cards if RANK[c] != JOKER}
        return [r for r in range(self.rank, self.high + 1) if r not in have]


def readings(cards: tuple[int, ...]) -> list[Play]:
    """Every reading of exactly these cards, the set reading first, then sequences from the
    strongest (highest) down. Empty when the cards make no play.

    Source: seed 004 §4 「出せるのは、1枚・同じ数字の複数枚・同じマーク3枚以上の連番（階段）」;
    jokers stand for any card.
    """
    n = len(cards)
    if n == 0:
        return []
    naturals = [c for c in cards if RANK[c] != JOKER]
    jokers = n - len(naturals)
    if n == 1:
        return [Play(cards, SINGLE, RANK[cards[0]], jokers)]
    out: list[Play] = []
    ranks = {RANK[c] for c in naturals}
    if len(ranks) <= 1:
        out.append(Play(cards, SET, next(iter(ranks)) if ranks else JOKER, jokers))
    suits = {SUIT[c] for c in naturals}
    if n >= 3 and len(suits) == 1 and len(ranks) == len(naturals):
        suit = suits.pop()
        lo, hi = min(RANK[c] for c in naturals), max(RANK[c] for c in naturals)
        if hi - lo + 1 <= n:
            for low in range(min(lo, 16 - n), max(3, hi - n + 1) - 1, -1):
                out.append(Play(cards, SEQUENCE, low, jokers, suit))
    return out


def default_reading(options: list[Play], reversed_order: bool = False) -> Play:
    """The reading used when none is named: a set where possible, else the strongest
    sequence (rules/daifugo.md "Strength and plays"). ``options`` must not be empty."""
    sets = [p for p in options if p.shape != SEQUENCE]
    return sets[0] if sets else max(options, key=lambda p: p.key(reversed_order))


def as_shape(play: Play, shape: str, field: "Play") -> Play:
    """A joker-only play read in the field's shape (it "takes whatever shape the field
    needs"): same cards, the field's shape."""
    if shape == SEQUENCE:
        return Play(play.cards, SEQUENCE, field.rank, play.jokers, field.suit)
    return play


def beats(play: Play, field: Play | None, reversed_order: bool) -> bool:
    """May ``play`` follow ``field``: same count and shape, and stronger in the effective
    order (seed 004 §4 「場と同じ枚数で、場より強いもの」). A joker-only play beats any
    natural play of its count; nothing beats a joker-only play. Binds are checked by
    :func:`satisfies_bind`."""
    if field is None:
        return True
    if play.size != field.size:
        return False
    if play.joker_only or field.joker_only:
        return play.joker_only and not field.joker_only
    if play.shape != field.shape:
        return False
    return play.key(reversed_order) > field.key(reversed_order)


def satisfies_bind(play: Play, bind: dict | None, reversed_order: bool) -> bool:
    """Does ``play`` keep the trick's bind (seed 004 §4 「縛り」)?

    ``bind`` is ``{"suits": [sorted suit letters] | None, "next": rank | None,
    "number": bool}``. A suit bind wants the same suit multiset (jokers may supply any
    bound suit); a number bind wants the measured rank to be exactly ``next``. Joker-only
    plays stand for whatever is needed.
    """
    if not bind or play.joker_only:
        return True
    if bind.get("suits"):
        need = Counter(bind["suits"])
        if play.shape == SEQUENCE:
            have = Counter({play.suit: play.size})
        else:
            have = play.natural_suits()
        if any(have[s] > need[s] for s in have) or play.size != sum(need.values()):
            return False
    if bind.get("number"):
        return bind.get("next") is not None and play.measure_rank(reversed_order) == bind["next"]
    return True


def next_bind(prev: Play | None, play: Play, bind: dict | None, reversed_order: bool,
              after_order: bool) -> dict | None:
    """The bind after ``play`` follows ``prev`` (rules/daifugo.md "Binds").

    Suit bind: two consecutive plays with the same natural suit multiset, neither holding a
    joker (a joker may supply a bound suit but never creates a bind). Number bind: a play
    exactly one step stronger than the one before it. ``reversed_order`` is the order the
    play was judged in, ``after_order`` the order after its effects (for the next step).
    """
    bind = dict(bind) if bind else {"suits": None, "number": False, "next": None}
    if prev is not None and not prev.joker_only and not play.joker_only:
        if not bind["suits"] and not prev.jokers and not play.jokers \
                and prev.natural_suits() == play.natural_suits():
            bind["suits"] = play.suits()
        if not bind["number"] and play.shape == prev.shape \
                and play.key(reversed_order) == prev.key(reversed_order) + 1:
            bind["number"] = True
    if bind["number"]:
        if play.joker_only:
            step = bind["next"]  # the jokers stood for what the bind wanted
        else:
            step = play.measure_rank(after_order)
        bind["at"] = step  # the rank the trick stands at (a flip of the order re-derives "next")
        bind["next"] = None if step is None else step_above(step, after_order)
    if not bind["suits"] and not bind["number"]:
        return None
    return bind
