"""Multi-process fixtures: a redis-server on loopback and daphne processes on channels-redis
sharing one database: one SQLite file (``site``), or a throwaway PostgreSQL cluster
(``pg_site``: the scaled set-up of the README, on one machine). The servers themselves are
in :mod:`servers` (bench/soak.py uses them too).

Everything listens on 127.0.0.1 on free ports; every wait is bounded. Without
``redis-server`` (or PostgreSQL for ``pg_site``) the tests are skipped, unless
``TEFUDA_REQUIRE_REDIS=1`` / ``TEFUDA_REQUIRE_POSTGRES=1`` (scripts/test sets both) makes
that a failure.
"""
from __future__ import annotations

import os
import shutil

import pytest
from servers import ROOT, Postgres, Redis, Site, free_port, pg_bin, stop, wait_port  # noqa: F401


def _missing(what: str, flag: str, hint: str):
    if os.environ.get(flag) == "1":
        pytest.fail(f"{what} is not installed ({hint})")
    pytest.skip(f"{what} is not installed")


def _redis():
    """A redis-server of its own on loopback, destroyed afterwards."""
    exe = shutil.which("redis-server")
    if exe is None:
        _missing("redis-server", "TEFUDA_REQUIRE_REDIS", "apt-get install redis-server")
    server = Redis(exe)
    try:
        yield server
    finally:
        server.destroy()


@pytest.fixture(scope="module")
def redis_server():
    yield from _redis()


@pytest.fixture(scope="module")
def redis_url(redis_server):
    return redis_server.url


@pytest.fixture
def site(tmp_path, redis_url):
    var = tmp_path / "var"
    var.mkdir()
    s = Site.launch(var, redis_url)
    try:
        yield s
    finally:
        s.shutdown()


@pytest.fixture
def postgres():
    if pg_bin() is None:
        _missing("PostgreSQL", "TEFUDA_REQUIRE_POSTGRES", "apt-get install postgresql")
    server = Postgres()
    try:
        yield server
    finally:
        server.destroy()


@pytest.fixture
def own_redis():
    """A redis-server of the test's own (it may be restarted)."""
    yield from _redis()


@pytest.fixture
def pg_site(tmp_path, own_redis, postgres):
    """Two daphne on PostgreSQL + redis; ``pg_site.redis`` and ``pg_site.pg`` restart them."""
    var = tmp_path / "var"
    var.mkdir()
    s = Site.launch(var, own_redis.url, database_url=postgres.url)
    s.redis, s.pg = own_redis, postgres
    try:
        yield s
    finally:
        s.shutdown()
