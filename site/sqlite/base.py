"""Django's SQLite backend, with write transactions queued on a file lock.

SQLite lets one writer in at a time. Django's ``transaction_mode="IMMEDIATE"`` takes the
write lock at ``BEGIN``; a second writer then waits in SQLite's busy handler, which sleeps
in growing steps (1, 2, 5, 10 … 100 ms) and retries, so it wakes up to a hundred
milliseconds after the lock was free. With several server processes on one database file
(tests/multiprocess, bench/ws_load.py ``--workers``) those sleeps were the slowest moves:
``BEGIN IMMEDIATE`` waited p99 23–54 ms, up to 330 ms, while the holder's transactions
took a few milliseconds.

Here a transaction (``transaction.atomic``) first takes an exclusive ``flock`` on a file
beside the database (``<name>.writers``), trying every 0.2–2 ms, so the next writer of any
thread or process is in within about two milliseconds of the holder's commit or rollback.
Writes outside a transaction (single autocommit statements) do not queue and keep SQLite's
own busy timeout.

``ENGINE = "tefuda_site.sqlite"``; in-memory databases (tests) are left as they are.
"""
from __future__ import annotations

import fcntl
import os
import time

from django.db import OperationalError
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
        """Wait for the writers ahead: the lock is tried every 0.2 ms, doubling up to 2 ms
        between tries (the holder's transaction takes about a millisecond), for as long as
        the connection's ``timeout`` option (SQLite's own busy timeout, 5 s by default).

        Raises ``OperationalError("database is locked")`` after that, as SQLite would; a
        blocking ``flock`` would wait for ever behind a writer that never finishes."""
        if self._writer_lock is not None or self.is_in_memory_db():
            return
        fd = os.open(f"{self.settings_dict['NAME']}.writers", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _lock(fd, float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5)))
        except BaseException:
            os.close(fd)
            raise
        self._writer_lock = fd

    def _unqueue(self) -> None:
        fd, self._writer_lock = self._writer_lock, None
        if fd is not None:
            os.close(fd)  # closing the descriptor releases its flock


def _lock(fd: int, timeout: float) -> None:
    """Take the exclusive lock of ``fd`` within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    pause = 0.0002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise OperationalError(f"database is locked (no turn among the writers in {timeout:g} s)") from None
            time.sleep(pause)
            pause = min(pause * 2, 0.002)
