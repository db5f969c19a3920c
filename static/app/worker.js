/* The practice table's Web Worker (a module worker): Pyodide runs the same Python the server runs (games/,
   tables/) and answers the page's socket messages with the server's frames
   (tables/practice.py). The page (static/app/practice.js) talks to it with:
     {type: "boot", files: [{url, bytes}], indexURL, bundle}  → progress…, ready | failed
     {type: "open", game, form, name, save}                     → opened {save}, failed
     {type: "send", text}                                       → frames {frames, save, records}
   (records: the JSON array of the hands that just ended, games/core/record.py, or "")
     {type: "replay", text, step}                                → replayed {html} (issue 17: a hand's
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
  pyodide = await mod.loadPyodide({ indexURL: msg.indexURL });
  stage("pyodide");
  var zip = await (await fetch(msg.bundle)).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/tefuda" });
  stage("unpacked");
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/tefuda')\n" +
                    "from tables.practice import PracticeTable\n" +
                    "from tables.core.replay import viewer as replay_viewer");
  stage("imported");
  post({ type: "ready", ms: Math.round(performance.now() - started), stages: stages });
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
  post({ type: "opened", save: table.save_json(), game: table.room.game });
}

function replay(msg) {
  var viewer = pyodide.globals.get("replay_viewer");
  try {
    post({ type: "replayed", html: viewer(msg.text, msg.step === undefined ? 0 : msg.step) });
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
