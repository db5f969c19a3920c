/* Practice in the browser: the page talks to tables/practice.py running in Pyodide (a Web
   Worker, static/app/worker.js) exactly as a room page talks to the server — the htmx ws
   extension's socket is replaced by one whose other end is the worker (htmx.createWebSocket),
   so the same fragments land with the same swaps and the same page scripts (room.js,
   table.js, guandan.js). The game is saved in this browser (localStorage) after every
   change: a reload, a closed browser or no signal at all never loses it. */
(function () {
  "use strict";
  var app = document.getElementById("practice-app");
  if (!app) return;
  var game = app.dataset.game;
  var SAVE = "tefuda.practice." + game;
  var OPEN = "tefuda.practice.open." + game;  // this tab was at the table: a reload goes back to it
  var boot = JSON.parse(document.getElementById("boot-files").textContent);
  var worker = null, ready = null, socket = null, opened = false;

  function $(sel) { return app.querySelector(sel); }
  function saved() { try { return localStorage.getItem(SAVE); } catch (e) { return null; } }
  var RECORDS = "tefuda.records." + game, KEEP_RECORDS = 30;  // finished hands (issue 17), newest last
  function keepRecords(text) {
    try {
      var all = JSON.parse(localStorage.getItem(RECORDS) || "[]").concat(JSON.parse(text));
      localStorage.setItem(RECORDS, JSON.stringify(all.slice(-KEEP_RECORDS)));
    } catch (e) { /* full or unreadable: the game goes on */ }
  }
  function keep(text) { try { localStorage.setItem(SAVE, text); } catch (e) { /* full: the game goes on */ } }
  function show(name) {
    ["setup", "loading", "table", "failed"].forEach(function (n) {
      var el = $("[data-screen=" + n + "]");
      if (el) el.hidden = n !== name;
    });
    if (window.tefudaAtTable) tefudaAtTable();  // static/table.js
  }
  function mb(bytes) { return (bytes / 1048576).toFixed(1); }

  function startWorker() {
    if (ready) return ready;
    worker = new Worker(app.dataset.worker, { type: "module" });
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.type === "progress") {
          var bar = $("progress");
          bar.max = m.total; bar.value = m.loaded;
          $("[data-progress-text]").textContent = mb(m.loaded) + " / " + mb(m.total) + " MB";
        } else if (m.type === "starting") {
          $("[data-progress-text]").textContent = tefudaWord("starting");
        } else if (m.type === "ready") {
          app.dataset.bootMs = m.ms;
          app.dataset.bootStages = JSON.stringify(m.stages || {});
          resolve();
        } else if (m.type === "failed" && !opened) {
          reject(new Error(m.message));
        } else {
          onWorker(m);
        }
      };
      worker.postMessage({ type: "boot", files: boot.files, indexURL: boot.indexURL, bundle: boot.bundle,
                          version: boot.version });
    });
    return ready;
  }

  function onWorker(m) {
    if (m.type === "opened") {
      opened = true;
      keep(m.save);
      try { sessionStorage.setItem(OPEN, "1"); } catch (e) {}
      connect();
    } else if (m.type === "frames") {
      if (m.save) keep(m.save);
      if (m.records) keepRecords(m.records);
      if (m.cpuMs !== undefined) app.dataset.lastCpuMs = m.cpuMs.toFixed(2);
      m.frames.forEach(function (text) { if (socket) socket.deliver(text); });
    } else if (m.type === "failed" && m.stage === "open") {
      // a save this version cannot read (it stays where it is; a new game replaces it)
      show("failed");
      $("[data-failed-text]").textContent = tefudaWord("saveUnreadable", { error: m.message });
      try { sessionStorage.removeItem(OPEN); } catch (e) {}
    } else if (m.type === "failed") {
      var msg = document.getElementById("msg");
      if (msg) msg.textContent = tefudaWord("error", { error: m.message });
    }
  }

  /* The socket the htmx ws extension gets: send() goes to the worker, the worker's frames
     come back as "message" events. */
  function LocalSocket() {
    var self = this, listeners = {};
    this.OPEN = 1; this.CLOSED = 3; this.readyState = 0; this.binaryType = "blob";
    this.addEventListener = function (type, fn) { (listeners[type] = listeners[type] || []).push(fn); };
    this.removeEventListener = function (type, fn) {
      listeners[type] = (listeners[type] || []).filter(function (f) { return f !== fn; });
    };
    this.send = function (text) { worker.postMessage({ type: "send", text: String(text) }); };
    this.close = function () {
      if (self.readyState === 3) return;
      self.readyState = 3; socket = null;
      if (self.onclose) self.onclose({ code: 1000, reason: "", type: "close" });
    };
    this.deliver = function (text) {
      var ev = { data: text, type: "message" };
      (listeners.message || []).forEach(function (fn) { fn(ev); });
      if (self.onmessage) self.onmessage(ev);
    };
    socket = this;
    setTimeout(function () { self.readyState = 1; if (self.onopen) self.onopen({ type: "open" }); }, 0);
  }
  var original = htmx.createWebSocket;
  htmx.createWebSocket = function (url) {
    return url.indexOf("/local/practice/") >= 0 ? new LocalSocket() : original(url);
  };

  /* The language switch (every page) comes back to this page: to the table while one is
     open (#continue), else to the practice screen. */
  function switchBackTo(hash) {
    document.querySelectorAll(".lang-switch input[name=next]").forEach(function (el) {
      el.value = location.pathname + hash;
    });
  }

  function connect() {
    switchBackTo("#continue");
    var room = document.getElementById("room");
    room.setAttribute("ws-connect", "/local/practice/" + game + "/");
    show("table");
    htmx.process(room);
  }

  /* One tab at a time plays this game's save (the Web Locks API): a second tab says so
     instead of running a second copy that would overwrite the first one's save. */
  function holdTable(then) {
    if (!navigator.locks) { then(); return; }
    navigator.locks.request("tefuda.practice." + game, { ifAvailable: true }, function (lock) {
      if (!lock) {
        show("failed");
        $("[data-failed-text]").textContent = tefudaWord("otherTab");
        return null;
      }
      then();
      return new Promise(function () {});  // held until this page goes away
    });
  }

  function begin(save) {
    holdTable(function () { start(save); });
  }

  function start(save) {
    show("loading");
    startWorker().then(function () {
      var form = $("#practice-form");
      var data = {};
      new FormData(form).forEach(function (v, k) { data[k] = String(v); });
      // a name field left as it came (「あなた」/ "You" / 你) sends none: the table names the
      // seat in whatever language it is shown in later (tables/practice.py shown_seats)
      var field = form.querySelector("input[name=name]");
      var typed = field && field.value.trim() !== field.defaultValue.trim() ? data.name || "" : "";
      worker.postMessage({ type: "open", game: game, form: data, name: typed, save: save || null,
                          lang: document.documentElement.lang });
      reportStart(save, data.players);
    }, function (err) {
      show("failed");
      var text = String(err.message || err);
      $("[data-failed-text]").textContent = /fetch|network|load/i.test(text)
        ? tefudaWord("loadStopped", { error: text })
        : tefudaWord("error", { error: text });
    });
  }

  /* Online practice starts are counted (anonymously, like the server's practice rooms);
     offline play records nothing (the beacon is not kept for later). */
  function reportStart(save, players) {
    if (save || navigator.onLine === false || !app.dataset.beacon) return;
    try { navigator.sendBeacon(app.dataset.beacon, new Blob([String(players || "")], { type: "text/plain" })); } catch (e) {}
  }

  $("#practice-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var had = saved();
    if (had && !confirm(tefudaWord("confirmNew"))) return;
    begin(null);
  });
  var cont = $("#continue");
  if (cont) cont.addEventListener("click", function () { begin(saved()); });
  function refreshSaved() {
    var box = $("[data-saved]");
    if (box) box.hidden = !saved();
    var submit = $("#practice-form button[type=submit]");
    if (submit) submit.textContent = saved() ? submit.dataset.newLabel : submit.dataset.startLabel;
  }
  refreshSaved();
  show("setup");
  // 退出 leaves through data-goto (room.js): this tab is no longer at the table
  document.addEventListener("tefuda:swapped", function () {
    if (document.querySelector("[data-goto]")) {
      switchBackTo("");
      try { sessionStorage.removeItem(OPEN); } catch (e) {}
    }
  });
  // A reload (or back/forward) of a tab that was at the table goes back to it; a new visit
  // shows the practice screen with 続ける.
  var back = false, nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  try { back = sessionStorage.getItem(OPEN) === "1" && !!nav && nav.type !== "navigate"; } catch (e) {}
  if ((back || location.hash === "#continue") && saved()) begin(saved());
})();
