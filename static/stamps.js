/* Stamps at the table (issue 17; tables/core/stamps.py, parts/stamps.html). A stamp of the
   room arrives as <template id="stamp" data-seat data-code data-ms>, taken here before htmx
   sees it, and shows on that seat (#seats [data-seat]) for data-ms milliseconds, with the
   words of the stamp bar's button of that code. スタンプを表示しない is kept in this browser
   (localStorage) and hides every stamp, arriving or shown. */
(function () {
  "use strict";
  var HIDE = "tefuda.hideStamps";
  function hidden() { try { return localStorage.getItem(HIDE) === "1"; } catch (e) { return false; } }
  function setHidden(on) {
    try { if (on) localStorage.setItem(HIDE, "1"); else localStorage.removeItem(HIDE); } catch (e) {}
    document.documentElement.classList.toggle("stamps-hidden", on);
    if (on) document.querySelectorAll(".stamp-shown").forEach(function (el) { el.remove(); });
  }
  function syncSwitch() {
    document.documentElement.classList.toggle("stamps-hidden", hidden());
    document.querySelectorAll("[data-hide-stamps]").forEach(function (box) { box.checked = hidden(); });
  }

  function show(seat, code, ms) {
    if (hidden()) return;
    var button = document.querySelector('[data-stamp-code="' + code + '"]');
    var spot = document.querySelector('#seats [data-seat="' + seat + '"]');
    if (!button || !spot) return;
    var old = spot.querySelector(".stamp-shown");
    if (old) old.remove();
    var el = document.createElement("span");
    el.className = "stamp-shown";
    el.dataset.code = code;
    el.setAttribute("role", "status");
    el.textContent = button.textContent;
    spot.appendChild(el);
    setTimeout(function () { el.remove(); }, ms || 3500);
  }

  document.addEventListener("htmx:wsBeforeMessage", function (e) {
    var text = e.detail && e.detail.message;
    if (typeof text !== "string" || text.indexOf('<template id="stamp"') !== 0) return;
    e.preventDefault();
    var t = document.createElement("div");
    t.innerHTML = text;
    var s = t.firstElementChild;
    show(s.dataset.seat, s.dataset.code, +s.dataset.ms);
  });
  // on a phone the stamps open as a sheet over the hand: it closes once a stamp is sent
  var NARROW = window.matchMedia("(max-width: 700px), (max-height: 500px)");
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest(".stamp-button");
    var sheet = b && b.closest("details");
    if (sheet && NARROW.matches) setTimeout(function () { sheet.open = false; }, 0);
  });
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("[data-hide-stamps]")) setHidden(e.target.checked);
  });
  document.addEventListener("tefuda:swapped", syncSwitch);
  document.addEventListener("DOMContentLoaded", syncSwitch);
})();
