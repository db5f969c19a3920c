"""Benchmark of practice in the browser (issue 12; not a test): Pyodide boot to the first
interactive table, first visit and cached, bytes downloaded on the first visit, and the
time of a CPU move in the browser.

Starts one daphne process (``TEFUDA_DEBUG=0``, a fresh SQLite database in a temp dir) whose
application is the site wrapped by a byte counter (:func:`application`), and drives
Debian's headless Chromium (``/usr/bin/chromium``, a fresh profile on disk, flags as in
tests/browser) through Playwright:

- **first visit**: an empty profile opens ``/practice/<game>/`` and presses はじめる as soon
  as the page is loaded; timed from navigation start to the table's hand (``#hand-form``)
  in the page. Meanwhile the service worker installs (its precache downloads too); the
  visit ends when the worker is active and the table is up.
- **bytes**: everything the server sent during the first visit, counted at the server
  (every response body, the page, the worker's downloads and the service worker's
  precache). *Compressed* is what WhiteNoise's compression would send
  (``collectstatic`` with its ``CompressedStaticFilesStorage``): gzip -9 of each body
  unless its kind is one WhiteNoise never compresses (zip, png, …) or gzip saves less
  than 5 %; brotli too when the ``brotli`` module is installed. Raw bytes are printed
  beside it (this site serves them uncompressed today).
- **cached**: the same profile opens the page again (service worker active, its precache
  full), ``--runs`` times, each a new game; then the same offline
  (``context.set_offline``).
- **CPU move**: a bench-only module worker (served by the counter at ``/__bench__/``, never
  by the site) loads Pyodide and the bundle exactly as static/app/worker.js does and plays
  practice tables (tables/practice.py) of each game with a clock it moves to the next due
  timer: every ``tick`` that plays a move (the CPU's choice, apply, the seat's frame) is a
  sample, as the page's worker times them; the human seat's turns are played by its
  time-out (the CPU player). p50 / p99 / max per game.

    nice -n 10 .venv/bin/python bench/pyodide_boot.py                 # daifugo, 5 cached runs
    nice -n 10 .venv/bin/python bench/pyodide_boot.py --game guandan --runs 3 --moves 300

Needs ``scripts/setup`` (npm packages, the bundle, build/sw.js) and the test extra
(playwright). Targets (issue 12): cached boot ≤ 3 s, first visit ≤ 8 MB compressed,
CPU move p99 ≤ 100 ms.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]
LOG_ENV = "TEFUDA_BENCH_BYTES"
GAMES = ("daifugo", "guandan", "doudizhu")

# --- the server side: the site, counting what it sends ---------------------------------------

CPU_WORKER = r"""
// bench/pyodide_boot.py's CPU-move worker: boots like static/app/worker.js, then plays
// whole hands the way tests/tables/test_practice.py does (自動プレイ on your turns, the
// CPUs' timers run on a clock moved to each due time) and times every tick that moves.
const PLAY = `
import json, time
from games import get_engine
from tables.practice import PracticeTable, YOU

def bench_moves(game, moves):
    engine, out = get_engine(game), []
    for deal in range(50):
        table = PracticeTable(game, {"speed": "fast"}, name="bench", seed=f"bench-{game}-{deal}")
        now = 1000.0
        table.receive(json.dumps({"act": "hello", "token": None}), now)
        for _ in range(4000):
            if len(out) >= moves or engine.is_over(table.room.state):
                break
            if YOU in engine.actors(table.room.state):
                table.receive(json.dumps({"act": "auto", "version": str(table.room.version)}), now)
                continue
            due = table.next_due()
            if due is None:
                break
            now = max(now, due)
            t0 = time.perf_counter()
            frames = table.tick(now)
            if frames:
                out.append((time.perf_counter() - t0) * 1000)
        if len(out) >= moves:
            break
    return out
`;
self.onmessage = async (e) => {
  const {indexURL, bundle, games, moves} = e.data;
  const steps = [], mark = (name, t0) => steps.push([name, performance.now() - t0]);
  let t0 = performance.now();
  const mod = await import(indexURL + "pyodide.mjs");
  mark("import pyodide.mjs", t0); t0 = performance.now();
  const py = await mod.loadPyodide({indexURL});
  mark("loadPyodide", t0); t0 = performance.now();
  py.unpackArchive(await (await fetch(bundle)).arrayBuffer(), "zip", {extractDir: "/home/pyodide/tefuda"});
  mark("fetch + unpack the bundle", t0); t0 = performance.now();
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/tefuda')\nimport tables.practice");
  mark("import tables.practice", t0); t0 = performance.now();
  py.runPython(PLAY);
  py.runPython("bench_moves('daifugo', 1)");
  mark("first table (daifugo)", t0);
  const run = py.globals.get("bench_moves");
  const out = {};
  for (const game of games) {
    const list = run(game, moves);
    out[game] = list.toJs(); list.destroy();
  }
  run.destroy();
  self.postMessage({samples: out, steps});
};
"""


def _size_compressed(path: str, body: bytes) -> dict:
    """{"raw", "gzip"[, "br"]} of one response body, as WhiteNoise's compression would serve it."""
    from whitenoise.compress import Compressor

    sizes = {"raw": len(body), "gzip": len(body)}
    if not body or not Compressor(quiet=True).should_compress(path.split("?")[0]):
        sizes["br"] = len(body)
        return sizes
    gz = len(gzip.compress(body, 9, mtime=0))
    if gz <= 0.95 * len(body):
        sizes["gzip"] = gz
    try:
        import brotli
    except ImportError:
        return sizes
    br = len(brotli.compress(body))
    sizes["br"] = br if br <= 0.95 * len(body) else len(body)
    return sizes


