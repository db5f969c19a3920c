"""The つよい Dou Dizhu CPU: determinized sampling over the ふつう CPU (issue 16).

The search itself is :mod:`games.core.search`; this module says what it needs for Dou Dizhu:
the candidates (ふつう's play, a pass when following, then the planner's next best plays),
the worlds (the two other hands dealt again from the cards not yet seen, the kitty's cards
staying with the landlord: they were shown to all, seed 001 §2; for the landlord, dealt
again while the peasants holding them would not have made their latest choices this hand
as the ふつう CPU: :meth:`Adapter.fit`), and the value of a finished hand (won or lost for
this seat's side, §16). Bidding stays ふつう's.
"""
from __future__ import annotations

import random

from games.core import search
from games.core.engine import clone

from . import cpu
from .combos import choose_reading, readings
from .engine import RANK_OF, DoudizhuEngine, hand_counts, pick_ids, trick_combo

#: Actions compared per decision, and the thinking budget (bench/cpu_arena.py: p99 ≤ 150 ms):
#: work units are moves weighted by hand size (:meth:`Adapter.work`); a candidate 1.5
#: games behind the best is dropped from later worlds; the landlord's worlds are dealt
#: again (up to 10 times, each choice asked costing a ply) until they explain the
#: peasants' latest :data:`EXPLAIN` choices (true hands always do; about 1 uniform world
#: in 10 explains them all), else the one explaining most is kept.
#:
#: This budget (bench/cpu_arena.py, 1,000 deals = 1,000 games a line, 2026-12-05, two
#: arenas sharing the machine's two cores): as landlord against ふつう's peasants 58.5 %
#: [55.4, 61.5] on deals arena:0…999 and 57.0 % [53.9, 60.0] on 1000…1999, against 52.8 %
#: and 52.2 % for the budget before (plies=600, samples=32, no worlds checked); CPU p50
#: 36 ms, p99 101–106 ms. Tried on the same deals (0…999 / 1000…1999):
#:
#: - plies=1000: 60.8 % [57.7, 63.8] / 57.2 % [54.1, 60.2], as peasants 65.2 % [62.2, 68.1]
#:   (0…999); against RLCard's rule agent 88.5 % [85.0, 91.3] as landlord, 84.5 % [80.6,
#:   87.7] as peasants (0…399); CPU p99 123 ms over 1,000 deals but 160 ms over 300 (the
#:   planner's memo is colder): too near the 150 ms line to keep;
#: - plies=1000 with 20 deals a world: 58.6 % / 59.9 %, p99 172–174 ms;
#: - with the budget before (0…999): worlds checked against all the peasants' choices 57.5 %
#:   (p99 175 ms, checks not charged), the latest 6: 58.4 %, the latest 4: 57.2 %; charged a
#:   ply a choice: 57.8 % (p99 80 ms);
#: - the peasants' worlds checked against the landlord's latest 6 choices too (plies=1000):
#:   70.8 % [67.9, 73.5] as peasants, but p99 324 ms (a choice made with 20 cards costs the
#:   planner most): not kept.
#:
#: Before (plies=600, samples=32): measured again with the ふつう of 2026-11
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
#:
#: Tried later as landlord only (bench/cpu_arena.py --role landlord; this budget measured
#: 55.0 % [48.1, 61.7] on 0…199 and 60.0 % [53.1, 66.5] on 1000…1199 alongside, CPU p99
#: 74–90 ms), none kept (the code is in commit 884de07, games/doudizhu/endgame.py):
#:
#: - exact endgames: a world with every hand known solved by an AND/OR search (landlord vs
#:   both peasants, legal.moves, a transposition table, a node limit falling back to the
#:   rollout) in every rollout once ≤ 20 cards are left (2,000 nodes): 53.5 % [46.6, 60.3]
#:   on 0…199, 52.0 % [45.1, 58.8] on 1000…1199, p99 122–124 ms; ≤ 12 cards: 52.5 %;
#:   solved wins only (a solved loss played on by ふつう): 53.0 %; our side solving against
#:   ふつう's moves (≤ 25 cards, 1,500 nodes): 48.0 % [41.2, 54.9], p99 283 ms; solved
#:   only at the decision's own position (≤ 20 cards, 8 candidates, 3,000 nodes): 55.5 %
#:   [48.6, 62.2] and 58.0 % [51.1, 64.6], p99 96–117 ms. A solve plays our seat knowing
#:   the sampled hands (clairvoyant); ふつう's rollouts judge a move as it will be played;
#: - one candidate per combination type and key (the best kicker only; 6 % of decisions
#:   had two): 54.0 %; the cheapest bomb or rocket added when following: 55.0 %;
#:   horizon 30, a cut rollout judged by plays still needed (0.1 a play): 52.5 %; ふつう's
#:   play until 45 cards are left, the search after: 51.5 % (the early search pays); a
#:   finished rollout valued by its margin too (a win 1 + 0.2 × the losers' fewest cards
#:   left / 20, a loss − as much): 51.5 % and 60.0 %.
WIDTH = 4
BUDGET = search.Budget(samples=48, plies=800, horizon=120, margin=0.0, prune=1.5, redeals=10)
#: The landlord's worlds must explain this many of the peasants' latest choices this hand.
EXPLAIN = 6


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

    def fit(self, world: dict, seat: int) -> tuple[bool, int, float]:
        """For the landlord: how many of the peasants' latest :data:`EXPLAIN` choices this
        hand (plays and passes) the ふつう CPU would have made holding ``world``'s hands,
        counted from the latest to the first it would not have made; each choice asked
        costs one ply. A peasant's worlds are all whole (its partner may be a person or
        a つよい CPU, whose choices ふつう does not model)."""
        if seat != world["landlord"]:
            return True, 0, 0.0
        points = choice_points(world, seat, EXPLAIN)
        n = explained(points)
        return n == len(points), n, float(min(n + 1, len(points)))

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


