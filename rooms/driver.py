"""The CPU / time-out / disconnect driver and the room sweeper (notes §4.3, §7.14).

Each process runs one :func:`run` loop (started by the first socket, or by
``manage.py room_driver``). Every tick it:

1. plays the due timers (``Room.deadline``) of the rooms it drives, or of any room whose
   driver lease (``driver_until``) has run out — so if the process driving a room dies,
   another process picks the room up within :data:`rooms.actions.DRIVER_LEASE`;
2. renews the lease on the rooms it drives;
3. now and then probes the browsers of quiet seats (:data:`rooms.presence.QUIET`),
   expires stale presence leases, lets the absent go (:func:`rooms.lobby.expire_absent`:
   waiting-room places, the host role, games nobody is connected to) and deletes closed
   rooms after :data:`CLOSED_TTL` and rooms that have had no connected person for
   :data:`EMPTY_TTL` (practice rooms: :data:`SOLO_TTL`); never a room a socket holds a seat in.

Moves go through :func:`rooms.actions.play` (CAS on version), so two processes racing for
the same timer apply it once.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tables.core import pacing

from . import actions, lobby, store
from .engines import engine_for
from .models import Room, Seat
from .presence import LEASE, QUIET

log = logging.getLogger(__name__)

TICK = 0.05
HOUSEKEEPING_EVERY = 2.0
EMPTY_TTL = timedelta(seconds=90)
#: A closed room (its game ended, or everyone left) is deleted this long after (seed 004
#: §2: 部屋は1〜2分で消え; a game nobody is connected to closes after presence.GRACE).
CLOSED_TTL = timedelta(seconds=60)
PROBE_EVERY = 5.0  # seconds between two probes of one quiet seat's browser by this process
#: A practice room waits this long for its player to continue (seed 001 §21: progress
#: is saved and "continue" restores the hand and the running totals).
SOLO_TTL = timedelta(days=14)

_task: asyncio.Task | None = None


def ensure_started() -> None:
    """Start this process's driver loop on the running event loop (idempotent)."""
    global _task
    if not getattr(settings, "TEFUDA_ROOM_DRIVER", True):
        return
    if _task is None or _task.done():
        _task = asyncio.get_running_loop().create_task(run())


async def run(stop: asyncio.Event | None = None) -> None:
    """Drive rooms until ``stop`` is set (forever by default)."""
    last_housekeeping = 0.0
    loop = asyncio.get_running_loop()
    probed: dict[str, float] = {}
    while not (stop and stop.is_set()):
        try:
            await database_sync_to_async(tick)()
            if loop.time() - last_housekeeping > HOUSEKEEPING_EVERY:
                last_housekeeping = loop.time()
                await probe(await database_sync_to_async(housekeeping)(), probed, loop.time())
        except Exception:
            log.exception("room driver tick failed")
        await asyncio.sleep(TICK)


async def probe(channels: list[str], probed: dict[str, float], now: float) -> None:
    """Ask the sockets of quiet seats to probe their browsers (``seat.probe``; an answer
    renews the lease, so a page whose own pings are throttled, as in a background tab,
    keeps its seat). At most every :data:`PROBE_EVERY` seconds a socket."""
    for channel in [c for c, at in probed.items() if now - at > LEASE.total_seconds()]:
        del probed[channel]
    layer = get_channel_layer()
    for channel in channels:
        if layer is None or now - probed.get(channel, -PROBE_EVERY) < PROBE_EVERY:
            continue
        probed[channel] = now
        try:
            await layer.send(channel, {"type": "seat.probe"})
        except Exception:  # a full channel or Redis away: the lease runs its course
            log.warning("could not probe a quiet seat", exc_info=True)


def tick() -> int:
    """Play every due timer this process may drive; returns how many moves were made."""
    now = timezone.now()
    mine = Q(driver=actions.PROCESS) | Q(driver_until__lt=now) | Q(driver_until=None)
    due = Room.objects.filter(mine, status=Room.Status.PLAYING, deadline__lte=now).values_list("pk", flat=True)
    moves = sum(drive(pk) for pk in list(due))
    # renew only leases past half their length (a write of every driven room on every tick
    # was a database write 20 times a second even when nothing happened), and look first:
    # on SQLite even an UPDATE of no rows takes the database's one write lock, and outside
    # a transaction it waits for it in SQLite's sleeping busy handler (tefuda_site.sqlite)
    renew = Room.objects.filter(driver=actions.PROCESS, status=Room.Status.PLAYING,
                                driver_until__lt=now + actions.DRIVER_LEASE / 2)
    if renew.exists():
        with transaction.atomic():
            renew.update(driver_until=now + actions.DRIVER_LEASE)
    return moves


def drive(room_pk) -> int:
    """Play the due timer of one room (at most one move; the next is re-scheduled)."""
    room = store.load_room(room_pk)
    if room is None or not room.state:
        return 0
    due = pacing.due_action(engine_for(room.game), room.state, room.timers, timezone.now().timestamp(),
                            level_of=lambda seat: level_for(room, seat))
    if due is None:
        return 0
    if due["action"] is None:  # a reaction the CPU would no longer make: never loop on it
        return _drop_timer(room, due["key"])
    try:
        actions.play(room.pk, due["seat"], room.version, due["action"], by=due["by"])
        return 1
    except Exception as exc:  # stale (someone else moved first) or a bug: log, go on
        if getattr(exc, "code", "") != "stale":
            log.exception("CPU move failed in room %s", room_pk)
            if due["key"].startswith(pacing.reactions.KEY):  # a refused reaction is not retried
                _drop_timer(room, due["key"])
        return 0


def level_for(room: Room, order: int) -> str:
    """The CPU level that plays seat ``order``: a CPU seat's own (the host's choice), and
    つよい for a person's seat (time-out, disconnect, おまかせ; issue 16)."""
    kind, level = Seat.objects.filter(room=room, order=order).values_list("kind", "level").first() \
        or (Seat.Kind.HUMAN, "strong")
    return level if kind == Seat.Kind.CPU else "strong"


def _drop_timer(room: Room, key: str) -> int:
    timers = {k: v for k, v in room.timers.items() if k != key}
    Room.objects.filter(pk=room.pk, version=room.version).update(timers=timers, deadline=actions.deadline(timers))
    return 0


def housekeeping() -> list[str]:
    """Expire presence leases of dead sockets, let the absent go, delete closed and
    long-empty rooms (never one where a socket holds a seat). Returns the channels of
    quiet seats whose browsers should be probed (:func:`probe`)."""
    now = timezone.now()
    stale = Seat.objects.filter(channel_name__isnull=False, seen_at__lt=now - LEASE)
    for room_pk, channel in list(stale.values_list("room_id", "channel_name")):
        lobby.disconnect_seat(room_pk, channel)
    for room_pk in lobby.absent_rooms(now):
        lobby.expire_absent(room_pk)
    held = Room.objects.filter(seats__channel_name__isnull=False)
    Room.objects.filter(empty_since__lt=now - EMPTY_TTL, solo=False).exclude(pk__in=held).delete()
    Room.objects.filter(empty_since__lt=now - SOLO_TTL, solo=True).exclude(pk__in=held).delete()
    Room.objects.filter(status=Room.Status.CLOSED, updated_at__lt=now - CLOSED_TTL).delete()
    quiet = Seat.objects.filter(channel_name__isnull=False, seen_at__lt=now - QUIET, seen_at__gte=now - LEASE)
    return list(quiet.values_list("channel_name", flat=True))
