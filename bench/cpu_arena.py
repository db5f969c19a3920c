"""CPU arena: the three levels against each other and against baselines (issue 16).

Not a test: it prints figures, each with its 95 % interval and the number of games.
Every deal is played mirrored (each side in each role on the same cards), and the interval
is taken over deals (a deal's games share their cards).

- Dou Dizhu: the landlord is the deal's first bidder (as in RLCard, whose seat 0 is always
  landlord; ``--bidding``: found by ふつう bidding instead), the same for every pairing of a
  deal; then A is landlord against B peasants and B landlord against A peasants. Figures:
  A's win rate as landlord and as peasants.
- Guandan: the first hand of a match (level 2, no tribute), A's team at seats 0+2 then at
  1+3. Figure: the share of hands A's team wins (its player goes out first, 000 §16).
- Daifugō (4 players, first game of a match): A at one seat and B at the other three, A
  taking every seat in turn. Figures: A's average points (3…0; fair share 1.5) and the
  foul finishes of each level.
- Decision time: p50 / p99 of each level's own-turn choices, per game.

Players: ``easy``, ``normal``, ``strong`` (our levels), ``random`` (a uniformly random
legal action), ``greedy`` (always plays when it can: the lowest answer, the biggest lead),
``rlcard`` (RLCard's DouDizhuRuleAgentV1, Dou Dizhu only; ``pip install -e .[bench]``).

Usage::

    nice -n 10 .venv/bin/python bench/cpu_arena.py doudizhu strong normal --deals 200
    nice -n 10 .venv/bin/python bench/cpu_arena.py doudizhu strong normal --deals 200 --role landlord
    nice -n 10 .venv/bin/python bench/cpu_arena.py daifugo normal normal --deals 250 --fouls
"""
from __future__ import annotations

import argparse
import functools
import math
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
print = functools.partial(print, flush=True)  # noqa: A001  (figures appear as they come)


def progress(d: int, first: int, deals: int) -> None:
    """A line on stderr every 10 deals (long runs under nice on a shared machine)."""
    if (d - first + 1) % 10 == 0:
        sys.stderr.write(f"  … {d - first + 1}/{deals} deals\n")
        sys.stderr.flush()

from games import get_engine  # noqa: E402
from games.core.engine import LEVELS  # noqa: E402

# --- statistics -----------------------------------------------------------------------------


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval over independent deals: Wilson's for wins and losses
    (values all 0 or 1), else the normal approximation."""
    n = len(values)
    mean = sum(values) / n
    if all(v in (0.0, 1.0) for v in values):
        z = 1.96
        centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return mean, centre - half, centre + half
    if n < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def pct(values: list[float]) -> str:
    m, lo, hi = interval(values)
    return f"{100 * m:5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


def quantiles(times: list[float]) -> str:
    if not times:
        return "no decisions"
    t = sorted(times)
    return (f"p50 {1000 * t[len(t) // 2]:.1f} ms  p99 {1000 * t[min(len(t) - 1, int(len(t) * 0.99))]:.1f} ms"
            f"  max {1000 * t[-1]:.1f} ms  ({len(t)} decisions)")


# --- players --------------------------------------------------------------------------------


class Player:
    """A seat's chooser: ``act(engine, state, seat) -> action``; times its own turns."""

    def __init__(self, name: str, game: str):
        self.name = name
        self.game = game
        self.times: list[float] = []  # CPU seconds of this thread (one core, whatever the load)
        self.walls: list[float] = []  # wall seconds (inflated when the machine is shared)
        self.rl = RLCardAgent() if name == "rlcard" else None

    def act(self, engine, state: dict, seat: int) -> dict:
        own = _own_turn(self.game, state, seat)
        t0, c0 = time.perf_counter(), time.thread_time()
        if self.name in LEVELS:
            action = engine.choose(state, seat, self.name)
        elif not own:  # exchanges, 7渡し choices, next hand: the ふつう CPU's
            action = engine.choose(state, seat)
        elif self.name == "random":
            rng = random.Random(f"{state.get('seed')}:{state.get('step')}:{seat}:random")
            action = rng.choice(engine.legal_actions(state, seat))
        elif self.name == "greedy":
            action = GREEDY[self.game](engine, state, seat)
        else:
            action = self.rl.act(state, seat)
        if own:
            self.times.append(time.thread_time() - c0)
            self.walls.append(time.perf_counter() - t0)
        return action

    def react(self, engine, state: dict, seat: int):
        if self.name in LEVELS:
            return engine.react(state, seat, self.name)
        return None  # the baselines never act out of turn


def _own_turn(game: str, state: dict, seat: int) -> bool:
    if state["phase"] != "play" or state.get("turn") != seat:
        return False
    return not (game == "daifugo" and (state["pending"] or state["window"]))


