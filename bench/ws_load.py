"""Load benchmark of the room sockets (not a test): many rooms of scripted socket clients.

Starts one daphne process (``--workers`` processes on channels-redis with ``--redis``) on a
fresh SQLite database in a temp dir, creates ``--rooms`` Daifugō rooms of four human seats
(no turn limit, special cards off) and connects one socket client per seat, the way a
browser tab does (hello with its seat token, pings). Each client plays as fast as the
server lets it: on its turn (or when it must give cards in the exchange) it asks for a
hint, and plays / gives the cards the server selected, or passes (``--no-hint``: on its
turn it decides from its own page, as a person does: it leads its first card on an empty
field, else passes; only the exchange still asks for a hint); after a game the first
seat deals the next round. A client keeps at most one request in flight, always acts on
the newest version it has seen (a move refused as stale is re-decided, never resent
blindly) and stays inside the server's per-socket credit bucket (rooms.ratelimit).

Prints, over the measured window (after a warm-up):

- accepted actions/s (from the room event log: every accepted human move),
- action→update latency p50/p99: from sending a move to the mover's own update with the
  new version, and to the *last* other seat of the room seeing that version (the doorbell
  fan-out),
- hint round trip p50/p99, refusals by code, errors (unexpected refusals, closed sockets,
  stalls), the server's RSS and CPU time.

    .venv/bin/python bench/ws_load.py                      # 30 rooms, 30 s
    .venv/bin/python bench/ws_load.py --rooms 50 --seconds 60
    .venv/bin/python bench/ws_load.py --profile            # + py-spy record of the server (--gil: CPU only)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tables.core.frames import with_pieces  # noqa: E402 (what the page does with a message)

VER = re.compile(r'id="ver" data-version="(\d+)"')
CODE = re.compile(r'id="msg"[^>]*data-code="(\w+)"')
CARD = re.compile(r'name="card" value="(\d+)"( checked)?')
BUTTON = re.compile(r'''hx-vals='\{"index": "(\d+)"(?:, "\w+": "\w+")*\}' data-action="(\w+)"''')  # (次のラウンドへ: "deal": "1")
EXPECTED_REFUSALS = {"stale"}  # another seat's move landed first: re-decide at the new version
HINTS = True  # --no-hint: only the card exchange asks for a hint

# The server's per-socket bucket is 30 credits refilled at 6/s; clients stay under it.
CLIENT_RATE, CLIENT_BURST = 5.5, 20


class Stats:
    def __init__(self):
        self.reset()

    def reset(self):
        self.own: list[float] = []
        self.others: list[float] = []
        self.hints: list[float] = []
        self.actions = 0
        self.refusals: Counter = Counter()
        self.errors: Counter = Counter()


stats = Stats()


def element(html: str, ident: str, end: str) -> str | None:
    """The top-level element ``id=ident`` of a message (through its closing ``end``)."""
    i = html.find(f'id="{ident}"')
    if i < 0:
        return None
    j = html.find(end, i)
    return html[html.rfind("<", 0, i): j + len(end) if j >= 0 else len(html)]


class RoomShared:
    """What the four clients of one room share: when each version was sent (fan-out)."""

    def __init__(self):
        self.sent_at: dict[int, tuple[float, object, set]] = {}  # version → (sent, mover, others seen)


def room_address(r: int) -> str:
    """The loopback address the clients of room ``r`` connect from (127.1.x.y): each room
    is a household of its own, as the server's per-address socket limits see it
    (rooms.ratelimit.SOCKET_LIMITS)."""
    return f"127.1.{r // 250 % 250}.{1 + r % 250}"


class Client:
    def __init__(self, url: str, origin: str, token: str, room: RoomShared, first: bool, local: str | None = None):
        self.url, self.origin, self.token, self.room, self.first = url, origin, token, room, first
        self.local = local  # the address to connect from (None: the system's choice)
        self.version = -1
        self.hand = self.result = self.field = ""
        self.pending: tuple[str, float, int] | None = None  # (kind, sent at, version sent on)
        self.credits, self.credit_at = CLIENT_BURST, time.monotonic()
        self.ws = None

    async def run(self, stop: asyncio.Event) -> None:
        import websockets
        try:
            async with websockets.connect(self.url, origin=self.origin, max_size=2**22, open_timeout=30,
                                          ping_interval=None,
                                          **({"local_addr": (self.local, 0)} if self.local else {})) as ws:
                self.ws = ws
                await ws.send(json.dumps({"act": "hello", "token": self.token}))
                pinger = asyncio.create_task(self._ping(stop))
                try:
                    while not stop.is_set():
                        try:
                            html = await asyncio.wait_for(ws.recv(), timeout=1.0)
                        except asyncio.TimeoutError:
                            await self.decide()  # e.g. waiting for credits
                            continue
                        await self.on_message(html)
                finally:
                    pinger.cancel()
        except Exception as exc:  # a closed socket is an error of the run
            if not stop.is_set():
                stats.errors[f"socket:{type(exc).__name__}"] += 1

    async def _ping(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await asyncio.sleep(10)
            await self.send({"act": "ping"}, track=False)

    async def send(self, msg: dict, track: bool = True, kind: str = "") -> None:
        now = time.monotonic()
        self.credits = min(CLIENT_BURST, self.credits + (now - self.credit_at) * CLIENT_RATE)
        self.credit_at = now
        if self.credits < 1:
            await asyncio.sleep((1 - self.credits) / CLIENT_RATE)
            return await self.send(msg, track, kind)
        self.credits -= 1
        if track:
            self.pending = (kind or msg["act"], time.perf_counter(), self.version)
            if msg["act"] != "hint":  # a move makes the next version (else it is refused)
                self.room.sent_at[self.version + 1] = (self.pending[1], self, set())
        await self.ws.send(json.dumps(msg))

    async def on_message(self, html: str) -> None:
        now = time.perf_counter()
        m = VER.search(html)
        old = self.version
        if m:
            self.version = max(self.version, int(m.group(1)))
        for v in range(old + 1, self.version + 1) if old >= 0 else ():
            entry = self.room.sent_at.get(v)
            if entry is not None and entry[1] is not self:  # another seat's move reached me
                sent, _, seen = entry
                seen.add(id(self))
                if len(seen) == 3:  # the last of the three other seats
                    stats.others.append(now - sent)
                    del self.room.sent_at[v]
        hand = element(html, "hand-form", "</form>")
        self.hand = hand if hand is not None else with_pieces(self.hand, html)  # (tables/core/frames.py)
        field = element(html, "field", "</section>")
        if field is not None:
            self.field = field
        result = element(html, "result", "</section>")
        if result is not None:
            self.result = result
        code = CODE.search(html)
        if self.pending:
            kind, sent, on = self.pending
            if kind == "hint" and code and code.group(1) == "hint":
                stats.hints.append(now - sent)
                self.pending = None
                return await self.after_hint()
            if kind != "hint" and self.version > on:
                stats.own.append(now - sent)
                stats.actions += 1
                self.pending = None
            elif code and code.group(1) != "hint":
                entry = self.room.sent_at.get(on + 1)
                if entry is not None and entry[1] is self:
                    del self.room.sent_at[on + 1]
                (stats.refusals if code.group(1) in EXPECTED_REFUSALS else stats.errors)[code.group(1)] += 1
                self.pending = None
        await self.decide()

    def buttons(self, part: str) -> dict[str, str]:
        return {action: index for index, action in BUTTON.findall(part)}

    async def decide(self) -> None:
        if self.pending or self.ws is None:
            return
        if self.first and "hidden" not in self.result[:60] and 'data-action="next_game"' in self.result:
            return await self.send({"act": "pick", "index": self.buttons(self.result)["next_game"],
                                    "version": str(self.version)})
        if "exchange-info" in self.hand or ('class="controls my-turn"' in self.hand and HINTS):
            await self.send({"act": "hint"})
        elif 'class="controls my-turn"' in self.hand:  # --no-hint: decide from the page alone
            version = str(self.version)
            cards = [c for c, _ in CARD.findall(self.hand)]
            if "empty-field" in self.field and cards:  # any single card may lead (plain Daifugō)
                return await self.send({"act": "play", "card": cards[:1], "mode": "plain", "version": version})
            if "pass" in self.buttons(self.hand):
                return await self.send({"act": "pick", "index": self.buttons(self.hand)["pass"], "version": version})

    async def after_hint(self) -> None:
        cards = [c for c, checked in CARD.findall(self.hand) if checked]
        version = str(self.version)
        if "exchange-info" in self.hand:
            if cards:
                return await self.send({"act": "exchange", "kind": "exchange", "card": cards, "version": version})
        elif cards:
            return await self.send({"act": "play", "card": cards, "mode": "plain", "version": version})
        elif "pass" in self.buttons(self.hand):
            return await self.send({"act": "pick", "index": self.buttons(self.hand)["pass"], "version": version})
        await self.decide()


def setup_rooms(n_rooms: int) -> list[tuple[str, list[str]]]:
    """Migrate and create the rooms (run in a child process: Django, the bench's database)."""
    import django
    django.setup()
    from django.core.management import call_command
    from rooms import lobby
    from rooms.models import Room
    call_command("migrate", verbosity=0)
    rooms = []
    for i in range(n_rooms):
        key = f"bench-{i}-{time.time_ns()}"
        toks = []
        for s in range(4):
            room, tok = lobby.enter(key, f"P{s}", None)
            toks.append(tok)
        # no turn limit, fast CPUs (none are seated), every special card off: plain Daifugō
        lobby.set_options(room.id, 0, {"turn_limit": "0", "speed": "fast", "rules": "1"},
                          Room.objects.get(pk=room.id).version)
        lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
        rooms.append((str(room.id), toks))
    return rooms


def count_events(since: float, until: float) -> list[int]:
    """:func:`human_events` through Django (any database; run in a child process)."""
    from datetime import datetime, timezone
    import django
    django.setup()
    from rooms.models import RoomEvent
    at = lambda t: datetime.fromtimestamp(t, tz=timezone.utc)  # noqa: E731
    rows = RoomEvent.objects.filter(created_at__gte=at(since), created_at__lt=at(until))
    return [rows.filter(by="human").count(), rows.count()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_stat(pid: int) -> tuple[float, float]:
    """(RSS in MB, user+system CPU seconds) of a process."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return rss, cpu


def human_events(db: Path, since: float, until: float) -> tuple[int, int]:
    """(accepted human moves, all accepted changes) logged between two wall-clock times."""
    if os.environ.get("DATABASE_URL"):  # e.g. PostgreSQL: count through Django in a child
        out = subprocess.run([sys.executable, __file__, "--count-events", f"{since},{until}"], check=True,
                             capture_output=True, text=True).stdout
        return tuple(json.loads(out.strip().splitlines()[-1]))
    con = sqlite3.connect(db)
    try:
        fmt = lambda t: time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t)) + f"{t % 1:.6f}"[1:]  # noqa: E731
        rows = con.execute("SELECT by, count(*) FROM rooms_roomevent WHERE created_at >= ? AND created_at < ?"
                           " GROUP BY by", (fmt(since), fmt(until))).fetchall()
    finally:
        con.close()
    counts = dict(rows)
    return counts.get("human", 0), sum(counts.values())


async def wait_port(port: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError(f"daphne did not listen on {port}")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


async def main(args) -> None:
    env = os.environ.copy()
    out = subprocess.run([sys.executable, __file__, "--setup-only", "--rooms", str(args.rooms)],
                         check=True, capture_output=True, text=True, env=env).stdout
    rooms = json.loads(out.strip().splitlines()[-1])
    redis = None
    if args.workers > 1 or args.redis:
        rport = free_port()
        redis = subprocess.Popen(["redis-server", "--port", str(rport), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "no"], stdout=subprocess.DEVNULL)
        env["REDIS_URL"] = f"redis://127.0.0.1:{rport}/0"
        await wait_port(rport)
    ports = [free_port() for _ in range(args.workers)]
    servers = [subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(p),
                                 "--access-log", os.devnull, "tefuda_site.asgi:application"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=None if args.verbose else subprocess.DEVNULL)
               for p in ports]
    if args.pin:  # server i on core i (mod the cores): two workers never share one core
        cores = sorted(os.sched_getaffinity(0))
        for i, s in enumerate(servers):
            os.sched_setaffinity(s.pid, {cores[i % len(cores)]})
    stop = asyncio.Event()
    try:
        for p in ports:
            await wait_port(p)
        clients = []
        for r, (room_id, toks) in enumerate(rooms):
            shared = RoomShared()
            for i, tok in enumerate(toks):
                port = ports[(r if args.affinity else r * 4 + i) % len(ports)]
                clients.append(Client(f"ws://127.0.0.1:{port}/ws/rooms/{room_id}/", f"http://127.0.0.1:{port}",
                                      tok, shared, first=i == 0, local=room_address(r)))
        tasks = [asyncio.create_task(c.run(stop)) for c in clients]
        await asyncio.sleep(args.warmup)
        stats.reset()
        cpu0 = [proc_stat(s.pid)[1] for s in servers]
        me0 = time.process_time()
        wall0, start = time.time(), time.perf_counter()
        spy = None
        if args.profile:
            spy = subprocess.Popen([shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy"), "record", "-o", args.profile_out, "-f", "raw", "-d",
                                    str(int(args.seconds)), "-p", str(servers[0].pid), "--nonblocking", *(["--gil"] if args.gil else [])],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await asyncio.sleep(args.seconds)
        elapsed, wall1 = time.perf_counter() - start, time.time()
        now = time.perf_counter()
        stalled = sum(1 for c in clients if c.pending and now - c.pending[1] > 5)  # no answer in 5 s
        if stalled:
            stats.errors["stalled_client"] += stalled
        procs = [proc_stat(s.pid) for s in servers]
        me1 = time.process_time()
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        if spy:
            spy.wait(30)
        humans, changes = human_events(Path(env["TEFUDA_VAR_DIR"]) / "db.sqlite3", wall0, wall1)
        print(f"rooms={args.rooms} clients={len(clients)} daphne={args.workers} "
              f"layer={'redis' if redis else 'in-memory'} window={elapsed:.1f}s (after {args.warmup:.0f}s warm-up)")
        print(f"accepted actions/s: {humans / elapsed:.1f}  (human moves {humans}, all changes {changes}; "
              f"client-confirmed {stats.actions})")
        print(f"action→own update ms:     p50={pct(stats.own, .5):.1f} p99={pct(stats.own, .99):.1f} "
              f"max={pct(stats.own, 1):.1f}")
        print(f"action→all seats ms:      p50={pct(stats.others, .5):.1f} p99={pct(stats.others, .99):.1f} "
              f"max={pct(stats.others, 1):.1f}")
        print(f"hint round trip ms:       p50={pct(stats.hints, .5):.1f} p99={pct(stats.hints, .99):.1f}")
        print(f"refusals (expected): {dict(stats.refusals) or 0}")
        print(f"errors: {sum(stats.errors.values())} {dict(stats.errors) or ''}")
        for s, (rss, cpu), c0 in zip(servers, procs, cpu0):
            print(f"server pid {s.pid}: RSS {rss:.0f} MB, CPU {100 * (cpu - c0) / elapsed:.0f}% of one core")
        total_cpu = sum(cpu - c0 for (_, cpu), c0 in zip(procs, cpu0))
        print(f"server CPU per accepted action: {1000 * total_cpu / max(humans, 1):.1f} ms; "
              f"bench clients' CPU {100 * (me1 - me0) / elapsed:.0f}% of one core")
        if spy:
            print(f"py-spy profile: {args.profile_out}")
    finally:
        stop.set()
        for proc in [*servers, *([redis] if redis else [])]:
            proc.terminate()
        for proc in [*servers, *([redis] if redis else [])]:
            try:
                proc.wait(3)
            except subprocess.TimeoutExpired:  # daphne waits for its application instances
                proc.kill()
                proc.wait(5)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--workers", type=int, default=1, help="daphne processes (>1 uses redis-server)")
    parser.add_argument("--redis", action="store_true", help="channels-redis even with one process")
    parser.add_argument("--affinity", action="store_true",
                        help="all sockets of a room on one process (as a proxy hashing /ws/rooms/<id>/ would place them);"
                             " default: a room's seats spread over the processes")
    parser.add_argument("--pin", action="store_true",
                        help="pin server i to core i (as a one-worker-per-core deployment does; the scheduler"
                             " otherwise sometimes runs both workers on one core for seconds)")
    parser.add_argument("--no-hint", action="store_true",
                        help="clients play without a hint round trip (lead the first card, else pass)")
    parser.add_argument("--profile", action="store_true", help="py-spy record the (first) server")
    parser.add_argument("--profile-out", default="/tmp/tefuda-ws-load.txt")
    parser.add_argument("--gil", action="store_true",
                        help="profile only the thread holding the GIL (where CPU goes, not where threads wait)")
    parser.add_argument("--verbose", action="store_true", help="show the server's log")
    parser.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count-events", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if "TEFUDA_VAR_DIR" not in os.environ:
        os.environ["TEFUDA_VAR_DIR"] = tempfile.mkdtemp(prefix="tefuda-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tefuda_site.settings")
    os.environ.setdefault("TEFUDA_DEBUG", "0")
    sys.path.insert(0, str(ROOT))
    HINTS = not args.no_hint
    if args.setup_only:
        print(json.dumps(setup_rooms(args.rooms)))
    elif args.count_events:
        print(json.dumps(count_events(*map(float, args.count_events.split(",")))))
    else:
        asyncio.run(main(args))
