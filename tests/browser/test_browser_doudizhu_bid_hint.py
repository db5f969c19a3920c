"""Dou Dizhu's ヒント while bidding rings the bid it recommends (a new user: it named the bid
in words only, where a play's hint selects its cards), on a phone."""
import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import shoot

pytestmark = pytest.mark.browser

MY_BID = "#hand-form .my-turn [data-action=bid]"


def test_the_bid_hint_rings_its_bid_button(browser, live_server_url):
    page = browser.new_page(viewport={"width": 375, "height": 812}, locale="en-US")
    page.goto(live_server_url + "/practice/doudizhu/")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    for _ in range(6):  # a CPU bidding 3 before this seat's turn ends the bidding: deal again
        page.wait_for_selector(f"{MY_BID}, #kitty .card.face", timeout=30_000)
        if page.query_selector(MY_BID):
            break
        page.evaluate("document.querySelector('#stage details.new-match').open = true")
        page.click("#stage details.new-match button[value=new_match]")
        page.wait_for_selector("#kitty .card.back", timeout=30_000)
    assert page.query_selector(MY_BID), "no bidding turn in six deals"
    assert page.locator("#hand-form .bid.hinted").count() == 0
    page.click("#hand-form button[data-action=hint]")
    page.wait_for_selector("#hand-form .bid.hinted")
    hinted = page.locator("#hand-form .bid.hinted")
    assert hinted.count() == 1
    said = page.inner_text("#msg")
    assert said.startswith("Hint: ") and hinted.inner_text().strip() in said, (hinted.inner_text(), said)
    assert hinted.get_attribute("aria-describedby") == "msg"
    assert page.evaluate("getComputedStyle(document.querySelector('#hand-form .bid.hinted')).outlineStyle") == "solid"
    shoot(page, "doudizhu-bid-hint-375")
