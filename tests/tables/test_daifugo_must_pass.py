"""Daifugō: 出す pressed with nothing selected, on a turn where nothing in the hand can beat
the field (only a pass is legal), says so and asks for a pass (a new user was told
カードを選んでください, and chose cards that could never be played); with a play possible it
still asks for the cards. The engine's refusal stays its own (``no_cards``); the table words
it from the seat's legal actions."""
from __future__ import annotations

import json
import re

import pytest

from games import get_engine
from tables.practice import YOU, PracticeTable
from tests.daifugo.util import table as position

#: as 出す's title and the hint say it then (games/daifugo/cpu.py REASONS["none"])
MUST_PASS = {"ja": "場に出せる札がありません。パスしましょう。", "en": "Nothing you hold beats the field: pass.",
             "zh-hans": "没有能压过场上的牌，请过牌。"}
SELECT = {"ja": "カードを選んでください。", "en": "Select the cards first.", "zh-hans": "请先选牌。"}


def press_play_with_nothing(field: str, lang: str) -> str:
    practice = PracticeTable("daifugo", {}, seed="mustpass")
    practice.use_language(lang)
    practice.room.state = position(hands={YOU: ["S3", "H4", "D5"]}, field=(3, [field]), turn=YOU)
    practice.receive(json.dumps({"act": "hello"}), 1000.0)
    frame = practice.receive(json.dumps({"act": "play", "version": practice.room.version}), 1000.0)[0]
    return re.search(r'<div[^>]*id="msg"[^>]*>(.*?)</div>', frame, re.S).group(1)


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_nothing_selected_and_nothing_beats_the_field_says_pass(lang):
    engine = get_engine("daifugo")
    state = position(hands={YOU: ["S3", "H4", "D5"]}, field=(3, ["S2"]), turn=YOU)
    assert [a["type"] for a in engine.legal_actions(state, YOU)] == ["pass"]  # nothing beats a 2
    assert press_play_with_nothing("S2", lang) == MUST_PASS[lang]


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_nothing_selected_with_a_play_possible_asks_for_the_cards(lang):
    assert press_play_with_nothing("S4", lang) == SELECT[lang]  # the 5 beats a 4
