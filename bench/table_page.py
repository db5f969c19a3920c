"""Benchmark of the table page in the browser (issue 13; not a test): what it costs to get
a table on screen, and whether the table's motion (static/feel.js) keeps the main thread
free on a slow phone.

Starts one daphne process as bench/pyodide_boot.py does (``TEFUDA_DEBUG=0``, a fresh
database; :func:`bench.pyodide_boot.start_server`) and drives Debian's headless Chromium
(``/usr/bin/chromium``, a fresh profile, the tests' flags) through Playwright. Every figure
is measured in the browser:

- **bytes**: the sum of every response's transferred size (CDP ``Network.loadingFinished``
  ``encodedDataLength``: headers and body as they came over the wire; 0 for what the
  HTTP cache or the service worker served) from navigation until the table's hand
  (``#hand-form``) is visible, and the socket's frames received meanwhile (their payloads).
- **time to first table**: from navigation start to the first frame in which
  ``#hand-form`` is laid out (a requestAnimationFrame probe installed before any page
  script), as the page's own ``performance.now()``.
  - *room*: a Daifugō room of one person and three CPUs with a game running; the table's
    tab is reloaded (its seat comes back from sessionStorage): **cold** after clearing the
    browser cache, **warm** with it.
  - *practice*: ``/practice/daifugo/`` (Pyodide in the browser): **cold** = the first
    visit of an empty profile, はじめる pressed as soon as the page is loaded (the
    service worker installs meanwhile); **warm** = the same profile again, 続ける.
- **longest task during a play animation, CPU throttled 4×** (CDP
  ``Emulation.setCPUThrottlingRate``): long tasks (``PerformanceObserver`` "longtask",
  every main-thread task over 50 ms) that overlap a play's window — from the message's
  arrival (``htmx:wsBeforeMessage``: the swap and feel.js's work are inside it) to the end of
  the animations it started — over ``--plays`` plays that reached the field (this seat's,
  by the hint, and the CPUs'). Also the time from a message's arrival to the end of its
  swap and page scripts (p50 / p95 / max), and to the end of the next frame (the page
  painted and the motions started: what the page scripts leave to that frame).
  Target: no task over 50 ms. The server runs at the lowest CPU priority (``--server-nice``,
  19 by default): on this machine it shares the CPU with the browser and its CPU seats'
  moves would otherwise stretch the page's tasks (a phone's browser does not run our server);
  ``--server-nice 0`` measures with the two on an equal footing.
- ``--cpu PLAYS``: afterwards, PLAYS more plays unthrottled under a light trace: the page's
  tasks (a message's swap, a frame) by the main thread's CPU time (:func:`cpu_summary`), which
  other processes on the machine do not stretch; × the throttling rate, a quiet phone's figure
  (``TEFUDA_CPU_TRACE=FILE`` keeps that trace).
- ``--parts``: afterwards, unthrottled, what re-rendering each part of the table costs the
  renderer (parse, style, layout; :func:`measure_parts`), to show which part to make cheaper.
- ``--trace FILE``: a Chrome trace of the plays (Playwright's ``browser.start_tracing``:
  the DevTools timeline and V8's sampling profiler) and what the long tasks spent their
  time in: the tasks by kind (a socket message's swap, or the frame after it:
  :func:`task_kinds`), trace events (Layout, UpdateLayoutTree, ParseHTML…) and JavaScript
  functions by self time. Tracing slows the page: its figures are for finding where, not for the target.

    nice -n 10 .venv/bin/python bench/table_page.py             # 20 plays under 4× throttling
    nice -n 10 .venv/bin/python bench/table_page.py --plays 40 --throttle 6 --skip-practice
    nice -n 10 .venv/bin/python bench/table_page.py --skip-practice --static-at d8ac638   # before/after
    nice -n 10 .venv/bin/python bench/table_page.py --skip-practice --trace /tmp/plays.json
    nice -n 10 .venv/bin/python bench/table_page.py --skip-practice --plays 4 --parts   # where a swap's time goes

Needs ``scripts/setup`` (npm packages, the bundle, build/sw.js) and playwright.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pyodide_boot import ARGS, CHROMIUM, read_bytes, start_server  # noqa: E402

# Before any page script: the first frame in which the hand is laid out.
FIRST_TABLE = """
window.__bench = {table: null};
(function probe() {
  const hand = document.getElementById("hand-form");
  if (hand && hand.getClientRects().length) { window.__bench.table = performance.now(); return; }
  requestAnimationFrame(probe);
})();
"""

# Before any page script: long tasks, and each message's window: arrival → its swap and
# scripts done → 400 ms later (the longest motion feel.js starts) when it put new cards on
# the field (a play), whether or not feel.js runs (--without-feel compares).
LONG_TASKS = """
window.__tasks = []; window.__windows = []; window.__swaps = [];
document.addEventListener("tefuda:swapped", () => window.__swaps.push(performance.now()));  // each group's swap done
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
let arrived = 0, field = "", hand = 0, size = 0;
const cards = () => [...document.querySelectorAll("#field .field-cards [data-code]")].map(c => c.dataset.code).join(",");
const handCards = () => document.querySelectorAll("#hand-form .card").length;
// each page script's own time in the message events, by the script that added the listener
window.__scripts = {};
const add = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, fn, opts) {
  if (typeof fn === "function" && /^(htmx:ws(Before|After)Message|tefuda:swapped)$/.test(type)) {
    const m = (new Error().stack || "").match(/\/static\/([\w\/.-]+\.js)/);
    const key = (m ? m[1] : "?") + (type.includes("Before") ? " before" : type.includes("swapped") ? " swapped" : " after");
    const inner = fn;
    fn = function (e) {
      const t = performance.now();
      try { return inner.call(this, e); } finally { (window.__scripts[key] = window.__scripts[key] || []).push(performance.now() - t); }
    };
  }
  return add.call(this, type, fn, opts);
};
document.addEventListener("htmx:wsBeforeMessage", (e) => {
  arrived = performance.now(); field = cards(); hand = handCards();
  size = ((e.detail && e.detail.message) || "").length;
}, true);
// (whether feel.js animated the play is recorded as the page asks for its motions: an
// Element.animate whose animation feel.js names "feel-play" (it sets the id on the result). An earlier probe asked document.getAnimations()
// in a task after the next frame; that call made the browser compute the page's style
// there, itself about 8 ms of the main thread a message unthrottled (CDP profile of a
// replayed game): the bench's own long task inside the play's window)
const animate = Element.prototype.animate;
let made = [];
Element.prototype.animate = function (frames, opts) {
  const a = animate.call(this, frames, opts);
  made.push(a);
  return a;
};
document.addEventListener("htmx:wsAfterMessage", () => {
  const done = performance.now(), now = cards();
  const play = !!now && now !== field;
  // [arrival, swapped, window's end, a play, animated, next frame's end, what it was]
  const what = {size: size, hand: [hand, handCards()], field: [field.split(",").filter(Boolean).length, now.split(",").filter(Boolean).length]};
  const w = [arrived, done, play ? done + 400 : done, play, false, null, what];
  window.__windows.push(w);
  requestAnimationFrame(() => setTimeout(() => {
    w[4] = made.some(a => a.id === "feel-play");
    made = [];
    w[5] = performance.now();
  }, 0));
});
"""


class Transfer:
    """Bytes over the wire seen by a CDP session: responses and received socket frames."""

    def __init__(self, cdp):
        self.responses = 0
        self.count = 0
        self.frames = 0
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)

    def _finished(self, e):
        self.responses += int(e.get("encodedDataLength") or 0)
        self.count += 1

    def _frame(self, e):
        self.frames += len(e["response"].get("payloadData", "").encode())

    def reset(self):
        self.responses = self.count = self.frames = 0


def wait_table(page, timeout_s: float = 240) -> float:
    """ms from navigation start to the first frame showing ``#hand-form``."""
    deadline = time.time() + timeout_s
    while (ms := page.evaluate("window.__bench.table")) is None:  # (the CSP refuses wait_for_function's eval)
        if time.time() > deadline:
            raise RuntimeError("no table")
        time.sleep(0.05)
    return ms


