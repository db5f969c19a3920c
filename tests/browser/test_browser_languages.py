"""Switching the language mid-game (issue 14) in Debian's Chromium: a room table and a
practice table come back in the chosen language, the seat and the game kept, and play on."""
import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def switch(page, code: str) -> None:
    page.click(f".lang-switch button[value={code}]")
    page.wait_for_selector(f"html[lang={code}]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)


def leave_text(page) -> str:
    return page.inner_text("#leave button[value=leave]").strip()


def plays_on(page) -> None:
    """自動プレイ on: the table moves on by itself from here (several versions)."""
    if page.get_attribute("[data-auto-toggle]", "aria-pressed") != "true":
        page.click("[data-auto-toggle]")
    start = int(page.get_attribute("#ver", "data-version"))
    page.wait_for_function(f"() => Number(document.querySelector('#ver').dataset.version) >= {start + 3}",
                           timeout=60_000)


def test_a_room_table_switches_language_mid_game_and_plays_on(browser, live_server_url):
    page = browser.new_context(locale="ja-JP").new_page()
    enter(page, live_server_url, "あき", "ことば の 部屋")
    page.select_option("select[name=speed]", "fast")
    page.wait_for_timeout(200)
    for n in (1, 2, 3):
        page.click("text=CPUを追加")
        page.wait_for_selector(f"#lobby li:has-text('CPU {n}')")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    assert page.get_attribute("html", "lang") == "ja" and leave_text(page) == "退出"
    switch(page, "en")
    assert leave_text(page) == "Leave" and page.locator("#seats li").count() == 4
    assert page.locator("#seats li:has-text('あき')").count() == 1  # names as typed
    plays_on(page)
    switch(page, "zh-hans")
    assert leave_text(page) == "退出"
    plays_on(page)


def test_a_practice_table_follows_the_browser_then_the_switch(browser, live_server_url):
    page = browser.new_context(locale="en-US").new_page()
    page.goto(live_server_url + "/practice/daifugo/")
    assert page.get_attribute("html", "lang") == "en"
    page.select_option("select[name=speed]", "fast")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert leave_text(page) == "Leave"
    switch(page, "ja")  # back at the table, not at the practice screen
    assert leave_text(page) == "退出"
    plays_on(page)
