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

// The app shells the service worker keeps (scripts/build_sw.mjs: each under its address
// with ?app-shell=1 and its revision), as "path?query", from every cache of this origin: the
// pages to ask for again in a new language, and to keep a copy of in each language (below).
function tefudaKeptShells() {
  "use strict";
  return caches.keys().then(function (names) {
    return Promise.all(names.map(function (name) {
      return caches.open(name).then(function (cache) { return cache.keys(); });
    }));
  }).then(function (lists) {
    var shells = [];
    lists.forEach(function (requests) {
      requests.forEach(function (r) {
        var url = new URL(r.url);
        if (url.origin === location.origin && url.search.indexOf("app-shell=1") >= 0) shells.push(url.pathname + url.search);
      });
    });
    return shells;
  });
}

/* The pages kept for offline use (the practice screens, the replay viewer, the rules: the
   service worker's app shells, scripts/build_sw.mjs) follow the language the person
   chose: each online visit of one refreshes its own copy (NetworkFirst), and once after
   a page in another language than the last, this asks for every kept shell again, through
   the service worker, which keeps the new copies. */
(function () {
  "use strict";
  var KEY = "tefuda.shellLang";
  var lang = document.documentElement.lang;
  // the language of the last page seen online: the kept /offline/ page shows its own (templates/offline.html)
  if (navigator.onLine !== false) { try { localStorage.setItem("tefuda.lang", lang); } catch (e) {} }
  if (!("serviceWorker" in navigator) || !window.caches || navigator.onLine === false) return;
  var last = null;
  try { last = localStorage.getItem(KEY); } catch (e) { return; }
  if (last === lang) return;
  navigator.serviceWorker.ready.then(function () {
    if (!navigator.serviceWorker.controller) return null;  // the first visit: the install fetches them
    return tefudaKeptShells().then(function (shells) {
      var paths = {};
      shells.forEach(function (s) { paths[s.split("?")[0]] = true; });
      return Promise.all(Object.keys(paths).map(function (path) {
        return fetch(path, { credentials: "same-origin" });
      }));
    }).then(function () {
      try { localStorage.setItem(KEY, lang); } catch (e) {}
    });
  }).catch(function () {});
})();

/* Offline, the language switch still works on the pages kept for offline use (a new user
   found no switch on the practice page opened offline): online, this keeps a copy of every
   kept page in every language in the service worker's cache of those pages
   (tefuda-practice-pages, scripts/build_sw.mjs), under the page's address with ?lang=<code>
   (fetched without cookies, in the language asked for), once per version of the kept pages;
   offline, the switch shows the languages kept for this page and opens that copy (the
   service worker's NetworkFirst answers it from that cache), and a kept page opened in
   another language than the one chosen last opens the copy in that one. Back online, an
   address with ?lang= loses it (the page is in the cookie's language then) and its copy is
   made again. */
