"""The practice worker's memory snapshot (issue 12's boot target) in Debian's Chromium:
the first start boots Pyodide and keeps a snapshot of it with the practice table imported;
the next start comes from the snapshot and plays; a damaged snapshot is never used (the
worker boots the usual way and replaces it)."""
import json

import pytest

from tests.browser.practice import BOOT_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CACHE = "tefuda-pyodide-snapshot"
SIZES = f"""async () => {{
  const cache = await caches.open("{CACHE}");
  const keys = await cache.keys();
  return Promise.all(keys.map(async k => (await (await cache.match(k)).arrayBuffer()).byteLength));
}}"""


def start(page, url: str) -> dict:
    """Open Dou Dizhu's practice, press はじめる, wait for the table; the worker's boot stages."""
    page.on("dialog", lambda d: d.accept())  # a new game replaces the saved one
    page.goto(url + "/practice/doudizhu/")
    page.select_option("select[name=speed]", "fast")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    return json.loads(page.get_attribute("#practice-app", "data-boot-stages"))


def plays(page) -> None:
    """The table answers: 自動プレイ moves it on by several versions."""
    page.click("[data-auto-toggle]")
    first = int(page.get_attribute("#ver", "data-version"))
    page.wait_for_function(f"() => Number(document.querySelector('#ver').dataset.version) >= {first + 3}",
                           timeout=60_000)
    page.click("[data-auto-toggle]")


def a_snapshot(page) -> int:
    """The size of the one snapshot kept, once a whole one is there (it is written after
    the table opens)."""
    for _ in range(120):
        sizes = page.evaluate(SIZES)
        if len(sizes) == 1 and sizes[0] > 5_000_000:  # Pyodide's memory with the table imported
            return sizes[0]
        page.wait_for_timeout(500)
    raise AssertionError(f"no snapshot kept: {sizes}")


def test_the_second_start_comes_from_the_snapshot_and_a_damaged_one_is_replaced(browser, live_server_url):
    context = browser.new_context()
    page = context.new_page()
    assert start(page, live_server_url)["snapshot"] is False
    size = a_snapshot(page)
    page.close()

    page = context.new_page()
    assert start(page, live_server_url)["snapshot"] is True
    plays(page)

    page.evaluate(f"""async () => {{
      const cache = await caches.open("{CACHE}");
      const [key] = await cache.keys();
      await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }}""")
    page.close()
    page = context.new_page()
    assert start(page, live_server_url)["snapshot"] is False  # not used: booted the usual way
    plays(page)
    assert a_snapshot(page) == size  # replaced by a whole one
    context.close()
