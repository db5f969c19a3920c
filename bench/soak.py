"""Soak run of the scaled set-up (not a test): scripted rooms for a long while, with trouble.

Starts, all on loopback, a throwaway PostgreSQL cluster, a redis-server and two daphne
workers (``tests/multiprocess/servers.py``, the same servers the multi-process tests use),
then ``--rooms`` Daifugō rooms of two humans (one entering on each worker) and two CPUs,
fast CPUs, no turn limit, special cards off. Each human plays its seat as the multi-process
tests' tab does (hint → play / give, else pass; the host deals the next game). Meanwhile:

- random drops: a tab's socket is cut (no close frame) and the tab reconnects with its seat
  token on a random worker, as room.js does;
- random stalls: a tab sends nothing (no moves, no pings) for 15–40 s, then carries on;
- floods: a socket says ``hello`` without a token and sends ``hint`` as fast as it can for
  ``--flood-seconds``;
- every ``--kill-every`` seconds a random worker is SIGKILLed and started again 2 s later
  (its tabs reconnect to the other worker).

Every 10 s each room's stored state is checked: every card of the deck in hands, surplus,
graveyard or field (else a card is *lost*), and whether its version moved. At the end it
prints games completed, cards lost, rooms stuck (a room whose version did not move for
``--stuck-after`` seconds at any time while it should have been playing, and at the end),
client errors, ERROR records in the workers' logs, and memory: each worker's RSS one
minute after it (re)started and when it was killed / at the end, and redis' used memory.

    nice -n 10 .venv/bin/python bench/soak.py --minutes 30
    .venv/bin/python bench/soak.py --minutes 3 --kill-every 60   # a short look
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "multiprocess")]

import websockets  # noqa: E402
from mp_client import Browser, Tab  # noqa: E402
from servers import Postgres, Redis, Site  # noqa: E402

N_CARDS = 54  # games/daifugo/cards.py: 52 + 2 jokers


def all_cards(state: dict) -> list[int]:
    cards = [c for hand in state["hands"] for c in hand] + state["surplus"] + state["graveyard"]
    if state.get("field"):
        cards += state["field"]["cards"]
    return cards


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Soak:
    def __init__(self, site: Site, redis: Redis, pg: Postgres, args):
        self.site, self.redis, self.pg, self.args = site, redis, pg, args
        self.rng = random.Random(args.seed)
        self.stop = asyncio.Event()
        self.errors: Counter = Counter()
        self.cards_lost: dict[str, int] = {}
        self.stuck: set[str] = set()
        self.gone: dict[str, float] = {}  # rooms deleted while their people played → minute
        self.rooms: dict[str, dict] = {}  # id → {"version", "moved_at", "tabs"}
        self.events: Counter = Counter()
        self.memory: list[tuple[int, float, float]] = []  # (worker, RSS after 1 min, RSS at its end)
        self.started_at = [time.monotonic()] * len(site.procs)
        self.base_rss: list[float | None] = [None] * len(site.procs)

    # --- rooms -------------------------------------------------------------------------
    async def open_tab(self, room: str, browser: Browser, token: str, worker: int | None = None) -> Tab:
        """Open a tab on ``worker`` (random if None), retrying while a worker is down or the
        seat is still held by a dead socket (bounded: 60 s)."""
        end = time.monotonic() + 60
        while True:
            w = self.rng.randrange(len(self.site.procs)) if worker is None else worker
            tab = Tab(self.site.ws(w), room, browser, token)
            try:
                await tab.open()
                if 'id="hand-form"' in tab.hand or "waiting" in tab.hand or tab.version >= 0:
                    return tab
            except (OSError, AssertionError, websockets.WebSocketException, asyncio.TimeoutError):
                pass
            await self._close(tab)
            worker = None
            if time.monotonic() > end:
                raise RuntimeError("could not reconnect within 60 s")
            await asyncio.sleep(1)

    async def _close(self, tab: Tab) -> None:
        try:
            await tab.close()
        except Exception:
            pass

    async def start_room(self, n: int) -> tuple[str, list[Tab], list[Browser], list[str]]:
        browsers = [Browser(self.site.http(0)), Browser(self.site.http(1))]
        phrase = f"soak room {n} {self.rng.random():.6f}"
        entered = [await asyncio.to_thread(b.enter, name, phrase) for b, name in zip(browsers, ("はる", "なつ"))]
        room = entered[0][0]
        tokens = [t for _, t in entered]
        a = await self.open_tab(room, browsers[0], tokens[0], 0)
        b = await self.open_tab(room, browsers[1], tokens[1], 1)
        for msg in ({"act": "options", "speed": "fast", "turn_limit": "0", "rules": "1"},
                    {"act": "add_cpu"}, {"act": "add_cpu"}, {"act": "start"}):
            v = a.version
            await a.send(**msg, version=str(v))
            await a.wait_for(lambda: a.version > v, 10, msg["act"])
        await b.wait_for(lambda: 'id="hand-form"' in b.hand, 10, "the deal")
        return room, [a, b], browsers, tokens

    async def play_room(self, n: int) -> None:
        try:
            room, tabs, browsers, tokens = await self.start_room(n)
        except Exception as exc:
            self.errors[f"room start: {type(exc).__name__}: {exc}"[:120]] += 1
            return
        self.rooms[room] = {"version": -1, "moved_at": time.monotonic(), "tabs": tabs}
        stalled_until = [0.0, 0.0]
        while not self.stop.is_set() and room not in self.gone:
            moved = False
            for i, tab in enumerate(tabs):
                now = time.monotonic()
                if now < stalled_until[i]:
                    continue
                if tab.ws is None or tab._reader is None or tab._reader.done():  # cut by a killed worker
                    self.events["reconnect after a lost socket"] += 1
                    await self._close(tab)
                    tabs[i] = tab = await self._reopen(room, browsers[i], tokens[i])
                    if tab is None:
                        continue
                roll = self.rng.random()
                if roll < self.args.drop_rate:
                    self.events["drop"] += 1
                    tab.ws.transport.abort()  # no close frame: a lost network
                    await asyncio.sleep(self.rng.uniform(0.5, 5))
                    await self._close(tab)
                    tabs[i] = tab = await self._reopen(room, browsers[i], tokens[i])
                    if tab is None:
                        continue
                elif roll < self.args.drop_rate + self.args.stall_rate and max(stalled_until) < now:
                    self.events["stall"] += 1  # one human at a time
                    tab._pinger.cancel()
                    stalled_until[i] = now + self.rng.uniform(15, 40)
                    tab._pinger = asyncio.create_task(self._ping_after(tab, stalled_until[i]))
                    continue
                try:
                    moved |= await tab.step(host=i == 0)
                except (websockets.WebSocketException, OSError):
                    continue
            if not moved:
                await asyncio.sleep(0.2)
        for tab in tabs:
            await self._close(tab)

    async def _ping_after(self, tab: Tab, until: float) -> None:
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        try:
            while True:
                await tab.send(act="ping")
                await asyncio.sleep(5)
        except (websockets.WebSocketException, OSError):
            pass

    async def _reopen(self, room: str, browser: Browser, token: str) -> Tab | None:
        try:
            return await self.open_tab(room, browser, token)
        except Exception as exc:
            self.errors[f"reconnect: {exc}"[:120]] += 1
            return None

    # --- trouble -----------------------------------------------------------------------
    async def flooder(self) -> None:
        while not self.stop.is_set():
            await asyncio.sleep(self.rng.uniform(30, 90))
            if not self.rooms or self.stop.is_set():
                continue
            room = self.rng.choice(list(self.rooms))
            w = self.rng.randrange(len(self.site.procs))
            self.events["flood"] += 1
            try:
                async with websockets.connect(f"{self.site.ws(w)}/ws/rooms/{room}/", origin=self.site.http(w),
                                              open_timeout=10, max_size=2**22) as ws:
                    await ws.send(json.dumps({"act": "hello"}))
                    end = time.monotonic() + self.args.flood_seconds
                    drain = asyncio.create_task(self._drain(ws))
                    while time.monotonic() < end:
                        await ws.send(json.dumps({"act": "hint"}))
                        await asyncio.sleep(0)
                    drain.cancel()
            except (websockets.WebSocketException, OSError, asyncio.TimeoutError):
                self.events["flood socket closed by the server"] += 1

    async def _drain(self, ws) -> None:
        try:
            async for _ in ws:
                pass
        except websockets.WebSocketException:
            pass

    async def killer(self) -> None:
        while not self.stop.is_set():
            try:
                await asyncio.wait_for(self.stop.wait(), self.args.kill_every)
                return
            except asyncio.TimeoutError:
                pass
            w = self.rng.randrange(len(self.site.procs))
            pid = self.site.procs[w].pid
            self.memory.append((w, self.base_rss[w] or 0.0, rss_mb(pid)))
            self.events["worker killed"] += 1
            self.site.kill(w)
            await asyncio.sleep(2)
            await asyncio.to_thread(self.site.start, w)
            self.started_at[w], self.base_rss[w] = time.monotonic(), None

    async def watcher(self) -> None:
        """Every 10 s: cards of each room, whether it moved, the workers' RSS after 1 min."""
        while not self.stop.is_set():
            await asyncio.sleep(10)
            for w, proc in enumerate(self.site.procs):
                if self.base_rss[w] is None and time.monotonic() - self.started_at[w] > 60 and proc.poll() is None:
                    self.base_rss[w] = rss_mb(proc.pid)
            for room, info in list(self.rooms.items()):
                try:
                    status, version, state = await asyncio.to_thread(self.site.state, room)
                except Exception as exc:  # PostgreSQL itself is never restarted here
                    self.errors[f"state read: {type(exc).__name__}"] += 1
                    continue
                if state is None:  # deleted (or back in its waiting room) under its players
                    self.gone.setdefault(room, (time.monotonic() - self.t0) / 60)
                    continue
                info["games"] = max(info.get("games", 0), state.get("game_no", 1) - 1 + (state.get("phase") == "over"))
                lost = N_CARDS - len(set(all_cards(state)) & set(range(N_CARDS)))
                self.cards_lost[room] = max(self.cards_lost.get(room, 0), lost)
                if version != info["version"]:
                    info["version"], info["moved_at"] = version, time.monotonic()
                elif time.monotonic() - info["moved_at"] > self.args.stuck_after:
                    self.stuck.add(room)

    # --- run ---------------------------------------------------------------------------
    async def run(self) -> None:
        self.t0 = t0 = time.monotonic()
        tasks = [asyncio.create_task(self.play_room(n)) for n in range(self.args.rooms)]
        helpers = [asyncio.create_task(c) for c in (self.flooder(), self.killer(), self.watcher())]
        await asyncio.sleep(self.args.minutes * 60)
        self.stop.set()
        await asyncio.wait(tasks, timeout=30)
        for t in helpers + tasks:
            t.cancel()
        self.duration = time.monotonic() - t0
        for w, proc in enumerate(self.site.procs):
            self.memory.append((w, self.base_rss[w] or 0.0, rss_mb(proc.pid)))

    def games_completed(self) -> int:
        """Finished Daifugō games: each room's game number minus one, plus a finished last
        (the last seen, for a room deleted before the end)."""
        total = 0
        for room, info in self.rooms.items():
            _, _, state = self.site.state(room)
            games = state.get("game_no", 1) - 1 + (state.get("phase") == "over") if state else 0
            total += max(games, info.get("games", 0))
        return total

    def report(self) -> None:
        log_errors, killed_instances = Counter(), 0
        for path in sorted(self.site.var.glob("daphne-*.log")):
            for line in path.read_text(errors="replace").splitlines():
                if "took too long to shut down and was killed" in line:
                    killed_instances += 1
                elif line.startswith(("Traceback", "ERROR", "Exception inside")):
                    log_errors[line[:60]] += 1
                elif line.split(":")[0].endswith("Error") and not line.startswith(" "):
                    log_errors[line.split(":")[0]] += 1
        redis_mem = self._redis_memory()
        print(f"duration            {self.duration / 60:.1f} min, {len(self.rooms)} rooms × (2 humans + 2 CPUs), "
              f"2 daphne on PostgreSQL + redis")
        print(f"games completed     {self.games_completed()}")
        print(f"cards lost          {sum(self.cards_lost.values())} (rooms checked every 10 s)")
        print(f"rooms stuck         {len(self.stuck)} (no new version for {self.args.stuck_after:.0f} s while playing)")
        print(f"rooms deleted under their players  {len(self.gone)}"
              + (f" (at minute {', '.join(f'{m:.1f}' for m in sorted(self.gone.values()))})" if self.gone else ""))
        print(f"trouble             {dict(self.events)}")
        print(f"client errors       {sum(self.errors.values())} {dict(self.errors)}")
        print(f"server log errors   {sum(log_errors.values())} {dict(log_errors.most_common(8))}")
        print(f"daphne killed {killed_instances} application instances that took over 10 s to shut down"
              " (sockets cut without a close frame)")
        for w, base, end in self.memory:
            growth = f"{end - base:+.1f} MB ({(end - base) / base * 100:+.0f} %)" if base else "(killed within 1 min)"
            print(f"worker {w} RSS       {base:.1f} MB one minute after start → {end:.1f} MB at its end: {growth}")
        print(f"redis used_memory   {redis_mem}")

    def _redis_memory(self) -> str:
        import redis

        info = redis.Redis.from_url(self.redis.url).info("memory")
        return f"{info['used_memory'] / 2**20:.1f} MB (peak {info['used_memory_peak'] / 2**20:.1f} MB)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--rooms", type=int, default=6)
    parser.add_argument("--kill-every", type=float, default=300, help="seconds between worker kills")
    parser.add_argument("--drop-rate", type=float, default=0.004, help="chance a tab's socket is cut per step")
    parser.add_argument("--stall-rate", type=float, default=0.003, help="chance a tab goes silent per step")
    parser.add_argument("--flood-seconds", type=float, default=5)
    parser.add_argument("--stuck-after", type=float, default=90)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    exe = shutil.which("redis-server")
    if exe is None:
        sys.exit("redis-server is not installed (apt-get install redis-server)")
    pg = Postgres()
    redis = Redis(exe)
    site = None
    try:
        var = Path(tempfile.mkdtemp(prefix="tefuda-soak-"))
        site = Site.launch(var, redis.url, database_url=pg.url)
        print(f"servers up: PostgreSQL :{pg.port}, redis :{redis.port}, daphne {site.ports}; logs in {var}",
              flush=True)
        soak = Soak(site, redis, pg, args)
        asyncio.run(soak.run())
        soak.report()
    finally:
        if site is not None:
            site.shutdown()
        redis.destroy()
        pg.destroy()


if __name__ == "__main__":
    main()
