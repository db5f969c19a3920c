/* The words the page's scripts show, from the page itself (templates/parts/words.html,
   rendered in the page's language; the precached practice page carries its own):
   tefudaWord("connLost") is data-conn-lost's text, with each {name} replaced by
   values.name. No script holds a word of its own. */
window.tefudaWord = function (key, values) {
  "use strict";
  var el = document.getElementById("words");
  var text = (el && el.dataset[key]) || "";
  return text.replace(/\{(\w+)\}/g, function (all, name) {
    return values && name in values ? String(values[name]) : all;
  });
};

/* The pages kept for offline use (the practice screens, the replay viewer, the rules: the
   service worker's app shells, scripts/build_sw.mjs) follow the language the person
   chose: each online visit of one refreshes its own copy (NetworkFirst), and once after
   a page in another language than the last, this asks for every kept shell again, through
   the service worker, which keeps the new copies. */
(function () {
  "use strict";
  var KEY = "tefuda.shellLang", SHELL = "app-shell=1";
  var lang = document.documentElement.lang;
  // the language of the last page seen online: the kept /offline/ page shows its own (templates/offline.html)
  if (navigator.onLine !== false) { try { localStorage.setItem("tefuda.lang", lang); } catch (e) {} }
  if (!("serviceWorker" in navigator) || !window.caches || navigator.onLine === false) return;
  var last = null;
  try { last = localStorage.getItem(KEY); } catch (e) { return; }
  if (last === lang) return;
  navigator.serviceWorker.ready.then(function () {
    if (!navigator.serviceWorker.controller) return null;  // the first visit: the install fetches them
    return caches.keys().then(function (names) {
      return Promise.all(names.map(function (name) {
        return caches.open(name).then(function (cache) { return cache.keys(); });
      }));
    }).then(function (lists) {
      var paths = {};
      lists.forEach(function (requests) {
        requests.forEach(function (r) {
          var url = new URL(r.url);
          if (url.origin === location.origin && url.search.indexOf(SHELL) >= 0) paths[url.pathname] = true;
        });
      });
      return Promise.all(Object.keys(paths).map(function (path) {
        return fetch(path, { credentials: "same-origin" });
      }));
    }).then(function () {
      try { localStorage.setItem(KEY, lang); } catch (e) {}
    });
  }).catch(function () {});
})();
