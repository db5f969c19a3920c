"""The pacing of a table: when a seat must be played for (CPU turns, turn time-outs,
disconnected seats, out-of-turn reactions, windows closing) and what is played then.

The server's driver (:mod:`rooms.driver`, through :mod:`rooms.actions`) and the browser's
practice loop (:mod:`tables.practice`) share it: both call :func:`compute` after every
change and :func:`due_action` when the earliest timer is due. Pure: the time is a number
(epoch seconds) handed in, the room and seats are plain objects (:mod:`tables.core.screen`).

``room.timers`` maps ``str(seat)`` to ``[mode, due_epoch_seconds]``:

- ``"cpu"``: a CPU seat, or a human on おまかせ: due after the room's CPU speed (at least
  :data:`~tables.core.speeds.PERSON_INTERRUPT` while a connected person may 9-interrupt);
- ``"away"``: a disconnected human: due :data:`DISCONNECT_GRACE` after the disconnect
  (and not before the CPU speed), or when the turn's limit runs out if that comes first;
  a third item keeps that deadline, ``["away", due, turn_due]``, for the page's return;
- ``"limit"``: a connected human with a turn limit: due when the limit runs out. A turn's
  deadline is set once: a reload (away, then back) finds it where it was;
- ``"held"``: ``["held", None, seconds_left]``, never due: while no human is connected the
  game waits, and a turn's clock is held with the time it had left; the person's return
  starts it again from there (a reload does not give a fresh turn).

``"-1"`` (:data:`TABLE`) is the table's own timer (an engine window closing);
``"r<seat>"`` is an out-of-turn reaction of a server-played seat (a stop, a counter, a 9
interrupt; :mod:`tables.core.reactions`).

A connected human without a turn limit has no timer. Nothing is due while the game is
over or, online, while no human is connected (the game waits for them).
"""
from __future__ import annotations

from .. import presenter
from . import reactions
from .speeds import DISCONNECT_GRACE, PERSON_INTERRUPT, speed_of

TABLE = "-1"  # the timer of the table itself (a stop window, a choice's time limit)


def seat_mode(seat, live: bool) -> str | None:
    """``"cpu"`` for a seat the CPU plays (a CPU, a human on おまかせ), ``"away"`` for a
    disconnected human, None for a connected human (who acts alone)."""
    if not seat.is_human or seat.auto:
        return "cpu"
    return None if live else "away"


def compute(room, seats: list, live: set, t: float, previous: dict | None = None,
            left_at: dict | None = None) -> dict:
    """The timers of the actors of ``room.state`` at time ``t`` (see module doc).

    ``live``: the orders of connected humans; ``left_at``: order → epoch seconds a human
    disconnected (their turn waits :data:`DISCONNECT_GRACE` from then); ``previous``: the
    timers before the change (a pending timer of the same mode keeps its due time)."""
    if room.status != "playing" or not room.state:
        return {}
    from games import get_engine

    engine = get_engine(room.game)
    if engine.is_over(room.state):
        return {}
    previous = previous or {}
    if not any(s.is_human and s.order in live for s in seats):
        return _held(previous, t)
    left_at = left_at or {}
    by_order = {s.order: s for s in seats}
    speed = speed_of(room.options)
    limit = (room.options or {}).get("turn_limit") or 0
    modes = {s.order: seat_mode(s, s.order in live) for s in seats}
    timers = reactions.timers(engine, room, {s.order for s in seats if not s.is_human}, t, previous, speed)
    people = {s.order for s in seats if s.is_human and not s.auto and s.order in live}
    cpu_wait = speed
    if not (room.options or {}).get("fast_forward") and reactions.person_may_interrupt(engine, room.state, people):
        cpu_wait = max(speed, PERSON_INTERRUPT)  # the 9 interrupt stays open long enough for a person
    for actor in presenter(room.game).actors(engine, room.state):
        seat = by_order.get(actor)
        if seat is None:
            continue
        mode = modes.get(actor) or ("limit" if limit and not room.solo else None)
        if mode is None:
            continue
        old = previous.get(str(actor))
        if old and old[0] == mode:
            timers[str(actor)] = old
            continue
        turn_due = _turn_due(old, t)
        if mode == "cpu":
            timers[str(actor)] = [mode, t + cpu_wait]
        elif mode == "away":
            due = max(left_at.get(actor, t) + DISCONNECT_GRACE, t + speed)
            timers[str(actor)] = ["away", due] if turn_due is None else ["away", min(due, turn_due), turn_due]
        else:
            timers[str(actor)] = [mode, t + limit if turn_due is None else turn_due]
    _table_window(engine, room, timers, previous, t)
    return timers


def _turn_due(old: list | None, t: float) -> float | None:
    """The deadline of the turn a seat's previous timer was counting down (its ``"limit"``,
    the one an ``"away"`` timer kept, or ``t`` plus what a ``"held"`` clock had left), None
    for any other or no timer."""
    if not old:
        return None
    if old[0] == "limit":
        return old[1]
    if old[0] == "held":
        return t + old[2]
    return old[2] if old[0] == "away" and len(old) > 2 else None


def _held(previous: dict, t: float) -> dict:
    """The timers while no human is connected: nothing is due; each turn clock that was
    running is held as ``["held", None, seconds_left]`` (at least 0)."""
    held = {}
    for key, old in previous.items():
        due = _turn_due(old, t)  # None for the table's window and the reactions
        if due is not None:
            held[key] = old if old[0] == "held" else ["held", None, max(0.0, due - t)]
    return held


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


def earliest(timers: dict) -> float | None:
    """The earliest due time (epoch seconds), None without timers that fall due (a
    ``"held"`` clock never does)."""
    return min((timer[1] for timer in timers.values() if timer[1] is not None), default=None)


def due_seats(timers: dict, t: float) -> list[tuple[int, str]]:
    """``[(seat, mode)]`` whose time has come at ``t``, earliest first."""
    due = [(key, timer) for key, timer in timers.items() if timer[1] is not None and timer[1] <= t]
    return [(reactions.parse_key(key)[0], timer[0]) for key, timer in sorted(due, key=lambda kv: kv[1][1])]


def due_action(engine, state: dict, timers: dict, t: float, level_of=None) -> dict | None:
    """What the table plays now, if a timer is due: ``{"seat", "action", "by", "key"}``
    (``seat`` None for the table's own window closing; ``by``: ``"cpu"`` or ``"timeout"``;
    ``key``: the timer to drop if the action is refused). A reaction whose CPU would no
    longer act gives ``action`` None (drop its timer; never loop on it).

    ``level_of(seat)``: the CPU level that plays a seat's turn (``games.core.engine.LEVELS``:
    a CPU seat's own, つよい for a person's time-out, absence or おまかせ; issue 16);
    default the engine's default level."""
    due = due_seats(timers, t)
    if not due:
        return None
    seat, mode = due[0]
    if seat < 0:  # the table's own timer: close the open window
        return {"seat": None, "action": engine.window(state)["close"], "by": "timeout", "key": TABLE}
    if mode.startswith(reactions.PREFIX):  # a CPU's stop, counter or 9 interrupt
        return {"seat": seat, "action": engine.react(state, seat), "by": "cpu", "key": f"{reactions.KEY}{seat}"}
    action = engine.choose(state, seat) if level_of is None else engine.choose(state, seat, level_of(seat))
    if mode == "limit":  # a person's turn limit ran out: the log says 時間切れ (rules/daifugo.md "Time")
        return {"seat": seat, "action": {**action, "timed_out": True}, "by": "timeout", "key": str(seat)}
    return {"seat": seat, "action": action, "by": "cpu", "key": str(seat)}
