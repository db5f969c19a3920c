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


# Every Combo a generator can produce, built once: _K[type][key][units].
_UNIT = {"straight": 1, "pair_chain": 2, "airplane": 3, "airplane_single": 4,
         "airplane_pair": 5}
_SIZE = {"single": 1, "pair": 2, "trio": 3, "bomb": 4, "rocket": 2, "trio_single": 4,
         "trio_pair": 5, "four_two_single": 6, "four_two_pair": 8}
_K = {t: [[Combo(t, k, n * _UNIT[t]) for n in range(13)] for k in range(15)] for t in _UNIT}
_K.update({t: [Combo(t, k, n) for k in range(15)] for t, n in _SIZE.items()})
_SINGLE, _PAIR, _TRIO, _BOMB = _K["single"], _K["pair"], _K["trio"], _K["bomb"]
_ROCKET = _K["rocket"][BJ]


# --- generators: (counts, lowest key allowed, card count wanted (0 = any), out) --------

def _singles(c, lo, size, out):
    out.extend([(_SINGLE[r], (r,)) for r in range(lo, 15) if c[r]])


def _pairs(c, lo, size, out):
    out.extend([(_PAIR[r], (r, r)) for r in range(lo, TWO + 1) if c[r] >= 2])


def _trios(c, lo, size, out):
    out.extend([(_TRIO[r], (r, r, r)) for r in range(lo, TWO + 1) if c[r] >= 3])


def _bombs(c, lo, size, out):
    out.extend([(_BOMB[r], (r, r, r, r)) for r in range(lo, TWO + 1) if c[r] == 4])


def _rocket(c, lo, size, out):
    if c[LJ] and c[BJ]:
        out.append((_ROCKET, (LJ, BJ)))


def _trio_single(c, lo, size, out):
    for t in range(lo, TWO + 1):
        if c[t] >= 3:
            cb = _K["trio_single"][t]
            out.extend([(cb, (t, t, t, r)) for r in range(15) if c[r] and r != t])


def _trio_pair(c, lo, size, out):
    for t in range(lo, TWO + 1):
        if c[t] >= 3:
            cb = _K["trio_pair"][t]
            out.extend([(cb, (t, t, t, r, r)) for r in range(TWO + 1) if c[r] >= 2 and r != t])


def runs(c, need, minlen, lo, length):
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
    for st, ln in runs(c, 1, 5, lo, size):
        out.append((_K["straight"][st + ln - 1][ln], tuple(range(st, st + ln))))


def _pair_chains(c, lo, size, out):
    for st, ln in runs(c, 2, 3, lo, size // 2):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1))
        out.append((_K["pair_chain"][st + ln - 1][ln], body))


def _airplanes(c, lo, size, out):
    for st, ln in runs(c, 3, 2, lo, size // 3):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        out.append((_K["airplane"][st + ln - 1][ln], body))


def _single_wings(c, exclude_lo, exclude_hi, k):
    """Multisets of ``k`` wing ranks outside ``exclude_lo..exclude_hi``: at most two of one
    rank, never both jokers (rules/doudizhu.md "Wing rules"). Each multiset once: ``j``
    doubled ranks, then ``k - 2j`` distinct other ranks."""
    ones = [r for r in range(15) if c[r] and not exclude_lo <= r <= exclude_hi]
    twos = [r for r in ones if c[r] >= 2]
    both_jokers = c[LJ] and c[BJ]
    res = []
    for j in range(min(len(twos), k // 2) + 1):
        for dbl in combinations(twos, j):
            rest = [r for r in ones if r not in dbl] if j else ones
            d2 = tuple(r for r in dbl for _ in (0, 1))
            for sgl in combinations(rest, k - 2 * j):
                if both_jokers and LJ in sgl and BJ in sgl:
                    continue
                res.append(d2 + sgl)
    return res


def _airplane_single(c, lo, size, out):
    for st, ln in runs(c, 3, 2, lo, size // 4):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        cb = _K["airplane_single"][st + ln - 1][ln]
        for w in _single_wings(c, st, st + ln - 1, ln):
            out.append((cb, body + w))


def _airplane_pair(c, lo, size, out):
    for st, ln in runs(c, 3, 2, lo, size // 5):
        body = tuple(r for r in range(st, st + ln) for _ in (0, 1, 2))
        cb = _K["airplane_pair"][st + ln - 1][ln]
        pairs = [r for r in range(TWO + 1) if c[r] >= 2 and not st <= r < st + ln]
        for ws in combinations(pairs, ln):
            out.append((cb, body + tuple(r for r in ws for _ in (0, 1))))


def _four_two_single(c, lo, size, out):
    for f in range(lo, TWO + 1):
        if c[f] == 4:
            cb = _K["four_two_single"][f]
            body = (f, f, f, f)
            for w in _single_wings(c, f, f, 2):
                out.append((cb, body + w))


def _four_two_pair(c, lo, size, out):
    for f in range(lo, TWO + 1):
        if c[f] == 4:
            cb = _K["four_two_pair"][f]
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
