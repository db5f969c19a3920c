/* The table's feel (issue 13): motion, sound and alerts. It never decides, holds back or
   delays anything: it runs after each group of a message's parts is swapped in
   ("tefuda:swapped", static/room.js: the field first, then the seats, the hand…) and
   only animates, sounds or retitles what is already on the page; clicks and swaps go on
   underneath (every ghost it draws has pointer-events: none).
   - Motion (Web Animations API, each ≤ 400 ms; none while prefers-reduced-motion: reduce):
     the deal (the hand comes from the field), a play flying to the field from the
     hand (the same cards' places before the swap) or from the seat that played
     (#field[data-by] → #seats [data-seat]), the field clearing (a ghost of the old cards
     slides away), and what #field[data-event] names: revolution, eight_cut (8切り), bomb,
     rocket; the result pops in. A new message finishes every running motion first.
   - Sound (Web Audio API, synthesized here, quiet): a play, a pass, your turn, the result.
     The AudioContext is made on the first tap or key (browsers allow no sound before);
     [data-mute] (aria-pressed, remembered in localStorage "tefuda.mute") silences sound
     and vibration.
   - Alerts: your turn vibrates a phone (after a tap, as browsers require) and, while the
     tab is hidden, flashes the tab title (● + the field's .whose-turn words) until seen.
   Words shown stay in the templates: the title uses the field's own text. */
