#!/usr/bin/env node
// Generate the service worker build/sw.js with Workbox (workbox-build, from npm), served at
// /sw.js by tefuda_site.views.service_worker. Run by scripts/setup after `npm ci` and the
// Python bundle (scripts/build_bundle.py); usage: node scripts/build_sw.mjs [python].
//
// What it caches (issue 12, seed 004 §1: "after one visit, solo practice works with no signal"):
// - precached, each with a content revision: Pyodide's runtime (npm `pyodide`), the practice
//   app (static/app/*, build/static/app/tefuda-py.zip), the site's CSS/JS, htmx and its ws
//   extension (django-htmx's static files, the names {% htmx_script %} emits), the icons,
//   the favicon, the manifest, /offline/ (keyed as the shells are), and one copy of each
//   practice page, of the replay viewer /replay/ (app shells; issue 17: a saved hand
//   replays offline) and of each game's rules page;
// - the practice and rules pages as navigations: NetworkFirst (3 s), then the last copy seen online,
//   then the precached shell; the copies follow the person's language (static/words.js
//   fetches every shell again after a switch);
// - any other navigation while offline: the /offline/ page (nothing of it is cached);
// - nothing else: room pages, /ws/ sockets, /admin/, /analytics/ and every POST go to the
//   network untouched.
// No skipWaiting / clientsClaim: a new version waits until every tab of the old one is
// closed, so an update never swaps files under a practice game in progress.
//
// The static URLs come from Django itself (its staticfiles finders and `static()`), so
// they are exactly the URLs the pages request, whatever STATICFILES_DIRS or STORAGES say.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSW } from "workbox-build";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PYTHON = process.argv[2] || join(ROOT, ".venv", "bin", "python");
const SW_DEST = join(ROOT, "build", "sw.js");

/** Static names (relative to STATIC_URL) that solo practice needs. */
export const PRECACHE_STATIC = [
  /^pyodide\/(pyodide\.m?js|pyodide\.asm\.m?js|pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json)$/,
  /^app\/[^/]+\.(js|mjs|css)$/,
  /^app\/tefuda-py\.zip$/, // the bundle the worker loads (rooms/bundle.py), not build steps' leftovers
  /^[^/]+\.(css|js|svg)$/,
  /^icons\/[^/]+\.png$/,
  /^django_htmx\/(htmx-2\.min\.js|ext\/hx-ws-2\.min\.js)$/,
  /^idiomorph\/idiomorph-ext\.min\.js$/,
];
/** The practice pages (app shells) and the offline page. */
export const SHELLS = ["/practice/", "/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/", "/replay/",
  // the rules pages the practice screen and table link to (issue 13), readable offline too
  "/rules/daifugo/", "/rules/guandan/", "/rules/doudizhu/"];
export const SHELL_KEY = "?app-shell=1"; // the precached copy's key, never a navigation's URL
// the offline page's precached copy is kept under the shells' key too: under "/offline/"
// itself, Workbox's precache route would answer a navigation to /offline/ from the cache
// with the navigation's headers, which the copy's Vary (language) never matches, and fail
// offline (try40: "This site can't be reached"); now that navigation is like any other
const OFFLINE = "/offline/" + SHELL_KEY;
const MANIFEST = "/manifest.webmanifest";

// Every static file Django serves, as [name, url, absolute path] (first finder wins, as
// for findstatic / collectstatic).
const LIST_STATIC = `
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tefuda_site.settings")
import django
django.setup()
from django.contrib.staticfiles import finders
from django.templatetags.static import static
seen = {}
for finder in finders.get_finders():
    for name, storage in finder.list(["*.map", "*.d.ts"]):
        prefix = getattr(storage, "prefix", None)
        name = f"{prefix}/{name}" if prefix else name
        if name.replace(os.sep, "/") not in seen:
            seen[name.replace(os.sep, "/")] = storage.path(name[len(prefix) + 1:] if prefix else name)
json.dump([[n, static(n), p] for n, p in sorted(seen.items())], sys.stdout)
`;

