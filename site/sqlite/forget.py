"""Nothing about a person stays readable in the SQLite files once their rows are deleted,
while the server runs (issue 15 #8).

Two parts: ``PRAGMA secure_delete=ON`` on every connection (settings: the ``init_command``)
overwrites deleted rows' bytes with zeros in the database pages; and after a transaction
that deleted a seat (a person's name), :func:`checkpoint` copies the write-ahead log into the
database and truncates it (``wal_checkpoint(TRUNCATE)``), because the WAL still holds the
earlier page images with the name until the next checkpoint, which SQLite otherwise makes
only when the WAL grows past 1000 pages or the last connection closes.
"""
from __future__ import annotations

import functools
import logging

from django.db import connections, transaction

log = logging.getLogger(__name__)


def after_delete(sender, instance, using: str, **kwargs) -> None:
    """``post_delete`` receiver (rooms.apps): one checkpoint after the deleting transaction
    commits (at once outside a transaction), however many rows it deleted; none if it rolls
    back (Django drops its on-commit callbacks then)."""
    conn = connections[using]
    if conn.vendor != "sqlite" or conn.is_in_memory_db():
        return
    callback = _callbacks.setdefault(using, functools.partial(checkpoint, using))
    if any(func is callback for _, func, _ in conn.run_on_commit):
        return  # this transaction already has its checkpoint waiting
    transaction.on_commit(callback, using=using)


_callbacks: dict[str, functools.partial] = {}


def checkpoint(using: str = "default") -> tuple[int, int, int]:
    """``PRAGMA wal_checkpoint(TRUNCATE)`` → ``(busy, log frames, checkpointed frames)``; it
    waits (SQLite's busy timeout) for writers and readers of older snapshots to finish.
    A busy result is logged; the next deletion or SQLite's own checkpoint finishes it."""
    conn = connections[using]
    with conn.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        busy, frames, done = cursor.fetchone()
    if busy:
        log.warning("WAL checkpoint after a deletion was busy (%s of %s frames)", done, frames)
    return busy, frames, done
