/* Names are counted in grapheme clusters, as the server counts them (rooms/passphrase.py
 * clean_name, 16 at most): 👨‍👩‍👧‍👦 or が is one. The inputs carry no maxlength (it counts
 * UTF-16 units and cuts clusters in half); this only tells the person before sending,
 * through the form's own validity message. Without it, the server refuses with the same
 * reason, shown by the form. */
(function () {
  "use strict";
  var MAX = 16;
  if (typeof Intl === "undefined" || !Intl.Segmenter) return;
  var segmenter = new Intl.Segmenter(undefined, {granularity: "grapheme"});

  function clusters(text) {
    var n = 0, it = segmenter.segment(text.normalize("NFKC").trim())[Symbol.iterator]();
    while (!it.next().done) n += 1;
    return n;
  }

  function check(input) {
    var n = clusters(input.value);
    input.setCustomValidity(n > MAX ? tefudaWord("nameTooLong", { most: MAX, n: n }) : "");
  }

  document.addEventListener("input", function (e) {
    var t = e.target;
    if (t && t.matches && t.matches("input[name=name]")) check(t);
  });
})();
