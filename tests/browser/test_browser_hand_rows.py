"""The hand's rows on a phone (static/table.js): a big hand takes two rows at once, and
the ResizeObserver that measures it never reports a loop (a new user's session sent
"ResizeObserver loop completed with undelivered notifications" to the site's error counts
seven times, from rooms and practice pages)."""
import pytest

from tests.browser.steps import enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOOP_ERRORS = """
window.__loopErrors = [];
window.addEventListener("error", (e) => { if (/ResizeObserver/.test(e.message || "")) window.__loopErrors.push(e.message); });
"""


def test_a_big_hand_takes_two_rows_on_a_phone_without_a_resize_loop(browser, live_server_url):
    context = browser.new_context(locale="ja-JP", viewport={"width": 375, "height": 812}, has_touch=True)
    context.add_init_script(LOOP_ERRORS)
    page = context.new_page()
    enter(page, live_server_url, "あき", "列 の 部屋")
    for n in (1, 2, 3):
        page.click("text=CPUを追加")
        page.wait_for_selector(f"#lobby li:has-text('CPU {n}')")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form .cards[data-fan].rows-2")  # 13 or 14 cards in 375 px
    page.wait_for_timeout(500)  # the frames after the swap (a loop would be reported there)
    page.set_viewport_size({"width": 1280, "height": 800})  # a wide window: one row again
    page.wait_for_selector("#hand-form .cards[data-fan]:not(.rows-2):not(.rows-3)")
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_selector("#hand-form .cards[data-fan].rows-2")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__loopErrors") == []
    context.close()
