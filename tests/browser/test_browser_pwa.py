"""The installable app in Debian's Chromium (issue 12, seed 004 §1): one visit online
installs the service worker and precaches what solo practice needs; offline, the practice
pages open from the cache and a room page says online play needs a connection; Chrome's
own installability check finds nothing missing. (Playing a whole offline game of each
kind is tests/browser's practice tests.)"""
from __future__ import annotations

import json
import re
import time
import uuid

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRACTICE = ["/practice/", "/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/"]
NEVER = ("/rooms/", "/ws/", "/admin/", "/analytics/")

# Resolves once the service worker is active, i.e. its install (the whole precache) is done;
# then lists every cached URL by cache.
CACHED = """async () => {
  const reg = await navigator.serviceWorker.ready;
  if (reg.active.state !== "activated") {
    await new Promise((done) => reg.active.addEventListener("statechange", (e) => {
      if (e.target.state === "activated") done();
    }));
  }
  const out = {active: reg.active.state, scope: reg.scope};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }
  return out;
}"""


def visit_once_online(browser, live_server_url, path="/"):
    """A fresh browser context that loaded ``path`` once and waited for the service worker
    to be active; returns (context, page, caches)."""
    context = browser.new_context(base_url=live_server_url, service_workers="allow")
    page = context.new_page()
    page.goto(path)
    cached = page.evaluate(CACHED)
    return context, page, cached


def precached(cached: dict) -> list[str]:
    return next(urls for name, urls in cached.items() if "-precache-" in name)


def test_one_visit_precaches_what_practice_needs_and_nothing_of_rooms(browser, live_server_url):
    context, page, cached = visit_once_online(browser, live_server_url)
    assert cached["active"] == "activated" and cached["scope"] == live_server_url + "/"
    urls = {re.sub(r"[?&]__WB_REVISION__=\w+", "", u) for u in precached(cached)}
    for needed in ["/static/pyodide/pyodide.asm.wasm", "/static/pyodide/python_stdlib.zip",
                   "/static/pyodide/pyodide.mjs", "/static/app/tefuda-py.zip", "/static/app/worker.js",
                   "/static/app/practice.js", "/static/django_htmx/htmx-2.min.js",
                   "/static/django_htmx/ext/hx-ws-2.min.js", "/offline/?app-shell=1", "/manifest.webmanifest",
                   *(p + "?app-shell=1" for p in PRACTICE)]:
        assert needed in urls, needed
    # online: a room page, the admin and analytics go to the network and stay out of every cache
    room = f"/rooms/{uuid.uuid4()}/"
    for path in [room, "/admin/login/", "/analytics/"]:
        page.goto(path)
    page.goto("/practice/guandan/")
    # once in a language (static/words.js), the page asks for every app shell again
    page.wait_for_function("() => !!localStorage.getItem('tefuda.shellLang')")
    everything = page.evaluate(CACHED)
    for name, urls in everything.items():
        if isinstance(urls, list):
            assert not [u for u in urls if u.startswith(NEVER)], name
    kept = everything["tefuda-practice-pages"]  # the NetworkFirst copies: app shells only
    assert "/practice/guandan/" in kept and all(u.startswith(("/practice/", "/replay/", "/rules/")) for u in kept)
    context.close()


