"""How fast a table moves: the CPU's thinking time and the grace of a dropped seat.

Room options name the speed (``options["speed"]``, chosen by the host or on the practice
screen; seeds/004 §3 lists ゆっくり・ふつう・はやい); :mod:`tables.core.pacing` and
:mod:`tables.core.reactions` turn it into timers.
"""
from __future__ import annotations

#: CPU thinking time a move, seconds, by the room's speed
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
NORMAL = SPEEDS["normal"]  # the speed the online window lengths belong to
FAST_FORWARD = 0.02  # practice's 早送り: the CPUs play at once
DISCONNECT_GRACE = 3.0  # seconds before the CPU plays a disconnected seat's turn


def speed_of(options: dict | None) -> float:
    """The CPU's seconds a move under these room options."""
    options = options or {}
    return FAST_FORWARD if options.get("fast_forward") else SPEEDS[options.get("speed", "normal")]
