"""TEMPORARY (not committed): screenshots of a Guandan practice table in en and zh-hans."""
import pytest

from tests.browser.practice import BOOT_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = "/work/shots/h-guandan"


def shot(page, name):
    for w, h, tag in ((1280, 800, "desktop"), (375, 812, "phone")):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(500)
        page.screenshot(path=f"{OUT}/{name}-{tag}.png", full_page=tag == "phone")
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("zh", "zh-CN")])
def test_shots(browser, live_server_url, lang, locale):
    page = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800}).new_page()
    page.goto(live_server_url + "/practice/guandan/")
    page.select_option("select[name=speed]", "fast")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    page.wait_for_timeout(2500)
    # select a column so the Play button names the play
    page.locator(".gd-col [data-tap]").nth(3).click()
    page.wait_for_timeout(800)
    page.locator(".gd-col [data-tap]").nth(3).click()
    page.wait_for_timeout(1200)
    shot(page, f"{lang}-1-start")
    page.click("[data-auto-toggle]")
    start = int(page.get_attribute("#ver", "data-version"))
    page.wait_for_function(f"() => Number(document.querySelector('#ver').dataset.version) >= {start + 12}", timeout=60_000)
    page.click("[data-auto-toggle]")
    page.wait_for_timeout(1500)
    shot(page, f"{lang}-2-mid")
    page.click("[data-auto-toggle]")
    page.wait_for_selector("#result:not([hidden])", timeout=180_000)
    page.wait_for_timeout(1500)
    shot(page, f"{lang}-3-result")
    page.click("[data-auto-toggle]")
    page.click("#result [data-action=next_hand]")
    page.wait_for_timeout(3000)
    shot(page, f"{lang}-4-next")
