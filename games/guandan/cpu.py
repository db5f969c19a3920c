"""The Guandan CPU player.

Strategy (seeds/003_e92e1431ea7e2b44.txt "勝つコツ" and "初心者がやりがちなミス",
rules/guandan.md "CPU partner never beats its partner's play when it need not"):

- It estimates how many turns a hand needs (:func:`moves`: bombs apart, straights taken
  when they save turns, then plates, tubes, full houses, pairs, singles) and prefers
  plays that leave the fewest turns, lowest cards first.
- It never beats its partner's play unless it goes out with that play.
- It keeps wilds for sequences and bombs: a wild in a single, pair, triple or full house
  costs extra, so it is used that way only when nothing else will do.
- It keeps jokers, level cards and bombs for when they matter: an opponent close to going
  out, or a bomb that lets it finish.
- With a partner about to finish it leads its lowest single or pair (feeding); with an
  opponent about to finish it avoids leading what that opponent could go out with.
- Tribute: the highest card of the suit it holds least of; return: the suggested card
  (:func:`games.guandan.tribute.suggest_return`).
- A bomb is never broken up to avoid leading it, and a bomb that leaves one play in hand
  is played whatever the bomb threshold (the four jokers, then the last card: issue 16).
- Levels (:func:`choose`): ふつう is the above; つよい searches over it
  (:mod:`games.guandan.strong`); やさしい sometimes takes a lesser candidate
  (:mod:`games.core.beginner`).

:func:`choose` always returns one of ``engine.legal_actions(state, seat)`` or an
equivalent card choice of one of them (tested).
"""
from __future__ import annotations

from functools import lru_cache

from games.core import beginner
from games.core.engine import DEFAULT_LEVEL, check_level

from .cards import ACE, BJ, LJ, RANK, SUIT, level_index, power, rank_at
from .legal import Play, generate
from .levels import partner
from . import tribute as T

_POS_RANKS = tuple(rank_at(p) for p in range(1, 15))
_WINDOWS5 = tuple(tuple(rank_at(p) for p in range(top - 4, top + 1)) for top in range(5, 15))
_SEQ_WIDTH = {"straight": 5, "straight_flush": 5, "tube": 3, "plate": 2}
_LOOSE_WILD = ("single", "pair", "triple", "full_house")


def _simple(cnt) -> int:
    """Turns for rank counts (each ≤ 3) without straights: plates, tubes and full houses
    save turns, the rest are pairs and singles."""
    t = p = s = 0
    for c in cnt:
        if c == 1:
            s += 1
        elif c == 2:
            p += 1
        elif c == 3:
            t += 1
    turns = s + p + t
    run2 = run3 = 0
    for r in _POS_RANKS:
        c = cnt[r]
        run2 = run2 + 1 if c == 2 else 0
        run3 = run3 + 1 if c == 3 else 0
        if run2 == 3:           # a tube: three pairs in one turn
            turns -= 2
            p -= 3
            run2 = 0
        if run3 == 2:           # a plate: two triples in one turn
            turns -= 1
            t -= 2
            run3 = 0
    return turns - min(t, p)    # full houses: a triple carries a pair


def rank_counts(hand: list[int], level: int) -> tuple[list[int], int, int, int]:
    """``(cards per rank 2…A, wild heart level cards, small jokers, big jokers)`` of a
    hand (seeds/000 §4: the heart level card is wild)."""
    cnt = [0] * 13
    w = lj = bj = 0
    for c in hand:
        r = RANK[c]
        if r == LJ:
            lj += 1
        elif r == BJ:
            bj += 1
        elif r == level and SUIT[c] == "H":
            w += 1
        else:
            cnt[r] += 1
    return cnt, w, lj, bj


def moves(cnt, w: int, lj: int, bj: int) -> tuple[int, int]:
    """``(turns, bombs)`` estimated for a hand given as natural rank counts ``cnt`` (13
    ints), ``w`` wilds and joker counts. Bombs (and wild-completed bombs) are counted apart:
    they are control, not burden. (Memoised: the same counts recur across decisions.)"""
    return _moves(tuple(cnt), w, lj, bj)


