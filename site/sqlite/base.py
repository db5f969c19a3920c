"""Django's SQLite backend, with write transactions queued on a file lock.

SQLite lets one writer in at a time. Django's ``transaction_mode="IMMEDIATE"`` takes the
write lock at ``BEGIN``; a second writer then waits in SQLite's busy handler, which sleeps
in growing steps (1, 2, 5, 10 … 100 ms) and retries, so it wakes up to a hundred
milliseconds after the lock was free. With several server processes on one database file
(tests/multiprocess, bench/ws_load.py ``--workers``) those sleeps were the slowest moves:
``BEGIN IMMEDIATE`` waited p99 23–54 ms, up to 330 ms, while the holder's transactions
took a few milliseconds.

Here a transaction (``transaction.atomic``) first takes an exclusive ``flock`` on a file
beside the database (``<name>.writers``): the kernel wakes the next writer, of any thread
or process, as soon as the holder commits or rolls back. Writes outside a transaction
(single autocommit statements) do not queue and keep SQLite's own busy timeout.

``ENGINE = "tefuda_site.sqlite"``; in-memory databases (tests) are left as they are.
"""
from __future__ import annotations

import fcntl
import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    """``django.db.backends.sqlite3`` whose transactions wait for each other on a file lock."""

    _writer_lock: int | None = None  # the lock file's descriptor while this connection holds it

    def _start_transaction_under_autocommit(self):
        self._queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._unqueue()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._unqueue()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._unqueue()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._unqueue()

    def _queue(self) -> None:
        """Wait for the writers ahead (blocks this thread only: flock releases the GIL)."""
        if self._writer_lock is not None or self.is_in_memory_db():
            return
        fd = os.open(f"{self.settings_dict['NAME']}.writers", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        self._writer_lock = fd

    def _unqueue(self) -> None:
        fd, self._writer_lock = self._writer_lock, None
        if fd is not None:
            os.close(fd)  # closing the descriptor releases its flock
