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
