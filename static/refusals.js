/* A form's refusal is shown by the form, never instead of the page.
 * The server answers htmx form requests it refuses with a short fragment (4xx), which the
 * htmx-config of base.html swaps into the form's target. A response that is no such
 * fragment (5xx, a proxy's error page) or no response at all (network down) is never
 * swapped: this writes a short message into the same target instead. */
(function () {
  "use strict";

  function say(e, text) {
    var target = e.detail && e.detail.target;
    if (!target || target === document.body) return;
    target.textContent = text;
  }
  document.addEventListener("htmx:responseError", function (e) { say(e, tefudaWord("serverTrouble")); });
  document.addEventListener("htmx:sendError", function (e) { say(e, tefudaWord("offline")); });
})();
