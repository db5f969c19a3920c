"""Stamps in Chromium (issue 17): a friend's stamp shows on the sender's seat in the other
browser, and that browser's スタンプを表示しない hides them (and stays on after a reload)."""
import pytest

from tests.browser.steps import enter

pytestmark = pytest.mark.browser
SHOTS = "/work/shots/wt17"


def at_the_table(browser, url):
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host = host_ctx.new_page()
    enter(host, url, "あき", "スタンプ　テスト")
    link = host.input_value("#share-link")
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.fill("#stage input[name=name]", "ふゆ")
    guest.click("text=参加する")
    guest.wait_for_selector("#lobby")
    host.wait_for_selector("#lobby li:has-text('ふゆ')")
    host.select_option("select[name=speed]", "slow")
    host.wait_for_timeout(200)
    for n in (1, 2):
        host.click("text=CPUを追加")
        host.wait_for_selector(f"#lobby li:has-text('CPU {n}')")
    host.click("text=ゲーム開始")
    for page in (host, guest):  # the stamps open from their summary (a sheet on phones)
        page.click("#stamps summary")
        page.wait_for_selector("#stamps .stamp-button")
    return host_ctx, guest_ctx, host, guest


def test_a_stamp_is_seen_by_the_other_browser_and_the_hide_switch_hides_them(live_server_url, browser):
    host_ctx, guest_ctx, host, guest = at_the_table(browser, live_server_url)
    seat = host.get_attribute("#seats li.me", "data-seat")
    host.click("#stamps [data-stamp-code=nice]")
    shown = guest.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown", timeout=15000)
    assert shown.inner_text() == "ナイス"
    host.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown")  # the sender sees it too
    guest.set_viewport_size({"width": 1280, "height": 800})
    guest.screenshot(path=f"{SHOTS}/stamp-desktop.png")
    guest.wait_for_selector(".stamp-shown", state="detached", timeout=8000)  # gone after a few seconds

    guest.check("[data-hide-stamps]")
    host.click("#stamps [data-stamp-code=wow]")
    host.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown:has-text('驚')")
    guest.wait_for_timeout(1500)
    assert guest.query_selector(".stamp-shown") is None
    guest.reload()
    guest.click("#stamps summary")
    guest.wait_for_selector("#stamps .stamp-button")
    assert guest.is_checked("[data-hide-stamps]")  # this browser remembers
    host.wait_for_timeout(3600)
    host.click("#stamps [data-stamp-code=thanks]")
    host.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown:has-text('ありがとう')")
    guest.wait_for_timeout(1500)
    assert guest.query_selector(".stamp-shown") is None
    guest.uncheck("[data-hide-stamps]")
    host.wait_for_timeout(3600)
    host.click("#stamps [data-stamp-code=hello]")
    host.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown:has-text('よろしく')")  # sent (within the limit)
    # the other browser, reloaded since, shows it too (fresh-L under load: 5 s was too short)
    guest.wait_for_selector(f"#seats [data-seat='{seat}'] .stamp-shown:has-text('よろしく')", timeout=10000)
    guest.set_viewport_size({"width": 375, "height": 812})
    guest.screenshot(path=f"{SHOTS}/stamp-phone.png", full_page=True)
    host_ctx.close()
    guest_ctx.close()
