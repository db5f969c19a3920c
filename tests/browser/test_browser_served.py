"""The site as the README's first command serves it (scripts/serve: DEBUG off, static files
collected and compressed, tefuda_site.static_files), in Debian's Chromium: the practice
table boots from the collected files, the service worker precaches every file it lists,
and the big files come compressed."""
from __future__ import annotations

import urllib.request

import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.test_browser_pwa import CACHED, precached
from tests.test_safe_defaults import fetch, served  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def test_practice_boots_and_installs_from_the_collected_static_files(served, browser):  # noqa: F811
    base, _ = served
    context = browser.new_context(base_url=base, service_workers="allow")
    page = context.new_page()
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto("/practice/daifugo/")
    cached = page.evaluate(CACHED)  # the install succeeds only if every precached file came
    assert cached["active"] == "activated"
    assert "/static/pyodide/pyodide.asm.wasm" in {u.split("?")[0] for u in precached(cached)}
    page.click("form.enter-form button[type=submit]")
    page.wait_for_selector("#hand-form .card", timeout=BOOT_TIMEOUT)
    assert not missing, missing
    wasm = urllib.request.Request(base + "/static/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "br"})
    with urllib.request.urlopen(wasm, timeout=10) as r:
        assert r.headers.get("Content-Encoding") == "br" and int(r.headers["Content-Length"]) < 4_000_000
    status, _, _ = fetch(base + "/static/chartjs/chart.umd.js")
    assert status == 200  # the dashboard's charts
    context.close()
