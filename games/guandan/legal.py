"""Legal play generation for one hand.

Rule source: seeds/000_03205a0e19f1fabd.txt §4–§12 (types, wild, comparison), §13
(leading / following); rules/guandan.md "Pitfalls" (AA2233, AAA222, sequences through the
level card, every wild reading).

:func:`generate` lists every *distinct* legal play of a hand as ``(ids, Reading)``. Two
plays are the same when they read the same (type and rank) with the same ranks of real
cards and the same number of wilds; suits matter only in straight flushes (000 §3, §5,
§11: suits never decide anything else), so one representative set of physical cards is
listed for each. Any other physical choice of the same play is equally legal:
:func:`check` validates exactly the cards a player selected.
"""
from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from .cards import ACE, BJ, LJ, RANK, RANK_NAMES, SUIT, power, rank_at
from .combos import SF_TIER, JOKER_TIER, Reading, beats, bomb_tier, classify

SUITS = "SHDC"


class Play(NamedTuple):
    """A legal play: ``cards`` (sorted tuple of ids) and its :class:`Reading`."""

    cards: tuple
    reading: Reading

    @property
    def wilds(self) -> int:
        """How many heart level wilds the play uses as substitutes."""
        return len(self.reading.subs)

    def cost(self) -> tuple:
        """Hint order, cheapest first (DESIGN "hint"): normal before special plays, fewer
        wilds, lower key, more cards shed."""
        r = self.reading
        return (r.tier, len(r.subs), r.key, -r.size, r.type, self.cards)


class HandIndex:
    """Cards of a hand grouped for generation: non-wild suited cards by rank and by
    (rank, suit), the wild ids, the joker ids."""

    __slots__ = ("level", "by_rank", "by_rs", "wilds", "lj", "bj")

    def __init__(self, hand, level: int):
        self.level = level
        self.by_rank = [[] for _ in range(13)]
        self.by_rs: dict[tuple[int, str], list[int]] = {}
        self.wilds, self.lj, self.bj = [], [], []
        for c in sorted(hand):
            r = RANK[c]
            if r == LJ:
                self.lj.append(c)
            elif r == BJ:
                self.bj.append(c)
            elif r == level and SUIT[c] == "H":
                self.wilds.append(c)
            else:
                self.by_rank[r].append(c)
                self.by_rs.setdefault((r, SUIT[c]), []).append(c)


def _subsets(positions, w):
    """Every subset of ``positions`` of size 0…w (the places wilds fill)."""
    for k in range(min(w, len(positions)) + 1):
        yield from combinations(positions, k)


def generate(hand, level: int, table: Reading | None = None) -> list[Play]:
    """Every distinct legal play of ``hand`` (ids) at ``level`` (natural index) that may be
    made on ``table`` (None: leading, anything goes). Not sorted."""
    ix = HandIndex(hand, level)
    out: list[Play] = []
    if table is None:
        want = None  # all normal types
    elif table.tier == 0:
        want = table.type
    else:
        want = ""  # only special plays
    min_key = table.key if table is not None and table.tier == 0 else -1
    if want is None or want == "single":
        _singles(ix, out, min_key)
    if want is None or want == "pair":
        _sets(ix, out, "pair", 2, min_key)
    if want is None or want == "triple":
        _sets(ix, out, "triple", 3, min_key)
    if want is None or want == "full_house":
        _full_houses(ix, out, min_key)
    if want is None or want == "straight":
        _straights(ix, out, min_key)
    if want is None or want == "tube":
        _seqs(ix, out, "tube", 3, 2, min_key)
    if want is None or want == "plate":
        _seqs(ix, out, "plate", 2, 3, min_key)
    _specials(ix, out, table)
    return out


