"""Flood benchmark of the room sockets (not a test; issue 15 #2): 16 flooding sockets while
rooms play.

Starts one daphne process (in-memory layer, as ``scripts/serve``) on a fresh SQLite database,
creates ``--rooms`` Daifugō rooms of four scripted socket players (bench/ws_load.py's
clients: a hint before every move, inside the per-socket budget) and, after a calm window,
``--flooders`` sockets from another loopback address (127.0.0.2, another client address)
that each say ``hello`` with no token and then send ``hint`` as fast as the socket takes
it (the attack of the issue). A flooder the server closes comes back after ``--comeback``
seconds. Meanwhile a newcomer socket opens every ``--newcomer-every`` seconds (hello, no
token; each from an address of its own, as another person) and times its first render.

Prints, for the calm window and the flood window: the players' action→own update and
action→all seats p50/p99, accepted actions, the newcomers' first render p50/p99 (and how
many got nothing within 10 s); the flooders' messages sent, sockets opened, closed by the
server and refused at the handshake; the server's RSS before the flood, at its peak and
``--settle`` seconds after it.

    .venv/bin/python bench/flood.py                     # 2 rooms, 16 flooders, 20 s calm + 20 s flood
    .venv/bin/python bench/flood.py --rooms 5 --seconds 60

:func:`run` returns the figures as a dict (tests/multiprocess/test_flood.py asserts the
issue's acceptance criteria on a short run).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ws_load as load  # noqa: E402  (the players, the room set-up and the process figures)

ROOT = load.ROOT
FIRST_RENDER_TIMEOUT = 10.0


async def flooder(url: str, origin: str, stop: asyncio.Event, counts: Counter, comeback: float) -> None:
    """hello without a token, then ``hint`` as fast as the socket takes it; again after a close."""
    import websockets
    hint = json.dumps({"act": "hint"})
    while not stop.is_set():
        try:
            async with websockets.connect(url, origin=origin, local_addr=("127.0.0.2", 0), open_timeout=10,
                                          ping_interval=None, close_timeout=1, max_size=2**22) as ws:
                counts["opened"] += 1
                await ws.send(json.dumps({"act": "hello", "token": None}))
                while not stop.is_set():
                    for _ in range(50):
                        await ws.send(hint)
                    counts["sent"] += 50
                    await asyncio.sleep(0)
        except websockets.ConnectionClosed as exc:
            counts[f"closed:{exc.rcvd.code if exc.rcvd else 'none'}"] += 1
        except websockets.InvalidStatus:
            counts["refused"] += 1
        except (OSError, asyncio.TimeoutError):
            counts["failed"] += 1
        if not stop.is_set():
            await asyncio.sleep(comeback)


async def flood(url: str, origin: str, n: int, seconds: float, comeback: float) -> Counter:
    """``n`` flooders for ``seconds`` (in a process of their own: their loop would starve
    the players' and newcomers' clients if it were theirs)."""
    counts: Counter = Counter()
    stop = asyncio.Event()
    tasks = [asyncio.create_task(flooder(url, origin, stop, counts, comeback)) for _ in range(n)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=5)
    return counts


_newcomers = itertools.count()
failures: Counter = Counter()  # why newcomers got nothing, by exception


async def newcomer(url: str, origin: str) -> float:
    """Seconds from opening a socket to its first render (hello with no token), from an
    address of its own (127.0.1.x: another person, not the players' nor the flooders')."""
    import websockets
    n = next(_newcomers)
    t0 = time.perf_counter()
    try:
        async with websockets.connect(url, origin=origin, open_timeout=FIRST_RENDER_TIMEOUT, ping_interval=None,
                                      local_addr=(f"127.0.{1 + n // 250 % 250}.{1 + n % 250}", 0),
                                      close_timeout=1, max_size=2**22) as ws:
            await ws.send(json.dumps({"act": "hello", "token": None}))
            left = FIRST_RENDER_TIMEOUT - (time.perf_counter() - t0)
            await asyncio.wait_for(ws.recv(), max(0.01, left))
    except Exception as exc:
        failures[type(exc).__name__] += 1
        return float("inf")
    return time.perf_counter() - t0


async def newcomers(url: str, origin: str, every: float, stop: asyncio.Event, out: list) -> None:
    pending = set()
    while not stop.is_set():
        task = asyncio.create_task(newcomer(url, origin))
        task.add_done_callback(lambda t: out.append(t.result()))
        pending.add(task)
        task.add_done_callback(pending.discard)
        try:
            await asyncio.wait_for(stop.wait(), every)
        except asyncio.TimeoutError:
            pass
    if pending:
        await asyncio.wait(pending)


async def sample_rss(pid: int, stop: asyncio.Event, peak: list) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], load.proc_stat(pid)[0])
        await asyncio.sleep(0.25)


def pct(values: list[float], q: float) -> float:
    finite = [v for v in values if v != float("inf")]
    if len(finite) < len(values):  # a newcomer that got nothing counts as the time-out
        finite += [FIRST_RENDER_TIMEOUT] * (len(values) - len(finite))
    return load.pct(finite, q)


async def window(seconds: float, url: str, origin: str, every: float) -> dict:
    """Figures of one window: the players' latencies and the newcomers' first renders."""
    load.stats.reset()
    failures.clear()
    firsts: list[float] = []
    stop = asyncio.Event()
    task = asyncio.create_task(newcomers(url, origin, every, stop, firsts))
    await asyncio.sleep(seconds)
    stop.set()
    await task
    s = load.stats
    return {"own_p50": load.pct(s.own, .5), "own_p99": load.pct(s.own, .99), "all_p50": load.pct(s.others, .5),
            "all_p99": load.pct(s.others, .99), "actions": s.actions, "errors": dict(s.errors),
            "newcomers": len(firsts), "first_p50": pct(firsts, .5), "first_p99": pct(firsts, .99),
            "newcomers_lost": sum(1 for f in firsts if f == float("inf")), "newcomer_failures": dict(failures)}


async def run(rooms: int = 2, flooders: int = 16, seconds: float = 20, warmup: float = 5, settle: float = 5,
              newcomer_every: float = 0.5, comeback: float = 1.0, pin: bool = False) -> dict:
    """Run the benchmark (see the module doc); returns its figures."""
    env = {**os.environ, "TEFUDA_VAR_DIR": tempfile.mkdtemp(prefix="tefuda-flood-"), "TEFUDA_DEBUG": "0",
           "DJANGO_SETTINGS_MODULE": "tefuda_site.settings"}
    env.pop("REDIS_URL", None)
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, load.__file__, "--setup-only", "--rooms", str(rooms)], check=True,
                         capture_output=True, text=True, env=env, cwd=ROOT).stdout
    made = json.loads(out.strip().splitlines()[-1])
    port = load.free_port()
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "--access-log",
                               os.devnull, "tefuda_site.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    affinity = os.sched_getaffinity(0)
    if pin:  # the server on the first core, the clients (players, newcomers, flooders) on the others
        cores = sorted(affinity)
        os.sched_setaffinity(server.pid, {cores[0]})
        os.sched_setaffinity(0, set(cores[1:]) or {cores[0]})
    origin = f"http://127.0.0.1:{port}"
    stop, rss_stop = asyncio.Event(), asyncio.Event()
    try:
        await load.wait_port(port)
        players = []
        for r, (room_id, toks) in enumerate(made):
            shared = load.RoomShared()
            players += [load.Client(f"ws://127.0.0.1:{port}/ws/rooms/{room_id}/", origin, tok, shared, first=i == 0,
                                    local=load.room_address(r)) for i, tok in enumerate(toks)]
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        url = f"ws://127.0.0.1:{port}/ws/rooms/{made[0][0]}/"
        await asyncio.sleep(warmup)
        calm = await window(seconds, url, origin, newcomer_every)
        rss_before = load.proc_stat(server.pid)[0]
        peak = [rss_before]
        sampler = asyncio.create_task(sample_rss(server.pid, rss_stop, peak))
        flooding = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--flood-only", url, "--flooders", str(flooders), "--seconds", str(seconds),
            "--comeback", str(comeback), stdout=asyncio.subprocess.PIPE, cwd=ROOT)
        flood = await window(seconds, url, origin, newcomer_every)
        counts = json.loads((await flooding.communicate())[0].decode().strip().splitlines()[-1])
        await asyncio.sleep(settle)
        rss_stop.set()
        await sampler
        rss_after = load.proc_stat(server.pid)[0]
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {"rooms": rooms, "flooders": flooders, "seconds": seconds, "calm": calm, "flood": flood,
                "flooding": dict(counts), "rss_before": rss_before, "rss_peak": peak[0], "rss_after": rss_after,
                "server_alive": server.poll() is None}
    finally:
        os.sched_setaffinity(0, affinity)  # a caller (a test run) goes on on all its cores
        stop.set()
        rss_stop.set()
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


def report(r: dict) -> None:
    print(f"rooms={r['rooms']} (4 scripted players each) flooders={r['flooders']} window={r['seconds']:.0f}s each")
    for name in ("calm", "flood"):
        w = r[name]
        print(f"{name:5}: players' action→own update p50/p99 {w['own_p50']:.0f}/{w['own_p99']:.0f} ms, "
              f"→all seats p50/p99 {w['all_p50']:.0f}/{w['all_p99']:.0f} ms, {w['actions']} actions, "
              f"errors {w['errors'] or 0}; newcomers' first render p50/p99 {w['first_p50']:.0f}/"
              f"{w['first_p99']:.0f} ms ({w['newcomers']} newcomers, {w['newcomers_lost']} got nothing in "
              f"{FIRST_RENDER_TIMEOUT:.0f} s{': ' + str(w['newcomer_failures']) if w['newcomer_failures'] else ''})")
    f = r["flooding"]
    print(f"flooders: {f.get('sent', 0)} messages sent, {f.get('opened', 0)} sockets opened, closed by the server: "
          f"{ {k: v for k, v in f.items() if k.startswith('closed')} or 0}, refused at the handshake "
          f"{f.get('refused', 0)}, failed {f.get('failed', 0)}")
    print(f"server RSS: before the flood {r['rss_before']:.0f} MB, peak {r['rss_peak']:.0f} MB, after "
          f"{r['rss_after']:.0f} MB ({100 * (r['rss_after'] / r['rss_before'] - 1):+.1f} %); "
          f"server {'alive' if r['server_alive'] else 'DEAD'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=2)
    parser.add_argument("--flooders", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20, help="length of the calm and of the flood window")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--settle", type=float, default=5, help="seconds after the flood before RSS is read")
    parser.add_argument("--newcomer-every", type=float, default=0.5)
    parser.add_argument("--comeback", type=float, default=1.0, help="seconds before a closed flooder reconnects")
    parser.add_argument("--pin", action="store_true",
                        help="server on the first core, every client on the others (an attacker's CPU is elsewhere)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--flood-only", help=argparse.SUPPRESS)  # the flooders' own process: their URL
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.flood_only:
        origin = args.flood_only.replace("ws://", "http://").split("/ws/")[0]
        print(json.dumps(asyncio.run(flood(args.flood_only, origin, args.flooders, args.seconds, args.comeback))))
        sys.exit(0)
    figures = asyncio.run(run(args.rooms, args.flooders, args.seconds, args.warmup, args.settle,
                              args.newcomer_every, args.comeback, args.pin))
    report(figures)
    if args.json:
        print(json.dumps(figures))
