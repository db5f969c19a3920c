"""Load benchmark of the room sockets (not a test): many rooms of scripted clients.

Starts one daphne process on a fresh SQLite database in a temp dir, creates ``--rooms``
rooms of four human seats (no turn limit) and connects one socket client per seat. Each
client plays as fast as the server lets it: on its turn it asks for a hint (the server
selects the cards) and plays them, or passes; after a game the first seat deals the next.
Prints accepted actions/s, action→update latency p50/p99, errors and the server's memory.

    .venv/bin/python bench/ws_load.py --rooms 30 --seconds 30
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
VER = re.compile(r'id="ver" data-version="(\d+)"')
CHECKED = re.compile(r'name="card" value="(\d+)" checked')
PICK = re.compile(r'hx-vals=\'\{"index": "(\d+)"\}\' data-action="(\w+)"')
stats = {"actions": 0, "errors": 0, "latency": []}


def client_class():
    from autobahn.asyncio.websocket import WebSocketClientProtocol  # txaio: asyncio flavour

    class Client(WebSocketClientProtocol):
        token = ""
        first = False

        def onOpen(self):
            self.version, self.hand, self.result, self.sent_at, self.busy = 0, "", "", None, False
            self.sendMessage(json.dumps({"act": "hello", "token": self.token}).encode())

        def onMessage(self, payload, is_binary):
            html = payload.decode()
            m = VER.search(html)
            if m and int(m.group(1)) > self.version:
                self.version = int(m.group(1))
                if self.sent_at is not None:
                    stats["latency"].append(time.perf_counter() - self.sent_at)
                    stats["actions"] += 1
                    self.sent_at = None
            if 'id="msg"' in html and 'msg error' in html and "画面が古く" not in html:
                stats["errors"] += 1
            if os.environ.get("BENCH_DEBUG") and stats["errors"] < 3:
                print(html[:600], file=sys.stderr)
            if 'id="hand-form"' in html:
                self.hand = html[html.index('id="hand-form"'):]
            if 'id="result"' in html:
                self.result = html[html.index('id="result"'):]
            if "ヒント" in html or "おすすめ" in html or "msg error" in html:
                self.busy = False
            if "おすすめがありません" in html:
                return self.act({"act": "play", "card": [], "mode": "plain"})
            if "ヒント：" in html and CHECKED.search(self.hand):
                return self.act({"act": "play", "card": CHECKED.findall(self.hand), "mode": "plain"}
                                if "my-turn" in self.hand[:80] else
                                {"act": "exchange", "kind": "exchange", "card": CHECKED.findall(self.hand)})
            self.decide()

        def decide(self):
            if self.busy or self.sent_at is not None:
                return
            if self.first and "data-action=\"next_game\"" in self.result and "hidden" not in self.result[:60]:
                index = PICK.search(self.result).group(1)
                return self.act({"act": "pick", "index": index})
            if "my-turn" in self.hand[:80] or "exchange-info" in self.hand:
                self.busy = True
                return self.sendMessage(json.dumps({"act": "hint"}).encode())

        def act(self, msg):
            picks = dict((k, i) for i, k in PICK.findall(self.hand))
            if msg["act"] == "play" and not msg["card"] and "pass" in picks:
                msg = {"act": "pick", "index": picks["pass"]}
            msg["version"] = str(self.version)
            self.sent_at = time.perf_counter()
            self.sendMessage(json.dumps(msg).encode())

    return Client


def setup_rooms(n_rooms: int) -> list[tuple[str, list[str]]]:
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
        lobby.set_options(room.id, 0, {"turn_limit": "0", "speed": "fast"}, Room.objects.get(pk=room.id).version)
        lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
        rooms.append((str(room.id), toks))
    return rooms


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def main(args) -> None:
    out = subprocess.run([sys.executable, __file__, "--setup-only", "--rooms", str(args.rooms)],
                         check=True, capture_output=True, text=True, env=os.environ.copy()).stdout
    rooms = json.loads(out.strip().splitlines()[-1])
    from autobahn.asyncio.websocket import WebSocketClientFactory
    Client = client_class()
    port = args.port
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "--access-log", os.devnull, "tefuda_site.asgi:application"], cwd=ROOT,
                              env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    loop = asyncio.get_running_loop()
    await asyncio.sleep(2.0)
    try:
        for room_id, toks in rooms:
            for i, tok in enumerate(toks):
                factory = WebSocketClientFactory(f"ws://127.0.0.1:{port}/ws/rooms/{room_id}/",
                                                 origin=f"http://127.0.0.1:{port}")
                factory.protocol = type("C", (Client,), {"token": tok, "first": i == 0})
                await loop.create_connection(factory, "127.0.0.1", port)
        await asyncio.sleep(3)  # warm-up
        stats.update(actions=0, errors=0, latency=[])
        start = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        lat = sorted(stats["latency"]) or [0]
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
        print(f"rooms={args.rooms} clients={4 * args.rooms} seconds={elapsed:.1f}")
        print(f"accepted actions/s: {stats['actions'] / elapsed:.1f}  (total {stats['actions']})")
        print(f"action→update latency ms: p50={p(0.5):.1f} p99={p(0.99):.1f} mean={statistics.mean(lat) * 1000:.1f}")
        print(f"errors: {stats['errors']}")
        print(f"server RSS: {rss_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if "TEFUDA_VAR_DIR" not in os.environ:
        os.environ["TEFUDA_VAR_DIR"] = tempfile.mkdtemp(prefix="tefuda-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tefuda_site.settings")
    os.environ.setdefault("TEFUDA_DEBUG", "0")
    sys.path.insert(0, str(ROOT))
    if args.setup_only:
        print(json.dumps(setup_rooms(args.rooms)))
    else:
        asyncio.run(main(args))
