"""Legal-play generation for a Daifugō hand (rules/daifugo.md "Strength and plays", "Binds").

:func:`legal_plays` lists every distinct legal play: identical physical cards (two ♥7s) are
interchangeable, so each multiset of (suit, rank) appears once, with one reading each for
the different things its jokers can stand for. Generation is driven by what the field
allows, so following is cheap and leading enumerates sets and sequences directly.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .cards import JOKER, RANK, SUIT, SUIT_ORDER
from .plays import SEQUENCE, SET, SINGLE, Play, as_shape, beats, satisfies_bind


def _index(hand) -> tuple[dict, dict, list[int]]:
    """(rank → suit → [ids]), (suit → rank → id) and the joker ids of a hand."""
    by_rank: dict[int, dict[str, list[int]]] = {}
    by_suit: dict[str, dict[int, int]] = {}
    jokers = []
    for c in hand:
        r = RANK[c]
        if r == JOKER:
            jokers.append(c)
            continue
        s = SUIT[c]
        by_rank.setdefault(r, {}).setdefault(s, []).append(c)
        by_suit.setdefault(s, {}).setdefault(r, c)
    return by_rank, by_suit, jokers


def _sets(by_rank, jokers, sizes: range) -> list[Play]:
    """Singles and sets of the given sizes (a range from 1 up): every sub-multiset of one
    rank's naturals plus 0…n jokers, and joker-only plays."""
    out = []
    nj = len(jokers)
    jokers = tuple(jokers)
    for rank, suits in by_rank.items():
        groups = [suits[s] for s in SUIT_ORDER if s in suits]
        flat = tuple(c for g in groups for c in g)
        fits = range(sizes.start, min(sizes.stop, len(flat) + nj + 1))
        if fits:
            out.extend(_rank_sets(rank, flat, tuple(len(g) for g in groups), jokers, fits))
    for j in range(1, nj + 1):
        if j in sizes:
            out.append(Play(jokers[:j], SINGLE if j == 1 else SET, JOKER, j))
    return out


@lru_cache(maxsize=1 << 12)
def _rank_sets(rank: int, flat: tuple, lens: tuple, jokers: tuple, sizes: range) -> tuple[Play, ...]:
    """The sets of :func:`_sets` for one rank whose naturals are ``flat`` (suit groups of
    ``lens`` laid end to end), ``sizes`` those it can reach (memoised: a hand changes a
    few ranks a move)."""
    out = []
    lo, hi = max(1, sizes[0] - len(jokers)), sizes[-1]  # how many naturals a set may hold
    for total, idx in _selections(lens):
        if not lo <= total <= hi:
            continue
        naturals = tuple([flat[i] for i in idx])
        for j in range(len(jokers) + 1):
            size = total + j
            if size in sizes:
                out.append(Play(naturals + jokers[:j], SINGLE if size == 1 else SET, rank, j))
    return tuple(out)


@lru_cache(maxsize=None)
def _selections(lens: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every sub-multiset of groups of these lengths, taken from the front of each group, in
    :func:`itertools.product` order: ``(size, indices into the groups laid end to end)``."""
    starts = [sum(lens[:i]) for i in range(len(lens))]
    out = []
    for counts in product(*[range(n + 1) for n in lens]):
        idx = tuple(i for st, k in zip(starts, counts) for i in range(st, st + k))
        out.append((len(idx), idx))
    return tuple(out)


def _sequences(by_suit, jokers, lengths, substitutes: bool = True) -> list[Play]:
    """Every same-suit window of 3+ ranks (3…2, no wrap) the hand can fill, jokers filling
    the missing ranks; each window grows from its low end until it runs out of jokers.

    A joker may also stand for a rank the hand holds (rules/daifugo.md "Strength and
    plays": jokers stand for any card in sequences): with spare jokers, each window is offered again with some of its
    naturals left in the hand (at least one natural stays, else the jokers read as a set);
    ``substitutes=False`` leaves those out."""
    out = []
    nj = len(jokers)
    joker_runs = [tuple(jokers[:i]) for i in range(nj + 1)]
    wanted = set(lengths)
    longest = max(wanted, default=0)
    for suit, ranks in by_suit.items():
        for low in range(3, 14):
            naturals: list[int] = []
            missing = 0
            for high in range(low, min(16, low + longest)):
                card = ranks.get(high)
                if card is None:
                    missing += 1
                    if missing > nj:
                        break
                else:
                    naturals.append(card)
                length = high - low + 1
                if length in wanted and naturals:
                    out.append(Play(tuple(naturals) + joker_runs[missing], SEQUENCE, low, missing, suit))
                    if not substitutes:
                        continue
                    for k in range(1, min(nj - missing, len(naturals) - 1) + 1):
                        run = joker_runs[missing + k]
                        out.extend(Play(kept + run, SEQUENCE, low, missing + k, suit)
                                   for kept in combinations(naturals, len(naturals) - k))
    return out


def candidate_plays(hand, field: Play | None, substitutes: bool = True) -> list[Play]:
    """Plays of the right shape and count for ``field`` (every play when leading), before
    strength and binds are checked (``substitutes``: see :func:`_sequences`)."""
    by_rank, by_suit, jokers = _index(hand)
    n = len(hand)
    if field is None:
        return _sets(by_rank, jokers, range(1, n + 1)) + _sequences(by_suit, jokers, range(3, min(n, 13) + 1),
                                                                    substitutes)
    size = field.size
    if size > n:
        return []
    if field.shape == SEQUENCE:
        plays = _sequences(by_suit, jokers, (size,), substitutes)
        if len(jokers) >= size:
            plays.append(as_shape(Play(tuple(jokers[:size]), SET, JOKER, size), SEQUENCE, field))
        return plays
    return _sets(by_rank, jokers, range(size, size + 1))


def legal_plays(hand, field: Play | None, reversed_order: bool, bind: dict | None,
                substitutes: bool = True) -> list[Play]:
    """Every legal play from ``hand`` onto ``field`` in the effective order, under ``bind``.

    Args:
        hand: card ids held.
        field: the play on the field, or None when leading.
        reversed_order: revolution XOR 11-back.
        bind: see :func:`games.daifugo.plays.satisfies_bind`.
        substitutes: False leaves out sequences whose jokers stand for ranks the hand
            holds (the CPU never wants them: the same play for a joker more).
    Returns: a list of :class:`Play` (the pass is not included).
    """
    return [p for p in candidate_plays(hand, field, substitutes)
            if beats(p, field, reversed_order) and satisfies_bind(p, bind, reversed_order)]