_site = None


def _note(path: str, status: int, body: bytes) -> None:
    """Log one response (its body kept once by digest, compressed later by the bench)."""
    log = Path(os.environ[LOG_ENV])
    digest = hashlib.md5(body).hexdigest()
    kept = log.parent / "bodies" / digest
    if not kept.exists():
        kept.parent.mkdir(exist_ok=True)
        kept.write_bytes(body)
    with log.open("a") as f:
        f.write(json.dumps({"path": path, "status": status, "t": time.time(), "raw": len(body), "body": digest}) + "\n")


async def application(scope, receive, send):
    """ASGI: the site (tefuda_site.asgi), each HTTP response's body bytes appended to the
    file named by $TEFUDA_BENCH_BYTES; ``/__bench__/cpu-worker.js`` is the CPU-move worker."""
    global _site
    if _site is None:
        from tefuda_site.asgi import application as site

        _site = site
    if scope["type"] != "http":
        return await _site(scope, receive, send)
    if scope["path"] == "/__bench__/cpu-worker.js":
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/javascript; charset=utf-8"), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": CPU_WORKER.encode()})
        return
    chunks, status = [], [0]

    async def counting(message):
        if message["type"] == "http.response.start":
            status[0] = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
        await send(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            _note(scope["path"], status[0], b"".join(chunks))

    await _site(scope, receive, counting)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp: Path) -> tuple[subprocess.Popen, str, Path]:
    """A daphne process serving :func:`application` on a fresh database; (process, url, log)."""
    env = {**os.environ, "TEFUDA_VAR_DIR": str(tmp / "var"), "TEFUDA_DEBUG": "0", LOG_ENV: str(tmp / "bytes.jsonl"),
           "DJANGO_SETTINGS_MODULE": "tefuda_site.settings", "PYTHONPATH": str(ROOT)}
    py = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run([py, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = _free_port()
    proc = subprocess.Popen([py, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "bench.pyodide_boot:application"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode()[-2000:])
            time.sleep(0.2)
    else:
        proc.terminate()
        raise RuntimeError("daphne did not start")
    return proc, f"http://127.0.0.1:{port}", Path(env[LOG_ENV])


def read_bytes(log: Path, since: float = 0.0, compress: bool = False) -> list[dict]:
    """The responses logged since ``since`` (epoch s); with ``compress``, each with its
    "gzip" (and "br") size as WhiteNoise would serve it."""
    if not log.exists():
        return []
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if since <= r["t"]]
    if compress:
        sizes: dict[str, dict] = {}
        for r in rows:
            if r["body"] not in sizes:
                sizes[r["body"]] = _size_compressed(r["path"], (log.parent / "bodies" / r["body"]).read_bytes())
            r.update(sizes[r["body"]])
    return rows


# --- the browser side ----------------------------------------------------------------------

# Before any page script: when the hand first appears, note the time (ms since navigation).
MARK_TABLE = """
window.__bench = {table: null};
new MutationObserver(function (records, observer) {
  if (document.getElementById("hand-form")) { window.__bench.table = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""
SW_ACTIVE = """async () => {
  const reg = await navigator.serviceWorker.ready;
  if (reg.active.state !== "activated") {
    await new Promise((done) => reg.active.addEventListener("statechange", (e) => {
      if (e.target.state === "activated") done();
    }));
  }
  return true;
}"""


def open_table(context, game: str, timeout_s: float) -> float:
    """Open /practice/<game>/, press はじめる (accepting the replace-the-save question) and
    return the ms from navigation start to the table's hand."""
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    page.goto(f"/practice/{game}/", wait_until="load")
    page.locator("#practice-form button[type=submit]").click()
    deadline = time.time() + timeout_s
    while (ms := page.evaluate("window.__bench.table")) is None:  # (wait_for_function evals: the CSP refuses)
        failed = page.locator("[data-failed-text]").text_content()
        if failed or time.time() > deadline:
            raise RuntimeError(f"no table: {failed or 'timed out'}")
        time.sleep(0.05)
    boot = page.evaluate("document.getElementById('practice-app').dataset.bootMs")
    stages = json.loads(page.evaluate("document.getElementById('practice-app').dataset.bootStages") or "{}")
    page.close()
    BOOT_MS.append(float(boot or "nan"))
    SNAPSHOT.append(bool(stages.get("snapshot")))
    return ms


BOOT_MS: list[float] = []  # the worker's own boot time of each table opened (its "ready")
SNAPSHOT: list[bool] = []  # whether each boot came from the worker's memory snapshot


def cpu_moves(context, games: list[str], moves: int) -> dict:
    """{"samples": {game: [ms per CPU move]}, "steps": [[boot step, ms]]} from the bench worker."""
    page = context.new_page()
    page.goto("/offline/")
    boot = page.evaluate("""async () => {
      const html = await (await fetch("/practice/")).text();
      const m = html.match(/<script id="boot-files" type="application\\/json">([^<]*)<\\/script>/);
      return JSON.parse(m[1]);
    }""")
    result = page.evaluate("""([boot, games, moves]) => new Promise((done, fail) => {
      const w = new Worker("/__bench__/cpu-worker.js", {type: "module"});
      w.onmessage = (e) => done(e.data);
      w.onerror = (e) => fail(new Error(e.message));
      w.postMessage({indexURL: boot.indexURL, bundle: boot.bundle, games, moves});
    })""", [boot, games, moves])
    page.close()
    return result


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="daifugo")
    parser.add_argument("--runs", type=int, default=5, help="cached visits (default 5)")
    parser.add_argument("--moves", type=int, default=200, help="CPU moves timed per game (default 200)")
    parser.add_argument("--timeout", type=float, default=180, help="seconds a boot may take")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tefuda-pyodide-bench-") as tmp:
        tmp = Path(tmp)
        server, url, log = start_server(tmp)
        try:
            with sync_playwright() as p:
                context = p.chromium.launch_persistent_context(
                    tmp / "profile", executable_path=CHROMIUM, headless=True, args=ARGS, base_url=url,
                    service_workers="allow")
                context.add_init_script(MARK_TABLE)
                report(context, log, args)
                context.close()
        finally:
            server.terminate()
            server.wait(10)


def report(context, log: Path, args) -> None:
    game = args.game
    print(f"Pyodide practice in headless Chromium ({CHROMIUM}), game {game}, pyodide "
          f"{json.loads((ROOT / 'node_modules/pyodide/package.json').read_text())['version']}")
    start = time.time()
    first = open_table(context, game, args.timeout)
    page = context.new_page()
    page.goto("/offline/")
    page.evaluate(SW_ACTIVE)  # the service worker's precache is complete
    page.close()
    time.sleep(1)
    rows = read_bytes(log, start, compress=True)
    total = {k: sum(r.get(k, r["raw"]) for r in rows) for k in ("raw", "gzip", "br")}
    print(f"first visit: table after {first / 1000:.2f} s (navigation → hand; the worker's boot: "
          f"{BOOT_MS[-1] / 1000:.2f} s; the service worker installing meanwhile)")
    line = f"first visit bytes: {mb(total['raw'])} raw, {mb(total['gzip'])} gzip"
    if any("br" in r and r["br"] != r["raw"] for r in rows):
        line += f", {mb(total['br'])} brotli"
    print(line + f" ({len(rows)} responses)")
    biggest: dict[str, list[int]] = {}
    for r in rows:
        biggest.setdefault(r["path"], []).append(r["gzip"])
    for path, sizes in sorted(biggest.items(), key=lambda kv: -sum(kv[1]))[:6]:
        print(f"  {path}: {len(sizes)}× {mb(sum(sizes))} gzip")

    cached = []
    for _ in range(args.runs):
        since = time.time()
        cached.append(open_table(context, game, args.timeout))
        sent = sum(r["raw"] for r in read_bytes(log, since))
    print(f"cached: table after p50 {statistics.median(cached) / 1000:.2f} s, max {max(cached) / 1000:.2f} s "
          f"(worker boot p50 {statistics.median(BOOT_MS[-args.runs:]) / 1000:.2f} s; {args.runs} runs, "
          f"{sum(SNAPSHOT[-args.runs:])} from the memory snapshot; the last fetched {sent / 1e3:.1f} kB from the server)")
    context.set_offline(True)
    offline = [open_table(context, game, args.timeout) for _ in range(max(1, args.runs // 2))]
    context.set_offline(False)
    print(f"cached, offline: table after p50 {statistics.median(offline) / 1000:.2f} s, max {max(offline) / 1000:.2f} s "
          f"({len(offline)} runs)")

    result = cpu_moves(context, list(GAMES), args.moves)
    print("a Pyodide boot, cached, step by step: " + ", ".join(f"{n} {ms / 1000:.2f} s" for n, ms in result["steps"]))
    for name, ms in result["samples"].items():
        if ms:
            print(f"CPU move in the browser, {name}: p50 {pct(ms, 0.5):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, "
                  f"max {max(ms):.1f} ms ({len(ms)} moves)")
        else:
            print(f"CPU move in the browser, {name}: no move was due")


if __name__ == "__main__":
    sys.exit(main())
