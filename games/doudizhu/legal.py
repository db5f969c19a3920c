"""Legal play generation on rank counts.

Source: seeds/001_9746b962cdb0cd4a.txt §5–§15, rules/doudizhu.md "Combinations" and
"Beating".

A *move* is ``(combo, ranks)``: the :class:`~games.doudizhu.combos.Combo` it is read as
and a tuple of rank indices (one entry per card). Every distinct multiset of ranks that is
a legal play appears exactly once (with this rule set a multiset has at most one reading,
so types never overlap). Which physical card of a rank is used never matters (§4), so the
engine maps a move to card ids afterwards (:func:`games.doudizhu.engine.pick_ids`).
"""
from __future__ import annotations

from itertools import combinations

from .combos import BJ, CHAIN_TOP, LJ, TWO, Combo

Move = tuple  # (Combo, tuple[int, ...])


def moves(c: list[int], prev: Combo | None = None) -> list[tuple[Combo, tuple]]:
    """Every legal play from a hand with rank counts ``c``.

    ``prev`` is the combination to beat, or ``None`` when leading (then every combination
    the hand can form is legal, §15). Passing is not listed. Order: by type, then key
    ascending (callers sort as they need).
    """
    if prev is None:
        out: list = []
        for gen in _LEAD:
            gen(c, 0, 0, out)
        return out
    out = []
    if prev.type == "rocket":
        return out
    if prev.type == "bomb":
        _bombs(c, prev.key + 1, 4, out)
    else:
        _BY_TYPE[prev.type](c, prev.key + 1, prev.size, out)
        _bombs(c, 0, 4, out)
    _rocket(c, 0, 2, out)
    return out


def plays(c: list[int], prev: Combo | None = None) -> list[tuple]:
    """Just the rank tuples of :func:`moves`."""
    return [m[1] for m in moves(c, prev)]


# --- generators: (counts, lowest key allowed, card count wanted (0 = any), out) --------

def _singles(c, lo, size, out):
    for r in range(lo, 15):
        if c[r]:
            out.append((Combo("single", r, 1), (r,)))


def _pairs(c, lo, size, out):
    for r in range(lo, TWO + 1):
        if c[r] >= 2:
            out.append((Combo("pair", r, 2), (r, r)))


def _trios(c, lo, size, out):
    for r in range(lo, TWO + 1):
        if c[r] >= 3:
            out.append((Combo("trio", r, 3), (r, r, r)))


def _bombs(c, lo, size, out):
    for r in range(lo, TWO + 1):
        if c[r] == 4:
            out.append((Combo("bomb", r, 4), (r, r, r, r)))


def _rocket(c, lo, size, out):
    if c[LJ] and c[BJ]:
        out.append((Combo("rocket", BJ, 2), (LJ, BJ)))


def _trio_single(c, lo, size, out):
    for t in range(lo, TWO + 1):
        if c[t] >= 3:
            cb = Combo("trio_single", t, 4)
            for r in range(15):
                if c[r] and r != t:
                    out.append((cb, (t, t, t, r)))


def _trio_pair(c, lo, size, out):
    for t in range(lo, TWO + 1):
        if c[t] >= 3:
            cb = Combo("trio_pair", t, 5)
            for r in range(TWO + 1):
                if c[r] >= 2 and r != t:
                    out.append((cb, (t, t, t, r, r)))


def _runs(c, need, minlen, lo, length):
    """``(start, length)`` of every chain of ranks 3…A each held ``need`` times, with
    ``length >= minlen`` (or exactly ``length`` when nonzero) and top rank ``>= lo``."""
    res = []
    r = 0
    while r <= CHAIN_TOP:
        if c[r] < need:
            r += 1
            continue
        s = r
        while r <= CHAIN_TOP and c[r] >= need:
            r += 1
        run = r - s  # ranks s .. r-1
        if run < minlen:
            continue
        lengths = (length,) if length else range(minlen, run + 1)
        for ln in lengths:
            if ln > run:
                continue
            for st in range(max(s, lo - ln + 1), r - ln + 1):
                res.append((st, ln))
    return res


