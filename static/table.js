/* Table-side helpers that never decide a move (the server does):
   - 整理 [data-sort]: re-orders the hand's cards (strength ↑, strength ↓, by count);
     the choice is kept in localStorage and re-applied after every message;
   - 自動プレイ [data-auto-toggle] + [data-auto-interval]: while on (sessionStorage, per
     room), on this seat's turn it waits the chosen interval, then presses the hidden
     #auto-send button (the server plays the CPU's move for this seat). Stop any time; it
     stops by itself at the hand's result.
   - body.at-table while a table shows; #hand-form.picked while a card is chosen;
   - a card (un)selected presses the hidden #select-send ("quiet": nothing comes back):
     the table keeps the selection, so cards chosen while waiting stay selected when the
     turn comes (Guandan's own #gd-select, answered, does this in static/guandan.js). */
// body.at-table while a table's stage shows (#stage.table-stage, not inside a hidden screen),
// and #stage.result-open while its hand's result shows:
// the page takes the table's whole-screen layout (static/tefuda.css). A class, not
// body:has(.table-stage): with that rule every part swapped anywhere on the page restyled the
// whole page (bench/table_page.py --parts: the style of a one-element part 0.38 → 0.08 ms).
// Looked at after every swap, and by static/app/practice.js when it changes screens.
function tefudaAtTable() {
  "use strict";
  var stage = document.getElementById("stage");
  var on = !!stage && stage.classList.contains("table-stage") && !stage.closest("[hidden]");
  if (document.body.classList.contains("at-table") !== on) document.body.classList.toggle("at-table", on);
  var shown = tefudaHandOver();
  if (on && stage.classList.contains("result-open") !== shown) stage.classList.toggle("result-open", shown);
}
// A hand's result shows (#result not hidden).
function tefudaHandOver() {
  "use strict";
  var result = document.getElementById("result");
  return !!(result && !result.hidden);
}
document.addEventListener("tefuda:swapped", tefudaAtTable);