def kb(n: int) -> str:
    return f"{n / 1024:,.1f} KB"


def static_at(rev: str):
    """A Playwright route handler that answers ``/static/<path>`` with the file as it was
    at git revision ``rev`` (the server's own answer when the file did not exist then)."""
    import subprocess

    def handle(route):
        path = route.request.url.split("/static/", 1)[1].split("?", 1)[0]
        old = subprocess.run(["git", "show", f"{rev}:static/{path}"], cwd=ROOT, capture_output=True)
        if old.returncode:
            route.continue_()
            return
        response = route.fetch()
        route.fulfill(response=response, body=old.stdout)
    return handle


def room_table(browser, url: str, without_feel: bool = False, static_rev: str | None = None):
    """A page at a running Daifugō room (you + three fast CPUs) and its CDP session. No
    service worker (what it fetches is not the page's traffic; it never serves a room
    page, and a first visit has none yet); ``without_feel``: static/feel.js is refused;
    ``static_rev``: static/ files as they were at that git revision (before/after)."""
    context = browser.new_context(base_url=url, service_workers="block", locale="ja-JP")  # the words it clicks
    if static_rev:
        context.route("**/static/**", static_at(static_rev))
    if without_feel:
        context.route("**/static/feel.js*", lambda route: route.abort())
    context.add_init_script(FIRST_TABLE)
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    page.goto("/")
    page.fill("input[name=name]", "bench")
    page.fill("input[name=passphrase]", f"bench table {time.time()}")
    page.click("text=部屋に入る")
    page.wait_for_selector("#lobby")
    page.select_option("select[name=speed]", "fast")
    page.wait_for_timeout(300)
    for n in (1, 2, 3):
        for attempt in range(3):  # a click that landed on a lobby being re-rendered is lost: again
            page.click("text=CPUを追加")
            try:
                page.wait_for_selector(f"#lobby li:has-text('CPU {n}')", timeout=10000)
                break
            except Exception:
                if attempt == 2:
                    raise
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    return page, cdp


