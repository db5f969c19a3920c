"""A per-socket credit bucket (notes §5.5, after lila-ws): ``capacity`` messages at once,
refilled at ``rate`` per second."""
from __future__ import annotations

import logging
import time

from tefuda_site.throttle import TokenBucket


class Bucket(TokenBucket):
    """One socket's messages: 30 at once, 6 more a second."""

    def __init__(self, capacity: float = 30, rate: float = 6):
        super().__init__(capacity, rate)


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
