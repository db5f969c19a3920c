/* The replay viewer's page glue (issue 17). The viewer itself (#replay) is HTML rendered by
   tables/core/replay.py: on a room's hand page by the server (?step=k&frag=1), on /replay/
   by the practice worker on Pyodide (static/app/worker.js "replay"), so a saved file or a
   practice hand replays offline too. Here: step buttons, ←/→, 自動再生, ファイルに保存, and on
   /replay/ opening a file or a practice hand kept in this browser. */
(function () {
  "use strict";
  var app = document.getElementById("replay-app");
  if (!app) return;
  var local = app.dataset.mode === "local";
  var text = null, you = null, worker = null, ready = null, timer = null, pending = null;

  function $(sel) { return app.querySelector(sel); }
  function json(id) { var el = document.getElementById(id); return el ? JSON.parse(el.textContent) : null; }

  /* --- rendering a step ---------------------------------------------------------------- */
  function place(html) {
    var old = document.getElementById("replay");
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.firstElementChild;
    var proof = fresh.querySelector(".replay-proof-box");  // the check's values stay open once opened
    if (proof && old && old.querySelector(".replay-proof-box[open]")) proof.open = true;
    if (old) old.replaceWith(fresh); else $("[data-replay-view]").appendChild(fresh);
    if (timer && !(fresh.querySelector("[data-key=next]") && !fresh.querySelector("[data-key=next]").disabled)) stop();
    var auto = fresh.querySelector("[data-autoplay]");
    if (auto) auto.setAttribute("aria-pressed", timer ? "true" : "false");
    // the current move in view inside the list's own box, never by scrolling the page: a
    // replay opened at the deal scrolled the page down to its list (try39: the title and
    // the verified line started off the screen of a 375×667 phone)
    var current = fresh.querySelector("[aria-current=step]"), list = current && current.closest(".replay-moves");
    if (list) {
      var top = current.offsetTop - list.offsetTop, bottom = top + current.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
    }
  }

  function show(step) {
    if (local) {
      if (text === null) return Promise.resolve();
      return startWorker().then(function () {
        return new Promise(function (resolve) {
          pending = resolve;
          worker.postMessage({ type: "replay", text: text, step: step, lang: document.documentElement.lang, you: you });
        });
      }).then(place);
    }
    return fetch(location.pathname + "?frag=1&step=" + step, { credentials: "same-origin" })
      .then(function (r) { return r.text(); }).then(place);
  }

  /* --- the practice worker (offline page) ---------------------------------------------- */
  function startWorker() {
    if (ready) return ready;
    var boot = json("boot-files");
    $("[data-replay-status]").hidden = false;
    worker = new Worker(app.dataset.worker, { type: "module" });
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.type === "ready") { $("[data-replay-status]").hidden = true; resolve(); }
        else if (m.type === "replayed" && pending) { var p = pending; pending = null; p(m.html); }
        else if (m.type === "failed") {
          $("[data-replay-status]").hidden = true;
          var f = $("[data-replay-failed]"); f.hidden = false; f.textContent = m.message;
          reject(new Error(m.message));
        }
      };
      worker.postMessage({ type: "boot", files: boot.files, indexURL: boot.indexURL, bundle: boot.bundle });
    });
    return ready;
  }

  // ``seat``: the seat this browser's person played (a practice hand: tables/practice.py
  // YOU, seat 0), said after its label; a file opened says nobody's
  function openText(t, seat) {
    text = t;
    you = seat === undefined ? null : seat;
    stop();
    // the viewer opened under the page's list: its title at the top of the screen, the step
    // bar and the table under it (try40: on a phone the table stayed below the fold and a
    // step seemed to do nothing); the steps themselves never scroll the page (place)
    show(0).then(function () {
      var view = document.getElementById("replay");
      if (view) view.scrollIntoView({ block: "start" });
    });
  }

  /* --- controls ------------------------------------------------------------------------- */
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    var auto = document.querySelector("#replay [data-autoplay]");
    if (auto) auto.setAttribute("aria-pressed", "false");
  }

  function next() {
    var b = document.querySelector("#replay [data-key=next]");
    if (!b || b.disabled) { stop(); return; }
    show(+b.dataset.step);
  }

  function fileData() {
    var file = local ? JSON.parse(text) : json("replay-file");
    if (!file || file.format !== "tefuda-replay") file = { format: "tefuda-replay", version: 1, record: file };
    var keep = document.querySelector("#replay [data-keep-names]");
    var names = local ? file.names : json("replay-names");
    if (keep && keep.checked && names) file.names = names; else delete file.names;
    return file;
  }

  function save() {
    var file = fileData();
    var blob = new Blob([JSON.stringify(file)], { type: "application/json" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "tefuda-" + file.record.game + "-" + file.record.no + "-" + file.record.commitment.slice(0, 8) + ".json";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  app.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !b.closest("#replay")) return;
    if (b.hasAttribute("data-step")) { stop(); show(+b.dataset.step); }
    else if (b.hasAttribute("data-autoplay")) {
      if (timer) stop();
      else { timer = setInterval(next, +(app.dataset.autoplayMs || 900)); b.setAttribute("aria-pressed", "true"); }
    } else if (b.hasAttribute("data-save")) save();
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    var key = e.key === "ArrowRight" ? "next" : e.key === "ArrowLeft" ? "prev" : null;
    var b = key && document.querySelector("#replay [data-key=" + key + "]");
    if (b && !b.disabled) { stop(); show(+b.dataset.step); }
  });

  /* --- 部屋に戻る (a room's hand) ------------------------------------------------------------ */
  /* The table's tab opened this one (これまでの局を再生 opens a new tab): while that tab
     holds this browser's seat, closing this one returns the player to it (the room page
     opened here would find the seat in use there). Else, or when the browser keeps this
     tab open, the room page here, which finds the seat again (rooms.consumers hello). */
  var back = document.querySelector("[data-back-to-room]");
  if (back) back.addEventListener("click", function (e) {
    e.preventDefault();
    function go() { location.href = back.href; }
    fetch(location.pathname + "?held=1", { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : "0"; })
      .then(function (held) {
        if (held !== "1") { go(); return; }
        window.close();
        setTimeout(go, 500);  // still here: the browser does not let this page close its tab
      }, go);
  });

  /* --- /replay/: a file, or a practice hand of this browser ------------------------------- */
  if (!local) return;
  var input = $("[data-open-file]");
  input.addEventListener("change", function () {
    var f = input.files && input.files[0];
    if (f) f.text().then(openText);
  });
  function practiceRecords() {
    var out = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key.indexOf("tefuda.records.") === 0) out = out.concat(JSON.parse(localStorage.getItem(key)) || []);
      }
    } catch (e) { /* storage unreadable: nothing listed */ }
    return out;
  }
  /* The hand's number as its table showed it (the record's "count", from
     tables.core.history.count when the hand ended), not the count of the hands played in
     this browser (the record's no, what an older record has). */
  function handNumber(r) { return typeof r.count === "number" ? r.count : r.no; }
  /* the seat a practice hand's person sat in (tables/practice.py YOU, put on the page by site/views.py) */
  var records = practiceRecords(), labels = json("game-labels") || {},
      PRACTICE_SEAT = Number(app.dataset.practiceSeat);
  if (records.length) {
    var list = $("[data-local-items]"), tpl = $("template[data-local-item]");
    records.slice().reverse().forEach(function (r) {
      var li = tpl.content.firstElementChild.cloneNode(true), b = li.querySelector("[data-local-open]");
      // the words are the server's (tables.core.history.hand_labels): numbers filled in only
      var words = labels[r.game] || { hand: r.game + " {n}", in_match: r.game + " {n} ({m})" };
      var said = typeof r.match === "number" ? words.in_match.replace("{m}", r.match) : words.hand;
      b.textContent = said.replace("{n}", handNumber(r));
      b.title = b.dataset.commitmentWord + " " + String(r.commitment);
      b.addEventListener("click", function () { openText(JSON.stringify(r), PRACTICE_SEAT); });
      list.appendChild(li);
    });
    $("[data-local-list]").hidden = false;
  }
  var wanted = new URLSearchParams(location.search).get("c");
  if (wanted) {
    var found = records.filter(function (r) { return r.commitment === wanted; })[0];
    if (found) openText(JSON.stringify(found), PRACTICE_SEAT); else $("[data-not-found]").hidden = false;
  }
})();
