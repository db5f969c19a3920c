/* Room page glue for the htmx ws extension (everything else is server-rendered HTML).
   - hello with this tab's seat token (sessionStorage) on every (re)connect;
   - store a seat token the server hands over; follow data-goto;
   - presence ping; countdowns; copy link; reconnect after 1001 "going away". */
(function () {
  "use strict";
  var room = document.getElementById("room");
  if (!room) return;
  var KEY = "tefuda.seat." + room.dataset.room;
  var claim = document.getElementById("seat-claim");
  var claimed = claim && JSON.parse(claim.textContent);
  if (claimed) sessionStorage.setItem(KEY, claimed);
  if (location.search) history.replaceState(null, "", location.pathname);
  var socket = null, skew = 0;

  function setConn(state, text) {
    var el = document.getElementById("conn");
    if (el) { el.dataset.state = state; el.textContent = text; }
  }
  room.addEventListener("htmx:wsOpen", function (e) {
    socket = e.detail.socketWrapper;
    socket.sendImmediately(JSON.stringify({ act: "hello", token: sessionStorage.getItem(KEY) }));
    setConn("open", "");
  });
  room.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail.event.code;
    socket = null;
    if (code === 4000 || code === 4403) { setConn("closed", "接続を終了しました"); return; }
    setConn("lost", "通信が切れました。つなぎ直しています…");
    if (code === 1000 || code === 1001) setTimeout(function () { e.detail.socketWrapper.reconnect(); }, 1000);
  });
  room.addEventListener("htmx:wsAfterMessage", function () {
    var t = document.getElementById("seat-token");
    if (t && t.dataset.token) { sessionStorage.setItem(KEY, t.dataset.token); t.removeAttribute("data-token"); }
    var ver = document.getElementById("ver");
    if (ver && ver.dataset.now) skew = Number(ver.dataset.now) - Date.now();
    var go = document.querySelector("[data-goto]");
    if (go) { sessionStorage.removeItem(KEY); location.href = go.dataset.goto; }
    tick();
  });
  setInterval(function () { if (socket) socket.send(JSON.stringify({ act: "ping" })); }, 10000);

  // The event log (#log, newest line last) shows its newest lines after every update.
  room.addEventListener("htmx:wsAfterMessage", function () {
    var log = document.getElementById("log");
    if (log) log.scrollTop = log.scrollHeight;
  });

  // A <details id> (the graveyard viewer) keeps this tab's open/closed state when the server
  // re-renders it: the new element is opened again right after the swap, before any paint.
  // Tab-local only; nothing is sent. (toggle does not bubble: listen in the capture phase.)
  var opened = {};
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.tagName === "DETAILS" && d.id && room.contains(d)) opened[d.id] = d.open;
  }, true);
  room.addEventListener("htmx:wsAfterMessage", function () {
    Object.keys(opened).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName === "DETAILS" && d.open !== opened[id]) d.open = opened[id];
    });
  });

  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - Date.now() - skew) / 1000));
      el.textContent = left + "秒";
    });
  }
  setInterval(tick, 250);

  // The share link shows the whole address (the server renders only the path).
  function fillLinks() {
    document.querySelectorAll("input[data-path]").forEach(function (input) {
      var url = location.origin + input.dataset.path;
      if (input.value !== url) input.value = url;
    });
  }
  document.addEventListener("DOMContentLoaded", fillLinks);
  document.addEventListener("htmx:wsAfterMessage", fillLinks);

  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-copy]");
    if (!btn) return;
    var input = document.querySelector(btn.dataset.copy);
    var url = location.origin + input.dataset.path;
    input.value = url;
    var done = function () { var s = btn.parentNode.querySelector(".copied"); if (s) s.hidden = false; };
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, function () { input.select(); done(); });
    else { input.select(); document.execCommand("copy"); done(); }
  });
})();

/* Daifugō: 効果を使って出す / 素出しで出す only when the selected cards can trigger an
   effect (the server lists those sets in data-effect-sets; it also checks the play). */
(function () {
  "use strict";
  function effectChoice() {
    var form = document.getElementById("hand-form");
    var box = form && form.querySelector(".effect-choice");
    if (!box) return;
    var sets = (box.dataset.effectSets || "").split("|").filter(Boolean);
    var ids = Array.prototype.map.call(form.querySelectorAll("input[name=card]:checked"),
      function (i) { return Number(i.value); }).sort(function (a, b) { return a - b; }).join(",");
    var on = ids !== "" && sets.indexOf(ids) >= 0;
    box.hidden = !on;
    var plain = form.querySelector(".plain-play");
    if (plain) plain.hidden = on;
  }
  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#hand-form")) effectChoice();
  });
  document.addEventListener("htmx:wsAfterMessage", effectChoice);
})();
