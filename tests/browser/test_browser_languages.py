"""Switching the language mid-game (issue 14) in Debian's Chromium: a room table and a
practice table come back in the chosen language, the seat and the game kept, and play on;
the words the page's scripts write (自動プレイ / 自動をやめる, the 通信 banner) follow."""
import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import enter, route_room_sockets

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


def auto_text(page) -> str:
    return page.inner_text("[data-auto-toggle]").strip()


def test_a_room_table_switches_language_mid_game_and_plays_on(browser, live_server_url):
    page = browser.new_context(locale="ja-JP").new_page()
    sockets = route_room_sockets(page)  # the page's sockets, passed through (the test can close the newest)
    enter(page, live_server_url, "あき", "ことば の 部屋")
    page.select_option("select[name=speed]", "fast")
    page.wait_for_timeout(200)
    for n in (1, 2, 3):
        page.click("text=CPUを追加")
        page.wait_for_selector(f"#lobby li:has-text('CPU {n}')")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    assert page.get_attribute("html", "lang") == "ja" and leave_text(page) == "退出"
    assert auto_text(page) == "自動プレイ"
    switch(page, "en")
    assert leave_text(page) == "Leave" and page.locator("#seats li").count() == 4
    assert page.locator("#seats li:has-text('あき')").count() == 1  # names as typed
    assert auto_text(page) == "Auto-play"
    page.wait_for_selector("#conn[data-state=open]", state="attached")
    sockets[-1].close(code=4008)  # the connection drops (4008: the page waits 10 s to reconnect)
    page.wait_for_selector("#conn[data-state=lost]", state="attached")
    assert page.inner_text("#conn").strip() == "Connection lost. Reconnecting…"
    page.wait_for_selector("#conn[data-state=open]", state="attached", timeout=30_000)
    plays_on(page)
    assert auto_text(page) == "Stop auto"  # the script's words, in English
    switch(page, "zh-hans")
    assert leave_text(page) == "退出"
    page.wait_for_function("() => document.querySelector('[data-auto-toggle]').textContent.trim() === '停止自动'")
    plays_on(page)


def test_a_practice_table_follows_the_browser_then_the_switch(browser, live_server_url):
    page = browser.new_context(locale="en-US").new_page()
    page.goto(live_server_url + "/practice/daifugo/")
    assert page.get_attribute("html", "lang") == "en"
    page.select_option("select[name=speed]", "fast")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert leave_text(page) == "Leave" and auto_text(page) == "Auto-play"
    plays_on(page)
    assert auto_text(page) == "Stop auto"
    switch(page, "ja")  # back at the table, not at the practice screen
    assert leave_text(page) == "退出"
    page.wait_for_function("() => document.querySelector('[data-auto-toggle]').textContent.trim() === '自動をやめる'")
    plays_on(page)


def test_auto_play_left_on_is_off_once_back_in_the_waiting_room(browser, live_server_url):
    """自動プレイ is one game's: a tab that had it on (sessionStorage, per room) finds it off
    once the waiting room shows, and the next game does not play itself (a tester's hand
    was played away within 5 s of a new game's start)."""
    page = browser.new_context(locale="ja-JP").new_page()
    enter(page, live_server_url, "あき", "自動 の 部屋")
    key = "tefuda.auto." + page.get_attribute("#room", "data-room")
    page.evaluate(f"() => sessionStorage.setItem('{key}', '1')")  # left on by the last game
    page.click("text=CPUを追加")
    page.wait_for_selector("#lobby li:has-text('CPU 1')")
    page.wait_for_function(f"() => sessionStorage.getItem('{key}') === null")
    for n in (2, 3):
        page.click("text=CPUを追加")
        page.wait_for_selector(f"#lobby li:has-text('CPU {n}')")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    assert page.get_attribute("[data-auto-toggle]", "aria-pressed") == "false" and auto_text(page) == "自動プレイ"


def test_the_language_shown_stands_out_in_the_switch(browser, live_server_url):
    """The top page's language switch: the language shown is filled (its own background,
    unlike the others'), in every language, after a switch too."""
    page = browser.new_page()
    page.goto(live_server_url + "/")
    for code in ("ja", "en", "zh-hans"):
        if code != "ja":
            page.click(f".lang-switch button[value={code}]")
            page.wait_for_selector(f"html[lang={code}]")
        backs = page.eval_on_selector_all(".lang-switch button", """els => els.map(b =>
            [b.value, b.hasAttribute('aria-current'), getComputedStyle(b).backgroundColor])""")
        shown = [bg for value, current, bg in backs if current]
        others = {bg for value, current, bg in backs if not current}
        assert len(shown) == 1 and shown[0] not in others and len(others) == 1, backs


def test_the_top_pages_boxes_line_up_in_every_language(browser, live_server_url):
    """The top page's name and passphrase boxes start at one x and are as wide as each other,
    at a desktop and on a phone, in each language (try36: each box began where its label
    ended), every box whole on screen."""
    for size in ((1280, 800), (375, 812)):
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(live_server_url + "/")
        for code in ("ja", "en", "zh-hans"):
            if code != "ja":
                page.click(f".lang-switch button[value={code}]")
                page.wait_for_selector(f"html[lang={code}]")
            boxes = page.eval_on_selector_all(".enter-form input:not([type=hidden])",
                                              "els => els.map(e => e.getBoundingClientRect().toJSON())")
            assert len(boxes) == 2, boxes
            assert abs(boxes[0]["x"] - boxes[1]["x"]) < 1 and abs(boxes[0]["width"] - boxes[1]["width"]) < 1, (size, code, boxes)
            assert all(b["x"] >= 0 and b["right"] <= size[0] for b in boxes), (size, code, boxes)
        page.close()


LABELLED = """() => [...document.querySelectorAll('#practice-form > label')].map(l => {
  const box = l.querySelector('input, select').getBoundingClientRect(), range = document.createRange();
  range.setStart(l, 0); range.setEnd(l.firstChild, l.firstChild.length);
  const words = range.getBoundingClientRect();
  return {words: l.textContent.trim().split('\\n')[0], wordsRight: words.right, wordsMid: words.top + words.height / 2,
          x: box.x, right: box.right, top: box.top, bottom: box.bottom}; })"""


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_the_practice_screens_form_fits_a_phone_each_box_beside_its_words(browser, live_server_url, game):
    """try39: on a 375 px phone Daifugō's practice screen was 727 px wide in English (its
    rules' fieldset set the labels' column to its unwrapped width), its boxes off the
    screen, and Guandan's and Dou Dizhu's boxes stood a row below their words (the fixed
    player count took a box's place). Each box is on screen, in one column, level with its
    own words, in each language; the page never scrolls sideways."""
    for size in ((375, 812), (1280, 800)):
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(f"{live_server_url}/practice/{game}/")
        for code in ("ja", "en", "zh-hans"):
            if code != "ja":
                page.click(f".lang-switch button[value={code}]")
                page.wait_for_selector(f"html[lang={code}]")
            page.wait_for_selector("#practice-form")
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], (size, code, "scrolls sideways")
            rows = page.evaluate(LABELLED)
            assert len(rows) >= 3, rows
            for r in rows:
                assert r["x"] >= r["wordsRight"] - 0.5 and r["right"] <= size[0], (size, code, r)
                assert r["top"] <= r["wordsMid"] <= r["bottom"], (size, code, "box not beside its words", r)
            assert len({round(r["x"]) for r in rows}) == 1, (size, code, rows)
            button = page.eval_on_selector("#practice-form button[type=submit]", "e => e.getBoundingClientRect().toJSON()")
            assert button["right"] <= size[0], (size, code, button)
        page.close()
