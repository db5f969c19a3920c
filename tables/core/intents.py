"""Parse what a browser sends over the socket into checked values (never trust it).

The htmx ws extension sends form values as JSON: ``{"act": "play", "version": "12",
"card": ["5", "77"] | "5", "mode": "plain", "HEADERS": {...}}``. Anything else is refused
with ``errors.bad_request``.
"""
from __future__ import annotations

from . import errors

MAX_MESSAGE = 8192
MAX_CARDS = 60
MODES = ("plain", "effect", "interrupt")
CARD_CHOICES = ("exchange", "give", "discard")


def _integer(value, what: str) -> int:
    """A whole number sent as digits (the htmx extension's strings) or a JSON integer;
    floats, booleans, Infinity/NaN and anything else are refused."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise errors.bad_request(what)
    if isinstance(value, str) and not (value.isascii() and value.strip().lstrip("-").isdigit()):
        raise errors.bad_request(what)
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise errors.bad_request(what) from None


def version(msg: dict) -> int:
    v = _integer(msg.get("version"), "version")
    if v < 0:
        raise errors.bad_request("version")
    return v


def cards(msg: dict) -> list[int]:
    raw = msg.get("card", [])
    if isinstance(raw, (str, int)):
        raw = [raw]
    if not isinstance(raw, list) or len(raw) > MAX_CARDS:
        raise errors.bad_request("cards")
    ids = [_integer(c, "cards") for c in raw]
    if any(c < 0 for c in ids):
        raise errors.bad_request("cards")
    return ids


READING_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:,.-")


def reading(msg: dict) -> str:
    """A reading token chosen by a chip (``"straight_flush:9:S"``); the engine checks it."""
    r = msg.get("reading")
    if not isinstance(r, str) or not 0 < len(r) <= 40 or not set(r) <= READING_CHARS:
        raise errors.bad_request("reading")
    return r


def _bounded(msg: dict, key: str, low: int, high: int, what: str) -> int:
    """``msg[key]`` as a whole number (:func:`_integer`) with ``low <= n < high``; else
    refused (``errors.bad_request(what)``)."""
    v = _integer(msg.get(key), what)
    if not low <= v < high:
        raise errors.bad_request(what)
    return v


def small_int(msg: dict, key: str) -> int:
    """``msg[key]``: a whole number from 0 to 9999 (a seat's place, a choice's index)."""
    return _bounded(msg, key, 0, 10000, key)


def seat_id(msg: dict) -> int:
    """A seat's id (``Seat.pk``, sent as ``id``: the waiting room's ↑ names a seat so,
    not by its place); anything but a positive 63-bit integer is refused (``malformed``)."""
    return _bounded(msg, "id", 1, 2 ** 63, "seat")


def mode(msg: dict) -> str:
    m = msg.get("mode", "plain")
    if m not in MODES:
        raise errors.bad_request("mode")
    return m


def choice(msg: dict) -> str:
    """Which card-choosing action: the exchange, a 7-pass gift or a 10-discard."""
    kind = msg.get("kind", "exchange")
    if kind not in CARD_CHOICES:
        raise errors.bad_request("kind")
    return kind


#: seconds after a question (退出する？, ロビーへ戻る？) is shown before a press of it answers
#: it: the second click of a double click (or tap) comes within ~0.3 s (try52: a double
#: click on 退出 left the game at once)
ASK_SETTLE = 0.6


def confirms(msg: dict, asked_at: float | None, now: float) -> bool:
    """Whether this press answers the question its button asked at ``asked_at`` (seconds,
    the caller's clock; None: not asked): it comes from the asking button (its ``confirm``,
    which parts/leave.html and parts/to_lobby.html set only on it) at least
    :data:`ASK_SETTLE` after it was shown. Anything else only asks (again)."""
    return asked_at is not None and msg.get("confirm") == "1" and now - asked_at >= ASK_SETTLE
