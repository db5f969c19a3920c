"""The public API of analytics: bump daily counters, never slow or break the caller.

Every function here returns quickly and **never raises**: a failure to record (database
error, locked table, bad input, called from an event loop) is logged at WARNING on the
``analytics`` logger and ignored. Writes are atomic increments on one
:class:`~analytics.models.DailyCount` row per ``(day, game, metric, key)``
(``UPDATE … SET n = n + k``, inserting the row on the day's first count), inside a
savepoint, so they are safe under concurrent games and can run inside a caller's
transaction (a refused room change rolls its counts back with it).

Shapes::

    count(metric, game="", key="", n=1)              -> bool  (True: recorded)
    counts([(game, metric, key, n), ...])             -> bool
    engine_events(game, events, state=None)           -> bool  (analytics.events)
    room_created(game, practice=False) / seat_taken(game, kind) / game_started(game, humans, cpus)
    stamp(game, code)                                 (by kind only)
    left(game, status, state) / removed(…) / disconnected(…) / reclaimed(…)   (phase from status+state)
    session(request, response)                        -> bool  (analytics.sessions)

What is never passed in, and so never stored: names, passphrases, tokens, cookies, IP
addresses, user agents, room ids (DESIGN.md "Analytics").
"""
from __future__ import annotations

import logging
from collections import Counter
from datetime import date
from typing import Iterable

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from . import metrics as m
from .models import KEY_MAX, DailyCount

log = logging.getLogger("analytics")

Item = tuple[str, str, str, int]  # (game, metric, key, n)
OTHER = "(other)"


def count(metric: str, *, game: str = "", key: str = "", n: int = 1, day: date | None = None,
          cap: int | None = None) -> bool:
    """Add ``n`` to today's ``(game, metric, key)`` counter.

    ``cap``: at most that many distinct keys per day for ``(game, metric)``; further new
    keys are counted under ``"(other)"`` (bounds free-form keys such as browser errors).
    Returns False (and logs) if nothing could be recorded.
    """
    if cap is None:
        return counts([(game, metric, key, n)], day=day)
    try:
        day = day or timezone.localdate()
        with transaction.atomic():
            _bump(day, game, metric, _capped(day, game, metric, str(key)[:KEY_MAX], cap), int(n))
    except Exception:
        log.warning("analytics: could not record %s/%s", game, metric, exc_info=True)
        return False
    return True


def counts(items: Iterable[Item], *, day: date | None = None) -> bool:
    """Add every ``(game, metric, key, n)`` in ``items`` in one savepoint (equal keys are
    merged first; rows are touched in a fixed order so concurrent writers never deadlock).
    Returns True when there was nothing to do or everything was recorded."""
    try:
        merged = _merge(items)
        if not merged:
            return True
        day = day or timezone.localdate()
        with transaction.atomic():
            for (game, metric, key), n in sorted(merged.items()):
                _bump(day, game, metric, key, n)
    except Exception:
        log.warning("analytics: could not record counters", exc_info=True)
        return False
    return True


def _merge(items: Iterable[Item]) -> Counter:
    merged: Counter = Counter()
    for game, metric, key, n in items:
        if n:
            merged[(str(game)[:16], str(metric)[:32], str(key)[:KEY_MAX])] += int(n)
    return merged


def _bump(day: date, game: str, metric: str, key: str, n: int) -> None:
    """``n += k`` on the row, creating it on first use (a racing creator → update again)."""
    rows = DailyCount.objects.filter(day=day, game=game, metric=metric, key=key)
    if rows.update(n=F("n") + n):
        return
    try:
        with transaction.atomic():
            DailyCount.objects.create(day=day, game=game, metric=metric, key=key, n=n)
    except IntegrityError:
        rows.update(n=F("n") + n)


def _capped(day: date, game: str, metric: str, key: str, cap: int) -> str:
    rows = DailyCount.objects.filter(day=day, game=game, metric=metric)
    if rows.filter(key=key).exists() or rows.count() < cap:
        return key
    return OTHER


# --- rooms and games -------------------------------------------------------------------

def engine_events(game: str, events: list, *, state: dict | None = None) -> bool:
    """Count what the engine ``events`` of one accepted room change tell (rounds, finished
    games, special cards; see :mod:`analytics.events`). ``state`` is the state after the
    change (used for Daifugō's house rules and game number). Unknown events are ignored."""
    try:
        from .events import items_for
        items = items_for(game, events, state)
    except Exception:
        log.warning("analytics: could not read %s events", game, exc_info=True)
        return False
    return counts(items)


def room_created(game: str, *, practice: bool = False) -> bool:
    """A new room: by passphrase, or a practice (solo) room."""
    return count(m.ROOMS_CREATED, game=game, key="practice" if practice else "passphrase")


def seat_taken(game: str, kind: str) -> bool:
    """A seat filled in the waiting room by a person (``"human"``) or the host's CPU (``"cpu"``)."""
    return count(m.SEATS, game=game, key=kind)


def game_started(game: str, humans: int, cpus: int) -> bool:
    """The host started play with ``humans`` people and ``cpus`` CPUs at the table."""
    return counts([(game, m.GAMES_STARTED, f"{humans + cpus}p", 1),
                   (game, m.PLAYERS, "human", humans), (game, m.PLAYERS, "cpu", cpus)])


def stamp(game: str, code: str) -> bool:
    """A stamp shown at a table, counted by its kind (``code``, one of
    tables.core.stamps.CODES); nothing about who sent it."""
    return count(m.STAMPS, game=game, key=code)


def left(game: str, status: str, state: dict | None) -> bool:
    """A person left the room for good; the phase comes from the room ``status`` and
    engine ``state`` *before* they left (:func:`analytics.metrics.phase_of`)."""
    return count(m.LEFT, game=game, key=m.phase_of(status, state))


def removed(game: str, status: str, state: dict | None) -> bool:
    """The host removed a person from the room."""
    return count(m.REMOVED, game=game, key=m.phase_of(status, state))


def disconnected(game: str, status: str, state: dict | None) -> bool:
    """A person's socket went away (closed tab, lost network, expired presence lease)."""
    return count(m.DISCONNECTS, game=game, key=m.phase_of(status, state))


def reclaimed(game: str, status: str, state: dict | None) -> bool:
    """A seat that had been connected before was taken back (reload, reopened tab)."""
    return count(m.RECLAIMS, game=game, key=m.phase_of(status, state))


def session(request, response) -> bool:
    """Count this browser once today if the page is countable (:mod:`analytics.sessions`)."""
    try:
        from .sessions import count_session
        return count_session(request, response)
    except Exception:
        log.warning("analytics: could not count a session", exc_info=True)
        return False
