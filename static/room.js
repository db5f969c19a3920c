/* Room page glue for the htmx ws extension (everything else is server-rendered HTML).
   - hello with this tab's seat token (sessionStorage) on every (re)connect;
   - store a seat token the server hands over (every claim rotates it); follow data-goto;
   - presence: a ping every 10 s, answered by the server's pong; the server's probe is
     answered at once with a ping (only the browser's answer keeps a seat, rooms.consumers);
   - a reconnecting banner whenever the browser is offline or the socket is closed or silent
     past the ping interval, and a new socket when it stays silent;
   - reconnect after every close that can clear (all but 4000 left / 4403 removed) and
     after a refusal that can clear (data-retry: the seat in use elsewhere, a game in
     progress); countdowns; copy link. */
// The later groups of a message still to be swapped when a newer message ``text`` comes:
// each group (a string) without its elements the newer message brings again. Each element of
// a later group is one part or piece, opened as <tag hx-swap-oob=… id="…">
// (tables/core/frames.py out_of_band); it is left out when its id is anywhere in ``text``
// (as an element, or inside a part that holds it): the newer one replaces it a frame or two
// later. #seat-token is never left out (a token to keep, a retry to make). Groups left empty
// are dropped. Pure: strings in, strings out (tests/browser/test_browser_feel.py).
function tefudaStillDue(groups, text) {
  "use strict";
  var ids = {}, re = /\sid="([^"]+)"/g, m;
  var top = /(?=<[A-Za-z][\w-]*\s+hx-swap-oob=)/, topId = /^<[A-Za-z][\w-]*\s+hx-swap-oob="[^"]*"[^>]*?\sid="([^"]+)"/;
  while ((m = re.exec(text))) ids[m[1]] = true;
  return groups.map(function (group) {
    return group.split(top).filter(function (element) {
      var id = topId.exec(element);
      return !id || !ids[id[1]] || id[1] === "seat-token";
    }).join("");
  }).filter(function (group) { return group.trim(); });
}

(function () {
  "use strict";
  var room = document.getElementById("room");
  if (!room) return;
  var KEY = "tefuda.seat." + room.dataset.room;
  var PING = 10000, SILENT = PING + 3000, DEAD = 2 * PING + 5000;
  var PONG = '<template id="pong"></template>', PROBE = '<template id="probe"></template>';
  var claim = document.getElementById("seat-claim");
  var claimed = claim && JSON.parse(claim.textContent);
  if (claimed) sessionStorage.setItem(KEY, claimed);
  if (location.search) history.replaceState(null, "", location.pathname);
  var socket = null, current = null, wrapper = null, skew = 0, heard = Date.now();
  var final = false, retries = 0, retryTimer = null;

  function setConn(state, text) {
    var el = document.getElementById("conn");
    if (el && (el.dataset.state !== state || el.textContent !== text)) { el.dataset.state = state; el.textContent = text; }
  }
  function ping() {
    if (socket) socket.send(JSON.stringify({ act: "ping" }));
  }
  // A new socket in `seconds` (doubled on every retry in a row, at most `most` seconds: a
  // minute by default; a network's close, 4 s, as htmx's own retries below).
  function retry(seconds, most) {
    if (final || !wrapper || retryTimer) return;
    var delay = Math.min(most || 60, seconds * Math.pow(2, Math.min(retries, 5))) * 1000;
    retries += 1;
    retryTimer = setTimeout(function () {
      retryTimer = null;
      socket = current = null;  // the old socket's close, if it comes, is not this one's
      wrapper.reconnect();
    }, delay);
  }
  room.addEventListener("htmx:wsOpen", function (e) {
    socket = e.detail.socketWrapper;
    wrapper = socket;
    current = e.detail.event.target;
    heard = Date.now();
    socket.sendImmediately(JSON.stringify({ act: "hello", token: sessionStorage.getItem(KEY) }));
    setConn("open", "");
  });
  room.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail.event.code;
    wrapper = e.detail.socketWrapper;
    if (e.detail.event.target !== current) return;  // a socket this page already replaced
    socket = current = null;
    if (code === 4000 || code === 4403) { final = true; setConn("closed", tefudaWord("connClosed")); return; }
    setConn("lost", tefudaWord("connLost"));
    if ([1006, 1011, 1012, 1013].indexOf(code) >= 0) return;  // htmx's ws extension retries these
    if (code === 4008) retry(10); else retry(1, 4);  // 4008: this page sent too much; anything else can clear too
  });
  // The server's pong and probe never reach the page; every frame tells the socket lives.
  room.addEventListener("htmx:wsBeforeMessage", function (e) {
    heard = Date.now();
    if (e.detail.message === PONG) { e.preventDefault(); return; }
    if (e.detail.message === PROBE) { e.preventDefault(); ping(); return; }
    // A focused control that this message replaces loses its focus anyway (the browser
    // moves it to the page when the control goes). Let go of it before the swap, while the
    // page's layout is still the painted one: removing the focused element mid-swap would
    // make the browser lay out the half-swapped page at once.
    var active = document.activeElement;
    refocus = null;
    if (!active || active === document.body || !room.contains(active)) return;
    for (var el = active; el && el !== room; el = el.parentElement) {
      if (el.id && e.detail.message.indexOf('id="' + el.id + '"') >= 0) {
        if (active.matches(":focus-visible")) refocus = focusKey(active);  // a keyboard's focus (a tap's or a click's is not)
        active.blur(); return;
      }
    }
  });
  // ...and a keyboard's focus is given back once the message is in: the same card (its
  // checkbox, by value) or the same control (by id, else by what it sends) on the new page,
  // so a keyboard player goes on from where they were (try18: choosing a Guandan card, which
  // re-renders the hand, threw the focus to the top of the page, 54 Tabs from 出す). Nothing
  // is focused when the control is gone or the player has moved the focus meanwhile. It is
  // done at the next frame, whose layout the browser makes anyway: finding the control on
  // screen inside the message's task laid the page out there (bench/table_page.py: 17 tasks
  // over 50 ms in 40 plays against 2, when it ran after every clicked button's message).
  var refocus = null;
  function focusKey(el) {
    if (el.id) return "#" + CSS.escape(el.id);
    var key = el.tagName.toLowerCase(), told = false;
    ["name", "value", "data-action", "data-mode", "data-tap", "hx-vals"].forEach(function (a) {
      var v = el.getAttribute(a);
      if (v !== null) { key += "[" + a + '="' + CSS.escape(v) + '"]'; told = true; }
    });
    var column = el.parentElement && el.parentElement.closest("[data-key]");  // Guandan's rank column
    if (column) { key = '[data-key="' + CSS.escape(column.getAttribute("data-key")) + '"] ' + key; told = true; }
    return told ? key : null;
  }
  function takeFocusBack() {
    if (!refocus || (document.activeElement && document.activeElement !== document.body)) return;
    var found = room.querySelectorAll(refocus);  // one control, or none: never a guess
    if (found.length === 1 && found[0].getClientRects().length) found[0].focus({ preventScroll: true });
  }
  function takeFocusBackSoon() { if (refocus) requestAnimationFrame(takeFocusBack); }
  room.addEventListener("tefuda:swapped", takeFocusBackSoon);
  // htmx visits every element of a part it replaces (an event, and every extension's hook,
  // for each) to undo what it set up there. What it sets up in these parts lives on their
  // own elements (ws-send, hx-trigger="change": no listener elsewhere, no timer, no socket),
  // so the old part's insides go at once (the page scripts read them before the message,
  // htmx:wsBeforeMessage) and htmx visits the part alone. Parts are swapped whole
  // (outerHTML: the new part, same id, is the fragment). A part the server marks data-morph
  // (the hand's cards, tables/core/frames.py) is morphed into the old one, which it keeps.
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var d = e.detail, old = d.target, part = d.fragment && d.fragment.firstElementChild;
    if (!d.shouldSwap || old === room || !room.contains(old) || !part || part.id !== old.id) return;
    if (old.hasAttribute("data-morph")) return;
    old.replaceChildren();
  });
  room.addEventListener("tefuda:swapped", function () {
    var t = document.getElementById("seat-token");
    if (t && t.dataset.token) { sessionStorage.setItem(KEY, t.dataset.token); t.removeAttribute("data-token"); retries = 0; }
    if (t && t.dataset.retry) { var wait = Number(t.dataset.retry); t.removeAttribute("data-retry"); retry(wait); }
    var ver = document.getElementById("ver");
    if (ver && ver.dataset.now) skew = Number(ver.dataset.now) - Date.now();
    var go = document.querySelector("[data-goto]");
    if (go) { final = true; sessionStorage.removeItem(KEY); location.href = go.dataset.goto; }
    tick();
  });
  setInterval(ping, PING);
  // A closed socket is opened again by htmx's ws extension after a random wait that doubles
  // up to 64 s (its "full-jitter"): after a minute offline the table stayed frozen for half a
  // minute once back (try53). Here the wait doubles from 0.5 s up to 4 s, between half and
  // all of it, so a socket comes back within 4 s of the network.
  htmx.config.wsReconnectDelay = function (retries) {
    var wait = Math.min(4000, 500 * Math.pow(2, Math.min(retries, 3)));
    return wait / 2 + Math.random() * wait / 2;
  };
  // The banner: closed, offline (the browser says so: at once, try51: a socket's silence is
  // only noticed after the ping interval, up to 13 s), or silent past the ping interval (a
  // pong is due by then); a socket silent for two intervals is replaced by a new one (the
  // network under it is gone).
  var offline = false, lastTry = Date.now();
  room.addEventListener("htmx:wsConnecting", function () { lastTry = Date.now(); });  // htmx's tries and ours
  function watch() {
    if (final) return;
    var quiet = Date.now() - heard;
    // no socket and no try for 5 s (a try that failed to open, closed with a code htmx does
    // not retry, is nobody's to retry: its close is not the current socket's): try again
    if (!socket && wrapper && !retryTimer && Date.now() - lastTry > 5000) {
      lastTry = Date.now();
      wrapper.reconnect();
    }
    if (!socket || offline) setConn("lost", tefudaWord("connLost"));
    else if (quiet > SILENT) setConn("lost", tefudaWord("connSilent"));
    else setConn("open", "");
    if (socket && quiet > DEAD && wrapper && !retryTimer) {
      heard = Date.now();
      socket = current = null;
      wrapper.reconnect();
    }
  }
  setInterval(watch, 1000);
  // Back online, the socket is asked at once whether it still lives (its pong clears the
  // banner; a dead one stays silent and is replaced as above). Practice plays in this page
  // (static/app/practice.js: its socket is the page's own worker), online or not.
  var practice = !!document.getElementById("practice-app");
  window.addEventListener("offline", function () { offline = !practice; watch(); });
  window.addEventListener("online", function () { offline = false; heard = Math.min(heard, Date.now() - SILENT - 1); ping(); watch(); });

  // A message's parts come in groups, each after a <!--later--> mark (tables/core/frames.py
  // ORDER): the field, the seats, the hand with #ver, the rest, then the log, the
  // graveyard and the card counter. htmx's ws extension swaps the first group; each next one is
  // swapped (htmx's own swap, each element marked hx-swap-oob) in a task of its own after
  // the next frame, so no one task or frame handles a whole play (bench/table_page.py:
  // those were the long tasks during a play). A newer message first swaps in whatever is
  // still waiting, so nothing is ever shown out of order. After each group, the first
  // included, "tefuda:swapped" (bubbles) tells the page's scripts to look at the page
  // again: they listen to it, not to htmx's events.
  var LATER = "<!--later-->", waiting = [], round = 0;
  function swapped() {
    room.dispatchEvent(new CustomEvent("tefuda:swapped", { bubbles: true }));
  }
  function swapNext(mine) {
    if (!waiting.length || (mine !== undefined && mine !== round)) return;
    htmx.swap(room, waiting.shift(), { swapStyle: "none", settleDelay: 0 });
    if (waiting.length) afterFrame();
    swapped();
  }
  function swapAll() {
    while (waiting.length) swapNext();
  }
  function afterFrame() {
    var mine = round;
    requestAnimationFrame(function () { setTimeout(function () { swapNext(mine); }, 0); });
  }
  // A hidden tab has no frames (requestAnimationFrame waits until it is shown) and its
  // timers are slowed: it takes a message whole, in one swap, as it paints nothing anyway
  // (try31: the hand with "your turn" came a second before its #ver there).
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) swapAll();
  });
  htmx.defineExtension("later", {
    transformResponse: function (text) {
      // Before a newer message, what is still waiting is swapped in at once, but for the
      // elements the newer message brings again (tefudaStillDue): when the CPUs play in quick
      // succession on a slow phone, the swaps of two messages in one task were the longest
      // tasks of a play (bench/table_page.py "the slowest messages").
      if (waiting.length && typeof text === "string") waiting = tefudaStillDue(waiting, text);
      swapAll();
      round += 1;
      if (typeof text !== "string" || text.indexOf(LATER) < 0) return text;
      var groups = text.split(LATER);
      if (document.hidden) return groups.join("");
      waiting = groups.slice(1);
      afterFrame();
      return groups[0];
    }
  });
  room.addEventListener("htmx:wsAfterMessage", swapped);

  // The event log (#log, newest line last) shows its newest lines whenever the server sent
  // a new one (the log is morphed: a new line is a new last element, the others are kept),
  // and again whenever its box changes size (the exchange's lines above it come or go, the
  // window is resized: try32 saw the newest lines left below a log that had shrunk).
  // Scrolled at the next frame, where the browser lays the page out anyway, or by a
  // ResizeObserver, which runs after layout: a message's handler never forces a layout of
  // its own (scrollHeight would, at once).
  var shownLast = null, scrolling = false, watched = null;
  var resized = window.ResizeObserver ? new ResizeObserver(function (entries) {
    entries.forEach(function (e) { e.target.scrollTop = e.target.scrollHeight; });
  }) : null;
  function scrollLog() {
    var log = document.getElementById("log");
    if (log && resized && log !== watched) {
      if (watched) resized.unobserve(watched);
      resized.observe(log);  // (its first callback pins it too)
      watched = log;
    }
    if (!log || !log.lastElementChild || log.lastElementChild === shownLast || scrolling) return;
    scrolling = true;
    requestAnimationFrame(function () {
      scrolling = false;
      var now = document.getElementById("log");
      if (!now) return;
      shownLast = now.lastElementChild;
      now.scrollTop = now.scrollHeight;
    });
  }
  room.addEventListener("tefuda:swapped", scrollLog);

  // A <details id> (the graveyard viewer) keeps this tab's open/closed state when the server
  // re-renders it: the new element is opened again right after the swap, before any paint.
  // Tab-local only; nothing is sent. (toggle does not bubble: listen in the capture phase.)
  var opened = {};
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.tagName === "DETAILS" && d.id && room.contains(d)) opened[d.id] = d.open;
  }, true);
  function reopen() {
    Object.keys(opened).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName === "DETAILS" && d.open !== opened[id]) d.open = opened[id];
    });
  }
  room.addEventListener("tefuda:swapped", reopen);

  // Countdowns; a seat's turn ring (tefuda.css) drawn from --left, the fraction of the
  // turn left (its length: data-span, the turn limit in ms; else the time left when this
  // tab first saw the deadline).
  var spans = {};
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var d = Number(el.dataset.deadline), ms = Math.max(0, d - Date.now() - skew);
      var n = Math.ceil(ms / 1000), said = tefudaWord("seconds", { n: n });
      // a turn ring (data-span) shows the bare number, its words for a screen reader: "15秒"
      // does not fit inside the ring
      var text = el.dataset.span ? String(n) : said;
      if (el.textContent !== text) el.textContent = text;  // (an unchanged text is not re-laid out)
      if (el.dataset.span && el.getAttribute("aria-label") !== said) el.setAttribute("aria-label", said);
      if (!(d in spans)) spans[d] = ms;
      var whole = Number(el.dataset.span) || spans[d];
      var left = whole ? Math.min(1, ms / whole).toFixed(2) : "0";  // (a new value restyles and repaints the ring: in 1 % steps)
      if (el.style.getPropertyValue("--left") !== left) el.style.setProperty("--left", left);
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
  document.addEventListener("tefuda:swapped", fillLinks);

  // 外す asks first when it sends a person out (a slip of the finger on a phone would send a
  // friend out of the room); a CPU goes at once. Asked before htmx's own click handler on
  // the button (capture): a "no" sends nothing.
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button[data-confirm-remove]");
    if (!btn || window.confirm(tefudaWord("confirmRemove", { name: btn.dataset.confirmRemove }))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);

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
  document.addEventListener("tefuda:swapped", effectChoice);
})();
