"""Solo Dou Dizhu in Chromium: top page → 1人練習 → 闘地主, bidding by the legal-bid
buttons, the kitty after bidding, 整理, a refused play (reason by the hand, cards kept
selected), a hint that selects without playing, plays and passes to the settlement with
B, N and the totals, the next hand, and 続ける from the start screen."""
import time

import pytest
from tests.browser.practice import BOOT_TIMEOUT

pytestmark = pytest.mark.browser


def wait_version_change(page, version, timeout=4000):
    try:
        page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'", timeout=timeout)
    except Exception:
        pass


def my_turn(page) -> bool:
    return page.query_selector("#hand-form .my-turn") is not None


def test_solo_hand_from_bidding_to_settlement(live_server_url, browser):
    url = live_server_url
    page = browser.new_context().new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.click("text=闘地主 Dou Dizhu")
    page.wait_for_selector("h1:has-text('闘地主')")
    page.select_option("select[name=speed]", "fast")
    page.click("button:has-text('はじめる')")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert page.locator("#seats li").count() == 3
    assert page.locator("#hand-form label.card").count() == 17
    # the kitty lies face down while bidding; a CPU may already have bid 3 (the bidding is over
    # before her first look at a fast table), and then it is the landlord's, face up
    backs, faces = page.locator("#kitty .card.back").count(), page.locator("#kitty .card.face").count()
    assert (backs, faces) in ((3, 0), (0, 3))

    # bidding: wait for her turn, see only legal bids, bid the highest offered
    page.wait_for_selector("#hand-form .my-turn, #kitty .card.face", timeout=15000)
    if page.query_selector("#hand-form .my-turn [data-action=bid]"):
        bids = [int(b.get_attribute("data-bid")) for b in page.query_selector_all("#hand-form [data-action=bid]")]
        assert bids[0] == 0 and bids == sorted(bids) and len(bids) >= 2
        page.click(f"#hand-form [data-bid='{bids[-1]}']")
    page.wait_for_selector("#kitty .card.face", timeout=15000)  # the kitty after bidding
    assert page.locator("#kitty .card.face").count() == 3
    assert "地主" in page.inner_text("#seats")

    # 整理: the hand is re-ordered by the browser, the same cards stay
    before = sorted(page.eval_on_selector_all("#hand-form input[name=card]", "els => els.map(e => e.value)"))
    page.click("#hand-form [data-sort]")
    assert page.get_attribute("#hand-form [data-sort]", "data-mode") == "desc"
    assert sorted(page.eval_on_selector_all("#hand-form input[name=card]", "els => els.map(e => e.value)")) == before

    refused = hinted = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if page.query_selector("#result:not([hidden])"):
            break
        if not my_turn(page):
            page.wait_for_timeout(100)
            continue
        version = page.get_attribute("#ver", "data-version")
        if not refused and page.query_selector("#hand-form button[data-action=play]"):
            # a refused play: two cards of different ranks that are not the rocket
            labels = page.query_selector_all("#hand-form label.card")
            first = labels[0]
            other = next(l for l in labels if l.get_attribute("data-rank") not in (first.get_attribute("data-rank"), "LJ", "BJ"))
            first.click(); other.click()
            page.click("#hand-form button[data-action=play]")
            page.wait_for_selector("#msg.error")
            assert page.inner_text("#msg").strip()
            assert page.locator("#hand-form input:checked").count() == 2  # kept selected
            assert page.get_attribute("#ver", "data-version") == version
            refused = True
            continue
        page.click("#hand-form button[data-action=hint]")
        page.wait_for_selector("#msg[data-code=hint]")
        assert "ヒント" in page.inner_text("#msg")
        assert page.get_attribute("#ver", "data-version") == version  # a hint never plays
        hinted = True
        if page.query_selector("#hand-form input:checked"):
            page.click("#hand-form button[data-action=play]")
        elif page.query_selector("#hand-form [data-action=pass]"):
            page.click("#hand-form [data-action=pass]")
        else:  # a bidding hint (a new deal after all passed): take its advice by bidding 入札しない
            page.click("#hand-form [data-bid='0']")
        wait_version_change(page, version)
    page.wait_for_selector("#result:not([hidden])", timeout=30000)
    result = page.inner_text("#result")
    if shots := __import__("os").environ.get("TEFUDA_SHOTS"):
        page.screenshot(path=f"{shots}/doudizhu_result.png", full_page=True)
    assert "の結果" in result and "B＝" in result and "N＝" in result and "P＝" in result
    assert page.locator("#result tbody tr").count() == 3
    assert refused and hinted and not errors

    # the next hand keeps the totals
    totals = page.eval_on_selector_all("#result td.total", "els => els.map(e => e.textContent)")
    page.click("#result [data-action=next_hand]")
    page.wait_for_selector("#result[hidden]", state="attached")
    assert page.inner_text("#status").startswith("第2局")
    seats = page.inner_text("#seats")
    for t in totals:
        assert f"累計 {t}点" in seats

    # 続ける from the start screen restores the match
    page.goto(url + "/practice/doudizhu/")
    page.click("#continue")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)
    assert page.inner_text("#status").startswith("第2局")
