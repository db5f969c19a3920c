"""The つよい Daifugō CPU: determinized sampling over the ふつう CPU (issue 16).

The search is :mod:`games.core.search`; here is what it needs for Daifugō: the candidates
(ふつう's action, a pass when following, then the plays the ふつう CPU ranks next — never a
foul finish or a play that leaves only foul cards), the worlds (the other hands dealt again
from the cards this seat has not seen, again while a seat that passed on the field's play
would not pass there), and the value of a game for this seat: its points (n−1 for first …
0 for last, seed 004 §4), fixed once it is out legitimately (the rollout stops there). A
rollout that stops earlier (the ``horizon``) is judged by the seat's place so far, or its
cards left against the others'.
Exchange, 7渡し / 10捨て choices and out-of-turn play stay ふつう's.
"""
from __future__ import annotations

from games.core import search

from . import cpu
from .engine import DaifugoEngine

WIDTH = 4
#: Rollouts play the game out, or until this seat is out (its place is then fixed; a game is
#: about a hundred moves: the horizon is a guard), so early in a game few worlds fit; a
#: candidate a point (a place) behind the best is dropped, and fewer than 4 worlds keep
#: ふつう's play; a world where a seat that passed on the field's play would not have
#: passed is dealt again (up to 10 times; 9 % of uniform worlds contradict such a pass).
#: Against three ふつう (bench/cpu_arena.py, 480 games a line, 120 deals; CPU p99 on one
#: core, two arenas sharing the two cores of the 2026-12-05 machine):
#:
#: - this budget (plies=1650, samples=128): 1.917 points [1.821, 2.012] = 1.28× fair share
#:   on deals 0…119, 1.946 [1.858, 2.034] = 1.30× on 120…239; CPU p50 34 ms, p99 133 ms;
#: - plies=1800, samples=128: 1.990 [1.902, 2.078] = 1.33× on 0…119, 1.952 [1.877, 2.027]
#:   = 1.30× on 120…239 and 1.933 [1.855, 2.012] = 1.29× on 240…359 (the last two fresh:
#:   chosen on 0…119); CPU p50 34–37 ms, p99 134–144 ms, and 158 ms in a single arena of
#:   40 deals (its memos colder): too near the 150 ms line to keep. The budget before
#:   (plies=600, samples=48), the same day: 1.856 = 1.24× (0…119) and 1.790 = 1.19×
#:   (120…239), p99 44–47 ms. Early in a game a world costs
#:   several hundred plies, so few worlds fitted before and the first decisions stayed
#:   ふつう's (fewer than :attr:`Budget.min_worlds`); plies=1200, samples=96: 1.837 =
#:   1.22×; plies=1500, samples=128: 1.853 = 1.24× (0…239); with min_worlds=3: 1.898 =
#:   1.27× (0…119) and 1.863 = 1.24× (120…239), p99 114–122 ms;
#: - the budget before, on the machine of 2026-11: 1.846 points [1.774, 1.918] = 1.23×
#:   fair share on deals 0…119, 1.798 [1.722, 1.874] = 1.20× on 120…239 (1.22× over
#:   both); CPU p99 85 / 91 ms;
#: - plies=800: 1.825 = 1.22× and 1.758 = 1.17×, p99 125 ms (too slow); samples=16,
#:   plies=800: 1.817 = 1.21× (0…119); samples=16, plies=600 without redeals (rollouts
#:   stopping at the seat's finish): 1.775 = 1.18×, p99 82 ms;
#: - tried, no better on 0…119 (plies=800): comparing 2 actions above 50 cards (1.831), a
#:   tie-break by the cards others still hold at the seat's finish (1.835), worlds that
#:   also had to repeat a lone lead by ふつう (1.825); comparing 6 moves (1.19×, earlier);
#: - the budget before (samples=16, plies=600, rollouts to the end): 1.81 [1.69, 1.94]
#:   = 1.21× (0…59), 1.72 [1.62, 1.82] = 1.14× (60…119), 1.733 [1.655, 1.812] = 1.16×
#:   (120…239; p99 92 ms); the earlier samples=8, plies=240, horizon=40: 0.94× and 1.11×.
BUDGET = search.Budget(samples=128, plies=1650, horizon=200, margin=0.0, prune=1.0, min_worlds=4,
                       redeals=10)


class Adapter(search.Adapter):
    """Daifugō for :func:`games.core.search.search` (the seat's own turn only)."""

    engine = DaifugoEngine()

    def candidates(self, state: dict, seat: int) -> list[dict]:
        first = cpu.choose_normal(self.engine, state, seat)
        plays = [cpu._play(state, seat, p) for cost, p in cpu.ranked_plays(self.engine, state, seat)
                 if cost < 300]
        if state["field"] is not None:
            plays.insert(0, {"type": "pass"})
        return search.ranked(plays, first, WIDTH)


    def consistent(self, world: dict, seat: int) -> bool:
        """The seats that passed on the play now on the field would pass in ``world``."""
        return search.passes_hold(self.engine, world, passed_since_play(world, seat))

    def finished(self, state: dict) -> bool:
        return state["phase"] == "over"

    def settled(self, state: dict, seat: int) -> bool:
        """The game is over, or ``seat`` is out legitimately: its place is then fixed
        (:meth:`value` gives it already) and the others' play-out would only spend plies."""
        return state["phase"] == "over" or seat in state["finished"]

    def work(self, state: dict) -> float:
        """A move costs the ふつう CPU about 0.10 ms + 0.015 ms a card in the hand of the
        seat to play (CPU time of rollout moves by hand size): ``(7 + cards) / 15``."""
        turn = state["turn"]
        return (7 + (len(state["hands"][turn]) if turn is not None else 0)) / 15

    def value(self, state: dict, seat: int) -> float:
        """The seat's points as a share of the most (0…1); before the end, its legitimate
        place so far, or how many live hands hold more cards than its own."""
        n = state["players"]
        if state["places"]:
            return (n - 1 - state["places"].index(seat)) / (n - 1)
        if seat in state["fouls"]:
            return 0.0
        if seat in state["finished"]:
            return (n - 1 - state["finished"].index(seat)) / (n - 1)
        mine = len(state["hands"][seat])
        live = [s for s in range(n) if s != seat and state["hands"][s]]
        below = sum(1 for s in live if len(state["hands"][s]) > mine) \
            + 0.5 * sum(1 for s in live if len(state["hands"][s]) == mine)
        return below / (n - 1)


def passed_since_play(state: dict, seat: int) -> list[int]:
    """Seats other than ``seat`` that passed after the play now on the field (the public
    log's events since its last play)."""
    out = []
    for e in reversed(state["log"]):
        if e["type"] == "play":
            return out
        if e["type"] == "pass" and e["seat"] != seat:
            out.append(e["seat"])
    return []  # the play fell out of the kept log: nothing known for sure


ADAPTER = Adapter()


def choose(state: dict, seat: int) -> dict:
    """The つよい action for ``seat`` on its own turn (always legal)."""
    return search.search(ADAPTER, state, seat, BUDGET)
