"""The installable app without a browser (issue 12, seed 004 §1): the web app manifest
parses and every icon it names is served at its size; every page links it; the service
worker (build/sw.js, made by scripts/setup) is served with the headers a service worker
needs, precaches exactly the URLs the practice pages request, with revisions of the files
Django serves now, and never caches rooms, sockets, the admin or analytics."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import uuid
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db

PRACTICE = ["/practice/", "/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/", "/replay/"]  # and the replay viewer (issue 17)
RULES = ["/rules/daifugo/", "/rules/guandan/", "/rules/doudizhu/"]  # linked from practice (issue 13)
SHELLS = PRACTICE + RULES
NEVER = ["/rooms/", "/ws/", "/admin/", "/analytics/"]


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk; AssertionError when it is no PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


class Links(HTMLParser):
    """The same-origin URLs a page makes the browser fetch: script src, link href, img src."""

    def __init__(self):
        super().__init__()
        self.urls, self.tags = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        url = a.get("src") if tag in ("script", "img") else a.get("href") if tag == "link" else None
        if url and url.startswith("/"):
            self.urls.append(url)


def links(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def sw_source() -> str:
    path = settings.BUILD_DIR / "sw.js"
    assert path.is_file(), "build/sw.js is missing: run scripts/setup"
    return path.read_text()


def precache(sw_source: str) -> dict[str, str]:
    """{url: revision, or "sha384-…" for an entry keyed by its URL alone} of the generated
    service worker's precache manifest."""
    found = {}
    for entry in re.findall(r'\{url:"[^}]+\}', sw_source):
        url = re.search(r'url:"([^"]+)"', entry).group(1)
        revision = re.search(r'revision:(?:"([0-9a-f]+)"|null)', entry)
        integrity = re.search(r'integrity:"(sha384-[^"]+)"', entry)
        found[url] = revision.group(1) or integrity.group(1)
    assert found, "no precache manifest in build/sw.js"
    return found


def test_manifest_parses_and_names_the_app(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r["Content-Type"].startswith("application/manifest+json")
    m = json.loads(r.content)
    assert m["name"] == "手札 Tefuda" and m["short_name"] == "手札"
    assert m["start_url"] == "/practice/" and m["scope"] == "/" and m["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    assert "オフライン" in m["description"]
    assert "offline" in m["description_localized"]["en"]["value"]
    english = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en").content)
    assert english["lang"] == "en" and "offline" in english["description"]


def test_every_icon_the_manifest_names_is_served_at_its_size(client):
    m = json.loads(client.get("/manifest.webmanifest").content)
    purposes = {}
    for icon in m["icons"]:
        r = client.get(icon["src"])
        assert r.status_code == 200 and r["Content-Type"] == icon["type"] == "image/png", icon
        w, h = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(body(r)) == (w, h), icon
        purposes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= purposes["any"] and 512 in purposes["maskable"]  # Chrome's install criteria


def test_every_page_links_manifest_touch_icon_theme_and_registers_the_worker(client):
    for path in ["/", "/offline/", *SHELLS]:
        r = client.get(path)
        assert r.status_code == 200, path
        page = links(r.content.decode())
        tags = {(t, a.get("rel") or a.get("name")): a for t, a in page.tags}
        assert tags[("link", "manifest")]["href"] == "/manifest.webmanifest", path
        touch = client.get(tags[("link", "apple-touch-icon")]["href"])
        assert png_size(body(touch)) == (180, 180)
        assert tags[("meta", "theme-color")]["content"] == json.loads(client.get("/manifest.webmanifest").content)["theme_color"]
        nonce = re.search(r"'nonce-([^']+)'", r["Content-Security-Policy"]).group(1)
        assert re.search(rf'<script nonce="{nonce}">[^<]*serviceWorker\.register\("/sw\.js"', r.content.decode()), path


def test_service_worker_is_served_for_the_whole_site_and_never_stale(client, sw_source):
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/javascript")
    assert r["Service-Worker-Allowed"] == "/" and r["Cache-Control"] == "no-cache"
    assert body(r).decode() == sw_source
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=r["ETag"])  # an update check of an unchanged worker
    assert again.status_code == 304 and not again.content
    assert client.post("/sw.js").status_code == 405


def test_csp_lets_pyodide_compile_webassembly_but_allows_no_eval(client):
    policy = {d.split()[0]: d.split()[1:] for d in client.get("/offline/")["Content-Security-Policy"].split("; ")}
    assert "'wasm-unsafe-eval'" in policy["script-src"] and "'unsafe-eval'" not in sum(policy.values(), [])
    assert policy["script-src"][0] == "'self'" and "worker-src" not in policy  # workers: script-src 'self'


def test_precache_names_every_url_the_practice_pages_and_offline_page_request(client, sw_source):
    cached = precache(sw_source)
    for path in [*SHELLS, "/offline/"]:
        page = links(client.get(path).content.decode())
        missing = [u for u in page.urls if u.split("#")[0] not in cached]
        assert not missing, f"{path} requests {missing}, which the service worker does not precache"
    for url in ["/offline/?app-shell=1", "/manifest.webmanifest", "/static/favicon.svg", "/static/feel.js", "/static/motion.css",
                *(p + "?app-shell=1" for p in SHELLS)]:
        assert url in cached, url
    # what the practice worker downloads to boot (the page's boot-files list) and loads
    from rooms.bundle import boot_files

    boot = boot_files()
    assert {f["url"] for f in boot["files"]} | {boot["bundle"], boot["indexURL"] + "pyodide.mjs"} <= set(cached)
    for name in ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                 "pyodide/pyodide-lock.json", "app/worker.js", "app/practice.js", "app/tefuda-py.zip"]:
        assert f"/static/{name}" in cached, name


