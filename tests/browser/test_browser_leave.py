"""退出 in Chromium (try52): a double click, or a double tap on a phone, on 退出 during a
game left it at once, the second press answering the 退出する？ the first had just asked (a
started room takes nobody back). Now it only asks; 退出する？ pressed a moment later leaves."""
import pytest

from tests.browser.steps import enter, press_until
from tests.browser.test_browser_layout import PORTRAIT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LEAVE = "#leave button[value=leave]"


@pytest.mark.parametrize("touch", [False, True], ids=["double-click", "double-tap"])
def test_a_double_press_on_leave_only_asks(live_server_url, browser, touch):
    context = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    enter(page, live_server_url, "あき", f"double leave {int(touch)}")
    press_until(page, "#lobby button[value=start]", "#hand-form")
    if touch:
        page.tap(LEAVE)
        page.wait_for_timeout(120)
        page.tap(LEAVE)
    else:
        page.dblclick(LEAVE)
    page.wait_for_selector(f"{LEAVE}.danger")
    page.wait_for_timeout(1500)  # whatever the second press did has come back
    assert page.query_selector("#hand-form") is not None and "/rooms/" in page.url
    assert "退出する？" in page.inner_text(LEAVE)
    page.click(LEAVE)  # a moment later: leaves
    page.wait_for_url(lambda url: "/rooms/" not in url, timeout=15_000)
    context.close()