@lru_cache(maxsize=1 << 16)
def _moves(cnt: tuple, w: int, lj: int, bj: int) -> tuple[int, int]:
    cnt = list(cnt)
    bombs = turns = 0
    if lj == 2 and bj == 2:
        bombs += 1
    else:
        turns += (1 if lj else 0) + (1 if bj else 0)
    for r in range(13):
        if cnt[r] >= 4:
            bombs += 1
            cnt[r] = 0
    free = w
    while free:  # a wild turns a triple into a bomb
        tri = next((r for r in range(13) if cnt[r] == 3), None)
        if tri is None:
            break
        cnt[tri] = 0
        bombs += 1
        free -= 1
    base = _simple(cnt)
    while True:
        best = None
        best_m = base
        for win in _WINDOWS5:
            present = [r for r in win if cnt[r]]
            miss = 5 - len(present)
            if miss > free:
                continue
            for r in present:
                cnt[r] -= 1
            m = 1 + _simple(cnt) + miss * 0.3
            for r in present:
                cnt[r] += 1
            if m < best_m:
                best, best_m, best_miss = present, m, miss
        if best is None:
            break
        for r in best:
            cnt[r] -= 1
        free -= best_miss
        turns += 1
        base = _simple(cnt)
    return turns + base, bombs


class _Ctx:
    """What the CPU knows when choosing a play."""

    def __init__(self, state, seat, level):
        self.seat = seat
        self.level = level
        self.hand = state["hands"][seat]
        self.counts = [len(h) for h in state["hands"]]
        self.partner = partner(seat)
        opps = [(seat + 1) % 4, (seat + 3) % 4]
        live = [self.counts[o] for o in opps if self.counts[o]]
        self.opp_min = min(live) if live else 99
        self.opp_counts = live
        cnt, w, lj, bj = rank_counts(self.hand, level)
        self.cnt, self.w, self.lj, self.bj = cnt, w, lj, bj
        self.base, self.bombs = moves(cnt, w, lj, bj)
        self._memo = {}

    def after(self, play: Play) -> tuple[float, int]:
        """``moves`` of the hand left after ``play`` (memoised per decision)."""
        cnt = list(self.cnt)
        w, lj, bj = self.w, self.lj, self.bj
        for c in play.cards:
            r = RANK[c]
            if r == LJ:
                lj -= 1
            elif r == BJ:
                bj -= 1
            elif r == self.level and SUIT[c] == "H":
                w -= 1
            else:
                cnt[r] -= 1
        key = (tuple(cnt), w, lj, bj)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = moves(cnt, w, lj, bj)
        return got

    def score(self, play: Play, table_key: int | None = None) -> float:
        """Turns left after ``play`` plus the price of what it spends."""
        rd = play.reading
        m, b = self.after(play)
        s = m + 1.6 * max(0, self.bombs - b)
        nw = len(rd.subs)
        if nw:
            s += (1.6 if rd.type in _LOOSE_WILD else 0.4) * nw
        if rd.type in ("single", "pair") and rd.key >= 13 and self.opp_min > 8:
            # jokers and level cards are control: keep them while nobody is close
            if table_key is None or table_key < power(ACE, self.level):
                s += 1.6
        return s


def _low(play: Play) -> float:
    """How low a play is (lower is led first): lowest natural card, multi-card plays a
    little earlier."""
    rd = play.reading
    if rd.type in _SEQ_WIDTH:
        low = rd.key - _SEQ_WIDTH[rd.type] - 1  # lowest position mapped to rank-ish scale
    else:
        low = rd.key
    return low - 0.5 * (rd.size >= 5) - 0.2 * (rd.size >= 2)


def _act(play: Play) -> dict:
    return {"type": "play", "cards": list(play.cards), "reading": play.reading.token}


def choose(engine, state: dict, seat: int, level: str = DEFAULT_LEVEL) -> dict:
    """The CPU's action for ``seat`` at ``level`` (games.core.engine.LEVELS) in any phase
    (see module doc): ``next_hand`` between hands, a tribute, a return or a play/pass.
    Raises ``ValueError`` when ``seat`` has nothing to do now (not among
    ``engine.actors(state)``) or the level is unknown."""
    check_level(level)
    if level != DEFAULT_LEVEL and state["phase"] == "play" and state["turn"] == seat:
        from . import strong
        if level == "strong":
            return strong.choose(state, seat)
        return beginner.pick(state, seat, strong.ADAPTER.candidates(state, seat))
    return choose_normal(engine, state, seat)