(function () {
  "use strict";
  var room = document.getElementById("room");
  if (!room) return;
  var SORT_KEY = "tefuda.sort";
  var AUTO_KEY = "tefuda.auto." + room.dataset.room;
  var INTERVAL_KEY = "tefuda.auto.interval";
  var ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "LJ", "BJ"];
  var MODES = ["asc", "desc", "count"];
  var LABELS = { asc: "sortAsc", desc: "sortDesc", count: "sortCount" };  // words.html
  var pending = null;

  function rankOf(el) { var i = ORDER.indexOf(el.dataset.rank); return i < 0 ? 99 : i; }

  function applySort() {
    var form = document.querySelector("#hand-form[data-sortable]");
    if (!form) return;
    var box = form.querySelector(".cards");
    var cards = Array.prototype.slice.call(box.querySelectorAll("label.card"));
    var mode = localStorage.getItem(SORT_KEY) || "asc";
    var count = {};
    cards.forEach(function (c) { count[c.dataset.rank] = (count[c.dataset.rank] || 0) + 1; });
    cards.sort(function (a, b) {
      var ra = rankOf(a), rb = rankOf(b);
      if (mode === "desc") return rb - ra;
      if (mode === "count") return (count[b.dataset.rank] - count[a.dataset.rank]) || (ra - rb);
      return ra - rb;
    });
    // moved only when out of order (a moved card is laid out and drawn again)
    var kids = box.querySelectorAll("label.card");
    if (cards.some(function (c, i) { return kids[i] !== c; })) cards.forEach(function (c) { box.appendChild(c); });
    var btn = form.querySelector("[data-sort]");
    var label = tefudaWord(LABELS[mode]);
    if (btn && btn.textContent !== label) btn.textContent = label;
    if (btn && btn.dataset.mode !== mode) btn.dataset.mode = mode;
  }

  function autoOn() { return sessionStorage.getItem(AUTO_KEY) === "1"; }

  function syncAuto() {
    var btn = document.querySelector("[data-auto-toggle]");
    var sel = document.querySelector("[data-auto-interval]");
    var iv = localStorage.getItem(INTERVAL_KEY);
    // the chosen interval where this table offers it (Guandan's 0.3 s is not Dou Dizhu's
    // choice: try50 found the box blank there); else the table's own default stays
    if (sel && iv && sel.value !== iv && offers(sel, iv)) sel.value = iv;
    if (btn) {  // written only when different: an unchanged page is not laid out again
      var text = tefudaWord(autoOn() ? "autoOn" : "autoOff"), pressed = autoOn() ? "true" : "false";
      if (btn.textContent !== text) btn.textContent = text;
      if (btn.classList.contains("primary") !== autoOn()) btn.classList.toggle("primary", autoOn());
      if (btn.getAttribute("aria-pressed") !== pressed) btn.setAttribute("aria-pressed", pressed);
    }
    scheduleAuto();
  }

  function offers(sel, value) {
    return Array.prototype.some.call(sel.options, function (o) { return o.value === value; });
  }

  function scheduleAuto() {
    if (pending || !autoOn() || !document.querySelector("#hand-form .my-turn #auto-send")) return;
    var sel = document.querySelector("[data-auto-interval]");  // the interval the box shows
    var ms = Number((sel && sel.value) || localStorage.getItem(INTERVAL_KEY) || 1000);
    pending = setTimeout(function () {
      pending = null;
      var send = document.querySelector("#hand-form .my-turn #auto-send");
      if (autoOn() && send) send.click();
    }, ms);
  }

  function stopAuto() {
    sessionStorage.removeItem(AUTO_KEY);
    if (pending) { clearTimeout(pending); pending = null; }
  }

  // 前の結果を見る (try50: a friend's 次の局へ closed the result a person was reading, and the
  // next hand's clock ran): a copy of the last result shown on this page, offered beside
  // the notice that says who dealt (tables/core/templates/parts/msg.html), in a dialog.
  // The copy is the page's own result part, without its buttons and ids: nothing re-rendered.
  var shownResult = null, lastResult = null;
  function keepResult() {
    var result = document.getElementById("result");
    if (result && result !== shownResult && !result.hidden && result.textContent.trim()) {
      shownResult = result;  // a new part (each message's is new): copied once
      lastResult = result.cloneNode(true);
      lastResult.removeAttribute("id");
      Array.prototype.forEach.call(lastResult.querySelectorAll("[id]"), function (e) { e.removeAttribute("id"); });
      Array.prototype.forEach.call(lastResult.querySelectorAll(".controls, button, form"), function (e) { e.remove(); });
    }
    var open = document.querySelector("[data-last-result]");
    if (open && open.hidden !== !lastResult) open.hidden = !lastResult;
  }
  room.addEventListener("tefuda:swapped", keepResult);
  function showLastResult() {
    var dialog = document.querySelector("dialog.last-result");
    if (!dialog || !lastResult || !dialog.showModal) return;
    dialog.querySelector("[data-last-result-body]").replaceChildren(lastResult.cloneNode(true));
    dialog.showModal();
    clockInDialog();
  }
  // Your own clock, if it runs, beside the dialog's 閉じる (try51: the exchange's 20 s ran
  // out unseen behind the dialog): a copy of the status bar's, which room.js ticks as it
  // ticks every [data-deadline]; again after each message (the clock starts or stops).
  function clockInDialog() {
    var dialog = document.querySelector("dialog.last-result[open]");
    var slot = dialog && dialog.querySelector("[data-last-result-clock]");
    if (!slot) return;
    var mine = document.querySelector("#status .countdown.mine");
    var had = slot.querySelector("[data-deadline]"), now = mine && mine.querySelector("[data-deadline]");
    if (had && now && had.dataset.deadline === now.dataset.deadline) return;
    slot.replaceChildren();
    if (mine) slot.appendChild(mine.cloneNode(true));
  }
  room.addEventListener("tefuda:swapped", clockInDialog);

  document.addEventListener("click", function (e) {
    if (e.target.closest("[data-last-result]")) {
      showLastResult();
    } else if (e.target.closest("[data-sort]")) {
      var mode = localStorage.getItem(SORT_KEY) || "asc";
      localStorage.setItem(SORT_KEY, MODES[(MODES.indexOf(mode) + 1) % MODES.length]);
      applySort();
    } else if (e.target.closest("[data-auto-toggle]")) {
      if (autoOn()) stopAuto(); else sessionStorage.setItem(AUTO_KEY, "1");
      syncAuto();
    }
  });
  document.addEventListener("change", function (e) {
    if (e.target.matches("[data-auto-interval]")) localStorage.setItem(INTERVAL_KEY, e.target.value);
    // the server keeps this tab's selection (a re-render when the turn comes keeps it)
    if (e.target.matches("#hand-form input[name=card]")) {
      markPicked();
      var sel = document.getElementById("select-send");
      if (sel) sel.click();
    }
  });
  // #hand-form.picked while a card is chosen (出す looks like the main button only then,
  // static/tefuda.css). A class, not :has(): the page restyled for that rule on every part
  // swapped anywhere (~0.35 ms a part; bench/table_page.py's replacement of each part).
  function markPicked() {
    var form = document.getElementById("hand-form");
    if (!form) return;
    var on = !!form.querySelector("input[name=card]:checked");
    if (form.classList.contains("picked") !== on) form.classList.toggle("picked", on);
  }
  // 自動プレイ belongs to one hand: at its result, and back in the waiting room, it is off,
  // so a new hand or game never starts playing itself (a tester's 27-card Guandan hand was
  // down to 8 in 5 s; try42's next Guandan hand paid its tribute and played by itself)
  room.addEventListener("tefuda:swapped", function () {
    if (autoOn() && (document.getElementById("lobby") || tefudaHandOver())) stopAuto();
    applySort(); syncAuto(); markPicked();
  });
  markPicked();
})();

