"""Errors by kind and place: server errors from logging, browser errors from the page.

Server side: :class:`ErrorCountHandler` is a logging handler (settings ``LOGGING``, level
ERROR) that counts every error record as ``server_error`` with key
``"<ExceptionClass> @ <place>"`` — the place is the view name for ``django.request``
records, else ``logger:function`` (e.g. ``rooms.consumers:receive``, the socket's error
path). The message text, the request, the socket scope and the traceback are never read.

Browser side: the page posts ``{"kind", "message", "path", "line"}`` (templates/base.html);
:func:`client_key` keeps the kind, a scrubbed and truncated message and the path with ids
and query strings removed, and at most :data:`CLIENT_KEYS_PER_DAY` distinct keys per day.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import threading

from . import metrics as m

CLIENT_KEYS_PER_DAY = 50
MESSAGE_MAX = 80
_busy = threading.local()
_tasks: set = set()

_URL = re.compile(r"(?:https?|wss?|blob|file)://[^\s/]*([^\s?#]*)[^\s]*", re.I)
_QUERY = re.compile(r"[?#]\S*")
_UUID = re.compile(r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}", re.I)
_TOKENISH = re.compile(r"[A-Za-z0-9_\-+/=]{20,}")
_EMAIL = re.compile(r"\S+@\S+")
_DIGITS = re.compile(r"\d{5,}")


# --- server errors ------------------------------------------------------------------------

def server_key(record: logging.LogRecord) -> str:
    """``"<ExceptionClass> @ <place>"`` of an error log record (``logged`` without one)."""
    exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else "logged"
    return f"{exc} @ {_place(record)}"


def _place(record: logging.LogRecord) -> str:
    request = getattr(record, "request", None)
    match = getattr(request, "resolver_match", None)
    if record.name == "django.request" and match is not None:
        return f"view {match.view_name}"
    return f"{record.name}:{record.funcName}"


def record_server_error(key: str) -> None:
    from .record import count
    count(m.SERVER_ERROR, key=key)


class ErrorCountHandler(logging.Handler):
    """Counts ERROR records (see module doc). Safe anywhere: in an event loop the count is
    written from a worker thread; a failure is logged at WARNING by ``analytics`` (which
    this handler ignores, so it never recurses)."""

    def __init__(self, level=logging.ERROR):
        super().__init__(level)

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("analytics") or getattr(_busy, "on", False):
            return
        _busy.on = True
        try:
            _dispatch(record_server_error, server_key(record))
        except Exception:  # never let analytics break logging
            pass
        finally:
            _busy.on = False


def _dispatch(fn, *args) -> None:
    """Call ``fn(*args)`` now, or in the database thread when on an event loop."""
    from django.apps import apps
    if not apps.ready:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return fn(*args)
    from channels.db import database_sync_to_async
    # a fresh context: a record logged from a callback that asgiref ran inside a thread hop
    # (a doorbell's done-callback) carries asgiref's "thread in use" mark, and the hop
    # below would refuse ("Single thread executor already being used") and be lost
    task = loop.create_task(database_sync_to_async(fn)(*args), context=contextvars.Context())
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


# --- browser errors -----------------------------------------------------------------------

def scrub(text: object, limit: int = MESSAGE_MAX) -> str:
    """Text without URLs' hosts and query strings, ids, token-like runs, e-mail addresses or
    long numbers; whitespace collapsed; at most ``limit`` characters."""
    s = str(text or "")[:1000]
    s = _URL.sub(lambda mt: mt.group(1) or "/", s)
    s = _EMAIL.sub("<email>", s)
    s = _UUID.sub("<id>", s)
    s = _TOKENISH.sub("<…>", s)
    s = _DIGITS.sub("<n>", s)
    s = " ".join(s.split())
    return s[:limit]


def client_path(path: object) -> str:
    """A page path with no scheme, host, query string or ids (``/rooms/<id>/``)."""
    p = _QUERY.sub("", str(path or "/")[:200])
    p = _URL.sub(lambda mt: mt.group(1) or "/", p)
    return scrub(p, 60) if p.startswith("/") else "?"


def client_key(data: dict) -> str:
    """The counter key of a browser error report (see module doc)."""
    kind = "unhandledrejection" if data.get("kind") == "unhandledrejection" else "error"
    line = data.get("line")
    line = line if isinstance(line, int) and not isinstance(line, bool) and 0 <= line < 10**6 else 0
    return f"{kind}: {scrub(data.get('message')) or '?'} @ {client_path(data.get('path'))}:{line}"


#: browser reports that are not errors of ours: Chrome's notice that a ResizeObserver's
#: callback changed a size it observes (static/table.js lays a hand out in one; the browser
#: delivers the rest at the next frame, as the specification says). try18 saw two such
#: "errors" on the dashboard after resizing a window.
BENIGN = ("ResizeObserver loop completed with undelivered notifications", "ResizeObserver loop limit exceeded")


def record_client_error(data: dict) -> bool:
    """Count a browser's error report under :func:`client_key`; a :data:`BENIGN` one is not
    counted (False)."""
    from .record import count
    if str(data.get("message") or "").startswith(BENIGN):
        return False
    return count(m.CLIENT_ERROR, key=client_key(data), cap=CLIENT_KEYS_PER_DAY)