function md5(buffer) {
  return createHash("md5").update(buffer).digest("hex");
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** One revision for the server-rendered pages: their templates, views and translations,
 * and the static files they name. */
function pagesRevision(staticEntries) {
  const hash = createHash("md5");
  const sources = [
    ...filesUnder(join(ROOT, "templates")),
    ...filesUnder(join(ROOT, "locale")).filter((p) => p.endsWith(".mo")),
    join(ROOT, "site", "views.py"),
    join(ROOT, "rooms", "views.py"),
  ].filter(existsSync).sort();
  for (const path of sources) hash.update(relative(ROOT, path)).update(readFileSync(path));
  for (const entry of staticEntries) hash.update(entry.url).update(entry.revision || entry.integrity);
  return hash.digest("hex");
}

// Pyodide's files are keyed by URL alone (revision null), so the precache's download is an
// ordinary fetch that the browser's HTTP cache shares with the practice worker's own
// download on the first visit (a revisioned entry is fetched with cache: "reload", and the
// 12 MB would come twice). Two guards keep that safe: each carries its SRI hash, so a
// stale copy from the HTTP cache can never enter the precache, and the precache's name
// carries a hash of them all, so a new Pyodide gets a new cache (the old one stays with the
// old service worker until it hands over, then cleanupOutdatedCaches removes it).
const BY_URL_ONLY = /^pyodide\//;

function staticEntries() {
  const listed = JSON.parse(execFileSync(PYTHON, ["-c", LIST_STATIC], { cwd: ROOT, encoding: "utf8" }));
  return listed
    .filter(([name]) => PRECACHE_STATIC.some((re) => re.test(name)))
    .map(([name, url, path]) => {
      const data = readFileSync(path);
      return BY_URL_ONLY.test(name)
        ? { url, revision: null, integrity: `sha384-${createHash("sha384").update(data).digest("base64")}` }
        : { url, revision: md5(data) };
    });
}

/** The precache's cache id: changes whenever a file keyed by URL alone changes. */
function cacheId(entries) {
  const hash = createHash("md5");
  for (const e of entries.filter((e) => e.integrity)) hash.update(e.url).update(e.integrity);
  return `tefuda-${hash.digest("hex").slice(0, 10)}`;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

async function main() {
  const assets = staticEntries();
  for (const needed of ["pyodide.asm.wasm", "python_stdlib.zip", "htmx-2.min.js", "idiomorph-ext.min.js"]) {
    if (!assets.some((e) => e.url.endsWith(needed))) {
      throw new Error(`${needed} is not among the static files: run npm ci and scripts/setup first`);
    }
  }
  const pages = pagesRevision(assets);
  const manifestEntries = [
    ...assets,
    { url: OFFLINE, revision: pages },
    { url: MANIFEST, revision: pages },
    ...SHELLS.map((url) => ({ url: url + SHELL_KEY, revision: pages })),
  ];
  // Shells first (each falls back to its own precached copy), then every other navigation.
  const runtimeCaching = [
    ...SHELLS.map((path) => ({
      // with or without its last slash, and with any query (a shared link's ?utm_…) or #…
      urlPattern: new RegExp(`^https?://[^/]+${escapeRegExp(path.replace(/\/$/, ""))}/?(?:[?#].*)?$`),
      handler: "NetworkFirst",
      method: "GET",
      options: {
        cacheName: "tefuda-practice-pages",
        networkTimeoutSeconds: 3,
        cacheableResponse: { statuses: [200] },
        // one copy per page, in the language of its last online visit (static/words.js asks
        // for every shell again when the person switches): a page Varies on its language
        // cookie, which a navigation's request never shows the cache
        matchOptions: { ignoreVary: true },
        precacheFallback: { fallbackURL: path + SHELL_KEY },
      },
    })),
    {
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkOnly",
      method: "GET",
      options: { precacheFallback: { fallbackURL: OFFLINE } },
    },
  ];
  mkdirSync(dirname(SW_DEST), { recursive: true });
  // Nothing changed since the last build (the same entries, this script, the same Workbox):
  // keep build/sw.js (generating it takes a bundler run, ~20 s on this machine).
  const stamp = md5(JSON.stringify([manifestEntries, readFileSync(fileURLToPath(import.meta.url), "utf8"),
    readFileSync(join(ROOT, "node_modules", "workbox-build", "package.json"), "utf8")]));
  const stampPath = `${SW_DEST}.inputs`;
  if (existsSync(SW_DEST) && existsSync(stampPath) && readFileSync(stampPath, "utf8") === stamp) {
    console.log(`build_sw: ${relative(ROOT, SW_DEST)} is up to date`);
    return;
  }
  const { count, warnings } = await generateSW({
    swDest: SW_DEST,
    mode: "production",
    sourcemap: false,
    inlineWorkboxRuntime: true,
    cacheId: cacheId(assets),
    globDirectory: dirname(SW_DEST), // nothing is globbed: Django lists the files (above)
    globPatterns: [],
    additionalManifestEntries: manifestEntries,
    runtimeCaching,
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    navigationPreload: false,
    navigateFallback: undefined,
  });
  for (const warning of warnings) console.warn(`build_sw: ${warning}`);
  writeFileSync(stampPath, stamp);
  console.log(`build_sw: ${relative(ROOT, SW_DEST)} precaches ${count} URLs`);
}

main().catch((error) => {
  console.error(`build_sw: ${error.message}`);
  process.exit(1);
});
