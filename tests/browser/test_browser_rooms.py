"""Two friends in Chromium: passphrase + copied link, CPUs, a whole round, the next round,
closing and reopening a tab, and a third browser that cannot take a connected seat."""
import re
import time

import pytest

pytestmark = pytest.mark.browser


def enter(page, url, name, phrase):
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=passphrase]", phrase)
    page.click("text=部屋に入る")
    page.wait_for_selector("#lobby")


def play_turn(page) -> bool:
    """If it is this page's turn, act (hint → play, else pass). True if it acted."""
    hand = page.query_selector("#hand-form.my-turn")
    if hand is None:
        return False
    version = page.get_attribute("#ver", "data-version")
    hint = page.query_selector("#hand-form button:has-text('ヒント')")
    if hint:
        hint.click()
        page.wait_for_timeout(150)
    if page.query_selector("#hand-form input:checked"):
        page.click("#hand-form button[value=play]:visible >> nth=-1")
    elif page.query_selector("#hand-form [data-action=pass]"):
        page.click("#hand-form [data-action=pass]")
    else:
        return False
    try:
        page.wait_for_function(f"document.querySelector('#ver').dataset.version != '{version}'", timeout=3000)
    except Exception:
        pass
    return True


def test_two_friends_play_a_round(live_server_url, browser):
    url = live_server_url
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    host = host_ctx.new_page()
    enter(host, url, "あき", "ブラウザ　テスト")
    host.click("button[data-copy]")
    link = host.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(re.escape(url) + r"/rooms/[0-9a-f-]+/", link)

    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.fill("#stage input[name=name]", "<b>ふゆ</b>")
    guest.click("text=参加する")
    guest.wait_for_selector("#lobby")
    host.wait_for_selector("#lobby li:has-text('<b>ふゆ</b>')")  # escaped, shown as text

    host.select_option("select[name=speed]", "fast")
    host.wait_for_timeout(200)
    host.click("text=CPUを追加")
    host.wait_for_selector("#lobby li:has-text('CPU 1')")
    host.click("text=CPUを追加")
    host.wait_for_selector("#lobby li:has-text('CPU 2')")
    host.click("text=ゲーム開始")
    host.wait_for_selector("#hand-form")
    guest.wait_for_selector("#hand-form")
    assert host.locator("#seats li").count() == 4

    # a third browser cannot take a seat of a game in progress
    stranger = browser.new_context().new_page()
    stranger.goto(link)
    stranger.wait_for_selector("text=途中から新しい人は入れません")
    assert stranger.query_selector("#hand-form") is None

    # the guest closes the tab mid-game; others see 通信待ち; reopening returns the seat
    guest_hand = guest.inner_text("#hand-form .cards")
    guest.close()
    host.wait_for_selector("#seats .away", timeout=5000)
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#hand-form")
    host.wait_for_function("!document.querySelector('#seats .away')", timeout=5000)
    assert guest.inner_text("#hand-form .cards") and guest_hand

    deadline = time.time() + 150
    while time.time() < deadline and not host.query_selector("#result:not([hidden])"):
        if not (play_turn(host) or play_turn(guest)):
            host.wait_for_timeout(100)
    host.wait_for_selector("#result:not([hidden])", timeout=5000)
    assert "大富豪" in host.inner_text("#result")
    guest.wait_for_selector("#result:not([hidden])")
    guest.click("#result [data-action=next_game]")
    host.wait_for_selector("text=第2ゲーム")
    assert host.query_selector("#result[hidden]")
