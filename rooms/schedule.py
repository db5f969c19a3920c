"""When the server must act for a seat: CPU turns, turn time-outs, disconnected seats.

``Room.timers`` maps ``str(seat)`` to ``[mode, due_epoch_seconds]``:

- ``"cpu"``: a CPU seat, or a human on おまかせ: due after the room's CPU speed;
- ``"away"``: a disconnected human: due 3 s after the disconnect (and not before the CPU
  speed);
- ``"limit"``: a connected human with a turn limit: due when the limit runs out.

``"-1"`` is the table's own timer (an engine window closing); ``"r<seat>"`` is an
out-of-turn reaction of a server-played seat (a stop, a counter, a 9 interrupt; see
:mod:`rooms.reactions`).

A connected human without a turn limit has no timer. Nothing is due while the game is
over or, online, while no human is connected (the game waits for them).
``room.deadline`` is the earliest due time; any process's sweeper acts on it.
"""
from __future__ import annotations

from datetime import datetime, timezone as dt_tz

from . import options as opts, reactions, tables
from .engines import engine_for
from .presence import any_human_live, is_live


def seat_mode(seat, live: bool) -> str | None:
    if not seat.is_human or seat.auto:
        return "cpu"
    return None if live else "away"


def compute(room, seats, now: datetime, previous: dict | None = None) -> dict:
    """The timers of the actors of ``room.state`` (see module doc)."""
    if room.status != "playing" or not room.state:
        return {}
    engine = engine_for(room.game)
    if engine.is_over(room.state) or not any_human_live(seats, now):
        return {}
    previous = previous or {}
    by_order = {s.order: s for s in seats}
    speed = 0.02 if room.options.get("fast_forward") else opts.SPEEDS[room.options.get("speed", "normal")]
    limit = room.options.get("turn_limit") or 0
    t = now.timestamp()
    timers = {}
    modes = {s.order: seat_mode(s, is_live(s, now)) for s in seats}
    timers.update(reactions.timers(engine, room, by_order, modes, now.timestamp(), previous, speed))
    for actor in tables.presenter(room.game).actors(engine, room.state):
        seat = by_order.get(actor)
        if seat is None:
            continue
        mode = seat_mode(seat, is_live(seat, now)) or ("limit" if limit and not room.solo else None)
        if mode is None:
            continue
        old = previous.get(str(actor))
        if old and old[0] == mode:
            timers[str(actor)] = old
            continue
        if mode == "cpu":
            due = t + speed
        elif mode == "away":
            left = seat.left_at.timestamp() if seat.left_at else t
            due = max(left + opts.DISCONNECT_GRACE, t + speed)
        else:
            due = t + limit
        timers[str(actor)] = [mode, due]
    _table_window(engine, room, timers, previous, t)
    return timers


TABLE = "-1"  # the timer of the table itself (a stop window, a choice's time limit)


def _table_window(engine, room, timers: dict, previous: dict, t: float) -> None:
    """A timed window of the engine (``engine.window(state)``) closes by itself."""
    window = getattr(engine, "window", None)
    w = window(room.state) if window else None
    if not w:
        return
    mode = "window:" + repr(sorted(w["close"].items())) + w["kind"]
    old = previous.get(TABLE)
    seconds = reactions.window_seconds(room, w)  # practice: scaled, or no limit on choices
    if seconds is None:
        return
    timers[TABLE] = old if old and old[0] == mode else [mode, t + seconds]


def earliest(timers: dict) -> datetime | None:
    if not timers:
        return None
    return datetime.fromtimestamp(min(d for _, d in timers.values()), tz=dt_tz.utc)


def due_seats(timers: dict, now: datetime) -> list[tuple[int, str]]:
    """``[(seat, mode)]`` whose time has come, earliest first."""
    t = now.timestamp()
    return [(reactions.parse_key(s)[0], m) for s, (m, d) in sorted(timers.items(), key=lambda kv: kv[1][1])
            if d <= t]
