"""Whole hands played on a practice table (tables.practice) for tests that look at every
screen a player meets: seat 0 on 自動プレイ, the CPUs on their timers, the next hand
started by its button. Every hand after the first is dealt from a seed fixed by the first
(:func:`fixed_deals`): a room deals each new hand from a fresh random seed
(tables.core.history.new_seed), so without it hand 2 differs from run to run."""
from __future__ import annotations

import contextlib
import itertools
import json
from unittest import mock

from tables.core.screen import is_button
from tables.practice import PracticeTable


@contextlib.contextmanager
def fixed_deals(seed: str):
    """Within it, the table's later hands are dealt from ``"<seed>:2"``, ``"<seed>:3"``…
    instead of fresh random seeds."""
    numbers = itertools.count(2)
    with mock.patch("tables.core.history.new_seed", lambda: f"{seed}:{next(numbers)}"):
        yield


def played(game: str, form: dict, seed: str, *, hands: int = 1, steps: int = 700):
    """The table (one object, changing) after each step, for ``hands`` hands or ``steps``
    steps, whichever ends first (or until the match ends); the same steps in every run."""
    with fixed_deals(seed):
        yield from _played(game, form, seed, hands, steps)


def _played(game: str, form: dict, seed: str, hands: int, steps: int):
    table = PracticeTable(game, {**form, "speed": "fast"}, name="Ann", seed=seed)
    engine, now = table.engine, 1000.0
    table.receive(json.dumps({"act": "hello"}), now)
    for _ in range(steps):
        yield table
        state = table.room.state
        if engine.is_over(state):
            hands -= 1
            buttons = [a for a in engine.legal_actions(state, 0) if is_button(a)]
            nxt = [i for i, a in enumerate(buttons) if a["type"] in ("next_game", "next_hand")]
            if hands <= 0 or not nxt:
                return
            table.receive(json.dumps({"act": "pick", "index": str(nxt[0]), "version": table.room.version}), now)
        elif 0 in engine.actors(state):
            table.receive(json.dumps({"act": "auto", "version": table.room.version}), now)
        else:
            due = table.next_due()
            if due is None:
                return
            now = max(now + 0.01, due)
            table.tick(now)


def guandan_return_save(seed: str = "gd24") -> str:
    """A Guandan practice save at hand 2's return, yours to make (seat 0 received a
    tribute): every seat of hand 1 and the tribute played by the engine's CPU (pure engine,
    deterministic), the CPUs at their slow pace. What the practice page keeps in
    localStorage to continue. The same save in every run (:func:`fixed_deals`)."""
    with fixed_deals(seed):
        return _return_save(seed)


def _return_save(seed: str) -> str:
    table = PracticeTable("guandan", {"speed": "slow"}, seed=seed)
    engine = table.engine
    while not (table.room.state["phase"] == "return" and table.room.state["hand_no"] > 1
               and 0 in engine.actors(table.room.state)):
        state = table.room.state
        seat = engine.actors(state)[0]
        action = {"type": "next_hand"} if state["phase"] == "hand_over" else engine.choose(state, seat)
        table._apply(seat, action, 0)
    return table.save_json()
