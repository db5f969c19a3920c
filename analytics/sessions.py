"""Sessions: distinct browsers per day, without any identifier.

How: the first countable page a browser loads on a (local) day sets a cookie whose value
is just that date (``tefuda_day=2025-05-01``), expiring at the next local midnight, and
bumps the day's ``sessions`` counter. A browser sending today's date is not counted again.

Why this way: the cookie is the same for every browser on the same day, so it identifies
nobody, and the database holds only the daily number — no salt, no hash, no set of
visitors to discard. The price: a client that refuses cookies (a bot, a private mode that
blocks them) counts once per page load, and two browsers are two sessions even for the
same person.

Countable: a GET answered 200 with a full HTML page (not an htmx fragment), outside the
skipped path prefixes (:data:`SKIP_PREFIXES` + ``settings.ANALYTICS_SKIP_PATHS``: the
admin, static files, analytics itself and client-only/offline pages), and not from a view
marked with :func:`no_analytics`.
"""
from __future__ import annotations

from datetime import datetime, time, timedelta
from functools import wraps

from django.conf import settings
from django.utils import timezone

from . import metrics as m

COOKIE = "tefuda_day"
SKIP_PREFIXES = ("/admin/", "/static/", "/analytics/", "/offline", "/sw.js", "/manifest")


def no_analytics(view):
    """Mark a view (e.g. a client-only / offline page) as never counted."""
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response.analytics_off = True
        return response
    return wrapped


def countable(request, response) -> bool:
    """True if this request/response pair is a page view that may count a session."""
    if request.method != "GET" or response.status_code != 200 or getattr(response, "analytics_off", False):
        return False
    if request.headers.get("HX-Request") or not response.get("Content-Type", "").startswith("text/html"):
        return False
    skipped = SKIP_PREFIXES + tuple(getattr(settings, "ANALYTICS_SKIP_PATHS", ()))
    return not request.path.startswith(skipped)


def count_session(request, response) -> bool:
    """Count the browser once today (see module doc); True if it was counted now."""
    if not countable(request, response):
        return False
    today = timezone.localdate()
    if request.COOKIES.get(COOKIE) == today.isoformat():
        return False
    response.set_cookie(COOKIE, today.isoformat(), max_age=_seconds_to_midnight(),
                        httponly=True, samesite="Lax", secure=request.is_secure())
    from .record import count
    return count(m.SESSIONS, day=today)


def _seconds_to_midnight() -> int:
    now = timezone.localtime()
    midnight = datetime.combine(now.date() + timedelta(days=1), time(0), tzinfo=now.tzinfo)
    return max(60, int((midnight - now).total_seconds()))


class SessionCountMiddleware:
    """Counts sessions on page views (:func:`analytics.record.session`); never fails a
    response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        from .record import session
        session(request, response)
        return response