def choose_normal(engine, state: dict, seat: int) -> dict:
    """The ふつう CPU's action (see :func:`choose`)."""
    ph = state["phase"]
    if ph == "hand_over":
        return {"type": "next_hand"}
    if seat not in engine.actors(state):
        raise ValueError("this seat cannot act now")
    if ph == "tribute":
        hand = state["hands"][seat]
        choices = T.tribute_choices(hand, engine_level(state))
        per_suit = {s: sum(1 for c in hand if SUIT[c] == s) for s in "SHDC"}
        return {"type": "tribute", "card": min(choices, key=lambda c: (per_suit.get(SUIT[c], 0), c))}
    if ph == "return":
        return {"type": "return", "card": engine.suggested_return(state, seat)}
    if ph != "play" or state["turn"] != seat:
        raise ValueError("this seat cannot act now")
    return _choose_play(engine, state, seat)


def engine_level(state) -> int:
    """The natural index of the hand's level (000 §3)."""
    return level_index(state["hand_level"])


def plays_of(hand: list[int], level: int, table) -> list[Play]:
    """:func:`games.guandan.legal.generate`, memoised (the つよい search's rollouts meet the
    same hand on the same table again: a quarter of the calls)."""
    return list(_plays(tuple(hand), level, table))


@lru_cache(maxsize=1 << 11)
def _plays(hand: tuple[int, ...], level: int, table) -> tuple[Play, ...]:
    return tuple(generate(list(hand), level, table))


def _choose_play(engine, state, seat) -> dict:
    level = engine_level(state)
    table = engine.table(state)
    last = state["trick"]["last"]
    hand = state["hands"][seat]
    plays = plays_of(hand, level, table)
    n = len(hand)
    outs = [p for p in plays if len(p.cards) == n]
    if outs:  # going out beats everything, even the partner's play
        return _act(min(outs, key=Play.cost))
    if table is not None and last["seat"] == partner(seat):
        return {"type": "pass"}
    ctx = _Ctx(state, seat, level)
    if table is None:
        return _lead(ctx, plays)
    return _follow(ctx, plays, table, last["seat"])


def _lead(ctx: _Ctx, plays: list[Play]) -> dict:
    # bombs stay in the pool: leaving them out made a hand of two bombs lead a pair out of
    # one of them (issue 16); the score charges a bomb spent (or broken) anyway
    pool = plays
    # feed a partner about to finish (003 tips: 味方の残りが少なくなったら小さいシングル)
    pc = ctx.counts[ctx.partner]
    if pc in (1, 2) and ctx.opp_min > 1:
        kind = "single" if pc == 1 else "pair"
        feed = [p for p in pool if p.reading.type == kind and not p.reading.subs]
        if feed:
            return _act(min(feed, key=lambda p: p.reading.key))
    # drop wild-using loose plays and wild-heavy candidates unless nothing else
    cands = [p for p in pool if not (p.reading.subs and p.reading.type in _LOOSE_WILD)] or pool

    def key(p: Play):
        s = ctx.score(p)
        if ctx.opp_min <= 4 and p.reading.size in ctx.opp_counts:
            s += 2.5  # do not hand an opponent its last play
        low = _low(p)
        if ctx.opp_min == 1 and p.reading.type == "single":
            low = -low  # lead singles from the top when an opponent holds one card
        return (s, low, p.cards)
    return _act(min(cands, key=key))


def _follow(ctx: _Ctx, plays: list[Play], table, by: int) -> dict:
    if not plays:
        return {"type": "pass"}
    urgent = ctx.counts[by] <= 6 or ctx.opp_min <= 4
    best, best_s = None, None
    for p in plays:
        s = ctx.score(p, table.key if table.tier == 0 else None)
        m, _ = ctx.after(p)
        if p.reading.tier > 0 and not urgent and m > 1:
            continue  # bombs wait for an opponent close to going out, or a finish
        if best is None or (s, p.reading.tier, p.reading.key) < (best_s, best.reading.tier, best.reading.key):
            best, best_s = p, s
    finish = _bomb_to_finish(ctx, plays)
    if finish is not None:
        return _act(finish)
    if best is None:
        return {"type": "pass"}
    slack = 3.5 if urgent else 0.0
    if best_s <= ctx.base + slack:
        return _act(best)
    return {"type": "pass"}


def _bomb_to_finish(ctx: _Ctx, plays: list[Play]) -> Play | None:
    """The cheapest bomb after which the hand is one play (or only bombs): it takes the
    trick unless answered by a bigger bomb, and the next lead goes out (issue 16: 大王 大王
    小王 小王 ♦2 passed an opponent's 4-card bomb and lost first place)."""
    best = None
    for p in plays:
        if p.reading.tier == 0:
            continue
        m, b = ctx.after(p)
        if m + b <= 1 and (best is None or (p.reading.tier, p.reading.key) < (best.reading.tier, best.reading.key)):
            best = p
    return best
