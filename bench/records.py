"""Hand records and replays (issue 17): what recording costs and what a replay costs.

Not a test: it prints figures. For each game, over ``--hands`` CPU hands (ふつう, the
second hand of a match, so Daifugō's exchange and Guandan's tribute are in it):

- the record's size (JSON bytes) and actions per hand;
- the room's ``hand`` JSON at the end of a hand (what each room write carries);
- the recorder's time per action on top of ``engine.apply`` (``history.apply`` minus
  the engine's own apply, µs);
- a whole replay (``games.core.record.states``, ms) and one step of the viewer once the
  hand is replayed (``tables.core.replay.viewer``, ms).

Usage::

    nice -n 10 .venv/bin/python bench/records.py --hands 10
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import get_engine  # noqa: E402
from games.core.engine import next_move  # noqa: E402
from games.core.record import states  # noqa: E402
from tables.core import history, replay  # noqa: E402
from tables.core import options as opts  # noqa: E402


def second_hand(game: str, seed: str):
    """(record, hand in progress at its end, seconds in history.apply, seconds in engine.apply)."""
    engine = get_engine(game)
    config = opts.engine_config(game, opts.defaults(game))
    state, hand = engine.new(config, seed), history.deal(game, config, seed)
    done_n, spent, engine_spent, actions = 0, 0.0, 0.0, 0
    while True:
        seat, action = next_move(engine, state)
        t0 = time.perf_counter()
        engine.apply(state, seat, action)
        t1 = time.perf_counter()
        state, _, hand, done = history.apply(engine, hand, state, seat, action)
        t2 = time.perf_counter()
        engine_spent += t1 - t0
        spent += t2 - t1
        actions += 1
        if done:
            done_n += 1
            if done_n == 2:
                return done, hand, spent, engine_spent, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    for game in ("daifugo", "guandan", "doudizhu"):
        sizes, live, acts, overhead, full, step = [], [], [], [], [], []
        for i in range(args.hands):
            record, hand, spent, engine_spent, actions = second_hand(game, f"bench{i}")
            sizes.append(len(json.dumps(record, separators=(",", ":"))))
            live.append(len(json.dumps(hand, separators=(",", ":"))))
            acts.append(len(record["actions"]))
            overhead.append((spent - engine_spent) / actions * 1e6)
            t0 = time.perf_counter()
            states(record, get_engine)
            full.append((time.perf_counter() - t0) * 1e3)
            replay.viewer(record, 0)  # replayed once and kept
            t0 = time.perf_counter()
            replay.viewer(record, len(record["actions"]) // 2)
            step.append((time.perf_counter() - t0) * 1e3)
        med = statistics.median
        print(f"{game:9s} actions/hand {med(acts):5.0f}  record {med(sizes) / 1024:5.1f} KiB"
              f"  room hand JSON at the end {med(live) / 1024:5.1f} KiB"
              f"  recorder +{med(overhead):5.0f} µs/action  replay {med(full):6.1f} ms"
              f"  viewer step {med(step):5.1f} ms  (medians of {args.hands})")


if __name__ == "__main__":
    main()
