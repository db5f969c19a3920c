"""Guandan engine figures (not a test): ``python bench/guandan_bench.py [--quick]``.

Prints p50/p99 of all readings + legal plays for 27-card hands holding both wilds
(target p99 ≤ 10 ms), CPU decision time p50/p99 (target p99 ≤ 50 ms), whole CPU hands per
second, and the hand win rate of a CPU team against a team playing a random legal action
(target ≥ 90%) and against a team always playing the cheapest legal play (target ≥ 60%).
Deterministic seeds; timings use ``time.perf_counter`` (the bench, not the engine).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.guandan import ENGINE  # noqa: E402
from games.guandan.cards import DECK, RANK  # noqa: E402
from games.guandan.combos import classify  # noqa: E402
from games.guandan.legal import generate  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def wild_hands(n, level, seed=7):
    """``n`` random 27-card hands that hold both heart level wilds."""
    rnd = random.Random(seed)
    wilds = [c.id for c in DECK.cards if c.suit == "H" and RANK[c.id] == level]
    rest = [i for i in range(len(DECK)) if i not in wilds]
    return [sorted(wilds + rnd.sample(rest, 25)) for _ in range(n)]


def bench_legal(n):
    """Per hand: generate every legal lead (each wild reading is its own play), then also
    re-classify every listed play from its cards (all readings of each)."""
    level = 5
    times, both, counts = [], [], []
    for hand in wild_hands(n, level):
        t = time.perf_counter()
        plays = generate(hand, level, None)
        t1 = time.perf_counter()
        for p in plays:
            classify(p.cards, level)
        t2 = time.perf_counter()
        times.append(t1 - t)
        both.append(t2 - t)
        counts.append(len(plays))
    return times, both, counts


def policy_random(rnd):
    def pick(state, seat):
        return rnd.choice(ENGINE.legal_actions(state, seat))
    return pick


def policy_cheapest(state, seat):
    if state["phase"] == "play":
        return ENGINE.legal_actions(state, seat)[0]  # cheapest play, or the only pass
    return ENGINE.choose(state, seat)


def arena(opponent, hands, seed, cpu_times=None):
    """Play ``hands`` hands (successive matches); the CPU team alternates between the two
    teams every match. Returns (CPU hands won, hands played)."""
    won = played = 0
    m = 0
    while played < hands:
        cpu_team = m % 2
        state = ENGINE.new({}, f"{seed}:{m}")
        m += 1
        while not ENGINE.is_over(state) and played < hands:
            seat = ENGINE.actors(state)[0]
            if state["phase"] == "hand_over" or seat % 2 == cpu_team:
                t = time.perf_counter()
                act = ENGINE.choose(state, seat)
                if cpu_times is not None and state["phase"] == "play":
                    cpu_times.append(time.perf_counter() - t)
            else:
                act = opponent(state, seat)
            state, events = ENGINE.apply(state, seat, act)
            for e in events:
                if e["type"] == "hand_over":
                    played += 1
                    won += e["winner_team"] == cpu_team
    return won, played


def self_play_rate(seconds):
    hands = 0
    t0 = time.perf_counter()
    m = 0
    times = []
    while time.perf_counter() - t0 < seconds:
        state = ENGINE.new({}, f"self:{m}")
        m += 1
        while not ENGINE.is_over(state) and time.perf_counter() - t0 < seconds:
            seat = ENGINE.actors(state)[0]
            t = time.perf_counter()
            act = ENGINE.choose(state, seat)
            if state["phase"] == "play":
                times.append(time.perf_counter() - t)
            state, events = ENGINE.apply(state, seat, act)
            hands += sum(e["type"] == "hand_over" for e in events)
    return hands / (time.perf_counter() - t0), times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller samples")
    ap.add_argument("--hands", type=int, default=None, help="hands per arena")
    args = ap.parse_args()
    n_hands = args.hands or (60 if args.quick else 300)
    times, both, counts = bench_legal(100 if args.quick else 500)
    print(f"legal plays with every wild reading, 27 cards incl. 2 wilds: p50 {pct(times, .5)*1e3:.2f} ms  "
          f"p99 {pct(times, .99)*1e3:.2f} ms  (plays per hand p50 {pct(counts, .5)}, max {max(counts)})")
    print(f"  same + classify() of every listed play: p50 {pct(both, .5)*1e3:.2f} ms  "
          f"p99 {pct(both, .99)*1e3:.2f} ms")
    rate, cpu_times = self_play_rate(5 if args.quick else 15)
    print(f"CPU decision: p50 {pct(cpu_times, .5)*1e3:.2f} ms  p99 {pct(cpu_times, .99)*1e3:.2f} ms  "
          f"max {max(cpu_times)*1e3:.1f} ms ({len(cpu_times)} decisions)")
    print(f"whole CPU hands per second: {rate:.1f}")
    w, n = arena(policy_random(random.Random(1)), n_hands, "rnd")
    print(f"CPU team vs random legal play: {w}/{n} hands = {100*w/n:.1f}%")
    w, n = arena(policy_cheapest, n_hands, "cheap")
    print(f"CPU team vs cheapest legal play: {w}/{n} hands = {100*w/n:.1f}%")


if __name__ == "__main__":
    main()