def measure_room_load(page, cdp, log: Path) -> list[tuple[str, float, tuple]]:
    """Cold (cache cleared) and warm reloads of the table's tab: (label, ms, (wire bytes,
    responses, socket frame bytes, response bodies the server sent))."""
    out = []
    transfer = Transfer(cdp)
    for label, clear in (("cold", True), ("warm", False)):
        if clear:
            cdp.send("Network.clearBrowserCache")
        transfer.reset()
        t0 = time.time()
        page.reload(wait_until="commit")
        ms = wait_table(page)
        page.wait_for_timeout(300)  # what the table's first frame still brings in
        served = sum(r["raw"] for r in read_bytes(log, t0))
        out.append((label, ms, (transfer.responses, transfer.count, transfer.frames, served)))
    return out


def play_turn(page) -> None:
    """This seat's turn: the hint's cards, else a pass."""
    try:
        page.click("#hand-form button:has-text('ヒント')", timeout=2000)
        page.wait_for_timeout(250)
        if page.query_selector("#hand-form input:checked"):
            page.click("#hand-form button[value=play]:visible >> nth=-1", timeout=2000)
        else:
            page.click("#hand-form [data-action=pass]", timeout=2000)
    except Exception:
        pass  # the table re-rendered under the click: next time


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100) of ``values``, nearest rank; 0.0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def measure_motion(page, cdp, plays: int, rate: float, timeout_s: float = 600) -> dict:
    """Long tasks overlapping play windows under CPU throttling (see the module doc)."""
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate("() => { window.__tasks = []; window.__windows = []; window.__scripts = {}; window.__swaps = []; }")
    deadline = time.time() + timeout_s
    try:
        while time.time() < deadline:
            windows = page.evaluate("window.__windows")
            if sum(1 for w in windows if w[3]) >= plays:
                break
            if page.query_selector("#result:not([hidden]) [data-action=next_game]"):
                page.click("#result [data-action=next_game]")
            elif page.query_selector("#hand-form .my-turn"):
                play_turn(page)
            page.wait_for_timeout(200)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    windows = page.evaluate("window.__windows")
    tasks = page.evaluate("window.__tasks")
    played = [w for w in windows if w[3]]
    animated = sum(1 for w in played if w[4])
    swaps = page.evaluate("window.__swaps")
    kinds: dict[str, list[float]] = {}  # the long tasks during plays, by what ran in them
    for s, d in tasks:
        if not any(s < w[2] and s + d > w[0] for w in played):
            continue
        if any(s <= w[0] < s + d for w in windows):
            kind = "a message"
        elif any(s <= t <= s + d for t in swaps):
            kind = "a later group's swap"
        else:
            kind = "a frame or other"
        kinds.setdefault(kind, []).append(d)
    during = [d for ds in kinds.values() for d in ds]
    handle = [w[1] - w[0] for w in windows]
    painted = [w[5] - w[0] for w in windows if w[5] is not None]
    scripts = {k: (statistics.median(v), max(v), sum(v) / len(windows)) for k, v in page.evaluate("window.__scripts").items()}
    return {"plays": len(played), "animated": animated, "messages": len(windows), "longest_during": max(during, default=0.0),
            "over_50_during": len(during), "longest_any": max((d for _, d in tasks), default=0.0),
            "over_50_any": len(tasks), "handle_p50": statistics.median(handle) if handle else 0.0,
            "handle_p95": percentile(handle, 95), "handle_max": max(handle, default=0.0), "scripts": scripts,
            "painted_p50": percentile(painted, 50), "painted_p95": percentile(painted, 95),
            "long_kinds": kinds, "slowest": sorted(((w[1] - w[0], w[6]) for w in windows), key=lambda x: -x[0])[:5]}


