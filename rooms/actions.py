"""The one path through which every room change is made (DESIGN.md "Real-time play").

:func:`commit` loads the room, refuses a stale ``version``, lets a *change* function
modify it, saves it with compare-and-set on ``version`` (a concurrent writer makes the
CAS update 0 rows: the change is refused as stale, never overwritten), appends a
:class:`~rooms.models.RoomEvent`, recomputes the CPU/time-out timers and, after the
transaction commits, rings the room's doorbell (``{"type": "room.changed", "version"}``
to the group; each socket re-renders its own seat from the database).

Human moves, host controls, CPU moves, time-outs and presence changes all come here.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from datetime import datetime, timedelta, timezone as dt_tz
from typing import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from analytics import record

from tables.core import errors, history, pacing

from . import store
from .engines import engine_for
from .models import HandRecord, Room, Seat
from .presence import any_human_live, live_orders

log = logging.getLogger(__name__)

#: This process's name as a room driver (rooms.driver); unique per process start.
PROCESS = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
DRIVER_LEASE = timedelta(seconds=5)

Change = Callable[[Room, list, datetime], list | None]

#: Called with ``(room, seats)`` of each committed version, in this process, before its
#: doorbell (rooms.consumers keeps it as the room's newest load: the renders of that version
#: here need not read it back). The objects must not be changed by the callbacks.
committed: list[Callable[[Room, list], None]] = []


def commit(room_id, version: int | None, change: Change, *, by: str, seat: int | None = None,
           action: dict | None = None, reload_seats: bool = True) -> tuple[Room, list]:
    """Apply ``change(room, seats, now)`` as the next version of the room.

    ``version`` is the version the client saw (``None``: system changes that are valid on
    any version, e.g. presence). ``change`` mutates ``room`` in memory, may write seat
    rows, returns the events to log, and raises ``IllegalAction``/``Refused`` to refuse.
    Returns ``(room, events)`` with ``room.version`` the new version.

    ``reload_seats=False``: ``change`` keeps the seat objects it was given up to date with
    what it writes (a game move), so they are not read again after it.

    Raises: ``errors.closed()`` if the room is gone, ``errors.stale()`` on a version
    mismatch or a lost race, and whatever ``change`` raises; nothing is written then.
    """
    now = timezone.now()
    with transaction.atomic():
        room = store.load_room(room_id, open_only=True)
        if room is None:
            raise errors.closed()
        if version is not None and room.version != version:
            raise errors.stale()
        old_version = room.version
        seats = store.load_seats(room.pk)
        events = change(room, seats, now) or []
        if reload_seats:
            seats = store.load_seats(room.pk)
        _after_change(room, seats, now)
        room.version = old_version + 1
        if not store.save_room(room, old_version, now):
            raise errors.stale()
        room.updated_at = now
        record.engine_events(room.game, events, state=room.state)  # rounds, specials; never raises
        store.add_event(room, room.version, seat, by, action or {}, events, now)
        group, v = room.group, room.version
        transaction.on_commit(lambda: _announce(room, seats, group, v))
    return room, events


def _after_change(room: Room, seats: list, now: datetime) -> None:
    """Timers, deadline, driver lease and the empty-room clock of the new version."""
    left = {s.order: s.left_at.timestamp() for s in seats if s.is_human and s.left_at}
    room.timers = pacing.compute(room, seats, live_orders(seats, now), now.timestamp(), room.timers, left)
    room.deadline = deadline(room.timers)
    if room.driver == PROCESS or not room.driver_until or room.driver_until < now:
        room.driver, room.driver_until = PROCESS, now + DRIVER_LEASE
    if any_human_live(seats, now) or any(s.is_human and s.channel_name for s in seats):
        room.empty_since = None
    elif room.empty_since is None:
        room.empty_since = now


def deadline(timers: dict) -> datetime | None:
    """The earliest due time of ``timers`` (:func:`tables.core.pacing.earliest`) as the
    room's ``deadline``, which every process's driver polls."""
    due = pacing.earliest(timers)
    return None if due is None else datetime.fromtimestamp(due, tz=dt_tz.utc)


def _announce(room: Room, seats: list, group: str, version: int) -> None:
    for fn in committed:
        try:
            fn(room, seats)
        except Exception:  # a cache, never the change
            log.exception("committed hook failed for %s v%s", group, version)
    ring(group, version)


def ring(group: str, version: int) -> None:
    """Tell the room's sockets that ``version`` exists (no cards, no HTML: a doorbell).

    On a server the doorbell is handed to the event loop of this process's sockets
    (:func:`use_loop`) without waiting for it: the database thread that committed goes on
    at once instead of blocking until the loop is free (a doorbell lost or late costs one
    stale frame; versions only go up, so an earlier doorbell arriving later is ignored).
    Without a running loop (management commands, sync tests) it is sent before returning.
    """
    message = {"type": "room.changed", "version": version}
    loop = _loop
    if loop is not None and loop.is_running():
        try:
            future = asyncio.run_coroutine_threadsafe(get_channel_layer().group_send(group, message), loop)
        except RuntimeError:  # the loop closed meanwhile
            pass
        else:
            future.add_done_callback(lambda f: f.cancelled() or f.exception() is None or log.error(
                "doorbell for %s v%s failed", group, version, exc_info=f.exception()))
            return
    try:
        async_to_sync(get_channel_layer().group_send)(group, message)
    except Exception:  # a lost doorbell costs one stale frame; the next one heals it
        log.exception("doorbell for %s v%s failed", group, version)


_loop: asyncio.AbstractEventLoop | None = None


def use_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Ring doorbells on ``loop`` (the sockets' event loop; rooms.consumers calls this on
    every connect, so it is the loop of this process's newest socket)."""
    global _loop
    _loop = loop


