"""Daifugō engine benchmark (issue: foundation). Prints figures; not a test.

- legal-play generation for random 20-card hands with 0–4 jokers, leading and following a
  random field: p50 / p99 in ms (target p99 ≤ 1 ms);
- whole CPU games per second on one core for 4, 5 and 6 players (target ≥ 50/s for 4);
- size of a game state as JSON (bytes), at the deal and at its largest.

Times are this process's CPU time (time.process_time), so other load on the machine
inflates them less than wall time would.

Usage: .venv/bin/python bench/daifugo_bench.py [--hands 5000] [--games 200]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import step  # noqa: E402
from games.daifugo import ENGINE  # noqa: E402
from games.daifugo.cards import JOKER_IDS, N_CARDS  # noqa: E402
from games.daifugo.legal import legal_plays  # noqa: E402
from games.daifugo.plays import readings  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def random_hand(rng: random.Random) -> list[int]:
    jokers = rng.randint(0, 4)
    naturals = rng.sample([i for i in range(N_CARDS) if i not in JOKER_IDS], 20 - jokers)
    return naturals + list(JOKER_IDS[:jokers])


def random_field(rng: random.Random, hand: list[int]):
    rest = [i for i in range(N_CARDS) if i not in hand]
    for _ in range(50):
        size = rng.choice((1, 1, 2, 2, 3, 4))
        options = readings(tuple(rng.sample(rest, size)))
        if options:
            return options[0]
    return None


def bench_legal(n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for mode in ("leading", "following"):
        times, counts = [], []
        for _ in range(n):
            hand = random_hand(rng)
            field = None if mode == "leading" else random_field(rng, hand)
            t0 = time.process_time()
            plays = legal_plays(hand, field, rng.random() < 0.2, None)
            times.append((time.process_time() - t0) * 1000)
            counts.append(len(plays))
        print(f"legal plays ({mode:9s}, {n} hands of 20 with 0-4 jokers): "
              f"p50 {pct(times, .5):.3f} ms  p99 {pct(times, .99):.3f} ms  max {max(times):.3f} ms  "
              f"plays/hand mean {statistics.mean(counts):.0f} max {max(counts)}")


def bench_games(games: int) -> None:
    for players in (4, 5, 6):
        sizes, steps = [], 0
        t0 = time.process_time()
        for seed in range(games):
            state = ENGINE.new({"players": players}, seed)
            sizes.append(len(json.dumps(state)))
            while not ENGINE.is_over(state):
                state, _ = step(ENGINE, state)
                steps += 1
                if steps % 7 == 0:
                    sizes.append(len(json.dumps(state)))
        dt = time.process_time() - t0
        print(f"{players} players: {games / dt:.1f} whole CPU games/s on one core "
              f"({steps / games:.0f} actions/game, {steps / dt:.0f} actions/s); "
              f"state JSON {min(sizes)}–{max(sizes)} bytes")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    bench_legal(args.hands)
    bench_games(args.games)


if __name__ == "__main__":
    main()
