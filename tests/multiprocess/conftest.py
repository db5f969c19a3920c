"""Multi-process fixtures: a redis-server on loopback and daphne processes on channels-redis
sharing one file SQLite database (the scale-out setup of notes §4, on one machine).

Everything listens on 127.0.0.1 on free ports; every wait is bounded. Without
``redis-server`` the tests are skipped, unless ``TEFUDA_REQUIRE_REDIS=1`` (scripts/test sets
it) makes that a failure.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on 127.0.0.1:{port} within {timeout}s")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(3)  # daphne may wait up to 10 s for its application instances
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@pytest.fixture(scope="module")
def redis_url():
    exe = shutil.which("redis-server")
    if exe is None:
        if os.environ.get("TEFUDA_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        pytest.skip("redis-server is not installed")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, proc, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop(proc)


@dataclass
class Site:
    """Two (or more) daphne processes serving one database through one redis."""

    var: Path
    env: dict
    procs: list[subprocess.Popen] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)

    def http(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def ws(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.ports[i]}"

    def kill(self, i: int) -> None:
        """SIGKILL: no shutdown code runs, no socket says goodbye (a crashed worker)."""
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait(10)

    def query(self, sql: str, *params):
        con = sqlite3.connect(self.var / "db.sqlite3", timeout=10)
        try:
            return con.execute(sql, params).fetchall()
        finally:
            con.close()

    def driver_pid(self, room_id: str) -> int | None:
        """The pid in ``Room.driver`` (``host:pid:nonce``, rooms.actions.PROCESS)."""
        rows = self.query("SELECT driver FROM rooms_room WHERE id = ?", room_id.replace("-", ""))
        return int(rows[0][0].split(":")[1]) if rows and rows[0][0] else None


@pytest.fixture
def site(tmp_path, redis_url):
    var = tmp_path / "var"
    var.mkdir()
    env = {**os.environ, "TEFUDA_VAR_DIR": str(var), "REDIS_URL": redis_url, "TEFUDA_DEBUG": "0",
           "DJANGO_SETTINGS_MODULE": "tefuda_site.settings", "PYTHONUNBUFFERED": "1"}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True,
                   timeout=120)
    s = Site(var, env)
    try:
        for i in range(2):
            port = free_port()
            log = open(var / f"daphne-{i}.log", "wb")
            proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                     "--access-log", os.devnull, "tefuda_site.asgi:application"],
                                    cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            s.procs.append(proc)
            s.ports.append(port)
        for i, (port, proc) in enumerate(zip(s.ports, s.procs)):
            wait_port(port, proc, f"daphne {i}")
        yield s
    finally:
        for proc in s.procs:
            stop(proc)