def _straights(c, lo, size, out):
    for st, ln in _runs(c, 1, 5, lo, size):
        out.append((Combo("straight", st + ln - 1, ln), tuple(range(st, st + ln))))


def _pair_chains(c, lo, size, out):
    for st, ln in _runs(c, 2, 3, lo, size // 2):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1))
        out.append((Combo("pair_chain", st + ln - 1, 2 * ln), body))


def _airplanes(c, lo, size, out):
    for st, ln in _runs(c, 3, 2, lo, size // 3):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        out.append((Combo("airplane", st + ln - 1, 3 * ln), body))


def _single_wings(c, exclude_lo, exclude_hi, k):
    """Multisets of ``k`` wing ranks outside ``exclude_lo..exclude_hi``: at most two of one
    rank, never both jokers (rules/doudizhu.md "Wing rules")."""
    avail = []
    for r in range(15):
        if c[r] and not exclude_lo <= r <= exclude_hi:
            avail.append((r, 2 if c[r] >= 2 else 1))
    res = []
    acc: list[int] = []
    n = len(avail)

    def rec(i, k):
        if k == 0:
            res.append(tuple(acc))
            return
        for j in range(i, n - (k + 1) // 2 + 1):
            r, cap = avail[j]
            acc.append(r)
            rec(j + 1, k - 1)
            if cap == 2 and k >= 2:
                acc.append(r)
                rec(j + 1, k - 2)
                acc.pop()
            acc.pop()

    rec(0, k)
    if c[LJ] and c[BJ]:
        res = [w for w in res if not (len(w) >= 2 and w[-1] == BJ and w[-2] == LJ)]
    return res


def _airplane_single(c, lo, size, out):
    for st, ln in _runs(c, 3, 2, lo, size // 4):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        cb = Combo("airplane_single", st + ln - 1, 4 * ln)
        for w in _single_wings(c, st, st + ln - 1, ln):
            out.append((cb, body + w))


def _airplane_pair(c, lo, size, out):
    for st, ln in _runs(c, 3, 2, lo, size // 5):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        cb = Combo("airplane_pair", st + ln - 1, 5 * ln)
        pairs = [r for r in range(TWO + 1) if c[r] >= 2 and not st <= r < st + ln]
        for ws in combinations(pairs, ln):
            out.append((cb, body + tuple(r for r in ws for _ in (0, 1))))


def _four_two_single(c, lo, size, out):
    for f in range(lo, TWO + 1):
        if c[f] == 4:
            cb = Combo("four_two_single", f, 6)
            body = (f, f, f, f)
            for w in _single_wings(c, f, f, 2):
                out.append((cb, body + w))


def _four_two_pair(c, lo, size, out):
    for f in range(lo, TWO + 1):
        if c[f] == 4:
            cb = Combo("four_two_pair", f, 8)
            body = (f, f, f, f)
            pairs = [r for r in range(TWO + 1) if c[r] >= 2 and r != f]
            for a, b in combinations(pairs, 2):
                out.append((cb, body + (a, a, b, b)))


_LEAD = (_singles, _pairs, _trios, _bombs, _rocket, _trio_single, _trio_pair, _straights,
         _pair_chains, _airplanes, _airplane_single, _airplane_pair, _four_two_single,
         _four_two_pair)

_BY_TYPE = {
    "single": _singles, "pair": _pairs, "trio": _trios, "trio_single": _trio_single,
    "trio_pair": _trio_pair, "straight": _straights, "pair_chain": _pair_chains,
    "airplane": _airplanes, "airplane_single": _airplane_single,
    "airplane_pair": _airplane_pair, "four_two_single": _four_two_single,
    "four_two_pair": _four_two_pair,
}