/* The hand's selection area (issue 13): a big hand on a narrow screen. When one overlapping
   row would leave each card of the hand ([data-fan], Daifugō and Dou Dizhu) a strip
   narrower than MIN_STRIP px, the hand takes two rows (or three, if two are not enough):
   the class rows-2 or rows-3 and --per, the cards in a row (static/tefuda.css lays them
   out). Measured by a ResizeObserver on each hand: it reports when a hand is swapped in
   and when the screen changes its width, after the browser's own layout and before it
   paints, so reading the sizes costs no extra layout (bench/table_page.py: measuring on
   every change of the page, flying cards included, forced a layout each time and was the
   biggest part of the long tasks during a play). */
(function () {
  "use strict";
  var MIN_STRIP = 28, MAX_ROWS = 3;

  function fit(box) {
    var cards = box.querySelectorAll(":scope > .card");
    var n = cards.length, rows = 1;
    if (n > 3) {
      // the row's width between the paddings (the rows pad their right side more)
      var width = box.clientWidth - 2 * parseFloat(getComputedStyle(box).paddingLeft);
      var cw = cards[0].offsetWidth;
      while (rows < MAX_ROWS && (width - cw) / (Math.ceil(n / rows) - 1) < MIN_STRIP) rows += 1;
    }
    var per = Math.ceil(n / rows), name = rows > 1 ? "rows-" + rows : "";
    if (rows > 1) {  // each card's strip: a whole card and a gap, or what the row leaves it
      var rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      var strip = Math.min(cw + rem / 4, (width - rem / 5 - cw) / (per - 1)).toFixed(1) + "px";
      if (box.style.getPropertyValue("--per") !== String(per)) box.style.setProperty("--per", String(per));
      if (box.style.getPropertyValue("--strip") !== strip) box.style.setProperty("--strip", strip);
    }
    ["rows-2", "rows-3"].forEach(function (c) { if (box.classList.contains(c) !== (c === name)) box.classList.toggle(c); });
  }

  // A hand whose rows changed changed its own height inside the observer's callback, which
  // the browser reports as an error ("ResizeObserver loop completed with undelivered
  // notifications", sent to the site's error counts): it is watched again from the next
  // frame instead, whose first report finds the rows already right.
  var sizes = new ResizeObserver(function (entries) {
    entries.forEach(function (e) {
      var box = e.target;
      if (!box.isConnected) { sizes.unobserve(box); return; }  // a hand swapped out
      var before = box.className + box.style.getPropertyValue("--per");
      fit(box);
      if (box.className + box.style.getPropertyValue("--per") === before) return;
      sizes.unobserve(box);
      requestAnimationFrame(function () { if (box.isConnected) sizes.observe(box); });
    });
  });

  // A phone upright: the side row (the log's line, 残り札, 墓地…) stays at the foot of the
  // screen and the hand's buttons just above it (static/tefuda.css), --side-h on the stage
  // being the row's height: it wraps to a second line in some languages and with Daifugō's
  // exchange lines. Setting it changes nothing of the row's own size (no loop).
  var sides = new ResizeObserver(function (entries) {
    entries.forEach(function (e) {
      var side = e.target, stage = side.parentElement;
      if (!side.isConnected || !stage) { sides.unobserve(side); return; }
      var h = e.borderBoxSize && e.borderBoxSize[0] ? e.borderBoxSize[0].blockSize : side.offsetHeight;
      h = h.toFixed(1) + "px";
      if (stage.style.getPropertyValue("--side-h") !== h) stage.style.setProperty("--side-h", h);
    });
  });

  var WATCHED = ".cards[data-fan], .table-side";
  function observe(box) { (box.matches(".table-side") ? sides : sizes).observe(box); }
  function watch(node) {  // a hand or side row swapped in (the node, or inside it): observed from now on
    if (node.nodeType !== 1) return;
    if (node.matches(WATCHED)) observe(node);
    else if (node.firstElementChild) node.querySelectorAll(WATCHED).forEach(observe);
  }

  // A hand morphed in place (tables/core/frames.py) keeps its box: when its cards change,
  // it is watched afresh, and the observer's first report (after the next layout) fits it.
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(watch);
      if (r.target.matches && r.target.matches(".cards[data-fan]")) { sizes.unobserve(r.target); sizes.observe(r.target); }
    });
  }).observe(document.body, { childList: true, subtree: true });
  watch(document.body);
})();