def choice_points(state: dict, seat: int, limit: int | None = None) -> list[tuple[dict, int, tuple | None]]:
    """The other seats' choices this hand, latest first (the latest ``limit`` only, when
    given: the others' views are not built), as ``(what the chooser saw, its seat, the ranks
    it played or None for a pass)``: ``state``'s hands with what each seat has played since
    put back, the play it answered and the history before it (all that
    :func:`cpu.choose_normal` reads; §15: two passes in a row clear the trick)."""
    hist = state["history"]
    hands = [list(h) for h in state["hands"]]
    for h in hist:
        hands[h["seat"]].extend(h.get("cards", ()))
    theirs = [i for i, h in enumerate(hist) if h["seat"] != seat]
    wanted = set(theirs if limit is None else theirs[-limit:] if limit else ())
    points = []
    trick, passes = None, 0
    for i, h in enumerate(hist):
        who = h["seat"]
        if i in wanted:
            seen = {"phase": "play", "turn": who, "landlord": state["landlord"], "trick": trick,
                    "history": hist[:i], "hands": [list(x) for x in hands]}
            points.append((seen, who, None if h.get("pass") else _ranks(h["cards"])))
        if h.get("pass"):
            passes += 1
            if passes == 2:
                trick, passes = None, 0
            continue
        combo = choose_reading(readings(hand_counts(h["cards"])), trick_combo({"trick": trick}))
        trick = {"seat": who, "cards": h["cards"], "type": combo.type, "key": combo.key,
                 "size": combo.size}
        passes = 0
        played = set(h["cards"])
        hands[who] = [c for c in hands[who] if c not in played]
    points.reverse()
    return points


def explained(points: list[tuple[dict, int, tuple | None]]) -> int:
    """How many of ``points`` (:func:`choice_points`) the ふつう CPU would have made as
    they were made, counted in order up to the first it would not have made."""
    for n, (seen, who, ranks) in enumerate(points):
        action = cpu.choose_normal(seen, who)
        if (None if action["type"] == "pass" else _ranks(action["cards"])) != ranks:
            return n
    return len(points)


def _ranks(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(RANK_OF[c] for c in cards))
