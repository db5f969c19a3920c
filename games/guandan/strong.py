"""The つよい Guandan CPU: determinized sampling over the ふつう CPU (issue 16).

The search is :mod:`games.core.search`; here is what it needs for Guandan: the candidates
(ふつう's play, a pass when following, then the plays the ふつう CPU scores next best), the
worlds (the three other hands dealt again from the cards this seat has not seen, again
while a seat that passed on the table's play would not pass there), and the
value of a hand for this seat's team (its level rise or the other team's, §16). A hand
lasts about a hundred moves, too long to play out inside the budget, so the search runs
from the late middle of the hand (:data:`ENDGAME`), and a rollout stops once the hand's
winner is known (the first player out); one cut short by the horizon is judged by plays
still needed (:func:`games.guandan.cpu.moves`). Tribute and return stay ふつう's.
"""
from __future__ import annotations

from games.core import search

from . import cpu
from .engine import GuandanEngine
from .levels import partner, team_of

WIDTH = 3
#: Work units are moves weighted by hand size (:meth:`Adapter.work`); fewer than 3 worlds
#: keep ふつう's play, a candidate a whole hand behind the best is dropped; a world where a
#: seat that passed on the play now on the table would not have passed is dealt again (up
#: to 10 times; 19 % of uniform worlds contradict such a pass).
BUDGET = search.Budget(samples=16, plies=400, horizon=200, margin=0.05, prune=1.0, min_worlds=3,
                       redeals=10)
#: The search runs once this few cards are left in all hands together; before that つよい
#: plays as ふつう. Against ふつう (bench/cpu_arena.py, 400 hands a line; the arena's CPU
#: times are today's, on a machine where the ≤ 60 line measured p99 62 ms, not 135):
#:
#: - ≤ 80 cards, worlds dealt again against passes: 59.2 % [55.6, 62.9] on deals
#:   arena:0…199, 54.8 % [51.6, 57.9] on 200…399; CPU p99 81 / 79 ms;
#: - ≤ 80 cards, uniform worlds: 58.0 % [54.4, 61.6] (0…199), p99 67 ms; the same with
#:   plies=800, samples=32: 58.2 %, with WIDTH 4 and plies=600 (and passes): 58.8 %;
#: - the whole hand (≤ 108), uniform worlds: 57.8 %; with horizon 40 (cut-off rollouts
#:   judged by plays still needed) and passes: 57.5 %; worlds that also had to repeat the
#:   table's last play by ふつう (73 % of worlds contradict it): 58.5 %, p99 113 ms;
#: - ≤ 60 cards (the budget above without redeals): 56.5 % [53.3, 59.7] (0…199), 54.5 %
#:   [51.3, 57.7] (200…399); the earlier ≤ 24 cards, rollouts to the end of the hand,
#:   samples=8, plies=200: 51.3 % (0…199).
ENDGAME = 80


class Adapter(search.Adapter):
    """Guandan for :func:`games.core.search.search` (play phase only)."""

    engine = GuandanEngine()

    def candidates(self, state: dict, seat: int) -> list[dict]:
        first = cpu.choose_normal(self.engine, state, seat)
        level = cpu.engine_level(state)
        table = self.engine.table(state)
        plays = cpu.plays_of(state["hands"][seat], level, table)
        if table is not None and state["trick"]["last"]["seat"] == partner(seat):
            plays = [p for p in plays if len(p.cards) == len(state["hands"][seat])]
        ctx = cpu._Ctx(state, seat, level)
        key = table.key if table is not None and table.tier == 0 else None
        plays.sort(key=lambda p: (ctx.score(p, key), p.reading.tier, cpu._low(p), p.cards))
        actions = [cpu._act(p) for p in plays]
        if table is not None:
            actions.insert(0, {"type": "pass"})
        return search.ranked(actions, first, WIDTH)


    def consistent(self, world: dict, seat: int) -> bool:
        """The seats that passed on the play now on the table would pass in ``world``."""
        return search.passes_hold(self.engine, world, [p for p in world["trick"]["passed"] if p != seat])

    def finished(self, state: dict) -> bool:
        """The hand is settled, or its winner is known: the first player out (§16)."""
        return state["phase"] != "play" or bool(state["finished"])

    def work(self, state: dict) -> float:
        """A move costs the ふつう CPU about 0.15 ms + 0.025 ms a card in the hand of the
        seat to play (CPU time of rollout moves by hand size): ``(6 + cards) / 15``."""
        turn = state["turn"]
        return (6 + (len(state["hands"][turn]) if turn is not None else 0)) / 15

    def value(self, state: dict, seat: int) -> float:
        """0…1 for ``seat``'s team: a settled hand by its level rise (+3/+2/+1 for the
        winners, §16), an unsettled one by first place so far and plays still needed."""
        team = team_of(seat)
        if state["phase"] != "play":
            res = state["results"][-1]
            sign = 1 if res["winner_team"] == team else -1
            return 0.5 + sign * res["delta"] / 6
        fin = state["finished"]
        if fin:
            return 0.5 + (0.3 if team_of(fin[0]) == team else -0.3)
        need = [_turns(state, s) for s in range(4)]
        ours = min(need[s] for s in range(4) if team_of(s) == team)
        theirs = min(need[s] for s in range(4) if team_of(s) != team)
        return 0.5 + max(-0.25, min(0.25, 0.05 * (theirs - ours)))


def _turns(state: dict, seat: int) -> float:
    """Plays the seat's hand needs (bombs count half: they take tricks back)."""
    turns, bombs = cpu.moves(*cpu.rank_counts(state["hands"][seat], cpu.engine_level(state)))
    return turns + 0.5 * bombs


ADAPTER = Adapter()


def choose(state: dict, seat: int) -> dict:
    """The つよい action for ``seat`` in the play phase (always legal): the search in the
    endgame (:data:`ENDGAME`), ふつう's play before."""
    if sum(len(h) for h in state["hands"]) > ENDGAME:
        return cpu.choose_normal(ADAPTER.engine, state, seat)
    return search.search(ADAPTER, state, seat, BUDGET)
