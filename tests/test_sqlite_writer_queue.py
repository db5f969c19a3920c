"""tefuda_site.sqlite: transactions queue on a file lock beside the database.

Threads stand for processes here (each thread has its own connection and its own open file,
and flock does not care whether the other holder is a thread or a process).
"""
from __future__ import annotations

import fcntl
import os
import threading

import pytest
from django.db import connection, connections, transaction

from rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)


def lock_path() -> str:
    return f"{connection.settings_dict['NAME']}.writers"


def held_elsewhere() -> bool:
    """Whether some connection holds the writers' lock (tried from a fresh open file)."""
    fd = os.open(lock_path(), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def in_thread(fn):
    """Run ``fn`` in a thread with its own database connection; returns the thread."""
    def run():
        try:
            fn()
        finally:
            connections.close_all()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_engine_is_the_queued_sqlite():
    assert connection.vendor == "sqlite"
    assert type(connections["default"]).__module__ == "tefuda_site.sqlite.base"


def test_a_transaction_holds_the_lock_until_commit():
    assert not held_elsewhere()
    with transaction.atomic():
        assert held_elsewhere()
        Room.objects.count()
    assert not held_elsewhere()


def test_rollback_and_a_failed_begin_release_it(monkeypatch):
    with pytest.raises(ZeroDivisionError):
        with transaction.atomic():
            assert held_elsewhere()
            1 / 0
    assert not held_elsewhere()

    from django.db.backends.sqlite3 import base

    def broken_begin(self):
        raise RuntimeError("BEGIN failed")

    monkeypatch.setattr(base.DatabaseWrapper, "_start_transaction_under_autocommit", broken_begin)
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            pass
    assert not held_elsewhere()


def test_writers_wait_for_each_other_in_turn():
    order: list[str] = []
    inside = threading.Event()
    release = threading.Event()

    def first():
        with transaction.atomic():
            order.append("first in")
            inside.set()
            release.wait(5)
            order.append("first out")

    def second():
        inside.wait(5)
        with transaction.atomic():
            order.append("second in")

    a, b = in_thread(first), in_thread(second)
    inside.wait(5)
    b.join(0.3)
    assert b.is_alive() and order == ["first in"]  # waiting on the lock, not in SQLite
    release.set()
    a.join(10)
    b.join(10)
    assert order == ["first in", "first out", "second in"]
    assert not held_elsewhere()


def test_a_writer_that_never_finishes_makes_the_next_fail_not_hang(settings):
    from tefuda_site.sqlite.base import _lock
    from django.db import OperationalError

    fd = os.open(lock_path(), os.O_RDWR | os.O_CREAT, 0o600)
    other = os.open(lock_path(), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a writer elsewhere holds its turn
        with pytest.raises(OperationalError, match="database is locked"):
            _lock(other, 0.05)
        fcntl.flock(fd, fcntl.LOCK_UN)
        _lock(other, 0.05)  # free again: taken at once
    finally:
        os.close(fd)
        os.close(other)
