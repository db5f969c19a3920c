"""Who is connected: a seat is live while a socket holds it and has been seen recently.

Presence is a lease (notes §3 #10–11): the socket pings every :data:`PING_EVERY` seconds;
a seat whose ``seen_at`` is older than :data:`LEASE` counts as disconnected even if its
process died without a ``disconnect()``. A seat quiet for :data:`QUIET` has its browser
probed first (rooms.driver), and a socket heard from takes a lapsed lease up again
(rooms.consumers).

After :data:`GRACE` without a socket (issue 15 #5, seed 004 §2) a person no longer holds a
waiting-room place nor the host role, and a game with no connected person ends
(rooms.lobby.expire_absent).
"""
from __future__ import annotations

from datetime import datetime, timedelta

PING_EVERY = 10
LEASE = timedelta(seconds=30)
QUIET = timedelta(seconds=PING_EVERY * 2)
GRACE = timedelta(seconds=30)


def is_live(seat, now: datetime) -> bool:
    """True if a socket holds ``seat`` and renewed its lease recently."""
    return bool(seat.channel_name and seat.seen_at and seat.seen_at > now - LEASE)


def any_human_live(seats, now: datetime) -> bool:
    return any(s.is_human and is_live(s, now) for s in seats)


def live_orders(seats, now: datetime) -> set[int]:
    """The seat numbers of the connected humans (what the table's presentation and pacing
    take as ``live``)."""
    return {s.order for s in seats if s.is_human and is_live(s, now)}
