/* Display choices a player makes once and keeps (localStorage, this browser), and the
   page's "offline" class (html.offline while the browser says it has no connection). Each
   [data-pref=NAME] button toggles the class NAME on <html> and says so with aria-pressed.
   - four-colour: the four-colour deck (♦ blue, ♣ green; issue 13), for telling suits
     apart at a glance on a small screen. */
(function () {
  "use strict";
  function key(name) { return "tefuda.pref." + name; }
  function on(name) { try { return localStorage.getItem(key(name)) === "1"; } catch (e) { return false; } }
  function sync() {
    document.querySelectorAll("[data-pref]").forEach(function (b) {
      var name = b.getAttribute("data-pref");
      b.setAttribute("aria-pressed", on(name) ? "true" : "false");
      document.documentElement.classList.toggle(name, on(name));
    });
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-pref]");
    if (!b) return;
    var name = b.getAttribute("data-pref");
    try { localStorage.setItem(key(name), on(name) ? "0" : "1"); } catch (err) { /* private mode: this page only */ }
    if (!on(name)) document.documentElement.classList.toggle(name);  // storage refused: this page only
    sync();
  });
  sync();
  // offline the language switch (a form the server answers) is hidden, not a browser error page
  function connection() { document.documentElement.classList.toggle("offline", navigator.onLine === false); }
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
  connection();
})();
