"""Dou Dizhu's ヒント while bidding marks the bid it recommends on its button, as a play's
hint selects its cards (a new user: the hint named the bid in words only): the button is
``hinted`` and says so to a screen reader (``aria-describedby`` the hint's line)."""
from __future__ import annotations

import json
import re

import pytest

from tables.core import moves
from tables.practice import YOU, PracticeTable
from tests.tables.test_doudizhu_newuser import your_bid_turn


def bid_buttons(frame: str) -> list[str]:
    return re.findall(r'<button[^>]*data-action="bid"[^>]*>[^<]*</button>', frame)


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_the_bid_hint_marks_its_bid_button(lang):
    table = PracticeTable("doudizhu", {}, seed="bidhint")
    table.use_language(lang)
    your_bid_turn(table)
    now = 1000.0
    table.receive(json.dumps({"act": "hello"}), now)
    before = table.receive(json.dumps({"act": "hint"}), now)[0]
    buttons = bid_buttons(before)
    assert len(buttons) >= 2, before
    hinted = [b for b in buttons if re.search(r'class="[^"]*\bhinted\b', b)]
    assert len(hinted) == 1, buttons
    value = re.search(r'data-bid="(\d)"', hinted[0]).group(1)
    recommended = moves.hints("doudizhu", table.engine, table.room.state, YOU)[0]["action"]  # what the hint names
    assert recommended["type"] == "bid" and int(value) == recommended["value"]
    assert 'aria-describedby="msg"' in hinted[0]
    label = re.sub(r"<[^>]+>", "", hinted[0]).strip()  # the hint's line names the bid the button says
    msg = re.search(r'<div[^>]*id="msg"[^>]*>(.*?)</div>', before, re.S).group(1)
    assert label in msg, (label, msg)


def test_the_mark_goes_with_the_hint():
    """The next render without a hint (a bid, a tick) shows no button marked."""
    table = PracticeTable("doudizhu", {}, seed="bidhint")
    your_bid_turn(table)
    table.receive(json.dumps({"act": "hello"}), 1000.0)
    table.receive(json.dumps({"act": "hint"}), 1000.0)
    again = table.receive(json.dumps({"act": "hello"}), 1000.0)[0]
    assert bid_buttons(again) and not any("hinted" in b for b in bid_buttons(again))