def _greedy_doudizhu(engine, state, seat):
    from games.doudizhu.engine import hand_counts, pick_ids, trick_combo
    from games.doudizhu.legal import moves
    hand = state["hands"][seat]
    prev = trick_combo(state)
    ms = moves(hand_counts(hand), prev)
    if not ms:
        return {"type": "pass"}
    if prev is None:
        cb, ranks = min(ms, key=lambda m: (m[0].power, -len(m[1]), m[0].key))
    else:
        cb, ranks = min(ms, key=lambda m: (m[0].power, m[0].key, -len(m[1])))
    return {"type": "play", "cards": pick_ids(hand, ranks)}


def _greedy_guandan(engine, state, seat):
    from games.guandan.cpu import _act, engine_level
    from games.guandan.legal import generate
    table = engine.table(state)
    plays = generate(state["hands"][seat], engine_level(state), table)
    if not plays:
        return {"type": "pass"}
    if table is None:
        return _act(min(plays, key=lambda p: (p.reading.tier, -len(p.cards), p.reading.key, p.cards)))
    return _act(min(plays, key=lambda p: (p.reading.tier, p.reading.key, p.cards)))


def _greedy_daifugo(engine, state, seat):
    from games.daifugo.cards import RANK, strength
    from games.daifugo.moves import reversed_order
    rev = reversed_order(state)
    plays = [a for a in engine.legal_actions(state, seat) if a["type"] == "play" and a["mode"] == "plain"]
    if not plays:
        return {"type": "pass"}

    def top(a):
        return max(strength(RANK[c], rev) for c in a["cards"])
    if state["field"] is None:
        return min(plays, key=lambda a: (-len(a["cards"]), top(a), a["cards"]))
    return min(plays, key=lambda a: (top(a), a["cards"]))


GREEDY = {"doudizhu": _greedy_doudizhu, "guandan": _greedy_guandan, "daifugo": _greedy_daifugo}


class RLCardAgent:
    """RLCard's DouDizhuRuleAgentV1 on our state: its raw observation (hand, trace,
    legal actions as rank strings) built from what the seat may see."""

    CHARS = "3456789TJQKA2BR"  # our rank indices 0…14 (LJ = B, BJ = R)

    def __init__(self):
        import numpy as np
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        self.np = np
        self.types = CARD_TYPE[0]
        self.agent = DouDizhuRuleAgentV1()

    def text(self, ids) -> str:
        from games.doudizhu.engine import RANK_OF
        return "".join(sorted((self.CHARS[RANK_OF[i]] for i in ids), key=self.CHARS.index))

    def act(self, state: dict, seat: int) -> dict:
        from games.doudizhu.engine import hand_counts, pick_ids, trick_combo
        from games.doudizhu.legal import moves
        hand = state["hands"][seat]
        prev = trick_combo(state)
        options = {}
        for _, ranks in moves(hand_counts(hand), prev):
            ids = pick_ids(hand, ranks)
            key = self.text(ids)
            if key in self.types:
                options[key] = ids
        actions = list(options) + (["pass"] if prev is not None else [])
        if not actions:  # nothing RLCard knows how to name: the ふつう CPU's play
            return get_engine("doudizhu").choose(state, seat)
        trace = [(h["seat"], "pass" if h.get("pass") else self.text(h["cards"])) for h in state["history"]]
        if prev is None and trace and not (len(trace) >= 3 and trace[-1][1] == trace[-2][1] == "pass"):
            trace += [(None, "pass"), (None, "pass")]  # a lead after the engine flushed
        self.np.random.seed(int(state["step"]) * 7 + seat)
        raw = {"current_hand": self.text(hand), "trace": trace, "actions": actions,
               "landlord": state["landlord"], "self": seat}
        choice = self.agent.step({"raw_obs": raw})
        if choice == "pass" or choice not in options:
            return {"type": "pass"} if prev is not None else {"type": "play", "cards": options[actions[0]]}
        return {"type": "play", "cards": options[choice]}


# --- matches --------------------------------------------------------------------------------


def play_hand(engine, state: dict, players: dict, done) -> tuple[dict, list]:
    """Play ``state`` on until ``done(state)``; ``players[seat]`` chooses for each seat.
    Returns the last state and every event."""
    log = []
    while not done(state):
        wanted = [(s, a) for s in engine.reactions(state)
                  if (a := players[s].react(engine, state, s)) is not None]
        if wanted:
            order = getattr(engine, "simultaneous", None)
            seat, action = (order(state, wanted) if order else wanted)[0]
        elif engine.actors(state):
            seat = engine.actors(state)[0]
            action = players[seat].act(engine, state, seat)
        else:
            seat, action = None, engine.window(state)["close"]
        state, events = engine.apply(state, seat, action)
        log.extend(events)
    return state, log


