/* The practice table's Web Worker (a module worker): Pyodide runs the same Python the server runs (games/,
   tables/) and answers the page's socket messages with the server's frames
   (tables/practice.py). The page (static/app/practice.js) talks to it with:
     {type: "boot", files: [{url, bytes}], indexURL, bundle, version}  → progress…, ready | failed
     {type: "open", game, form, name, save, lang}               → opened {save}, failed
     {type: "send", text}                                       → frames {frames, save, records}
   (records: the JSON array of the hands that just ended, games/core/record.py, or "")
     {type: "replay", text, step, lang, you?}                    → replayed {html} (issue 17: a hand's
                                                                  record at a step, tables/core/replay.py)
   The worker owns the table's clock: after every change it sleeps until the table's next
   due timer (CPU moves, windows closing) and sends the frames of what happened. */
"use strict";
var pyodide = null, table = null, timer = null;

function post(msg) { self.postMessage(msg); }

async function fetchWithProgress(files, report) {
  // Each boot file once, counting bytes as they arrive (the HTTP cache keeps them for
  // Pyodide's own loader right after, and the service worker's install).
  var done = 0, total = files.reduce(function (s, f) { return s + f.bytes; }, 0);
  for (var i = 0; i < files.length; i++) {
    var res = await fetch(files[i].url);
    if (!res.ok) throw new Error(files[i].url + ": " + res.status);
    var reader = res.body.getReader(), got = 0;
    for (;;) {
      var step = await reader.read();
      if (step.done) break;
      got += step.value.byteLength;
      report(done + Math.min(got, files[i].bytes), total);
    }
    done += files[i].bytes;
    report(done, total);
  }
}

async function allCached(files) {
  // Once the service worker holds every boot file, Pyodide's own loader reads them from
  // there: no counting pre-read (it would read ~14 MB twice at every start).
  if (!self.caches) return false;
  for (var i = 0; i < files.length; i++) {
    if (!(await caches.match(files[i].url, { ignoreSearch: true }))) return false;
  }
  return true;
}

async function boot(msg) {
  var started = performance.now(), stages = {};
  function stage(name) { stages[name] = Math.round(performance.now() - started); }
  if (!(await allCached(msg.files))) {
    await fetchWithProgress(msg.files, function (loaded, total) {
      post({ type: "progress", loaded: loaded, total: total });
    });
  }
  stage("fetched");
  post({ type: "starting" });
  var mod = await import(msg.indexURL + "pyodide.mjs");
  var key = snapshotKey(msg), snapshot = await savedSnapshot(key), restored = false;
  stage("snapshot_read");
  var zip = fetch(msg.bundle).then(function (r) { return r.arrayBuffer(); });
  if (snapshot) {
    try {
      pyodide = await mod.loadPyodide({ indexURL: msg.indexURL, _loadSnapshot: snapshot });
      await prepare(pyodide, await zip);
      restored = true;
    } catch (e) {
      pyodide = null;  // a snapshot this Pyodide cannot use: boot afresh, and replace it
      forgetSnapshots();
    }
  }
  if (!restored) {
    pyodide = await mod.loadPyodide({ indexURL: msg.indexURL, _makeSnapshot: true });
    stage("pyodide");
    await prepare(pyodide, await zip);
    keepSnapshot(key, pyodide.makeMemorySnapshot());  // before any Python object reaches JS
  }
  stages.snapshot = restored;
  stage("imported");
  post({ type: "ready", ms: Math.round(performance.now() - started), stages: stages });
}

async function prepare(py, zip) {
  // Our packages' files (templates compiled to modules, catalogs: read as they are needed),
  // then the practice table imported (already in memory when restored from a snapshot).
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/tefuda" });
  py.runPython("import sys\n" +
               "if '/home/pyodide/tefuda' not in sys.path: sys.path.insert(0, '/home/pyodide/tefuda')\n" +
               "from tables.practice import PracticeTable\n" +
               "from tables.core.replay import viewer as replay_viewer");
}

/* A memory snapshot of Pyodide with the practice table imported (Pyodide's
   makeMemorySnapshot / loadPyodide({_loadSnapshot})), kept in the Cache Storage after the
   first boot: a later start skips Python's start-up and our imports (bench/pyodide_boot.py).
   One snapshot, of this version of Pyodide and of our bundle (msg.version): a new version
   makes a new one. Without Cache Storage (or on any error) the worker boots the usual way. */
var SNAPSHOTS = "tefuda-pyodide-snapshot";

function snapshotKey(msg) {
  return new URL(msg.indexURL + "snapshot-" + encodeURIComponent(msg.version || "0") + ".bin", self.location.href).href;
}

async function savedSnapshot(key) {
  try {
    if (!self.caches) return null;
    var res = await (await caches.open(SNAPSHOTS)).match(key);
    return res ? new Uint8Array(await res.arrayBuffer()) : null;
  } catch (e) { return null; }
}

function keepSnapshot(key, bytes) {
  if (!self.caches) return;
  caches.delete(SNAPSHOTS)
    .then(function () { return caches.open(SNAPSHOTS); })
    .then(function (cache) {
      return cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    })
    .catch(function () { /* full or unavailable: the next start boots the usual way */ });
}

function forgetSnapshots() {
  if (self.caches) caches.delete(SNAPSHOTS).catch(function () {});
}

function now() { return Date.now() / 1000; }

function frames(list) {
  // list: a Python list of str → JS strings; then the save and the next tick.
  var out = list.toJs(); list.destroy();
  post({ type: "frames", frames: out, save: table.save_json(), records: table.take_finished_json() });
  schedule();
}

function schedule() {
  if (timer !== null) { clearTimeout(timer); timer = null; }
  if (!table) return;
  var due = table.next_due();
  if (due === undefined || due === null) return;
  timer = setTimeout(function () {
    timer = null;
    var t0 = performance.now();
    var list = table.tick(now());
    var ms = performance.now() - t0;
    var out = list.toJs(); list.destroy();
    if (out.length) post({ type: "frames", frames: out, save: table.save_json(), cpuMs: ms,
                           records: table.take_finished_json() });
    schedule();
  }, Math.max(0, due * 1000 - Date.now()));
}

function open(msg) {
  var Practice = pyodide.globals.get("PracticeTable");
  if (table) { table.destroy(); table = null; }
  if (msg.save) {
    table = Practice.restore(msg.save, msg.game);
  } else {
    var form = pyodide.toPy(msg.form || {});
    table = Practice.callKwargs(msg.game, form, { name: msg.name || "" });
    form.destroy();
  }
  Practice.destroy();
  table.use_language(msg.lang || "ja");
  post({ type: "opened", save: table.save_json(), game: table.room.game });
}

function replay(msg) {
  var viewer = pyodide.globals.get("replay_viewer");
  try {
    post({ type: "replayed", html: viewer.callKwargs(msg.text, msg.step === undefined ? 0 : msg.step,
                                                     { lang: msg.lang || "ja", you: msg.you === undefined ? null : msg.you }) });
  } finally {
    viewer.destroy();
  }
}

self.onmessage = async function (e) {
  var msg = e.data;
  try {
    if (msg.type === "boot") await boot(msg);
    else if (msg.type === "open") open(msg);
    else if (msg.type === "send" && table) frames(table.receive(msg.text, now()));
    else if (msg.type === "replay") replay(msg);
  } catch (err) {
    post({ type: "failed", stage: msg.type, message: String(err && err.message || err).slice(0, 500) });
  }
};