def _singles(ix: HandIndex, out, min_key):
    lv = ix.level
    for r in range(13):
        if ix.by_rank[r] and power(r, lv) > min_key:
            out.append(Play((ix.by_rank[r][0],), Reading(0, power(r, lv), "single", 1, RANK_NAMES[r])))
    if ix.wilds and power(lv, lv) > min_key:
        out.append(Play((ix.wilds[0],), Reading(0, power(lv, lv), "single", 1, RANK_NAMES[lv])))
    for ids, r in ((ix.lj, LJ), (ix.bj, BJ)):
        if ids and power(r, lv) > min_key:
            out.append(Play((ids[0],), Reading(0, power(r, lv), "single", 1, RANK_NAMES[r])))


def _sets(ix: HandIndex, out, kind, n, min_key):
    lv, w = ix.level, len(ix.wilds)
    for r in range(13):
        cards = ix.by_rank[r]
        pw = power(r, lv)
        if not cards or pw <= min_key:
            continue
        name = RANK_NAMES[r]
        for u in range(0, min(w, n - 1) + 1):
            if len(cards) >= n - u:
                ids = tuple(sorted(cards[:n - u] + ix.wilds[:u]))
                out.append(Play(ids, Reading(0, pw, kind, n, name, (name,) * u)))
    if kind == "pair":
        if w == 2 and power(lv, lv) > min_key:
            out.append(Play(tuple(ix.wilds), Reading(0, power(lv, lv), "pair", 2, RANK_NAMES[lv])))
        for ids, r in ((ix.lj, LJ), (ix.bj, BJ)):
            if len(ids) == 2 and power(r, lv) > min_key:
                out.append(Play(tuple(ids), Reading(0, power(r, lv), "pair", 2, RANK_NAMES[r])))


def _full_houses(ix: HandIndex, out, min_key):
    lv, w = ix.level, len(ix.wilds)
    triples = []
    pairs = []
    for r in range(13):
        c = len(ix.by_rank[r])
        if not c:
            continue
        for u in range(0, min(w, 2) + 1):
            if c >= 3 - u and power(r, lv) > min_key:
                triples.append((r, u))
        for u in range(0, min(w, 1) + 1):
            if c >= 2 - u:
                pairs.append((r, u))
    if w == 2:
        pairs.append((None, 2))
    for t, ut in triples:
        tname = RANK_NAMES[t]
        tcards = ix.by_rank[t][:3 - ut]
        for p, up in pairs:
            if p == t or ut + up > w:
                continue
            if p is None:
                pname, pcards = RANK_NAMES[0 if t != 0 else 1], []
            else:
                pname, pcards = RANK_NAMES[p], ix.by_rank[p][:2 - up]
            ids = tuple(sorted(tcards + pcards + ix.wilds[:ut + up]))
            out.append(Play(ids, Reading(0, power(t, lv), "full_house", 5, tname,
                                         (tname,) * ut + (pname,) * up)))


def _straights(ix: HandIndex, out, min_key):
    w = len(ix.wilds)
    for top in range(max(5, min_key + 1), 15):
        span = range(top - 4, top + 1)
        have = [p for p in span if ix.by_rank[rank_at(p)]]
        if len(have) + w < 5:
            continue
        missing = [p for p in span if not ix.by_rank[rank_at(p)]]
        for extra in _subsets(have, w - len(missing)):
            fill = set(missing) | set(extra)
            real_pos = [p for p in span if p not in fill]
            picks = [ix.by_rank[rank_at(p)][0] for p in real_pos]
            if not fill and len({SUIT[c] for c in picks}) == 1:
                # five real cards of one suit would be a straight flush: mix a suit in
                for i, p in enumerate(real_pos):
                    other = [c for c in ix.by_rank[rank_at(p)] if SUIT[c] != SUIT[picks[0]]]
                    if other:
                        picks[i] = other[0]
                        break
                else:
                    continue
            subs = tuple(RANK_NAMES[rank_at(p)] for p in sorted(fill))
            out.append(Play(tuple(sorted(picks + ix.wilds[:len(fill)])),
                            Reading(0, top, "straight", 5, RANK_NAMES[rank_at(top)], subs)))