/* A phone (the side row is one line): the log's last line opens the whole log as a sheet
   over the table, as the row's other switches (<details>) open theirs, and closes it again
   (a tap, Enter or Space on it); one sheet is open at a time, and Escape closes it (try36: the earlier
   lines could not be read during a hand). The class sits on the side row, which the log's
   swaps never replace (tables/core/templates/parts/stage.html; static/tefuda.css). */
(function () {
  "use strict";
  var narrow = window.matchMedia("(max-width: 700px), (max-height: 500px)");
  // One sheet at a time: opening one closes the others, the log's included (two open ones
  // lay over each other at the top of the table and mixed their words, try37).
  function closeSheets(keep) {
    document.querySelectorAll(".table-side details[open]").forEach(function (d) { if (d !== keep) d.open = false; });
    document.querySelectorAll(".table-side.log-open").forEach(function (s) { s.classList.remove("log-open"); });
  }
  function toggle(log) {
    var side = log && log.closest(".table-side");
    if (!side) return;
    var open = !side.classList.contains("log-open");
    closeSheets(null);
    side.classList.toggle("log-open", open);
  }
  document.addEventListener("toggle", function (e) {  // (toggle does not bubble: the capture phase)
    var d = e.target;
    if (narrow.matches && d.tagName === "DETAILS" && d.open && d.closest(".table-side")) closeSheets(d);
  }, true);
  document.addEventListener("click", function (e) {
    var log = e.target.closest && e.target.closest(".table-side .log");
    if (log && narrow.matches) toggle(log);
  });
  // When the table asks something of you (your turn, a stop window with your button, your
  // 7渡し or 10捨て), an open sheet closes: it lay over the seats and the field, and stayed
  // open into the turn (try49; a stop window over the open log took the tap meant to close it).
  var ASKED = "#hand-form .my-turn, #stop-window button, #pending-choice.mine";
  var asked = false;
  document.addEventListener("tefuda:swapped", function () {
    var now = !!document.querySelector(ASKED);
    if (now && !asked && narrow.matches) closeSheets(null);
    asked = now;
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { closeSheets(null); return; }
    var log = e.target.matches && e.target.matches(".table-side .log") ? e.target : null;
    if (log && narrow.matches && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); toggle(log); }
  });
})();
