"""Determinized sampling: the つよい CPU of every game (issue 16).

A decision at ``(state, seat)`` is made by a game's :class:`Adapter`:

1. ``candidates``: a few actions worth comparing, the ふつう CPU's choice first;
2. ``samples`` times: deal the cards ``seat`` cannot see at random among the other hands,
   keeping every count and every card known to be in a hand (``determinize``; dealt again
   while it contradicts what the seat saw the others do: ``fit`` — a pass on the table in
   Guandan and Daifugō, the peasants' latest choices for a Dou Dizhu landlord — and
   ``Budget.redeals``); play each candidate in that same world, then let the ふつう CPU
   play every seat on (at most ``horizon`` moves, or until ``seat``'s result is
   ``settled``), and score the end for ``seat`` (``value``);
3. keep the candidate with the best average; ties — and a lead smaller than ``margin`` —
   keep the ふつう choice (the search must earn a change).

Nothing here reads a clock: the work is counted in moves (``plies``), so the same state,
seat and seed always give the same action on every machine. Speed (issue 16: p99 ≤ 150 ms a
decision on one core) is measured by ``bench/cpu_arena.py``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .engine import Action, Engine, State, clone, next_move
from .errors import IllegalAction


@dataclass(frozen=True)
class Budget:
    """How much a decision may think: ``samples`` worlds at most, ``plies`` moves played
    in all rollouts together at most (each weighted by :meth:`Adapter.work`: 1 a move by
    default) (a world is always finished for every candidate, and
    begun only when one as long as the last still fits),
    ``horizon`` moves per rollout, and the ``margin`` (in ``value`` units) a candidate must
    gain over the ふつう choice to replace it.

    ``prune`` (``value`` units summed over worlds; 0: never): a candidate whose total trails
    the best one's by more than this after a world is dropped from the later worlds, so the
    plies go to more worlds for the rest (the ふつう choice is never dropped).
    ``min_worlds``: fewer worlds than this (the budget ran out first, or worlds as long as
    the last one would not reach it in the plies left: the search stops there) keep the
    ふつう choice — a change needs evidence.
    ``redeals`` (0: never): a world that contradicts what the seat saw
    (:meth:`Adapter.fit`) is dealt again, up to this many times (the one that explains most
    is kept); each check counts what :meth:`Adapter.fit` says it cost."""

    samples: int = 12
    plies: float = 400
    horizon: int = 200
    margin: float = 0.0
    prune: float = 0.0
    min_worlds: int = 1
    redeals: int = 0


class Adapter:
    """What the search needs from one game; subclasses implement every method but
    :meth:`determinize`, whose default deals the unseen cards of ``state["hands"]``."""

    engine: Engine

    def candidates(self, state: State, seat: int) -> list[Action]:
        """Actions to compare, the ふつう choice first (one action: no search)."""
        raise NotImplementedError

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A private copy of ``state`` where what ``seat`` cannot see is drawn from ``rng``
        consistently with what it has seen (default: the other hands dealt anew from their
        own cards, each the same size; :func:`deal_unseen`)."""
        world = clone(state)
        world["hands"] = deal_unseen(state["hands"], seat, rng)
        return world

    def consistent(self, world: State, seat: int) -> bool:
        """Whether ``world`` agrees with what ``seat`` saw the others do (default: always;
        see :func:`passes_hold`). Only asked when :attr:`Budget.redeals` is set, through
        :meth:`fit`."""
        return True

    def fit(self, world: State, seat: int) -> tuple[bool, int, float]:
        """How well ``world`` explains what ``seat`` saw the others do: ``(whole, score,
        cost)`` — whether nothing contradicts it, how much of it is explained when something
        does (higher is better; 0: nothing), and what asking cost in :attr:`Budget.plies`
        units. Default: :meth:`consistent`, all or nothing, one unit. Only asked when
        :attr:`Budget.redeals` is set."""
        return self.consistent(world, seat), 0, 1.0

    def finished(self, state: State) -> bool:
        """The rollout ends here (the hand or game is settled)."""
        raise NotImplementedError

    def settled(self, state: State, seat: int) -> bool:
        """``seat``'s value can no longer change: its rollout may stop here (default:
        :meth:`finished`; a game where a seat's result is fixed before the end says so,
        and the plies left buy more worlds)."""
        return self.finished(state)

    def value(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (higher is better), finished or not."""
        raise NotImplementedError

    def work(self, state: State) -> float:
        """What the next rollout move costs, in :attr:`Budget.plies` units: 1 (one move)
        by default; a game whose moves cost more with bigger hands weighs them so (the
        budget then buys more moves late in a hand, where they are cheap)."""
        return 1.0


def deal_unseen(hands: list[list[int]], seat: int, rng: random.Random,
                pinned: dict[int, list[int]] | None = None) -> list[list[int]]:
    """New hands: ``seat``'s own hand as it is, every other hand the same size, drawn from
    the pool of all other hands' cards; ``pinned[s]`` are cards known to be in hand ``s``
    (they stay there). Card order inside a hand is sorted."""
    pinned = pinned or {}
    keep = {s: [c for c in pinned.get(s, ()) if c in set(h)] for s, h in enumerate(hands)}
    pool = []
    for s, h in enumerate(hands):
        if s == seat:
            continue
        kept = set(keep[s])
        pool.extend(c for c in h if c not in kept)
    pool.sort()
    rng.shuffle(pool)
    out = []
    for s, h in enumerate(hands):
        if s == seat:
            out.append(list(h))
            continue
        need = len(h) - len(keep[s])
        out.append(sorted(keep[s] + pool[:need]))
        pool = pool[need:]
    return out


def passes_hold(engine: Engine, world: State, passers: list[int]) -> bool:
    """Whether the ふつう CPU, holding ``world``'s hands, passes at each of ``passers`` as
    they did on the play now on the table (asked as if it were their turn now: they passed
    since that play, so their hands and everything their choice reads are as now; the
    opponents are ふつう in the arena, and a likely model of people elsewhere)."""
    turn = world["turn"]
    try:
        for p in passers:
            world["turn"] = p
            if engine.choose(world, p)["type"] != "pass":
                return False
        return True
    finally:
        world["turn"] = turn


def deal_world(adapter: Adapter, state: State, seat: int, rng: random.Random,
               redeals: int) -> tuple[State, float]:
    """A world from :meth:`Adapter.determinize`, dealt again (up to ``redeals`` times)
    while :meth:`Adapter.fit` finds it contradicts what the seat saw; and what the checks
    cost (plies). When no world checked is whole, the one that explains most is kept
    (the first of equals), or the last one dealt if none explains anything."""
    world = adapter.determinize(state, seat, rng)
    best, best_score, cost = world, 0, 0.0
    for _ in range(redeals):
        whole, score, spent = adapter.fit(world, seat)
        cost += spent
        if whole:
            return world, cost
        if score > best_score:
            best, best_score = world, score
        world = adapter.determinize(state, seat, rng)
    return (best if best_score else world), cost


def rng_for(state: State, seat: int) -> random.Random:
    """The search's own random draws for one decision: from the game's seed, its step and
    the seat (never the game's ``rng_n``: searching changes nothing in the state)."""
    return random.Random(f"{state.get('seed')}:{state.get('step', 0)}:{seat}:search")


def advance(engine: Engine, state: State) -> None:
    """One ふつう move of whoever acts next, applied in place on a private ``state``."""
    seat, action = next_move(engine, state)
    engine._apply(state, seat, action, [])
    state["step"] = state.get("step", 0) + 1


def rollout(adapter: Adapter, state: State, seat: int, horizon: int) -> tuple[float, float]:
    """Play ``state`` (private, changed in place) on with the ふつう CPU for at most
    ``horizon`` moves; ``(value for seat, work done)``, the work being the sum of
    :meth:`Adapter.work` over the moves played (their number by default). A refused move
    (a CPU bug) ends the rollout where it stands."""
    n = 0
    work = 0.0
    try:
        while n < horizon and not adapter.settled(state, seat):
            work += adapter.work(state)
            advance(adapter.engine, state)
            n += 1
    except (IllegalAction, RuntimeError):
        pass
    return adapter.value(state, seat), work


def search(adapter: Adapter, state: State, seat: int, budget: Budget) -> Action:
    """The candidate with the best average rollout value over determinized worlds (see the
    module doc and :class:`Budget` for pruning). Deterministic for a state and seat."""
    cands = adapter.candidates(state, seat)
    if len(cands) <= 1:
        return cands[0]
    rng = rng_for(state, seat)
    totals = [0.0] * len(cands)
    alive = list(range(len(cands)))
    used = worlds = last = 0
    # a world is finished for every live candidate, so one starts only when a world as
    # long as the last one still fits in the budget (the first world always runs)
    while worlds < budget.samples and len(alive) > 1 and (worlds == 0 or used + last <= budget.plies):
        before = used
        world, checked = deal_world(adapter, state, seat, rng, budget.redeals)
        used += checked
        for i in alive:
            s = clone(world)
            try:
                adapter.engine._apply(s, seat, cands[i], [])
            except IllegalAction:  # not legal in this world (cannot happen for own cards)
                totals[i] = float("-inf")
                continue
            s["step"] = s.get("step", 0) + 1
            v, work = rollout(adapter, s, seat, budget.horizon)
            totals[i] += v
            used += work + 1  # the candidate itself counts one move
            if used > budget.plies and worlds + 1 < budget.min_worlds:
                return cands[0]  # this world is the last one and too few were seen
        worlds += 1
        last = used - before
        if budget.prune:
            top = max(totals[i] for i in alive)
            alive = [i for i in alive if i == 0 or totals[i] >= top - budget.prune]
        if worlds + (budget.plies - used) // max(1.0, last) < budget.min_worlds:
            return cands[0]  # worlds as long as this one could not reach min_worlds
    if worlds < budget.min_worlds:
        return cands[0]
    best = max(alive, key=lambda i: (totals[i], -i))
    if totals[best] - totals[0] <= budget.margin * worlds:
        return cands[0]
    return cands[best]


def ranked(actions: list[Action], first: Action, limit: int) -> list[Action]:
    """``first`` then the other ``actions`` in their order, without repeats, at most
    ``limit`` in all."""
    out = [first]
    for a in actions:
        if len(out) >= limit:
            break
        if a != first and a not in out:
            out.append(a)
    return out


def first_of(hints: list[dict], best: Action) -> list[dict]:
    """``hints`` (``{"action", …}`` dicts) with ``best`` first (issue 16: the hint shows
    the つよい CPU's action first); the rest keep their order. The order of the cards in
    an action does not matter."""
    def same(h: dict) -> bool:
        a = h["action"]
        return a["type"] == best["type"] and sorted(a.get("cards", [])) == sorted(best.get("cards", []))
    return sorted(hints, key=lambda h: not same(h))