def _seqs(ix: HandIndex, out, kind, width, per, min_key):
    w = len(ix.wilds)
    for top in range(max(width, min_key + 1), 15):
        span = list(range(top - width + 1, top + 1))
        opts = []
        for p in span:
            c = len(ix.by_rank[rank_at(p)])
            opts.append([u for u in range(0, min(w, per) + 1) if c >= per - u and per - u >= 0])
            if not opts[-1]:
                break
        else:
            for combo in _product(opts, w):
                picks, subs = [], []
                for p, u in zip(span, combo):
                    picks.extend(ix.by_rank[rank_at(p)][:per - u])
                    subs.extend([RANK_NAMES[rank_at(p)]] * u)
                used = len(subs)
                out.append(Play(tuple(sorted(picks + ix.wilds[:used])),
                                Reading(0, top, kind, width * per, RANK_NAMES[rank_at(top)], tuple(subs))))


def _product(opts, budget):
    """Cartesian product of per-position wild counts whose sum stays within budget."""
    if not opts:
        yield ()
        return
    for u in opts[0]:
        if u <= budget:
            for rest in _product(opts[1:], budget - u):
                yield (u,) + rest


def _specials(ix: HandIndex, out, table: Reading | None):
    lv, w = ix.level, len(ix.wilds)
    min_tier = table.tier if table is not None else 0
    # bombs (§10): 4…10 cards of one rank, wilds included
    for r in range(13):
        cards = ix.by_rank[r]
        c = len(cards)
        if c + w < 4 or c == 0:
            continue
        pw, name = power(r, lv), RANK_NAMES[r]
        for k in range(4, min(c + w, 10) + 1):
            tier = bomb_tier(k)
            if tier < min_tier:
                continue
            for u in range(max(0, k - c), min(w, k - 1) + 1):
                rd = Reading(tier, pw, "bomb", k, name, (name,) * u)
                if table is None or beats(rd, table):
                    out.append(Play(tuple(sorted(cards[:k - u] + ix.wilds[:u])), rd))
    # straight flushes (§11): one suit, wilds may fill rank and suit
    if min_tier <= SF_TIER:
        for s, held in _suit_positions(ix).items():
            if sum(held) - held[1] + w < 5:  # too few ranks of this suit (the ace counted once)
                continue
            for top in range(5, 15):
                if sum(held[top - 4:top + 1]) + w < 5:
                    continue
                span = range(top - 4, top + 1)
                have = [p for p in span if held[p]]
                missing = [p for p in span if not held[p]]
                rd0 = Reading(SF_TIER, top, "straight_flush", 5, RANK_NAMES[rank_at(top)], (), s)
                if table is not None and not beats(rd0, table):
                    continue
                for extra in _subsets(have, w - len(missing)):
                    fill = sorted(set(missing) | set(extra))
                    picks = [ix.by_rs[(rank_at(p), s)][0] for p in span if p not in fill]
                    subs = tuple(s + RANK_NAMES[rank_at(p)] for p in fill)
                    out.append(Play(tuple(sorted(picks + ix.wilds[:len(fill)])), rd0._replace(subs=subs)))
    if len(ix.lj) == 2 and len(ix.bj) == 2 and (table is None or table.tier < JOKER_TIER):
        out.append(Play(tuple(sorted(ix.lj + ix.bj)), Reading(JOKER_TIER, 0, "joker_bomb", 4, "JOKERS")))


_POSITIONS = tuple((1, 14) if r == ACE else (r + 2,) for r in range(13))


def _suit_positions(ix: HandIndex) -> dict[str, list[bool]]:
    """Suit → which sequence positions 0…14 the hand holds a natural card of (0 unused;
    the ace is both 1 and 14), in :data:`SUITS` order."""
    held = {s: [False] * 15 for s in SUITS}
    for r, s in ix.by_rs:
        for p in _POSITIONS[r]:
            held[s][p] = True
    return held


def readings_for(cards, level: int, table: Reading | None) -> list[Reading]:
    """The readings of exactly these cards that may be played on ``table``, strongest
    first (000 §4: the system defaults to the strongest legal reading)."""
    return [r for r in classify(cards, level) if beats(r, table)]


__all__ = ["Play", "HandIndex", "generate", "readings_for"]
