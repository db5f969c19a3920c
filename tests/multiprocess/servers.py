"""Servers for the multi-process tests and bench/soak.py, all on loopback: a throwaway
PostgreSQL cluster (:class:`Postgres`), a redis-server (:class:`Redis`) and daphne workers
sharing one database through one redis (:class:`Site`).

PostgreSQL:

Debian's ``postgresql`` package (``/usr/lib/postgresql/<version>/bin``): ``initdb`` into a
fresh temporary folder, ``pg_ctl start`` listening on 127.0.0.1 only (no Unix socket outside
that folder), trust authentication for the ``postgres`` role on loopback, and ``fsync=off``
(the cluster is thrown away; commits still reach the WAL, so a restart loses none). Run as the ``postgres`` user when we are root (PostgreSQL
refuses to run as root), e.g. in CI.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pg_bin() -> Path | None:
    """The newest installed ``/usr/lib/postgresql/*/bin`` holding ``pg_ctl``, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen | None, what: str, timeout: float = 30) -> None:
    """Until something listens on 127.0.0.1:``port``; raises if ``proc`` exits or time runs out."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
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


class Postgres:
    """One cluster: :meth:`start`, :meth:`stop` (``immediate``: no shutdown checkpoint, as a
    crash), :meth:`restart`, :meth:`destroy`; :attr:`url` for ``DATABASE_URL``."""

    def __init__(self, db: str = "tefuda"):
        self.bin = pg_bin()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql)")
        self.dir = Path(tempfile.mkdtemp(prefix="tefuda-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.db = db
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            pg = pwd.getpwnam("postgres")
            os.chown(self.dir, pg.pw_uid, pg.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C.UTF-8", "--no-sync")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", db)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{self.db}"

    def _run(self, tool: str, *args: str, timeout: float = 60) -> None:
        subprocess.run([*self.as_user, str(self.bin / tool), *args], check=True, timeout=timeout,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.dir)

    def start(self) -> None:
        # fsync=off only: an immediate stop (below) is no power cut, the page cache keeps what
        # was written; a committed transaction is never lost (synchronous_commit stays on).
        opts = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c max_connections=200"
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.dir / "log"), "-w", "-t", "60", "start")
        wait_port(self.port, None, "PostgreSQL")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, down: float = 0.0) -> None:
        """Stop at once (every connection cut, as a crash would), stay down ``down``
        seconds, start again on the same port."""
        self.stop("immediate")
        time.sleep(down)
        self.start()

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


class Redis:
    """A redis-server on 127.0.0.1 without persistence; :meth:`restart` brings it back empty
    on the same port (every group and queued message lost, as after a crash)."""

    def __init__(self, exe: str):
        self.exe, self.port = exe, free_port()
        self.proc: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen([self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port, self.proc, "redis-server")

    def restart(self, down: float = 0.0) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        time.sleep(down)
        self.start()

    def destroy(self) -> None:
        if self.proc is not None:
            stop(self.proc)


@dataclass
class Site:
    """Daphne processes serving one database (SQLite in ``var`` unless ``env`` names a
    ``DATABASE_URL``) through one redis; :meth:`launch` starts them."""

    var: Path
    env: dict
    procs: list[subprocess.Popen] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)

    @classmethod
    def launch(cls, var: Path, redis_url: str, workers: int = 2, database_url: str | None = None,
               extra_env: dict | None = None) -> "Site":
        env = {**os.environ, "TEFUDA_VAR_DIR": str(var), "REDIS_URL": redis_url, "TEFUDA_DEBUG": "0",
               "DJANGO_SETTINGS_MODULE": "tefuda_site.settings", "PYTHONUNBUFFERED": "1", **(extra_env or {})}
        env.pop("DATABASE_URL", None)
        if database_url:
            env["DATABASE_URL"] = database_url
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True,
                       timeout=180)
        site = cls(var, env)
        try:
            for i in range(workers):
                site.ports.append(free_port())
                site.procs.append(None)
                site.start(i, wait=False)
            for i in range(workers):
                wait_port(site.ports[i], site.procs[i], f"daphne {i}")
        except BaseException:
            site.shutdown()
            raise
        return site

    def start(self, i: int, wait: bool = True) -> None:
        """(Re)start worker ``i`` on its port (its log appends to ``daphne-<i>.log``)."""
        log = open(self.var / f"daphne-{i}.log", "ab")
        self.procs[i] = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.ports[i]),
                                          "--access-log", os.devnull, "tefuda_site.asgi:application"],
                                         cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        if wait:
            wait_port(self.ports[i], self.procs[i], f"daphne {i}")

    def shutdown(self) -> None:
        for proc in self.procs:
            if proc is not None:
                stop(proc)

    def http(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def ws(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.ports[i]}"

    def kill(self, i: int) -> None:
        """SIGKILL: no shutdown code runs, no socket says goodbye (a crashed worker)."""
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait(10)

    @property
    def postgres(self) -> bool:
        return "DATABASE_URL" in self.env

    def query(self, sql: str, *params):
        """Rows of ``sql`` (``?`` placeholders) on the site's database."""
        if self.postgres:
            import psycopg

            with psycopg.connect(self.env["DATABASE_URL"].replace("postgres://", "postgresql://"),
                                 autocommit=True, connect_timeout=10, options="-c timezone=UTC") as con:
                return con.execute(sql.replace("?", "%s"), params).fetchall()
        con = sqlite3.connect(self.var / "db.sqlite3", timeout=10)
        try:
            return con.execute(sql, params).fetchall()
        finally:
            con.close()

    def driver_pid(self, room_id: str) -> int | None:
        """The pid in ``Room.driver`` (``host:pid:nonce``, rooms.actions.PROCESS)."""
        rows = self.query("SELECT driver FROM rooms_room WHERE id = ?", room_id.replace("-", ""))
        return int(rows[0][0].split(":")[1]) if rows and rows[0][0] else None

    def state(self, room_id: str) -> tuple[str, int, dict | None]:
        """``(status, version, state)`` of a room as stored."""
        import json

        rows = self.query("SELECT status, version, state FROM rooms_room WHERE id = ?", room_id.replace("-", ""))
        if not rows:
            return "", -1, None
        status, version, state = rows[0]
        return status, version, json.loads(state) if isinstance(state, str) else state