(function () {
  "use strict";
  var CACHE = "tefuda-practice-pages", STAMP = "tefuda.langCopies", OFFLINE = "/offline/";

  function languages() {
    return [].map.call(document.querySelectorAll(".lang-switch button[name=language]"), function (b) { return b.value; });
  }
  function copyOf(path, code) { return path + "?lang=" + encodeURIComponent(code); }
  function params() { return new URLSearchParams(location.search); }

  // a copy's address loses ?lang= at once, before static/room.js would drop it with the
  // #continue that takes the practice page back to its table (static/app/practice.js)
  var arrived = params().get("lang");
  if (arrived !== null) {
    var url = new URL(location.href);
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  /* online: the copies, made again when the kept pages' version changes */
  function keep() {
    if (!("serviceWorker" in navigator) || !window.caches || navigator.onLine === false) return;
    var codes = languages();
    if (!codes.length) return;
    navigator.serviceWorker.ready.then(function () {
      if (!navigator.serviceWorker.controller) return null;  // the first visit: the pages are not kept yet
      return tefudaKeptShells().then(function (kept) {
        // with its revision: a new version, new copies
        var shells = kept.filter(function (s) { return s.split("?")[0] !== OFFLINE; }).sort();
        var stamp = JSON.stringify([shells, codes]), last = null;
        try { last = localStorage.getItem(STAMP); } catch (e) { return null; }
        if (!shells.length || last === stamp) return null;
        return caches.open(CACHE).then(function (cache) {
          var paths = shells.map(function (s) { return s.split("?")[0]; });
          var jobs = [];
          paths.forEach(function (path) {
            codes.forEach(function (code) { jobs.push([path, code]); });
          });
          // one at a time: the page's own loading comes first
          return jobs.reduce(function (done, job) {
            return done.then(function () {
              return fetch(copyOf(job[0], job[1]), { credentials: "omit", headers: { "Accept-Language": job[1] } })
                .then(function (response) {
                  if (!response.ok) throw new Error(job[0] + " " + response.status);
                  return cache.put(copyOf(job[0], job[1]), response);
                });
            });
          }, Promise.resolve()).then(function () {
            try { localStorage.setItem(STAMP, stamp); } catch (e) {}
          });
        });
      });
    }).catch(function () {});
  }

  /* offline: the switch, for the languages kept of this page (none: it stays hidden) */
  function offer() {
    var html = document.documentElement;
    html.classList.remove("offline-langs");
    if (navigator.onLine !== false || !window.caches) return;
    var here = params();
    here.delete("lang");
    if (here.toString()) return;  // a page with an address of its own (/replay/?c=…): not kept so
    caches.open(CACHE).then(function (cache) {
      return Promise.all(languages().map(function (code) {
        return cache.match(copyOf(location.pathname, code), { ignoreVary: true }).then(function (r) { return r ? code : null; });
      }));
    }).then(function (kept) {
      var others = 0;
      document.querySelectorAll(".lang-switch button[name=language]").forEach(function (b) {
        var has = kept.indexOf(b.value) >= 0;
        b.toggleAttribute("data-not-kept", !has && !b.disabled);
        if (has && !b.disabled) others += 1;
      });
      html.classList.toggle("offline-langs", others > 0 && navigator.onLine === false);
      // the language chosen last (online, or by this switch offline) over a copy kept in
      // another (a reload: the address has lost ?lang=, static/room.js)
      var chosen = null;
      try { chosen = localStorage.getItem("tefuda.lang"); } catch (e) {}
      if (chosen && chosen !== html.lang && kept.indexOf(chosen) >= 0 && navigator.onLine === false) {
        location.replace(copyOf(location.pathname, chosen) + location.hash);
      }
    }).catch(function () {});
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList || !form.classList.contains("lang-switch") || navigator.onLine !== false) return;
    e.preventDefault();  // the server cannot answer: open the kept copy in that language
    var code = e.submitter && e.submitter.value;
    if (!code || !document.documentElement.classList.contains("offline-langs")) return;
    var next = form.querySelector("input[name=next]");
    var hash = next ? new URL(next.value, location.href).hash : "";  // #continue: back to the table
    try { localStorage.setItem("tefuda.lang", code); } catch (err) {}  // the kept /offline/ page follows
    location.href = copyOf(location.pathname, code) + hash;
  }, true);

  function start() {
    document.querySelectorAll(".lang-switch input[name=next]").forEach(function (el) {
      var next = new URL(el.value, location.href);  // the switch's way back: this page, without ?lang=
      next.searchParams.delete("lang");
      el.value = next.pathname + next.search + next.hash;
    });
    if (arrived !== null && arrived !== document.documentElement.lang && navigator.onLine !== false) {
      // online, the page is in the cookie's language: a copy overwritten so is made again
      try { localStorage.removeItem(STAMP); } catch (e) {}
    }
    keep();
    offer();
  }
  window.addEventListener("offline", offer);
  window.addEventListener("online", function () { offer(); keep(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