def doudizhu(a: Player, b: Player, deals: int, first: int, bidding: bool = False,
             roles: tuple = ("landlord", "peasants")) -> dict:
    """Without ``bidding`` the deal's first bidder becomes landlord at once (a bid of 3,
    §3), as in RLCard's game (its seat 0 is always the landlord): the landlord is a
    random seat, not the strongest hand."""
    engine = get_engine("doudizhu")
    normal = Player("normal", "doudizhu")
    landlord_wins, peasant_wins = [], []
    for d in range(first, first + deals):
        start = engine.new({}, f"arena:{d}")
        if not bidding:
            start, _ = engine.apply(start, start["turn"], {"type": "bid", "value": 3})
        start, _ = play_hand(engine, start, {s: normal for s in range(3)}, lambda s: s["phase"] != "bidding")
        if start["phase"] != "play":
            continue
        progress(d, first, deals)
        ll = start["landlord"]
        for role, out in (("landlord", landlord_wins), ("peasants", peasant_wins)):
            if role not in roles:
                continue
            players = {s: (a if (s == ll) == (role == "landlord") else b) for s in range(3)}
            end, _ = play_hand(engine, start, players, lambda s: s["phase"] != "play")
            won = end["result"]["winner"] == role
            out.append(1.0 if won else 0.0)
    return {"landlord": landlord_wins, "peasants": peasant_wins}


def guandan(a: Player, b: Player, deals: int, first: int) -> dict:
    engine = get_engine("guandan")
    wins, rises = [], []
    for d in range(first, first + deals):
        progress(d, first, deals)
        start = engine.new({}, f"arena:{d}")
        per_w, per_r = [], []
        for team in (0, 1):
            players = {s: (a if s % 2 == team else b) for s in range(4)}
            end, _ = play_hand(engine, start, players, lambda s: s["phase"] != "play")
            res = end["results"][-1]
            won = res["winner_team"] == team
            per_w.append(1.0 if won else 0.0)
            per_r.append(res["delta"] if won else -res["delta"])
        wins.append(sum(per_w) / 2)
        rises.append(sum(per_r) / 2)
    return {"hands": wins, "rise": rises}


def daifugo(a: Player, b: Player, deals: int, first: int, players_n: int = 4) -> dict:
    engine = get_engine("daifugo")
    points, fouls_a, fouls_b = [], 0, 0
    games = 0
    for d in range(first, first + deals):
        progress(d, first, deals)
        start = engine.new({"players": players_n}, f"arena:{d}")
        per = []
        for seat_a in range(players_n):
            players = {s: (a if s == seat_a else b) for s in range(players_n)}
            end, log = play_hand(engine, start, players, lambda s: s["phase"] == "over")
            games += 1
            per.append(players_n - 1 - end["places"].index(seat_a))
            for e in log:
                if e.get("type") == "foul":
                    if e["seat"] == seat_a:
                        fouls_a += 1
                    else:
                        fouls_b += 1
        points.append(sum(per) / players_n)
    return {"points": points, "games": games, "fouls_a": fouls_a, "fouls_b": fouls_b}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=("doudizhu", "guandan", "daifugo"))
    ap.add_argument("a", help="player A: easy normal strong random greedy rlcard")
    ap.add_argument("b", help="player B")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="first deal number (seeds arena:<n>)")
    ap.add_argument("--bidding", action="store_true", help="Dou Dizhu: the landlord by ふつう bidding")
    ap.add_argument("--role", choices=("both", "landlord", "peasants"), default="both",
                    help="Dou Dizhu: play A only in this role (both: the two games of a deal)")
    args = ap.parse_args(argv)
    a, b = Player(args.a, args.game), Player(args.b, args.game)
    t0 = time.perf_counter()
    print(f"{args.game}: A={args.a} vs B={args.b}, deals {args.first}…{args.first + args.deals - 1}")
    if args.game == "doudizhu":
        roles = ("landlord", "peasants") if args.role == "both" else (args.role,)
        r = doudizhu(a, b, args.deals, args.first, args.bidding, roles)
        print(f"  landlord: {'by ふつう bidding' if args.bidding else 'the first bidder (no bidding)'}")
        for role in roles:
            print(f"  A as {role}: {pct(r[role])}  ({len(r[role])} games)")
    elif args.game == "guandan":
        r = guandan(a, b, args.deals, args.first)
        m, lo, hi = interval(r["rise"])
        print(f"  A's team wins: {pct(r['hands'])}  ({2 * len(r['hands'])} hands, {len(r['hands'])} deals)")
        print(f"  A's level change a hand: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    else:
        r = daifugo(a, b, args.deals, args.first)
        m, lo, hi = interval(r["points"])
        print(f"  A's average points: {m:.3f} [{lo:.3f}, {hi:.3f}] = {m / 1.5:.2f}× fair share  "
              f"({r['games']} games, {len(r['points'])} deals)")
        print(f"  foul finishes: A {r['fouls_a']} in {r['games']} seat-games "
              f"({1000 * r['fouls_a'] / r['games']:.1f} per 1,000); B {r['fouls_b']} in {3 * r['games']} seat-games "
              f"({1000 * r['fouls_b'] / (3 * r['games']):.1f} per 1,000 seat-games, "
              f"{1000 * r['fouls_b'] / r['games']:.1f} per 1,000 games)")
    for p in (a, b) if args.a != args.b else (a,):
        print(f"  decision time {p.name}: CPU {quantiles(p.times)}; wall {quantiles(p.walls)}")
    print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