PARTS_JS = """(n) => {
  const ids = [...document.querySelectorAll('#stage [id]')].filter(el => el.parentElement.closest('[id]').id === 'stage'
                                                                   || el.id === 'hand-form').map(el => el.id);
  return [...new Set(ids)];
}"""
REPLACE_PART_JS = """(id) => { const el = document.getElementById(id); if (!el) return false;
  el.outerHTML = el.outerHTML; void document.body.offsetHeight; return true; }"""


def measure_parts(browser, page, rounds: int = 8) -> list[tuple[str, int, float, float, float]]:
    """What re-rendering each part of the table costs the browser, unthrottled: each part of
    ``#stage`` (and ``#hand-form``) replaced by a copy of itself ``rounds`` times, a layout
    forced after each, on this seat's turn (nothing else arrives meanwhile). Figures are the
    renderer's main-thread CPU time (trace events' ``tdur``, so other processes on the
    machine do not count) per replacement: (part, elements, ParseHTML ms, style ms, layout ms).
    The layout of a container-query container includes its subtree's style (interleaved)."""
    import json

    deadline = time.time() + 60
    while not page.query_selector("#hand-form .my-turn") and time.time() < deadline:
        page.wait_for_timeout(200)
    out = []
    for part in page.evaluate(PARTS_JS):
        size = page.evaluate("(id) => document.getElementById(id).querySelectorAll('*').length + 1", part)
        browser.start_tracing(page=page, categories=["devtools.timeline"])
        for _ in range(rounds):
            page.evaluate(REPLACE_PART_JS, part)
        events = json.loads(browser.stop_tracing())["traceEvents"]
        ms = {name: sum(e.get("tdur", 0) for e in events if e.get("name") == name and e.get("ph") == "X") / rounds / 1000
              for name in ("ParseHTML", "UpdateLayoutTree", "Layout")}
        out.append((part, size, ms["ParseHTML"], ms["UpdateLayoutTree"], ms["Layout"]))
    return out


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
                    "disabled-by-default-v8.cpu_profiler", "blink.user_timing"]


