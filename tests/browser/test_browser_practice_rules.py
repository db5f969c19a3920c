"""The practice form has a room's rule switches (try29: a player could not practise the
house rules their friends play): switched on or off there, the practice table deals with
them (its special-card legend lists exactly the switches left on), and each switch is a
tap target of at least 44 px on a phone."""
from __future__ import annotations

import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import shoot
from tests.browser.test_browser_layout import PORTRAIT, boxes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_practice_deals_with_the_rules_chosen_on_its_form(browser, live_server_url):
    page = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    page.goto(live_server_url + "/practice/daifugo/")
    switches = page.locator("#practice-form .rule-switches input[type=checkbox]")
    assert switches.count() == 9
    assert page.is_checked("input[name=rule_eight_cut]") and not page.is_checked("input[name=rule_five_skip]")
    small = [b for b in boxes(page, "#practice-form .rule-switches label.switch") if b["h"] < 44 - 0.5]
    assert not small, small
    page.uncheck("input[name=rule_eight_cut]")
    page.check("input[name=rule_five_skip]")
    shoot(page, "practice-rules-form", full_page=True)
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    legend = page.eval_on_selector_all("#legend-d dt", "els => els.map(e => e.textContent.trim())")
    assert "5スキップ" in legend and "8切り" not in legend and "7渡し" in legend, legend
