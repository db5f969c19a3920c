"""Daifugō's card exchange as the table shows it (try17): everyone not choosing reads who
is choosing and the time left in the field; the chooser's own 自動プレイ gives the cards at
once. With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
import pytest

from rooms import tokens
from tests.browser.steps import on_server, shoot
from tests.browser.test_browser_layout import PORTRAIT, boxes
from tests.browser.test_browser_table_details import _room, page_with_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def exchange_by_others(room):
    """Game 2's exchange, with seat 0 (you) not among those choosing."""
    s = room.state
    return s["game_no"] >= 2 and s["phase"] == "exchange" and "0" not in s["exchange"]


def test_the_others_are_told_who_chooses_the_exchange(live_server_url, browser):
    # (not open_room, whose wait for the deal's motion let the CPUs' choice, 1.5 s after the
    # page connects, end the line before it was looked for on a loaded machine)
    bid = tokens.new_token()
    room_id = on_server(_room, bid, f"exchange wait {bid[:8]}", "daifugo", {}, "exw3", exchange_by_others)
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT, locale="ja-JP")
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#pending-choice[data-kind=exchange]")
    shoot(page, "exchange-waiting-375x812")
    line = boxes(page, "#pending-choice[data-kind=exchange]")[0]
    assert "カード交換：CPU 1 が渡すカードを選んでいます…" in page.inner_text("#pending-choice")
    # the time left comes with the room's deadline for the choice (set once the server's
    # timer takes the exchange up: a message or two after the line itself, when the room was
    # brought here by the engine's moves; the old check right after the line was flaky)
    page.wait_for_selector("#pending-choice b[data-deadline]", timeout=10000)
    assert 0 <= line["y"] and line["y"] + line["h"] <= PORTRAIT[1] and line["x"] >= 0 and line["x"] + line["w"] <= PORTRAIT[0]