def main_thread(raw: bytes) -> tuple[list[dict], list[dict]]:
    """A Chrome trace's events (``raw``: the JSON ``browser.stop_tracing`` returns) and, of
    them, the complete events ("X", with a duration) of the renderer's main thread."""
    import json

    data = json.loads(raw)
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return events, [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e]


def trace_summary(raw: bytes, top: int = 15, over_ms: float = 50) -> list[str]:
    """Where the page's main thread spent its long tasks (over ``over_ms``) in a Chrome
    trace (``raw``: the JSON that ``browser.stop_tracing`` returns, recorded with
    :data:`TRACE_CATEGORIES`): the ``top`` trace events by self time (Layout,
    UpdateLayoutTree, ParseHTML, FunctionCall…) and the ``top`` JavaScript functions by
    self time in the V8 sampling profile, both inside those tasks only."""
    from collections import Counter, defaultdict

    events, spans = main_thread(raw)
    tasks = [(e["ts"], e["ts"] + e["dur"]) for e in spans
             if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask") and e["dur"] > over_ms * 1000]
    inside = lambda ts: any(a <= ts < b for a, b in tasks)  # noqa: E731

    def label(e):
        d = e.get("args", {}).get("data", {}) or {}
        if e["name"] in ("FunctionCall", "EvaluateScript", "v8.callFunction") and (d.get("functionName") or d.get("url")):
            return f"{e['name']} {d.get('functionName') or '?'} ({(d.get('url') or '').rsplit('/', 1)[-1]}:{d.get('lineNumber', '')})"
        return e["name"]

    selfs: Counter = Counter()
    by_thread = defaultdict(list)
    for e in spans:
        if inside(e["ts"]):
            by_thread[(e["pid"], e["tid"])].append(e)
    for seq in by_thread.values():
        seq.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack: list[list] = []  # [end, event, child time]
        for e in seq:
            while stack and e["ts"] >= stack[-1][0]:
                end, ev, kids = stack.pop()
                selfs[label(ev)] += ev["dur"] - kids
            if stack:
                stack[-1][2] += e["dur"]
            stack.append([e["ts"] + e["dur"], e, 0])
        while stack:
            end, ev, kids = stack.pop()
            selfs[label(ev)] += ev["dur"] - kids
    # the sampling profile: nodes and samples come in ProfileChunk events (per profile id)
    nodes: dict = {}
    samples: dict = defaultdict(list)
    starts: dict = {}
    for e in events:
        if e.get("name") == "Profile":
            starts[e["id"]] = e["args"]["data"]["startTime"]
        elif e.get("name") == "ProfileChunk":
            d = e["args"]["data"]
            prof = d.get("cpuProfile", {})
            for n in prof.get("nodes", []):
                nodes[(e["id"], n["id"])] = n["callFrame"]
            samples[e["id"]] += list(zip(prof.get("samples", []), d.get("timeDeltas", [])))
    js: Counter = Counter()
    for pid, seq in samples.items():
        t = starts.get(pid, 0)
        stamps = []
        for node, delta in seq:
            t += delta
            stamps.append((t, node))
        for (t0, node), (t1, _) in zip(stamps, stamps[1:]):
            if inside(t0):
                f = nodes.get((pid, node), {})
                js[f"{f.get('functionName') or '(anonymous)'} ({(f.get('url') or '').rsplit('/', 1)[-1]}:{f.get('lineNumber', -1) + 1})"] += t1 - t0
    total = sum(b - a for a, b in tasks)
    # the main thread's own CPU time (tdur) does not count the time a loaded machine gave to
    # other processes: the longest task's tdur × the throttling rate is what a quiet machine would show
    cpu = sorted((e.get("tdur", 0) for e in spans if e["name"] == "RunTask"), reverse=True)
    out = [f"trace: {len(tasks)} main-thread tasks over {over_ms:g} ms, {total / 1000:,.0f} ms in all;"
           f" the main thread's CPU time of the longest tasks (ms): {', '.join(f'{t / 1000:.0f}' for t in cpu[:8])}"]
    out.append("  the long tasks by kind (what they run; count, longest and median wall ms, traced):")
    for kind, durations in task_kinds(spans, tasks).items():
        out.append(f"    {kind:<9} {len(durations):3d} tasks, longest {max(durations) / 1000:6.1f} ms,"
                   f" median {statistics.median(durations) / 1000:6.1f} ms")
    out.append("  trace events by self time inside them:")
    out += [f"    {us / 1000:8.1f} ms  {name}" for name, us in selfs.most_common(top)]
    out.append("  JavaScript functions by self time inside them (V8 samples):")
    out += [f"    {us / 1000:8.1f} ms  {name}" for name, us in js.most_common(top)]
    return out


def task_kinds(spans: list[dict], tasks: list[tuple[float, float]]) -> dict[str, list[float]]:
    """The long ``tasks`` (``(start, end)`` in trace µs) by what they run, from the main
    thread's trace events (``spans``) inside each: ``message`` (a socket message: htmx's ws
    extension swapping it in, with the page scripts' handlers), ``frame`` (a rendering
    update: requestAnimationFrame callbacks, style, layout, paint, and the input Chrome
    handles at the frame), ``script`` (a script evaluated: the page's load), else ``other``.
    Returns kind → the tasks' durations (µs), kinds in that order."""
    kinds: dict[str, list[float]] = {k: [] for k in ("message", "frame", "script", "other")}
    for a, b in tasks:
        kinds[task_kind([e for e in spans if a <= e["ts"] < b])].append(b - a)
    return {k: v for k, v in kinds.items() if v}


def task_kind(inside: list[dict]) -> str:
    """What one task ran (:func:`task_kinds`), from the trace events inside it."""
    names = {(e["name"], ((e.get("args", {}).get("data", {}) or {}).get("url") or "").rsplit("/", 1)[-1]) for e in inside}
    plain = {n for n, _ in names}
    if ("FunctionCall", "hx-ws-2.min.js") in names or ("FunctionCall", "hx-ws-2.js") in names:
        return "message"
    if plain & {"FireAnimationFrame", "Paint", "PrePaint"}:
        return "frame"
    return "script" if "EvaluateScript" in plain else "other"


def cpu_summary(raw: bytes, rate: float) -> list[str]:
    """The page's own tasks by the renderer main thread's CPU time (trace events' ``tdur``),
    from a light trace (``devtools.timeline`` and ``toplevel``) of plays watched unthrottled: a figure that
    what else runs on this machine does not stretch (a wall-clock long task does, as the
    browser shares two cores with the server and its CPUs). Each kind's task count, p50,
    p95 and max CPU ms, and how many would pass 50 ms on a phone ``rate`` times slower
    (CPU ms × rate > 50). ``script`` and ``other`` tasks include the bench's own Playwright
    calls, so only ``message`` and ``frame`` (the page's swaps and rendering) are shown, each
    with what its longest task's CPU went to (:data:`CPU_PARTS`)."""
    from collections import Counter

    spans = sorted(main_thread(raw)[1], key=lambda e: e["ts"])
    tops = [e for e in spans if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask") and "tdur" in e]
    kinds: dict[str, list[float]] = {"message": [], "frame": []}
    longest: dict[str, tuple[float, list[dict]]] = {}
    i = 0
    for task in tops:
        a, b = task["ts"], task["ts"] + task["dur"]
        while i < len(spans) and spans[i]["ts"] < a:
            i += 1
        j = i
        while j < len(spans) and spans[j]["ts"] < b:
            j += 1
        kind = task_kind(spans[i:j])
        if kind in kinds:
            kinds[kind].append(task["tdur"] / 1000)
            if task["tdur"] > longest.get(kind, (0, []))[0]:
                longest[kind] = (task["tdur"], [e for e in spans[i:j] if e is not task])
    out = [f"the page's tasks by main-thread CPU time, plays watched unthrottled (light trace); × {rate:g} for a phone {rate:g}× slower:"]
    for kind, ms in kinds.items():
        if ms:
            over = sum(1 for m in ms if m * rate > 50)
            out.append(f"    {kind:<8} {len(ms):4d} tasks: p50 {percentile(ms, 50):5.1f}, p95 {percentile(ms, 95):5.1f},"
                       f" max {max(ms):5.1f} ms (× {rate:g}: {max(ms) * rate:5.1f} ms); over 50 ms × {rate:g}: {over}")
            parts: Counter = Counter()
            calls_end = 0.0  # the scripts' own time: outermost calls only (a call's events dispatch others)
            for e in longest[kind][1]:
                if e["name"] == "FunctionCall" and e["ts"] >= calls_end:
                    parts["scripts"] += e.get("tdur", 0)
                    calls_end = e["ts"] + e["dur"]
                elif e["name"] in CPU_PARTS:
                    parts[e["name"]] += e.get("tdur", 0)
            out.append("      the longest: " + ", ".join(f"{n} {us / 1000:.1f}" for n, us in parts.most_common(6))
                       + " ms (a script's parse, style and layout are inside its figure too)")
    return out


# what the longest task's CPU went to, besides the page's scripts
CPU_PARTS = ("ParseHTML", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "HitTest")


def practice(p, tmp: Path, url: str, log: Path) -> list[tuple[str, float, tuple]]:
    """Cold and warm visits of /practice/daifugo/ in a fresh persistent profile: (label, ms,
    (bytes the page's CDP saw, responses, 0, response bodies the server sent: with the
    Pyodide worker's downloads and the service worker's precache, which the page's CDP
    session does not see))."""
    context = p.chromium.launch_persistent_context(tmp / "profile", executable_path=CHROMIUM, headless=True, args=ARGS,
                                                   base_url=url, service_workers="allow", locale="ja-JP")
    context.add_init_script(FIRST_TABLE)
    out = []
    try:
        for label, button in (("cold", "#practice-form button[type=submit]"), ("warm", "#continue")):
            page = context.new_page()
            page.on("dialog", lambda d: d.accept())
            cdp = context.new_cdp_session(page)
            transfer = Transfer(cdp)
            t0 = time.time()
            page.goto("/practice/daifugo/", wait_until="load")
            page.locator(button).click()
            ms = wait_table(page)
            if label == "cold":  # the service worker's precache finishes before the warm visit
                page.evaluate("async () => { await navigator.serviceWorker.ready; return true; }")
                page.wait_for_timeout(3000)
            out.append((label, ms, (transfer.responses, transfer.count, transfer.frames,
                                    sum(r["raw"] for r in read_bytes(log, t0)))))
            page.close()
    finally:
        context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=20, help="plays to watch under throttling (default 20)")
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown (default 4)")
    parser.add_argument("--server-nice", type=int, default=19,
                        help="the server's CPU niceness (default 19: the browser first, as on a phone; 0: equal)")
    parser.add_argument("--skip-practice", action="store_true", help="no Pyodide practice visits")
    parser.add_argument("--without-feel", action="store_true", help="refuse static/feel.js (the baseline)")
    parser.add_argument("--static-at", metavar="REV",
                        help="serve static/ as it was at git revision REV (a before/after comparison on the same machine)")
    parser.add_argument("--trace", type=Path, metavar="FILE",
                        help="record a Chrome trace of the plays into FILE and print where the long tasks went"
                             " (tracing slows the page: compare figures without it)")
    parser.add_argument("--cpu", type=int, default=0, metavar="PLAYS",
                        help="afterwards, PLAYS more plays unthrottled under a light trace: the page's tasks by CPU time")
    parser.add_argument("--parts", action="store_true",
                        help="then, unthrottled: what re-rendering each part of the table costs (parse, style, layout)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tefuda-table-bench-") as tmp:
        tmp = Path(tmp)
        server, url, log = start_server(tmp)
        os.setpriority(os.PRIO_PROCESS, server.pid, args.server_nice)
        try:
            with sync_playwright() as p:
                print(f"Table page in headless Chromium ({CHROMIUM}) against daphne on loopback (TEFUDA_DEBUG=0,"
                      f" server at nice {args.server_nice})"
                      + (", static/feel.js refused" if args.without_feel else "")
                      + (f", static/ as at {args.static_at}" if args.static_at else ""))
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                page, cdp = room_table(browser, url, args.without_feel, args.static_at)
                for label, ms, (size, count, frames, served) in measure_room_load(page, cdp, log):
                    print(f"room table, {label}: first table {ms:,.0f} ms; {kb(size)} over the wire in {count}"
                          f" responses ({kb(served)} of bodies sent) + {kb(frames)} of socket frames")
                if args.trace:
                    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
                m = measure_motion(page, cdp, args.plays, args.throttle)
                if args.trace:
                    raw = browser.stop_tracing()
                    args.trace.write_bytes(raw)
                print(f"plays, CPU throttled {args.throttle:g}×: {m['plays']} plays ({m['animated']} animated) in"
                      f" {m['messages']} messages; longest task during a play's 400 ms {m['longest_during']:.0f} ms"
                      f" ({m['over_50_during']} tasks over 50 ms); longest task at all {m['longest_any']:.0f} ms"
                      f" ({m['over_50_any']} over 50 ms)")
                print(f"  a message's swap + page scripts: p50 {m['handle_p50']:.1f} ms, p95 {m['handle_p95']:.1f} ms, max {m['handle_max']:.1f} ms")
                print(f"  a message's arrival to the end of the next frame (the page painted, motions started):"
                      f" p50 {m['painted_p50']:.1f} ms, p95 {m['painted_p95']:.1f} ms")
                for name, (p50, top, mean) in sorted(m["scripts"].items(), key=lambda kv: -kv[1][2]):
                    print(f"    {name:<22} per call p50 {p50:5.1f} ms, max {top:5.1f} ms; per message {mean:5.1f} ms")
                print("  the slowest messages (swap + scripts ms: characters; your hand's cards and the field's, before → after):")
                for ms, what in m["slowest"]:
                    print(f"    {ms:5.1f} ms: {what['size']:6d} chars; hand {what['hand'][0]} → {what['hand'][1]};"
                          f" field {what['field'][0]} → {what['field'][1]}")
                for kind, ds in m["long_kinds"].items():
                    print(f"  tasks over 50 ms during plays in {kind}: {len(ds)} ({', '.join(f'{d:.0f}' for d in ds)} ms)")
                verdict = "met" if m["longest_during"] <= 50 else "NOT met"
                print(f"  target (no task over 50 ms during a play animation): {verdict}")
                if args.trace:
                    print("\n".join(trace_summary(raw)))
                if args.cpu:
                    browser.start_tracing(page=page, categories=["devtools.timeline", "toplevel"])
                    measure_motion(page, cdp, args.cpu, 1)
                    raw = browser.stop_tracing()
                    if os.environ.get("TEFUDA_CPU_TRACE"):
                        Path(os.environ["TEFUDA_CPU_TRACE"]).write_bytes(raw)
                    print("\n".join(cpu_summary(raw, args.throttle)))
                if args.parts:
                    print("each part of the table re-rendered, unthrottled (renderer main-thread CPU ms per time):")
                    for part, size, parse, style, layout in measure_parts(browser, page):
                        print(f"    #{part:<14} {size:4d} elements: parse {parse:5.2f}, style {style:5.2f},"
                              f" layout {layout:5.2f}, in all {parse + style + layout:5.2f}")
                browser.close()
                if not args.skip_practice:
                    for label, ms, (size, count, _, served) in practice(p, tmp, url, log):
                        print(f"practice table (/practice/daifugo/), {label}: first table {ms:,.0f} ms;"
                              f" {kb(served)} of bodies sent (the page's own requests: {kb(size)} over the wire"
                              f" in {count} responses)")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
