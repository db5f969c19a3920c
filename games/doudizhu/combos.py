"""Dou Dizhu combinations: rank order, the 14 types, readings and beating.

Source: seeds/001_9746b962cdb0cd4a.txt §4–§14 and rules/doudizhu.md "Combinations".

Cards are reduced to *rank indices* before anything is classified (suits never matter in
Dou Dizhu, §4): ``0`` = 3, ``1`` = 4, … ``11`` = A, ``12`` = 2, ``13`` = small joker (LJ),
``14`` = big joker (BJ). A set of cards is normalised to a 15-long list of rank counts, so
the order in which cards were selected never changes the result (rules/doudizhu.md
"Pitfalls").
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

#: Rank codes in ascending order (§4); the index is the rank's strength.
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "LJ", "BJ")
RANK_INDEX = {code: i for i, code in enumerate(RANKS)}
ACE, TWO, LJ, BJ = 11, 12, 13, 14
#: Highest rank allowed in straights, pair chains and airplane bodies (§4, §8–§10).
CHAIN_TOP = ACE

#: The 14 types (conformance names), in the order of the seed (§5, §13).
TYPES = (
    "single", "pair", "trio", "trio_single", "trio_pair", "straight", "pair_chain",
    "airplane", "airplane_single", "airplane_pair", "four_two_single", "four_two_pair",
    "bomb", "rocket",
)

#: Japanese and English names for messages and hints.
TYPE_NAMES = {
    "single": ("単札", "single"),
    "pair": ("ペア", "pair"),
    "trio": ("3枚組", "trio"),
    "trio_single": ("3枚＋単札", "trio with a single"),
    "trio_pair": ("3枚＋ペア", "trio with a pair"),
    "straight": ("ストレート", "straight"),
    "pair_chain": ("連続ペア", "pair chain"),
    "airplane": ("飛行機", "airplane"),
    "airplane_single": ("単札付き飛行機", "airplane with single wings"),
    "airplane_pair": ("ペア付き飛行機", "airplane with pair wings"),
    "four_two_single": ("4枚＋単札2枚", "four with two singles"),
    "four_two_pair": ("4枚＋ペア2組", "four with two pairs"),
    "bomb": ("ボム", "bomb"),
    "rocket": ("ロケット", "rocket"),
}


class Combo(NamedTuple):
    """One reading of a set of cards.

    ``type`` is one of :data:`TYPES`; ``key`` the rank index that decides comparison
    (the single/pair/trio/bomb rank, the trio or four part of a combination with
    attachments, the top rank of a chain, §7, §8, §14); ``size`` the number of cards, which
    together with the type fixes the chain length and the wing kind (§14).
    """

    type: str
    key: int
    size: int

    @property
    def rank_key(self) -> str:
        """The conformance ``rank_key``: the code of :attr:`key` (``"10"``, ``"BJ"``)."""
        return RANKS[self.key]

    @property
    def power(self) -> int:
        """2 for the rocket, 1 for a bomb, 0 for an ordinary combination (§13)."""
        return 2 if self.type == "rocket" else 1 if self.type == "bomb" else 0

    @property
    def chain(self) -> int:
        """Units in the combination: straight length, pairs in a pair chain, trios in an
        airplane; 1 for everything else."""
        per = _PER_UNIT.get(self.type)
        return self.size // per if per else 1

    def names(self) -> tuple[str, str]:
        """``(ja, en)`` names of the type."""
        return TYPE_NAMES[self.type]


_PER_UNIT = {"straight": 1, "pair_chain": 2, "airplane": 3, "airplane_single": 4,
             "airplane_pair": 5}


def rank_of(code: str) -> int:
    """The rank index of a conformance rank code (``"10"``, ``"LJ"``); ``KeyError`` if
    unknown. Suit letters are accepted and ignored (``"S10"`` → 7)."""
    if code in RANK_INDEX:
        return RANK_INDEX[code]
    return RANK_INDEX[code[1:]]


def counts_of(ranks: Iterable[int]) -> list[int]:
    """A 15-long list of how many cards of each rank index."""
    c = [0] * 15
    for r in ranks:
        c[r] += 1
    return c


def readings(c: list[int]) -> list[Combo]:
    """Every legal reading of the cards whose rank counts are ``c``, strongest first
    (rocket, then bombs, then by key); ``[]`` when the cards are no combination.

    Rules: §5–§13 of seed 001 and the wing decisions of rules/doudizhu.md (wings never
    reuse a body rank, at most two single wings of one rank, pair wings of distinct
    ranks, never both jokers as wings, a bomb is never wings).
    """
    n = sum(c)
    if n == 0:
        return []
    present = [r for r in range(15) if c[r]]
    if n == 2 and c[LJ] and c[BJ]:
        return [Combo("rocket", BJ, 2)]
    if len(present) == 1:
        r = present[0]
        kind = (None, "single", "pair", "trio", "bomb")[n] if n <= 4 else None
        return [Combo(kind, r, n)] if kind else []
    out: list[Combo] = []
    lo, hi = present[0], present[-1]
    width = len(present)
    if hi <= CHAIN_TOP and hi - lo + 1 == width:
        if n >= 5 and width == n:
            out.append(Combo("straight", hi, n))
        elif width >= 3 and n == 2 * width and all(c[r] == 2 for r in present):
            out.append(Combo("pair_chain", hi, n))
    if n == 4 and width == 2:
        for r in present:
            if c[r] == 3:
                out.append(Combo("trio_single", r, 4))
    elif n == 5 and width == 2:
        for r in present:
            if c[r] == 3:  # the other rank then holds exactly 2
                out.append(Combo("trio_pair", r, 5))
    if n in (6, 8):
        for f in present:
            if c[f] != 4:
                continue
            if n == 6 and not (c[LJ] and c[BJ]):
                out.append(Combo("four_two_single", f, 6))
            elif n == 8 and width == 3 and all(c[r] == 2 for r in present if r != f):
                out.append(Combo("four_two_pair", f, 8))
    out.extend(_airplanes(c, n))
    if len(out) > 1:
        out.sort(key=lambda cb: (cb.power, cb.key), reverse=True)
    return out


def _airplanes(c: list[int], n: int) -> list[Combo]:
    """Airplane readings (§10, §11): bodies of ≥2 consecutive trios 3…A."""
    out = []
    trios = [r for r in range(CHAIN_TOP + 1) if c[r] >= 3]
    if len(trios) < 2:
        return out
    for per, kind in ((3, "airplane"), (4, "airplane_single"), (5, "airplane_pair")):
        if n % per:
            continue
        k = n // per
        if k < 2 or k > len(trios):
            continue
        for i in range(len(trios) - k + 1):
            s = trios[i]
            if trios[i + k - 1] != s + k - 1:
                continue
            body = range(s, s + k)
            rem = list(c)
            for r in body:
                rem[r] -= 3
            if any(rem[r] for r in body):
                continue  # a wing would reuse a body rank
            if kind == "airplane":
                ok = not any(rem)
            elif kind == "airplane_single":
                ok = max(rem) <= 2 and not (rem[LJ] and rem[BJ])
            else:
                ok = all(x in (0, 2) for x in rem) and sum(1 for x in rem if x) == k
            if ok:
                out.append(Combo(kind, s + k - 1, n))
    return out


def classify(ranks: Iterable[int]) -> list[Combo]:
    """:func:`readings` of a sequence of rank indices."""
    return readings(counts_of(ranks))


def beats(play: Combo, prev: Combo | None) -> bool:
    """May ``play`` be made on top of ``prev`` (``None``: a free lead, anything goes)?

    §13–§14: the rocket beats everything; a bomb beats every ordinary combination and a
    lower bomb; otherwise the same type and card count (so the same chain length and wing
    kind) with a higher key.
    """
    if prev is None:
        return True
    if prev.type == "rocket":
        return False
    if play.type == "rocket":
        return True
    if play.type == "bomb":
        return prev.type != "bomb" or play.key > prev.key
    return play.type == prev.type and play.size == prev.size and play.key > prev.key


def choose_reading(options: list[Combo], prev: Combo | None) -> Combo | None:
    """The reading to use for the selected cards (rules/doudizhu.md "Beating"): the
    strongest one that is a legal answer to ``prev``; ``None`` if none is."""
    for cb in options:  # strongest first
        if beats(cb, prev):
            return cb
    return None
