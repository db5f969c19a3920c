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

from . import cpu, endgame
from .engine import DoudizhuEngine, hand_counts, pick_ids, trick_combo

#: Actions compared per decision, and the thinking budget (bench/cpu_arena.py: p99 ≤ 150 ms):
#: work units are moves weighted by hand size (:meth:`Adapter.work`); a candidate 1.5
#: games behind the best is dropped from later worlds. Measured again with today's ふつう
#: (bench/cpu_arena.py, 200 deals = 200 games a role, a shared 2-core machine under load):
#: against ふつう on deals arena:0…199, 55.0 % [48.1, 61.7] as landlord, 65.5 % [58.7, 71.7]
#: as peasants; on 1000…1199, 60.0 % [53.1, 66.5] and 64.5 % [57.7, 70.8]; against
#: RLCard's rule agent (0…199), 85.5 % [80.0, 89.7] and 84.0 % [78.3, 88.4]; CPU p50 36 ms,
#: p99 87–88 ms. (Earlier, with the ふつう of then: 57.5 % / 57.0 % on 0…199, p99 125 ms;
#: samples=16, plies=360, no pruning: 54.5 % / 52.5 %; min_worlds=8: as well against ふつう,
#: worse against RLCard, 70 % / 77 %.)
#:
#: Tried, none a gain within the budget (as landlord / as peasants against ふつう, CPU p99
#: in the same conditions; not kept):
#:
#: - worlds dealt again (up to 10 times) until ふつう holding them would have made each
#:   other seat's latest 3 choices (plays and passes, hands rebuilt from the cards played
#:   since; true hands always explain them, 80 % of uniform worlds do not): 54.5 % / 71.0 %
#:   on 0…199 but p99 271 ms (a choice made with 17–20 cards costs ふつう's planner up to
#:   130 ms on a new hand); only choices made with ≤ 15 cards, at most 50 checks a
#:   decision: 54.0 % / 65.5 %, p99 108 ms; all choices with ≤ 17 cards, 150 checks:
#:   55.0 % / 62.5 %, p99 136 ms;
#: - a uniform world mended by swapping single cards between the two other hands while it
#:   explains at least as many of the latest 4 choices a seat (≤ 20 swaps a world, ≤ 100
#:   checks a decision; up to 82 % of worlds then explain them all): 56.0 % / 68.5 % on 0…199,
#:   but 59.0 % / 58.5 % on 1000…1199 (paired with the above: −1.0 ± 5.9 and −6.0 ± 6.0
#:   points), p99 128–130 ms;
#: - plies=900, samples=48: 56.5 % / 64.5 % on 0…199, 61.5 % / 64.0 % on 1000…1199
#:   (paired: +1.5 ± 5.5 and −0.5 ± 5.1 points), p99 130–143 ms.
WIDTH = 4
#: Exact endgames (:mod:`games.doudizhu.endgame`): a world with at most ``EXACT_CARDS``
#: cards left in the three hands is solved, at most ``EXACT_NODES`` positions a try (one
#: node costs about 7 µs: ``NODE_WORK`` work units), else played on by ふつう.
EXACT_CARDS = 20
EXACT_NODES = 2000
NODE_WORK = 0.13
ONLY_WINS = False
EXACT_MODE = "minimax"
CALL_WORK = 1.0
ENDGAME_WIDTH = 4
EXACT_MOVES = 1 << 30
BOMB_CANDIDATE = False
DIVERSE = False
CUT_SLOPE = 0.0
SEARCH_CARDS = 54
BUDGET = search.Budget(samples=32, plies=600, horizon=120, margin=0.0, prune=1.5)


class Adapter(search.Adapter):
    """Dou Dizhu for :func:`games.core.search.search` (play phase only)."""

    engine = DoudizhuEngine()

    def candidates(self, state: dict, seat: int) -> list[dict]:
        first = cpu.choose_normal(state, seat)
        prev = trick_combo(state)
        t = cpu._Table(state, seat)
        rows = t.ranked(prev)
        if DIVERSE:  # one play per (type, key): the best kicker of a trio, not four of them
            seen, kept = set(), []
            for cb, ranks in rows:
                if (cb.type, cb.key, cb.size) not in seen:
                    seen.add((cb.type, cb.key, cb.size))
                    kept.append((cb, ranks))
            rows = kept
        plays = [{"type": "play", "cards": pick_ids(t.hand, ranks)} for _, ranks in rows]
        if prev is not None:
            plays.insert(0, {"type": "pass"})
        small = sum(len(h) for h in state["hands"]) <= EXACT_CARDS
        out = search.ranked(plays, first, ENDGAME_WIDTH if small else WIDTH)
        if BOMB_CANDIDATE and prev is not None:
            power = [{"type": "play", "cards": pick_ids(t.hand, ranks)}
                     for cb, ranks in t.ranked(prev) if cb.power]
            if power and power[0] not in out:
                out.append(power[0])
        return out

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

    @property
    def exact_moves(self) -> int:
        return EXACT_MOVES

    def exact(self, state: dict, seat: int) -> tuple[float | None, float]:
        """The world solved exactly (:mod:`.endgame`) once at most :data:`EXACT_CARDS`
        cards are left; ``None`` past :data:`EXACT_NODES` nodes."""
        if state["phase"] != "play" or sum(len(h) for h in state["hands"]) > EXACT_CARDS:
            return None, 0.0
        if EXACT_MODE == "policy":
            solver = endgame.Solver(state["landlord"], EXACT_NODES, seat == state["landlord"],
                                    endgame.normal_policy)
        else:
            solver = endgame.Solver(state["landlord"], EXACT_NODES)
        won = solver.landlord_wins(*endgame.position(state))
        work = NODE_WORK * solver.nodes + CALL_WORK * solver.calls
        if won is None or (ONLY_WINS and won != (seat == state["landlord"])):
            return None, work
        return (1.0 if won == (seat == state["landlord"]) else 0.0), work

    def value(self, state: dict, seat: int) -> float:
        result = state.get("result")
        if state["phase"] == "play" and CUT_SLOPE:
            # cut by the horizon: plays still needed (ふつう's planner), landlord vs the
            # nearer peasant
            ll = state["landlord"]
            need = [cpu.plan(hand_counts(h))[0] for h in state["hands"]]
            lead = min(need[s] for s in range(3) if s != ll) - need[ll]
            v = 0.5 + max(-0.45, min(0.45, CUT_SLOPE * lead))
            return v if seat == ll else 1.0 - v
        if state["phase"] == "play" or result is None:
            return 0.5
        return 1.0 if seat in result["winners"] else 0.0


ADAPTER = Adapter()


def choose(state: dict, seat: int) -> dict:
    """The つよい action for ``seat`` in the play phase (always legal)."""
    if sum(len(h) for h in state["hands"]) > SEARCH_CARDS:
        return cpu.choose_normal(state, seat)
    return search.search(ADAPTER, state, seat, BUDGET)
