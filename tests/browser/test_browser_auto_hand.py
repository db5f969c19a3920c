"""自動プレイ belongs to one hand (static/table.js): at the hand's result it is off, so the
next hand never pays its tribute or plays by itself (try42: a Guandan hand finished on
自動プレイ, and the next one's tribute and first plays went by themselves); and a result
offers no 自動プレイ beside 手札はありません (try42: Dou Dizhu's; try43: Guandan's)."""
from __future__ import annotations

import pytest

from tests.browser.test_browser_offline_practice import auto_play, start, to_the_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AUTO_KEYS = "() => Object.keys(sessionStorage).filter(k => k.startsWith('tefuda.auto.') && sessionStorage.getItem(k) === '1')"


@pytest.mark.parametrize("game", ["doudizhu", "guandan"])
def test_auto_play_stops_at_the_hands_result(browser, live_server_url, game):
    context = browser.new_context(base_url=live_server_url, viewport={"width": 375, "height": 812})
    page = context.new_page()
    start(page, game)
    auto_play(page)
    assert page.evaluate(AUTO_KEYS), "自動プレイ was not switched on"
    to_the_result(page)
    page.wait_for_function(f"() => ({AUTO_KEYS})().length === 0", timeout=5_000)  # off at the result
    assert not page.locator("#hand-form [data-auto-toggle]:visible").count()  # not offered beside an ended hand
    assert not page.locator("#hand-form [data-auto-interval]:visible").count()
    context.close()


SHOWN = "() => { const s = document.querySelector('[data-auto-interval]'); return s && s.selectedIndex >= 0 ? s.value : null; }"


def test_an_interval_one_table_offers_and_another_lacks_leaves_that_ones_default(browser, live_server_url):
    """try50: 0.3 s chosen at Guandan (its own intervals, seed 003) left Dou Dizhu's box blank,
    as Dou Dizhu offers no 0.3 s; the box shows its default (1 s) there, and an interval both
    tables offer is kept from one to the next (Dou Dizhu's 2 s at Daifugō)."""
    context = browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    start(page, "guandan")
    page.select_option("[data-auto-interval]", "300")
    assert page.evaluate("() => localStorage.getItem('tefuda.auto.interval')") == "300"
    start(page, "doudizhu")
    page.wait_for_function(f"() => ({SHOWN})() === '1000'", timeout=10_000)
    page.select_option("[data-auto-interval]", "2000")
    start(page, "daifugo")
    page.wait_for_function(f"() => ({SHOWN})() === '2000'", timeout=10_000)
    context.close()