def test_offline_practice_opens_from_the_cache_and_a_room_needs_a_connection(browser, live_server_url):
    context, page, _ = visit_once_online(browser, live_server_url, "/")  # never opened a practice page
    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    for path in PRACTICE:
        response = page.goto(path)
        assert response.status == 200 and response.from_service_worker, path
        assert "1人練習" in page.locator("h1").inner_text(), path
        assert page.locator("#practice-app").count() == 1, path
    # the practice app's files answer from the cache too, wasm with its type
    wasm = page.evaluate("""async () => {
      const r = await fetch("/static/pyodide/pyodide.asm.wasm");
      return [r.status, r.headers.get("content-type"), (await r.arrayBuffer()).byteLength];
    }""")
    assert wasm[0] == 200 and wasm[1] == "application/wasm" and wasm[2] > 1_000_000
    # a room page (a link a friend sent) says online play needs a connection
    response = page.goto(f"/rooms/{uuid.uuid4()}/")
    assert response.from_service_worker
    text = page.locator("#offline").inner_text()
    assert "オンライン対戦には接続が必要" in text and "needs a connection" in text
    # and /offline/ itself, opened directly (try40: "This site can't be reached")
    for path in ("/offline/", "/offline"):
        response = page.goto(path)
        assert response.from_service_worker and "オンライン対戦には接続が必要" in page.locator("#offline").inner_text(), path
    page.get_by_role("link", name="闘地主 Dou Dizhu（3人）").click()
    page.wait_for_url("**/practice/doudizhu/")
    assert "1人練習" in page.locator("h1").inner_text()
    context.close()


def test_chrome_finds_the_site_installable(browser, live_server_url, tmp_path):
    # a profile on disk: Chrome never installs from an incognito context (new_context's kind)
    # (Debian's Chromium and the flags of conftest.py's browser fixture)
    context = browser.browser_type.launch_persistent_context(
        tmp_path, executable_path="/usr/bin/chromium", headless=True, base_url=live_server_url,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
              "--no-first-run", "--disable-sync"])
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("/practice/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == live_server_url + "/manifest.webmanifest"
    assert manifest["errors"] == [], manifest["errors"]
    parsed = json.loads(manifest["data"])
    assert parsed["start_url"] == "/practice/" and parsed["display"] == "standalone"
    for icon in parsed["icons"]:  # every icon is fetched and decoded by the browser at its size
        size = page.evaluate("""async (src) => {
          const img = new Image(); img.src = src; await img.decode();
          return img.naturalWidth + "x" + img.naturalHeight;
        }""", icon["src"])
        assert size == icon["sizes"], icon
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    context.close()


@pytest.fixture
def own_build_dir(settings, tmp_path):
    """The live server serves /sw.js from a copy this test may change (an "update")."""
    source = settings.BUILD_DIR / "sw.js"
    settings.BUILD_DIR = tmp_path
    (tmp_path / "sw.js").write_bytes(source.read_bytes())
    return tmp_path


def test_an_update_waits_for_the_next_launch(browser, own_build_dir, live_server_url):
    context, page, _ = visit_once_online(browser, live_server_url, "/practice/daifugo/")
    page.reload()  # now controlled by the first version
    first = page.evaluate("navigator.serviceWorker.controller.state")
    assert first == "activated"
    sw = own_build_dir / "sw.js"
    sw.write_text(sw.read_text() + "\n// a new version of the site\n")
    state = page.evaluate("""async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg.update();
      const next = reg.installing || reg.waiting;
      if (next && next.state !== "installed") {
        await new Promise((done) => next.addEventListener("statechange", () => {
          if (next.state === "installed" || next.state === "redundant") done();
        }));
      }
      return {waiting: !!reg.waiting, same: reg.active === navigator.serviceWorker.controller};
    }""")
    assert state == {"waiting": True, "same": True}  # the open page keeps the version it started with
    context.set_offline(True)
    page.reload()  # still this launch: the old version serves it, the new one waits
    assert page.evaluate("(async () => !!(await navigator.serviceWorker.getRegistration()).waiting)()")
    assert "1人練習" in page.locator("h1").inner_text()
    page.close()  # the last tab of the old version closes: the next launch gets the new one
    waiting = "(async () => !!(await navigator.serviceWorker.getRegistration()).waiting)()"
    for _ in range(10):  # (fresh-N: a launch within moments of the close, before the browser
        page = context.new_page()  # had promoted the new version, was still the old one's)
        page.goto("/practice/daifugo/")
        after = page.evaluate(CACHED)
        if not page.evaluate(waiting):
            break
        page.close()
        time.sleep(0.5)
    assert after["active"] == "activated"
    assert not page.evaluate(waiting), "the new version still waits after the old one's last tab closed"
    assert "1人練習" in page.locator("h1").inner_text()
    context.close()
