"""The pages kept for offline use speak the language the person chose (issue 14, issue 12):
after a switch online, the practice pages opened offline — one visited before the switch,
and one never visited — come in the new language (static/words.js asks the service
worker for every app shell again; scripts/build_sw.mjs keeps the newest copy)."""
from __future__ import annotations

import pytest

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
