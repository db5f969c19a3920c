"""Offline practice (issue 12, seed 004 §1 "after one visit, solo practice works with no
signal") in Debian's Chromium: after one visit online, with the network off — and then
with the server process stopped as well — each game's practice plays a whole hand to its
result on the browser's own table (Pyodide), continues after a reload mid-hand, and
退出 goes back to the practice screen with the game still saved."""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.test_browser_pwa import visit_once_online

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def version(page) -> int:
    return int(page.get_attribute("#ver", "data-version"))


def start(page, game: str) -> None:
    page.goto(f"/practice/{game}/")
    page.select_option("select[name=speed]", "fast")
    page.click("#practice-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)


def auto_play(page) -> None:
    """Turn 自動プレイ on at its shortest interval (the table plays this seat's turns)."""
    page.select_option("[data-auto-interval]", index=0)
    if page.get_attribute("[data-auto-toggle]", "aria-pressed") != "true":
        page.click("[data-auto-toggle]")


def to_the_result(page, timeout_s: int = 240) -> None:
    """Let the table play on (早送り once your place is decided) until the hand's result."""
    for _ in range(timeout_s * 2):
        if page.is_visible("#result"):
            return
        if page.is_visible("#hand-form button[value=ffwd]"):
            # the last CPU move can take the button away between the look and the click
            # (the result replaces the hand): a click that finds no button is no failure
            try:
                page.click("#hand-form button[value=ffwd]", timeout=2_000)
            except PlaywrightTimeout:
                pass
        page.wait_for_timeout(500)
    raise AssertionError("no result: " + page.inner_text("#stage")[:500])


def play_offline(page, game: str) -> None:
    start(page, game)
    auto_play(page)
    page.wait_for_function("() => Number(document.querySelector('#ver').dataset.version) >= 6", timeout=60_000)
    before = version(page)
    page.reload()  # mid-hand: the table comes back where it was, by itself
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert version(page) >= before
    auto_play(page)
    to_the_result(page)
    assert page.inner_text("#result").strip()
    # 退出 (asked once if the match goes on), back to the practice screen, the save kept
    # the practice screen has the table's own URL: wait for what the click brought (the
    # confirmation or the practice screen), never for the URL
    page.click("#leave button[value=leave]")
    page.wait_for_function("() => !!document.querySelector('#leave button.danger')"
                           " || !!document.querySelector('#continue')?.checkVisibility()", timeout=30_000)
    if page.is_visible("#leave button[value=leave].danger"):
        page.wait_for_timeout(700)  # 退出する？ answered a moment later (a double click's second press only asks)
        page.click("#leave button[value=leave]")
    page.wait_for_selector("#continue", state="visible")
    assert page.url.rstrip("/").endswith(f"/practice/{game}")


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_offline_practice_plays_a_hand_continues_after_a_reload_and_leaves(browser, live_server_url, game):
    context, page, _ = visit_once_online(browser, live_server_url, "/")
    context.set_offline(True)
    play_offline(page, game)
    context.close()


def test_offline_practice_with_the_server_stopped_too(browser, daphne_server):
    context, page, _ = visit_once_online(browser, daphne_server.url, "/")
    context.set_offline(True)
    daphne_server.process.terminate()
    daphne_server.process.join(10)
    assert not daphne_server.process.is_alive()
    play_offline(page, "doudizhu")
    context.close()
