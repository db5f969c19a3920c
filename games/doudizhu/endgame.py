"""An exact Dou Dizhu endgame: who wins one world with every hand known (issue 16).

Used by the つよい CPU (:mod:`games.doudizhu.strong`) inside each determinized world: once
few cards are left, the world is solved instead of played out by the ふつう CPU.

Rules: seeds/001_9746b962cdb0cd4a.txt §15 (lead anything, follow with a higher play of the
same type or a bomb/rocket, a leader never passes, after two passes the last player leads
freely) and §16 (the hand ends when a seat plays its last card: the landlord alone, or
both peasants, win). Moves come from the engine's own generator
(:func:`games.doudizhu.legal.moves`); scores, bombs and springs do not matter here (the
value is who wins, as the search's ``value``).

A position is ``(hands, turn, prev, passes)``: ``hands`` three 15-long tuples of rank
counts (:mod:`games.doudizhu.combos`), ``turn`` the seat to move, ``prev`` the
:class:`~games.doudizhu.combos.Combo` to beat (``None``: a free lead) and ``passes`` the
passes made on it since (0 or 1). Both peasants play as one side (they see everything
here, as the landlord does). The search is a depth-first AND/OR search with a
transposition table, counted in nodes (never time): past ``limit`` nodes it gives up
(``None``), so the caller can fall back to a rollout. Deterministic: the move order is
fixed.
"""
from __future__ import annotations

from .combos import Combo, choose_reading, counts_of, readings
from .engine import RANK_OF
from .legal import moves


class _Limit(Exception):
    """The node limit was reached."""


def counts(ids) -> tuple:
    """The 15-long rank-count tuple of card ids."""
    c = [0] * 15
    for i in ids:
        c[RANK_OF[i]] += 1
    return tuple(c)


class Solver:
    """One solve (its table lives as long as the solver): ``Solver(landlord, limit)``,
    then :meth:`landlord_wins`. ``nodes`` counts the positions expanded so far."""

    def __init__(self, landlord: int, limit: int, side: bool | None = None, policy=None):
        self.landlord = landlord
        self.limit = limit
        self.nodes = 0
        self.calls = 0  # of the policy
        self.table: dict = {}
        # side (True: the landlord, False: the peasants) searches; the other side plays
        # policy(hands, turn, prev, passes, landlord) -> (combo, ranks) or None (a pass)
        self.side = side
        self.policy = policy

    def landlord_wins(self, hands: tuple, turn: int, prev: Combo | None, passes: int) -> bool | None:
        """Whether the landlord wins with best play by every seat from this position;
        ``None`` when ``limit`` nodes did not settle it."""
        try:
            return self._win(hands, turn, prev, passes)
        except _Limit:
            return None

    def _win(self, hands: tuple, turn: int, prev, passes: int) -> bool:
        key = (hands, turn, prev, passes)
        got = self.table.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Limit
        mine = self.landlord == turn  # the mover is the landlord: it wants True
        c = hands[turn]
        nxt = (turn + 1) % 3
        if self.policy is not None and mine != self.side:
            self.calls += 1
            move = self.policy(hands, turn, prev, passes, self.landlord)
            if move is None:
                v = self._after_pass(hands, nxt, prev, passes)
            elif len(move[1]) == sum(c):
                v = mine
            else:
                h = list(c)
                for r in move[1]:
                    h[r] -= 1
                v = self._win(hands[:turn] + (tuple(h),) + hands[turn + 1:], nxt, move[0], 0)
            self.table[key] = v
            return v
        n = sum(c)
        ms = moves(list(c), prev)
        for _cb, ranks in ms:
            if len(ranks) == n:  # goes out (§16)
                self.table[key] = mine
                return mine
        # the biggest plays first (they shorten the hand most), ordinary before bombs,
        # low keys first; a pass first when the trick is the partner's
        ms.sort(key=lambda m: (m[0].power, -len(m[1]), m[0].key))
        owner = (turn + 2 - passes) % 3 if prev is not None else None
        partner_trick = (prev is not None and not mine and owner != self.landlord)
        if partner_trick and self._after_pass(hands, nxt, prev, passes) == mine:
            self.table[key] = mine
            return mine
        for _cb, ranks in ms:
            h = list(c)
            for r in ranks:
                h[r] -= 1
            child = hands[:turn] + (tuple(h),) + hands[turn + 1:]
            if self._win(child, nxt, _cb, 0) == mine:
                self.table[key] = mine
                return mine
        if prev is not None and not partner_trick:
            if self._after_pass(hands, nxt, prev, passes) == mine:
                self.table[key] = mine
                return mine
        self.table[key] = not mine
        return not mine

    def _after_pass(self, hands, nxt, prev, passes) -> bool:
        if passes == 1:  # the second pass: the trick's owner (next) leads freely
            return self._win(hands, nxt, None, 0)
        return self._win(hands, nxt, prev, passes + 1)


#: Card ids of each rank (suits never matter, §4): a position's hands as ids.
_IDS = [[i for i in range(54) if RANK_OF[i] == r] for r in range(15)]
_FULL = (4,) * 13 + (1, 1)


def normal_policy(hands: tuple, turn: int, prev: Combo | None, passes: int, landlord: int):
    """The ふつう CPU's move (:func:`games.doudizhu.cpu.choose_normal`) at a position:
    ``(combo, ranks)`` or ``None`` for a pass. It is asked on a small state built from the
    position: the hands as ids, every other card played (what it reads of the history)."""
    from .cpu import choose_normal
    ids = [[i for r in range(15) for i in _IDS[r][:h[r]]] for h in hands]
    played = [i for r in range(15) for i in _IDS[r][:_FULL[r] - sum(h[r] for h in hands)]]
    trick = None
    if prev is not None:
        trick = {"seat": (turn + 2 - passes) % 3, "type": prev.type, "key": prev.key,
                 "size": prev.size}
    state = {"phase": "play", "turn": turn, "hands": ids, "landlord": landlord,
             "trick": trick, "history": [{"seat": turn, "cards": played}]}
    a = choose_normal(state, turn)
    if a["type"] == "pass":
        return None
    ranks = tuple(sorted(RANK_OF[i] for i in a["cards"]))
    return choose_reading(readings(counts_of(ranks)), prev), ranks


def position(state: dict) -> tuple:
    """``(hands, turn, prev, passes)`` of an engine state in the play phase."""
    t = state["trick"]
    prev = None if t is None else Combo(t["type"], t["key"], t["size"])
    hands = tuple(counts(h) for h in state["hands"])
    return hands, state["turn"], prev, state["passes"] if prev is not None else 0