def test_precached_static_files_have_the_revisions_of_the_files_served_now(client, sw_source):
    """A stale build/sw.js (a file changed after scripts/setup) would keep serving the old
    file to installed apps: run scripts/setup again."""
    for url, revision in precache(sw_source).items():
        if url.startswith(settings.STATIC_URL) or url.startswith("/" + settings.STATIC_URL):
            path = finders.find(url.split("/static/", 1)[1])
            assert path, url
            with open(path, "rb") as f:
                data = f.read()
            if revision.startswith("sha384-"):  # Pyodide's files: keyed by URL, checked by SRI
                assert url.startswith("/static/pyodide/"), url
                assert base64.b64encode(hashlib.sha384(data).digest()).decode() == revision[7:], f"{url} changed: run scripts/setup"
            else:
                assert hashlib.md5(data).hexdigest() == revision, f"{url} changed: run scripts/setup"


def test_every_precached_url_is_served(client, sw_source):
    for url in precache(sw_source):
        r = client.get(url)
        assert r.status_code == 200, url
    wasm = client.get("/static/pyodide/pyodide.asm.wasm")
    assert wasm["Content-Type"] == "application/wasm"
    assert client.get("/static/pyodide/pyodide.mjs")["Content-Type"].startswith("text/javascript")


def test_service_worker_never_caches_rooms_sockets_admin_or_analytics(sw_source):
    cached = precache(sw_source)
    assert not [u for u in cached if any(u.startswith(p) for p in NEVER)]
    # the runtime routes that cache (the practice pages' NetworkFirst) match only those pages
    routes = [re.compile(p.replace("\\/", "/")) for p in re.findall(r"\w+\(/(\^https\?:[^,]+?)/,new \w+\(\{cacheName:", sw_source)]
    assert len(routes) == len(SHELLS)
    for path in SHELLS:  # also a shared link's query, #continue, and without the last slash
        for variant in (path, f"{path}?utm_source=line", f"{path}#continue", path.rstrip("/")):
            assert sum(bool(r.match(f"http://127.0.0.1:8000{variant}")) for r in routes) == 1, variant
    room = f"/rooms/{uuid.uuid4()}/"
    for path in [room, f"{room}join/", "/ws/room/x/", "/admin/", "/analytics/", "/practice/daifugox/",
                 "/practice/daifugo/started", "/rules/daifugox/", "/"]:
        assert not any(r.match(f"http://127.0.0.1:8000{path}") for r in routes), path
    assert sw_source.count('cacheName:"') == len(SHELLS)  # no other runtime cache
    assert 'precacheFallback' not in sw_source and 'fallbackURL:"/offline/?app-shell=1"' in sw_source
    # no skipWaiting on install, no clients.claim: an update waits for the next launch
    assert "clients.claim" not in sw_source and "skipWaiting()" in sw_source  # only on an explicit message
    assert re.findall(r"self\.skipWaiting\(\)", sw_source) == ["self.skipWaiting()"]
    assert re.search(r'"SKIP_WAITING"===\w+\.data\.type&&self\.skipWaiting\(\)', sw_source)


def test_offline_page_says_online_play_needs_a_connection_and_links_practice(client):
    r = client.get("/offline/")
    html = r.content.decode()
    assert r.status_code == 200 and "オンライン対戦には接続が必要" in html and "needs a connection" in html
    assert {"/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/"} <= set(re.findall(r'href="([^"]+)"', html))
    assert "tefuda_day" not in r.cookies  # an offline page counts no session
