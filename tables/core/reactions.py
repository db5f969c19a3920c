"""Out-of-turn play at the table: CPU reactions and the length of timed windows.

The engine says who may act out of turn (``engine.reactions(state)``: stops and counters
in a stop / ♥Q×2 window, 9 interrupts otherwise) and what a CPU would do there
(``engine.react(state, seat)``). The table asks it after every change for its CPU seats
only: a person's stand-in (away, おまかせ) plays their turns, never out of turn (issue 16).

Each such seat that *would* act gets a timer ``"r<seat>"`` = ``["react:<moment>", due]``
with a random, human-like thinking delay (:func:`thinking_delay`); the driver then applies
``engine.react`` (:func:`tables.core.pacing.due_action`). A seat that would
let the moment pass gets no timer at all. None of this is ever sent to a browser, and the
window itself keeps its fixed length (the table timer, :func:`window_seconds`): it closes
neither earlier nor later because of who holds ♥3/♠3/♥Q×2 (rules/daifugo.md "Stopping").

The *moment* is the state's ``step``: any change of the game (a stop, a counter, the next
player acting) is a new moment with a new decision and a new delay; a change that leaves
the game as it was (presence, a refused move) keeps the pending timer as it was.
"""
from __future__ import annotations

import random

from . import speeds

PREFIX = "react:"
KEY = "r"  # timers key of a reaction: "r<seat>"
#: Window kinds that are a player's choice rather than a race (practice: no limit, like a
#: turn; rules/daifugo.md "Time": practice mode has no turn limit).
CHOICE_WINDOWS = ("seven_pass", "ten_discard", "exchange")
#: The normal CPU speed the online window lengths belong to; practice windows scale by
#: ``speed / NORMAL`` (ゆっくり 1.5 s → ×1.875, ふつう → ×1, はやい 0.3 s → ×0.375).
NORMAL = speeds.NORMAL

_random = random.SystemRandom()


def window_seconds(room, w: dict) -> float | None:
    """How long the engine's window ``w`` stays open at this table (None: no time limit).

    Online: the engine's seconds (stop / ♥Q×2 4 s, 7渡し / 10捨て / exchange 20 s).
    Practice: stop and ♥Q×2 windows scaled by the CPU speed, never shorter than
    :data:`~tables.core.speeds.PERSON_WINDOW`; card choices have no limit
    (like turns in practice) — a CPU chooser still acts on its own CPU timer.
    Fast-forward: at once.
    """
    options = room.options or {}
    if options.get("fast_forward"):
        return speeds.FAST_FORWARD
    if not room.solo:
        return w["seconds"]
    if w["kind"] in CHOICE_WINDOWS:
        return None
    return max(w["seconds"] * speeds.SPEEDS[options.get("speed", "normal")] / NORMAL, speeds.PERSON_WINDOW)


def person_may_interrupt(engine, state: dict, people: set) -> bool:
    """Whether one of ``people`` (connected persons' seats) may interrupt now by the public
    facts alone (``engine.interrupt_open``; never whether they hold the cards to do it)."""
    open_for = getattr(engine, "interrupt_open", None)
    return bool(open_for) and any(open_for(state, s) for s in people)


def thinking_delay(room, w: dict | None, speed: float) -> float:
    """A random delay before a CPU's out-of-turn action, inside the moment it belongs to:
    25–75 % of the window's length in a window; 30–90 % of the CPU speed for an interrupt
    (open until the next player acts, who moves after about ``speed`` seconds)."""
    if w is not None:
        length = window_seconds(room, w) or w["seconds"]
        return length * _random.uniform(0.25, 0.75)
    return speed * _random.uniform(0.3, 0.9)


def timers(engine, room, cpus: set, t: float, previous: dict, speed: float) -> dict:
    """The reaction timers of the CPU seats (``cpus``: their orders). Only CPU seats act
    out of turn: a person's stand-in (away, おまかせ) takes their turns and nothing more,
    never their stop cards or jokers (issue 16); live humans act themselves."""
    if not hasattr(engine, "reactions") or not hasattr(engine, "react"):
        return {}
    state = room.state
    seats = [s for s in engine.reactions(state) if s in cpus]
    if not seats:
        return {}
    w = engine.window(state) if hasattr(engine, "window") else None
    moment = f"{PREFIX}{state.get('step', 0)}"
    out = {}
    for s in seats:
        if engine.react(state, s) is None:
            continue
        key = f"{KEY}{s}"
        old = previous.get(key)
        out[key] = old if old and old[0] == moment else [moment, t + thinking_delay(room, w, speed)]
    return out


def parse_key(key: str) -> tuple[int, bool]:
    """``("3", False)`` for a turn timer, ``("r3", True)`` for a reaction; the table's own
    timer is ``-1``."""
    if key.startswith(KEY):
        return int(key[len(KEY):]), True
    return int(key), False
