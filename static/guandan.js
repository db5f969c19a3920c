/* Guandan hand glue (seed 003 §1–§2). The server names the play, draws the wild-reading
   chips and dims the columns; this only keeps the selection and tells the server:
   - a column's button [data-tap] selects one more card of that rank, and clears the
     column once all are selected; a card itself toggles just that card (suits for
     straight flushes); [data-clear] 選び直す clears; each change presses the hidden
     #gd-select (the htmx ws extension sends the form);
   - a wild-reading chip renames 出す with the chip's reading (the one the play sends);
   - [data-gd-sort] switches 数字順 / 役順 (localStorage; the words are the label's
     data-rank / data-combo, in the page's language), re-applied after every message;
   - a new hand's columns are dealt in with a short animation; any tap skips it. */
(function () {
  "use strict";
  var room = document.getElementById("room");
  if (!room) return;
  var SORT_KEY = "tefuda.gd.sort";
  var DEALT_KEY = "tefuda.gd.dealt." + room.dataset.room;

  function form() { return document.querySelector("#hand-form.gd-hand"); }
  function send() { var b = document.getElementById("gd-select"); if (b) b.click(); }

  function applySort() {
    var f = form();
    if (!f) return;
    var mode = localStorage.getItem(SORT_KEY) === "combo" ? "combo" : "rank";
    f.querySelectorAll(".gd-col").forEach(function (c) {
      c.style.order = mode === "combo" ? c.dataset.comboOrder : c.dataset.rankOrder;
    });
    var label = f.querySelector("[data-sort-label]");
    if (label) label.textContent = mode === "combo" ? label.dataset.combo : label.dataset.rank;
  }

  function deal() {
    var f = form();
    if (!f || sessionStorage.getItem(DEALT_KEY) === f.dataset.handNo) return;
    sessionStorage.setItem(DEALT_KEY, f.dataset.handNo);
    f.classList.add("dealing");
    setTimeout(function () { f.classList.remove("dealing"); }, 1600);
  }

  document.addEventListener("click", function (e) {
    var f = form();
    if (f && f.classList.contains("dealing")) f.classList.remove("dealing");
    var tap = e.target.closest("#hand-form [data-tap]");
    if (tap) {
      var boxes = Array.prototype.slice.call(tap.closest(".gd-col").querySelectorAll("input[name=card]"));
      var next = boxes.filter(function (b) { return !b.checked; });
      if (next.length) next[0].checked = true;
      else boxes.forEach(function (b) { b.checked = false; });
      send();
    } else if (e.target.closest("#hand-form [data-clear]")) {
      f.querySelectorAll("input[name=card]").forEach(function (b) { b.checked = false; });
      send();
    } else if (e.target.closest("[data-gd-sort]")) {
      localStorage.setItem(SORT_KEY, localStorage.getItem(SORT_KEY) === "combo" ? "rank" : "combo");
      applySort();
    }
  });
  document.addEventListener("change", function (e) {
    if (e.target.matches("#hand-form.gd-hand .gd-col input[name=card]")) send();
    // a wild-reading chip: 出す names the reading it will play (the chip's own name)
    if (e.target.matches("#hand-form.gd-hand input[name=reading]")) {
      var label = document.querySelector("#gd-play [data-play-label]");
      if (label) label.textContent = e.target.dataset.name;
    }
  });
  room.addEventListener("tefuda:swapped", function () { applySort(); deal(); });
})();