(function () {
  "use strict";
  var room = document.getElementById("room");
  if (!room) return;
  var MUTE_KEY = "tefuda.mute";
  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  var EASE = "cubic-bezier(.2,.7,.3,1)";

  /* ---- what the page showed before this message ---------------------------------- */
  var before = { sig: "", cards: [], hand: {}, handCount: 0, passed: 0, myTurn: false, result: false };

  function fieldCards() {
    return Array.prototype.slice.call(document.querySelectorAll("#field .field-cards [data-code]"));
  }
  function fieldSig() {
    var field = document.getElementById("field");
    var codes = fieldCards().map(function (c) { return c.dataset.code; }).join(",");
    return codes ? (field.dataset.by || "") + ":" + codes : "";
  }
  function handCards() { return document.querySelectorAll("#hand-form .card[data-code]"); }
  /* Where the cards are, read at a frame once the motion is over (the layout is fresh
     then): a message's handler never forces a layout of a page it is about to replace.
     Cards never painted (two messages in one frame) have no place and are not animated
     from one. */
  var places = new WeakMap(), measuring = false;
  function measure() {
    measuring = false;
    if (running.length) return;  // measured again when the last motion ends
    Array.prototype.forEach.call(handCards(), function (c) { places.set(c, c.getBoundingClientRect()); });
    fieldCards().forEach(function (c) { places.set(c, c.getBoundingClientRect()); });
  }
  function measureSoon() {
    if (!measuring) { measuring = true; requestAnimationFrame(measure); }
  }
  function snapshot() {
    var hand = {};  // code → [rects], the selected cards first (they are the ones played)
    Array.prototype.forEach.call(handCards(), function (c) {
      var rect = places.get(c);
      if (!rect) return;
      var list = hand[c.dataset.code] = hand[c.dataset.code] || [];
      list[c.querySelector("input:checked") ? "unshift" : "push"](rect);
    });
    var cards = [];
    fieldCards().forEach(function (c) { if (places.has(c)) cards.push({ html: c.outerHTML, rect: places.get(c) }); });
    var result = document.getElementById("result");
    return {
      sig: fieldSig(), cards: cards, hand: hand, handCount: handCards().length,
      passed: document.querySelectorAll("#seats .passed").length,
      myTurn: !!document.querySelector("#hand-form .my-turn"),
      result: !!(result && !result.hidden && result.textContent.trim()),
    };
  }

  /* ---- motion ---------------------------------------------------------------------- */
  var running = [];
  function still() { return reduce.matches || !document.body.animate; }
  function animate(el, frames, options, id) {
    if (still() || !el) return null;
    var opts = { duration: 300, easing: EASE, fill: "backwards" };
    for (var k in options) opts[k] = options[k];
    var a = el.animate(frames, opts);
    a.id = id;
    running.push(a);
    var done = function () {
      var i = running.indexOf(a);
      if (i >= 0) running.splice(i, 1);
      if (!running.length) measureSoon();
    };
    a.addEventListener("finish", done);
    a.addEventListener("cancel", done);
    return a;
  }
  // Interruptible: the next message shows its own motion; the last one ends where it was going.
  function settle() {
    running.slice().forEach(function (a) { try { a.finish(); } catch (e) { a.cancel(); } });
  }
  function center(r) { return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }
  function from(src, rect) {
    var a = center(src), b = center(rect);
    return "translate(" + Math.round(a.x - b.x) + "px," + Math.round(a.y - b.y) + "px)";
  }
  /* Where a motion starts needs the new page's layout. A message's handler never forces
     one (the browser lays the page out for the next frame anyway): the motion starts at
     once with stand-in keyframes, and at the next frame — before it is painted — every
     place is read first, then every motion's keyframes are written (one layout). */
  var jobs = [];
  function atFrame(read, write) {
    if (!jobs.length) requestAnimationFrame(runJobs);
    jobs.push([read, write]);
  }
  function runJobs() {
    var todo = jobs; jobs = [];
    var read = todo.map(function (j) { try { return j[0](); } catch (e) { return null; } });
    todo.forEach(function (j, i) { if (read[i]) j[1](read[i]); });
  }
  // Sets a motion's keyframes unless it is already over (a newer message settled it).
  function reframe(a, frames) {
    if (a && a.playState !== "finished" && a.effect) a.effect.setKeyframes(frames);
  }
  // A fixed-position copy that plays out over the page and is removed when done.
  function ghost(html, rect, cls) {
    var box = document.createElement("div");
    box.className = "motion-ghost" + (cls ? " " + cls : "");
    box.setAttribute("aria-hidden", "true");
    box.style.left = rect.left + "px"; box.style.top = rect.top + "px";
    box.style.width = rect.width + "px"; box.style.height = rect.height + "px";
    box.innerHTML = html;
    document.body.appendChild(box);
    return box;
  }
  function removeAfter(a, el) {
    if (!a) { el.remove(); return; }
    a.addEventListener("finish", function () { el.remove(); });
    a.addEventListener("cancel", function () { el.remove(); });
  }

  function flyIn(old) {
    var field = document.getElementById("field");
    var seat = document.querySelector('#seats [data-seat="' + (field.dataset.by || "") + '"]');
    var cards = fieldCards();
    var step = Math.min(30, 100 / Math.max(1, cards.length));
    var fromSeat = seat && !seat.classList.contains("me") ? seat : null;
    var motions = cards.map(function (c, i) {
      var rects = old.hand[c.dataset.code];
      var end = { transform: "none", opacity: 1 };
      return { card: c, end: end, src: rects && rects.length ? rects.shift() : null,
               a: animate(c, [{ opacity: 0 }, end], { duration: 280, delay: i * step }, "feel-play") };
    });
    if (!motions.some(function (m) { return m.a; })) return;
    atFrame(function () {
      var seatRect = fromSeat && fromSeat.isConnected ? fromSeat.getBoundingClientRect() : null;
      return motions.map(function (m) { return m.card.isConnected ? m.card.getBoundingClientRect() : null; })
        .map(function (rect, i) { return { rect: rect, src: motions[i].src || seatRect }; });
    }, function (places) {
      motions.forEach(function (m, i) {
        var p = places[i];
        if (!p.rect) return;
        var start = p.src ? { transform: from(p.src, p.rect) + " scale(.8)", opacity: 0.4 }
                          : { transform: "translateY(-24px) scale(.9)", opacity: 0 };
        reframe(m.a, [start, m.end]);
      });
    });
  }
  function flushAway(old) {
    if (!old.cards.length) return;
    var rect = old.cards.reduce(function (u, c) {
      return { left: Math.min(u.left, c.rect.left), top: Math.min(u.top, c.rect.top),
               right: Math.max(u.right, c.rect.right), bottom: Math.max(u.bottom, c.rect.bottom) };
    }, { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity });
    var box = ghost("", { left: rect.left, top: rect.top, width: rect.right - rect.left, height: rect.bottom - rect.top });
    old.cards.forEach(function (c) {
      box.insertAdjacentHTML("beforeend", c.html);
      var el = box.lastElementChild;
      el.style.position = "absolute"; el.style.margin = "0";
      el.style.left = (c.rect.left - rect.left) + "px"; el.style.top = (c.rect.top - rect.top) + "px";
      el.style.width = c.rect.width + "px"; el.style.height = c.rect.height + "px";
    });
    removeAfter(animate(box, [{ transform: "none", opacity: 1 }, { transform: "translateX(60px) rotate(6deg)", opacity: 0 }],
                        { duration: 320, easing: "ease-in", fill: "forwards" }, "feel-flush"), box);
  }
  // A glow around the field that fades in and out: a ghost ring whose opacity alone moves
  // (motion.css draws it), so the browser never repaints the field for it.
  function ring(field, tone, duration, id) {
    if (still()) return;
    atFrame(function () { return field.isConnected && field.getBoundingClientRect(); }, function (r) {
      var box = ghost("", { left: r.left, top: r.top, width: r.width, height: r.height }, "motion-ring " + tone);
      removeAfter(animate(box, [{ opacity: 0 }, { opacity: 1 }, { opacity: 0 }], { duration: duration, easing: "ease-out", fill: "forwards" }, id), box);
    });
  }
  function fieldEvent(kind) {
    var field = document.getElementById("field");
    var box = field.querySelector(".field-cards") || field;
    if (kind === "revolution") {
      animate(box, [{ transform: "rotate(180deg) scale(.9)" }, { transform: "none" }], { duration: 380 }, "feel-revolution");
      ring(field, "revolution", 380, "feel-revolution");
    } else if (kind === "bomb" || kind === "rocket") {
      animate(field, [{ transform: "none" }, { transform: "translate(-6px,2px)" }, { transform: "translate(6px,-2px)" },
                      { transform: "translate(-3px,1px)" }, { transform: "none" }], { duration: 300, easing: "linear" }, "feel-" + kind);
      ring(field, "bomb", 360, "feel-" + kind);
      if (kind === "rocket") animate(box, [{ transform: "translateY(40px) scale(.7)" }, { transform: "translateY(-8px) scale(1.06)" },
                                           { transform: "none" }], { duration: 380 }, "feel-rocket");
    } else if (kind === "eight_cut" && !still()) {
      atFrame(function () { return field.isConnected && field.getBoundingClientRect(); }, function (r) {
        var slash = ghost("", { left: r.left, top: r.top + r.height / 2, width: r.width, height: 0 }, "motion-slash");
        removeAfter(animate(slash, [{ transform: "rotate(-14deg) scaleX(0)", opacity: 1 }, { transform: "rotate(-14deg) scaleX(1)", opacity: 1, offset: 0.55 },
                                    { transform: "rotate(-14deg) scaleX(1)", opacity: 0 }], { duration: 360, fill: "forwards" }, "feel-eight-cut"), slash);
      });
    }
  }
  /* The deal: the hand comes from the field as one piece (its card box scaled down at the
     field, fading in). One animation, one layer: one per card (20 layers at a new hand)
     made the deal's frame the page's longest, 16 ms of main-thread CPU, 64 ms on a phone
     4× slower (bench/table_page.py --cpu); as one piece it costs what a play does. */
  function deal() {
    var field = document.getElementById("field");
    var box = document.getElementById("hand-cards") || document.getElementById("gd-cols");
    if (!field || !box || !box.querySelector(".card")) return;
    var end = { transform: "none", opacity: 1 };
    var a = animate(box, [{ opacity: 0 }, end], { duration: 320 }, "feel-deal");
    if (still()) return;
    atFrame(function () {
      return field.isConnected && box.isConnected && { src: field.getBoundingClientRect(), rect: box.getBoundingClientRect() };
    }, function (p) {
      reframe(a, [{ transform: from(p.src, p.rect) + " scale(.4)", opacity: 0 }, end]);
    });
  }
  function popResult() {
    animate(document.getElementById("result"), [{ transform: "scale(.94)", opacity: 0 }, { transform: "none", opacity: 1 }],
            { duration: 300 }, "feel-result");
  }

  /* ---- sound ----------------------------------------------------------------------- */
  var ctx = null, touched = false;
  function muted() { try { return localStorage.getItem(MUTE_KEY) === "1"; } catch (e) { return false; } }
  // Browsers let a page's sound start only from a tap or key: the context is made there.
  function wake() {
    touched = true;
    if (muted()) return;
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!ctx && AC) ctx = new AC();
    if (ctx && ctx.state === "suspended") ctx.resume();
  }
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);
  // [frequency Hz, start s, length s, wave, peak gain]
  var SOUNDS = {
    play: [[660, 0, 0.07, "triangle", 0.05], [440, 0.02, 0.09, "sine", 0.04]],
    bomb: [[140, 0, 0.25, "sawtooth", 0.05], [90, 0.03, 0.3, "sine", 0.07]],
    pass: [[300, 0, 0.08, "sine", 0.03]],
    turn: [[784, 0, 0.12, "sine", 0.05], [1047, 0.11, 0.16, "sine", 0.05]],
    result: [[523, 0, 0.14, "triangle", 0.05], [659, 0.12, 0.14, "triangle", 0.05], [784, 0.24, 0.25, "triangle", 0.05]],
  };
  function sound(name) {
    if (muted() || !ctx || ctx.state !== "running") return;
    var t = ctx.currentTime;
    SOUNDS[name].forEach(function (n) {
      var osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = n[3];
      osc.frequency.setValueAtTime(n[0], t + n[1]);
      gain.gain.setValueAtTime(0.0001, t + n[1]);
      gain.gain.exponentialRampToValueAtTime(n[4], t + n[1] + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + n[1] + n[2]);
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(t + n[1]); osc.stop(t + n[1] + n[2] + 0.02);
    });
  }
  function syncMute() {
    var on = muted() ? "true" : "false";
    document.querySelectorAll("[data-mute]").forEach(function (b) {
      if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
    });
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("[data-mute]")) return;
    try { localStorage.setItem(MUTE_KEY, muted() ? "0" : "1"); } catch (err) { /* private mode: this page only */ }
    syncMute();
    if (!muted()) wake();
  });
  syncMute();

  /* ---- alerts: vibration and the tab title ------------------------------------------ */
  var flashing = null, title = document.title;
  function flash() {
    if (flashing || !document.hidden) return;
    var words = document.querySelector("#field .whose-turn");
    var alert = "● " + ((words && words.textContent.trim()) || title);
    title = document.title;
    var on = true;
    document.title = alert;
    flashing = setInterval(function () { on = !on; document.title = on ? alert : title; }, 1000);
  }
  function unflash() {
    if (!flashing) return;
    clearInterval(flashing); flashing = null;
    document.title = title;
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) unflash(); });
  function yourTurn() {
    sound("turn");
    if (touched && !muted() && navigator.vibrate) { try { navigator.vibrate(120); } catch (e) {} }
    flash();
  }

  /* ---- each message ------------------------------------------------------------------ */
  room.addEventListener("htmx:wsBeforeMessage", function () {
    settle();
    before = snapshot();
  });
  // at each group of the message: what changed since the last look (the play with the
  // field, your turn and the deal with the hand, the result with the rest)
  room.addEventListener("tefuda:swapped", function () {
    var now = snapshot(), field = document.getElementById("field");
    var kind = field ? field.dataset.event || "" : "";
    if (now.handCount >= before.handCount + 5) deal();
    if (now.sig && now.sig !== before.sig) {
      flyIn(before);
      fieldEvent(kind);
      sound(kind === "bomb" || kind === "rocket" || kind === "revolution" ? "bomb" : "play");
    } else if (!now.sig && before.sig && field) {  // (no field: the table itself is gone)
      flushAway(before);
      if (kind === "eight_cut") fieldEvent(kind);
    }
    if (now.passed > before.passed) sound("pass");
    if (now.result && !before.result) { popResult(); sound("result"); }
    if (now.myTurn && !before.myTurn) yourTurn();
    if (!now.myTurn) unflash();
    syncMute();
    measureSoon();
    before = now;
  });
  window.addEventListener("resize", measureSoon, { passive: true });
  document.addEventListener("scroll", measureSoon, { capture: true, passive: true });
})();
