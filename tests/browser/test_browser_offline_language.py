"""The pages kept for offline use speak the language the person chose (issue 14, issue 12):
after a switch online, the practice pages opened offline — one visited before the switch,
and one never visited — come in the new language (static/words.js asks the service
worker for every app shell again; scripts/build_sw.mjs keeps the newest copy)."""
from __future__ import annotations

import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import shoot
from tests.browser.test_browser_pwa import CACHED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_offline_practice_pages_come_in_the_language_chosen_online(browser, live_server_url):
    context = browser.new_context(base_url=live_server_url, service_workers="allow", locale="ja-JP")
    page = context.new_page()
    page.goto("/")
    page.evaluate(CACHED)  # the service worker is active: the shells are precached (in 日本語)
    page.goto("/practice/daifugo/")  # a visit online, in 日本語, under the service worker
    assert page.get_attribute("html", "lang") == "ja"
    page.wait_for_function("() => localStorage.getItem('tefuda.shellLang') === 'ja'", timeout=30_000)
    page.goto("/")
    page.click(".lang-switch button[value=en]")
    page.wait_for_selector("html[lang=en]")
    page.wait_for_function("() => localStorage.getItem('tefuda.shellLang') === 'en'", timeout=30_000)
    context.set_offline(True)
    for path in ("/practice/daifugo/", "/practice/guandan/"):
        page.goto(path)
        assert page.get_attribute("html", "lang") == "en", path
        assert page.locator("#words").get_attribute("data-auto-off") == "Auto-play"
    context.close()


def test_the_language_switch_works_offline_on_a_kept_page(browser, live_server_url):
    """A new user found no language switch on the practice page opened offline: the pages
    kept for offline use are kept in every language (static/words.js), and offline the
    switch opens the kept copy in the language chosen — the page's words, the practice
    table's (Pyodide renders it in the page's language) and the way back to a table in
    play (#continue); a reload keeps the language chosen. Back online, the address loses
    ?lang= and the page is the cookie's."""
    context = browser.new_context(base_url=live_server_url, service_workers="allow", locale="ja-JP")
    page = context.new_page()
    page.goto("/")
    page.evaluate(CACHED)
    page.goto("/practice/guandan/")  # under the service worker: the copies are made
    page.wait_for_function("() => localStorage.getItem('tefuda.langCopies')", timeout=60_000)
    kept = page.evaluate("""async () => (await (await caches.open('tefuda-practice-pages')).keys())
        .map(r => new URL(r.url).pathname + new URL(r.url).search)""")
    for path in ("/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/", "/replay/", "/rules/guandan/"):
        assert all(f"{path}?lang={code}" in kept for code in ("ja", "en", "zh-hans")), (path, kept)
    context.set_offline(True)
    page.goto("/practice/daifugo/")  # never visited: the copy in the page's language
    assert page.get_attribute("html", "lang") == "ja"
    switch = page.locator(".lang-switch")
    switch.wait_for(state="visible")
    assert switch.locator("button").count() == 3
    page.click(".lang-switch button[value=en]")
    page.wait_for_selector("html[lang=en]")
    assert page.locator("#words").get_attribute("data-auto-off") == "Auto-play"
    page.reload()  # the address has lost ?lang= (static/room.js): the language chosen stays
    page.wait_for_selector("html[lang=en]")
    assert page.locator(".lang-switch button[value=en]").get_attribute("aria-current") == "true"
    page.click("#practice-form button[type=submit]")  # the table, offline, in English
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert page.get_attribute("#hand-form", "aria-label") == "Your hand"
    shoot(page, "offline-switch-en-table")
    page.click(".lang-switch button[value=zh-hans]")  # back to the table in play, in Chinese
    page.wait_for_selector("html[lang=zh-hans]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert page.get_attribute("#hand-form", "aria-label") == "你的手牌"
    assert page.evaluate("localStorage.getItem('tefuda.lang')") == "zh-hans"  # the kept /offline/ page follows
    context.set_offline(False)
    page.goto("/practice/daifugo/?lang=en")  # online: the cookie's language, the address without ?lang=
    assert page.get_attribute("html", "lang") == "ja"
    page.wait_for_function("() => !location.search.includes('lang=')")
    context.close()


def test_offline_without_kept_copies_the_switch_stays_hidden(browser, live_server_url):
    """The offline page (no copies of it in other languages) shows no switch that would fail."""
    context = browser.new_context(base_url=live_server_url, service_workers="allow", locale="en-US")
    page = context.new_page()
    page.goto("/")
    page.evaluate(CACHED)
    context.set_offline(True)
    page.goto("/some/page/")  # the offline page
    assert page.locator(".lang-switch").is_hidden()
    context.close()
