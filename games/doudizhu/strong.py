"""The つよい Dou Dizhu CPU: determinized sampling over the ふつう CPU (issue 16).

The search itself is :mod:`games.core.search`; this module says what it needs for Dou Dizhu:
the candidates (ふつう's play, a pass when following, then the planner's next best plays),
the worlds (the two other hands dealt again from the cards not yet seen, the kitty's cards
staying with the landlord: they were shown to all, seed 001 §2), and the value of a
finished hand (won or lost for this seat's side, §16). Bidding stays ふつう's.
"""
from __future__ import annotations

import random

from games.core import search
from games.core.engine import clone

from . import cpu
from .engine import DoudizhuEngine, pick_ids, trick_combo

#: Actions compared per decision, and the thinking budget (bench/cpu_arena.py: p99 ≤ 150 ms).
WIDTH = 4
BUDGET = search.Budget(samples=16, plies=360, horizon=120, margin=0.0)


class Adapter(search.Adapter):
    """Dou Dizhu for :func:`games.core.search.search` (play phase only)."""

    engine = DoudizhuEngine()

    def candidates(self, state: dict, seat: int) -> list[dict]:
        first = cpu.choose_normal(state, seat)
        prev = trick_combo(state)
        t = cpu._Table(state, seat)
        plays = [{"type": "play", "cards": pick_ids(t.hand, ranks)} for _, ranks in t.ranked(prev)]
        if prev is not None:
            plays.insert(0, {"type": "pass"})
        return search.ranked(plays, first, WIDTH)

    def determinize(self, state: dict, seat: int, rng: random.Random) -> dict:
        world = clone(state)
        landlord = state["landlord"]
        pinned = {landlord: state["kitty"]} if landlord is not None and landlord != seat else {}
        world["hands"] = search.deal_unseen(state["hands"], seat, rng, pinned)
        return world

    def finished(self, state: dict) -> bool:
        return state["phase"] != "play"

    def value(self, state: dict, seat: int) -> float:
        result = state.get("result")
        if state["phase"] == "play" or result is None:
            return 0.5
        return 1.0 if seat in result["winners"] else 0.0


ADAPTER = Adapter()


def choose(state: dict, seat: int) -> dict:
    """The つよい action for ``seat`` in the play phase (always legal)."""
    return search.search(ADAPTER, state, seat, BUDGET)
