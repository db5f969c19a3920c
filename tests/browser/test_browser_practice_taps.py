"""Every tap target of a practice table on a phone is at least 44×44 px, with each of its
folding parts open (try40 found the brand 手札 38 px wide, Dou Dizhu's 新しいゲーム 20 px
high and its button 25, the legend's full-rules link 19 and a past hand's link 38): the
links, summaries and buttons of the table and of the top bar, in Chinese (the narrowest
words)."""
import pytest

from tests.browser.practice import BOOT_TIMEOUT, at_rest
from tests.browser.test_browser_replay import small_targets

pytestmark = pytest.mark.browser

#: every tap target of the table and the top bar (test_browser_replay.small_targets measures them)
TARGETS = "#stage a, #stage summary, #stage button:not([hidden]), #stage select, .topbar a, .topbar button"


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_every_tap_target_of_a_practice_table_on_a_phone(browser, live_server_url, game):
    page = browser.new_page(viewport={"width": 375, "height": 812}, locale="zh-CN")
    page.goto(live_server_url + f"/practice/{game}/")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    at_rest(page)  # the deal scales the hand in: its buttons are small until it lands
    where = "[...document.querySelectorAll('#stage details > summary')].map(e => e.getBoundingClientRect().toJSON())"
    closed = page.evaluate(where)
    page.evaluate("document.querySelectorAll('#stage details').forEach(d => d.open = true)")
    small = small_targets(page, TARGETS)
    assert not small, f"{game}: tap targets under 44×44 px: {small}"
    # a summary opened stays where it was tapped (try41: Dou Dizhu's 新しいゲーム jumped a line)
    status = [(c, o) for c, o in zip(closed, page.evaluate(where)) if c["y"] < 200]
    assert all(abs(c["x"] - o["x"]) < 1 and abs(c["y"] - o["y"]) < 1 for c, o in status), status