# --- game moves --------------------------------------------------------------------------

def play(room_id, seat_no: int, version: int | None, action: dict, *, by: str = "human") -> tuple[Room, list]:
    """Apply a game ``action`` for seat ``seat_no`` (human move, CPU move or time-out).

    ``by`` is ``"human"`` (resets the seat's time-out count and おまかせ), ``"cpu"`` or
    ``"timeout"`` (two in a row put the seat on おまかせ). おまかせ lasts until its person
    acts again (rules/daifugo.md "Time"), through the next hand and a new game, at the table
    or from the waiting room: a person who walked away no longer costs everyone two turn
    limits every hand (try38, try39); pressing 次の局へ is acting. A person's move or time-out ends
    that seat's turn clock: acting again at once (a bid of 3, then the lead) is a new turn
    with the whole limit (rules/daifugo.md "Time"). Raises ``IllegalAction``.
    """
    def change(room: Room, seats: list, now: datetime) -> list:
        if room.status != Room.Status.PLAYING or not room.state:
            raise errors.Refused("not_playing", "ゲーム中ではありません。", "No game is in progress.")
        state, events, room.hand, done = history.apply(engine_for(room.game), room.hand, room.state,
                                                       seat_no, action)
        room.state = state
        if done:
            keep_record(room, done, seats)
        # a new deal ends a fast-forward; a seat on おまかせ stays on it (see the docstring)
        if action.get("type") in ("next_game", "next_hand"):
            room.options = {**room.options, "fast_forward": False}
        _count_timeout(seats, seat_no, by)
        if by != "cpu":  # a person's move ends their turn: a next one at once gets the whole limit
            room.timers = {k: v for k, v in (room.timers or {}).items() if k != str(seat_no)}
        return events

    return commit(room_id, version, change, by=by, seat=seat_no, action=action, reload_seats=False)


def keep_record(room: Room, done: dict, seats: list) -> None:
    """Store the record of a hand that just ended (games.core.record; deleted with the
    room), with the ids of the seats that played it by seat number (``seats``: the room's
    Seat rows), so its replay never names a seat after someone who sat there later, and the
    names of its CPUs (:func:`tables.core.history.with_cpus`), which it names even after
    they have gone (try50: the host removed the CPUs to change the game)."""
    ids = [s.pk for s in sorted(seats, key=lambda s: s.order)]
    HandRecord.objects.create(room=room, no=done["no"], record=history.with_cpus(done, seats), seats=ids)


def clear_auto(seats: list) -> None:
    """Each of ``seats`` on their own again (おまかせをやめる, a person's own move): no
    おまかせ and no time-outs counted, on the seat objects a change goes on with and in the database."""
    for seat in seats:
        if seat.is_human and (seat.timeouts or seat.auto):
            _set_timeouts(seat, 0)


def _set_timeouts(seat: Seat, timeouts: int) -> None:
    """``timeouts`` in a row for ``seat``; two or more put it on おまかせ."""
    seat.timeouts, seat.auto = timeouts, timeouts >= 2  # commit() goes on with these objects
    Seat.objects.filter(pk=seat.pk).update(timeouts=seat.timeouts, auto=seat.auto)


def _count_timeout(seats: list, seat_no: int, by: str) -> None:
    seat = next((s for s in seats if s.order == seat_no), None)
    if seat is None or not seat.is_human:
        return
    if by == "human":
        clear_auto([seat])
    elif by == "timeout":
        _set_timeouts(seat, seat.timeouts + 1)
