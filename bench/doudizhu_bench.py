"""Dou Dizhu benchmark: prints figures, asserts nothing (not a test).

    python bench/doudizhu_bench.py [--hands 10000] [--games 200] [--seed 1]

1. Legal-play generation (free lead: every combination a hand can form) on the same
   random 17- and 20-card hands, side by side in one run: ours
   (:func:`games.doudizhu.legal.moves`), DouZero's ``MovesGener.gen_moves`` and RLCard's
   ``DoudizhuJudger.playable_cards_from_hand``. Each gets its native input, prepared
   outside the timing. The move counts differ a little because DouZero and RLCard follow
   other wing rules than seed 001. Target: ours ≥ 1.0× DouZero.
2. CPU decision time (``ENGINE.choose``) over CPU-only hands: p50, p99, max.
   Target p99 ≤ 20 ms.
3. Win rate of our CPU against random-legal and cheapest-legal players, as landlord (one
   CPU against two baseline peasants) and as peasants (two CPUs against a baseline
   landlord). Roles are forced: the chosen landlord bids 3 at its turn, others pass.
   Targets: ≥ 90 % against random, ≥ 60 % against cheapest.

RLCard and DouZero are optional (``pip install numpy rlcard`` and
``pip install --no-deps douzero``); without them the bench says so and prints our figures.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.doudizhu import ENGINE  # noqa: E402
from games.doudizhu.combos import counts_of  # noqa: E402
from games.doudizhu.legal import moves  # noqa: E402

# rank index (0 = 3 … 12 = 2, 13 = LJ, 14 = BJ) in the other libraries' notations
DOUZERO = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
RLCARD = "3456789TJQKA2BR"


def random_hands(n: int, seed: int) -> list[list[int]]:
    """``n`` rank lists, alternately 17 and 20 cards, from a shuffled 54-card deck."""
    rng = random.Random(seed)
    deck = [r for r in range(13) for _ in range(4)] + [13, 14]
    out = []
    for i in range(n):
        rng.shuffle(deck)
        out.append(sorted(deck[: 17 if i % 2 == 0 else 20]))
    return out


def bench_generation(hands) -> None:
    print(f"== legal-play generation, free lead, {len(hands)} hands (17 and 20 cards) ==")
    results = {}

    def ours():
        total = 0
        for h in hands:
            total += len(moves(counts_of(h)))
        return total

    t = time.perf_counter()
    n = ours()
    results["ours"] = (time.perf_counter() - t, n)

    try:
        from douzero.env.move_generator import MovesGener
    except ImportError as exc:
        print(f"DouZero not importable ({exc}); pip install --no-deps douzero (needs numpy)")
    else:
        dz_hands = [[DOUZERO[r] for r in h] for h in hands]
        t = time.perf_counter()
        n = sum(len(MovesGener(h).gen_moves()) for h in dz_hands)
        results["douzero"] = (time.perf_counter() - t, n)

    try:
        from rlcard.games.doudizhu.judger import DoudizhuJudger
    except ImportError as exc:
        print(f"RLCard not importable ({exc}); pip install numpy rlcard")
    else:
        rl_hands = ["".join(RLCARD[r] for r in h) for h in hands]
        t = time.perf_counter()
        n = sum(len(DoudizhuJudger.playable_cards_from_hand(h)) for h in rl_hands)
        results["rlcard"] = (time.perf_counter() - t, n)

    ours_rate = len(hands) / results["ours"][0]
    for name, (secs, count) in results.items():
        rate = len(hands) / secs
        print(f"{name:8s} {rate:10.0f} hands/s  {secs:7.2f} s  {count / len(hands):7.1f} plays/hand"
              + ("" if name == "ours" else f"   ours/{name} = {ours_rate / rate:.2f}x"))


def cheapest(state, seat):
    """Baseline: the first hint (the cheapest play; a pass only when nothing beats)."""
    return ENGINE.hint(state, seat)[0]["action"]


def random_legal(rng):
    def player(state, seat):
        return rng.choice(ENGINE.legal_actions(state, seat))
    return player


def play_hand(seed, landlord_seat, players):
    """One hand with a forced landlord; ``players[seat](state, seat)`` chooses plays.
    Returns (landlord won?, decision times of our CPU)."""
    state = ENGINE.new({}, seed)
    while state["phase"] == "bidding":
        seat = state["turn"]
        value = 3 if seat == landlord_seat else 0
        state, _ = ENGINE.apply(state, seat, {"type": "bid", "value": value})
    while not ENGINE.is_over(state):
        seat = state["turn"]
        state, _ = ENGINE.apply(state, seat, players[seat](state, seat))
    return state["result"]["winner"] == "landlord"


def bench_win_rates(games: int, seed: int) -> None:
    print(f"== win rate of our CPU, {games} hands each (roles forced) ==")
    ours = ENGINE.choose
    for name in ("random", "cheapest"):
        rng = random.Random(seed)
        base = cheapest if name == "cheapest" else random_legal(rng)
        ll_wins = pe_wins = 0
        for g in range(games):
            ll = g % 3
            players = [base] * 3
            players[ll] = ours
            ll_wins += play_hand(f"bench-{seed}-{g}", ll, players)
            players = [ours] * 3
            players[ll] = base
            pe_wins += not play_hand(f"bench-{seed}-{g}", ll, players)
        print(f"vs {name:8s}: as landlord {100 * ll_wins / games:5.1f} %   "
              f"as peasants {100 * pe_wins / games:5.1f} %")


def bench_decisions(games: int, seed: int) -> None:
    times = []
    for g in range(games):
        state = ENGINE.new({}, f"dec-{seed}-{g}")
        while not ENGINE.is_over(state):
            seat = state["turn"]
            t = time.perf_counter()
            action = ENGINE.choose(state, seat)
            times.append(time.perf_counter() - t)
            state, _ = ENGINE.apply(state, seat, action)
    times.sort()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"== CPU decision time, {len(times)} decisions in {games} hands ==")
    print(f"p50 {pick(0.5):.2f} ms   p99 {pick(0.99):.2f} ms   max {times[-1] * 1000:.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bench_generation(random_hands(args.hands, args.seed))
    if args.games > 0:
        bench_decisions(args.games, args.seed)
        bench_win_rates(args.games, args.seed)


if __name__ == "__main__":
    main()
