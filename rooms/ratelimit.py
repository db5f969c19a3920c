"""Limits: a per-socket credit bucket (notes §5.5, after lila-ws: ``capacity`` messages at
once, refilled at ``rate`` per second), per-socket strikes and per-client-address socket and
work budgets (issue 15), and the join attempts per client."""
from __future__ import annotations

import logging
import time

from tefuda_site.throttle import TokenBucket


class Bucket(TokenBucket):
    """One socket's messages: 30 at once, 6 more a second."""

    def __init__(self, capacity: float = 30, rate: float = 6):
        super().__init__(capacity, rate)


# --- sockets: per socket and per client address (issue 15 #2) -------------------------------

#: Defaults of ``settings.TEFUDA_SOCKET_LIMITS`` (any key may be overridden there).
SOCKET_LIMITS = {
    "burst": 30, "rate": 6,            # one socket's messages: 30 at once, 6 more a second
    "strikes": 60, "strike_rate": 6,   # messages over that before the socket is closed (6 forgiven a
                                       # second: a page clicking fast is told, a flood is closed in 1 s)
    "queue": 16,                       # messages of one socket waiting to be handled
    "address_sockets": 32,             # sockets open at once from one client address (this process)
    "address_opens": 16, "address_open_rate": 0.5,    # new sockets from one address: 16 at once, 1 every 2 s
    "address_work": 300, "address_work_rate": 100,    # seated messages handled for one address
}


def socket_limits() -> dict:
    """:data:`SOCKET_LIMITS` with ``settings.TEFUDA_SOCKET_LIMITS`` laid over it."""
    from django.conf import settings
    return {**SOCKET_LIMITS, **getattr(settings, "TEFUDA_SOCKET_LIMITS", {})}


class Address:
    """What one client address (``scope["client"][0]``; behind a trusted proxy daphne's
    ``--proxy-headers`` puts the forwarded address there) may use in this process: open
    sockets, new sockets and handled messages. Counted in memory per process, never stored."""

    def __init__(self, limits: dict):
        self.open = 0
        self.opens = TokenBucket(limits["address_opens"], limits["address_open_rate"])
        self.work = TokenBucket(limits["address_work"], limits["address_work_rate"])
        self.used = time.monotonic()


_addresses: dict[str, Address] = {}
#: How many messages and sockets were refused, by reason (this process; a bench reads them).
refused: dict[str, int] = {}


def count(reason: str) -> None:
    """Count one refused message or socket (nothing else is done for it)."""
    refused[reason] = refused.get(reason, 0) + 1


def address(ip: str, limits: dict) -> Address:
    """The :class:`Address` of ``ip`` (made on first use; idle ones are forgotten)."""
    now = time.monotonic()
    entry = _addresses.get(ip)
    if entry is None:
        if len(_addresses) > 4096:  # forget addresses with no socket, idle for a minute
            for key in [k for k, a in _addresses.items() if not a.open and now - a.used > 60]:
                del _addresses[key]
        entry = _addresses[ip] = Address(limits)
    entry.used = now
    return entry


def open_socket(ip: str | None, limits: dict) -> Address | None:
    """Admit a new socket from ``ip``: its :class:`Address` (the caller must call
    :func:`close_socket` once when the socket ends), or None if the address has too many
    sockets open or opened too many just now. No address (``None``): an unlimited
    :class:`Address` of the socket's own."""
    if ip is None:
        return Address({**limits, "address_work": float("inf"), "address_work_rate": 0})
    entry = address(ip, limits)
    if entry.open >= limits["address_sockets"]:
        count("address_sockets")
        return None
    if not entry.opens.take():
        count("address_opens")
        return None
    entry.open += 1
    return entry


def close_socket(entry: Address) -> None:
    entry.open = max(0, entry.open - 1)
    entry.used = time.monotonic()


# --- join attempts per client (notes §5.5) ------------------------------------------------

#: (attempts, seconds): entering a passphrase or joining by link, per client IP.
JOIN_LIMIT = (30, 60)  # friends behind one router, with a few typos, stay well inside it


def allow_join(request, what: str = "join") -> bool:
    """Count one join attempt of this client; False once it made more than the limit in the
    current window (``settings.TEFUDA_JOIN_LIMIT``, default :data:`JOIN_LIMIT`). ``what``
    names the counter: ``"practice"`` starts are counted apart, so a household's practice
    does not lock its friends out of a room.

    A fixed window on the Django cache: process memory by default, shared by every process
    when ``CACHES`` points at Redis. The IP appears only as a keyed hash in a cache key that
    expires with its window; it is never written to the database or the logs.
    """
    import hashlib
    import hmac

    from django.conf import settings
    from django.core.cache import cache

    limit, window = getattr(settings, "TEFUDA_JOIN_LIMIT", JOIN_LIMIT)
    ip = request.META.get("REMOTE_ADDR") or "?"
    who = hmac.new(settings.SECRET_KEY.encode(), b"join:" + ip.encode(), hashlib.sha256).hexdigest()[:24]
    key = f"tefuda:{what}:{who}:{int(time.time() // window)}"
    try:
        if cache.add(key, 1, window + 1):
            return True
        try:
            return cache.incr(key) <= limit
        except ValueError:  # expired between add and incr
            cache.set(key, 1, window + 1)
            return True
    except Exception:  # the cache (Redis) is down: let people in rather than lock them out
        logging.getLogger(__name__).warning("join limit not counted: the cache failed", exc_info=True)
        return True
