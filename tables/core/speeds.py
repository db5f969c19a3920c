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
#: The shortest stop / ♥Q×2 window of a practice table (a person sits at it): scaled by
#: the CPU speed, 4 s would be 1.5 s at はやい, too short for a person holding ♥3/♠3 to
#: see the effect, find the card and press 止める. The same length whoever holds what.
PERSON_WINDOW = 3.0
#: The shortest time a 9 interrupt stays open (until the next player acts) while a
#: connected person may interrupt by the public facts alone (the rule is on, a single or
#: set of rank ≤7 is on the field, they hold cards, did not pass or play it, are not to
#: move): the CPU on turn waits this long at least, whether or not the person holds 9s.
PERSON_INTERRUPT = 1.5
DISCONNECT_GRACE = 3.0  # seconds before the CPU plays a disconnected seat's turn


def speed_of(options: dict | None) -> float:
    """The CPU's seconds a move under these room options."""
    options = options or {}
    return FAST_FORWARD if options.get("fast_forward") else SPEEDS[options.get("speed", "normal")]
