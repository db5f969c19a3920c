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

#: Actions compared per decision, and the thinking budget (bench/cpu_arena.py: p99 ≤ 150 ms):
#: work units are moves weighted by hand size (:meth:`Adapter.work`); a candidate 1.5
#: games behind the best is dropped from later worlds. Against ふつう on deals arena:0…199
#: (400 games): 57.5 % [50.6, 64.1] as landlord, 57.0 % [50.1, 63.7] as peasants, CPU p50
#: 58 ms, p99 125 ms (the earlier samples=16, plies=360 moves, no pruning: 54.5 % and
#: 52.5 %, p99 91 ms); against RLCard's rule agent (deals 0…99): 76 % and 87 % (earlier
#: 77 % and 82 %). Keeping ふつう's play below 8 worlds (min_worlds=8) did as well against
#: ふつう (55.5 % / 56.3 % on 400 deals) but worse against RLCard (70 % / 77 %).
WIDTH = 4
BUDGET = search.Budget(samples=32, plies=600, horizon=120, margin=0.0, prune=1.5)


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

    def work(self, state: dict) -> float:
        """A move costs the ふつう CPU about 0.05 ms + 0.01 ms a card in the mover's hand
        (CPU time of rollout moves by hand size): ``(5 + cards) / 15``, one unit for a
        ten-card hand."""
        return (5 + len(state["hands"][state["turn"]])) / 15

    def value(self, state: dict, seat: int) -> float:
        result = state.get("result")
        if state["phase"] == "play" or result is None:
            return 0.5
        return 1.0 if seat in result["winners"] else 0.0


ADAPTER = Adapter()


def choose(state: dict, seat: int) -> dict:
    """The つよい action for ``seat`` in the play phase (always legal)."""
    return search.search(ADAPTER, state, seat, BUDGET)
