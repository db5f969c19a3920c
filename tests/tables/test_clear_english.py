"""The table's English says what it means (no terse codes): Daifugō's face-down 余り札 are
the cards left over (never "Surplus"), and Guandan's count of unseen jokers names the Big
and Small Jokers (never "BJ"/"SJ"); Chinese keeps its tradition's 余牌 and 大王/小王."""
from __future__ import annotations

import re

import pytest

from tables.core import i18n

translated = pytest.mark.skipif(i18n.catalog("en").gettext("余り札 %(n)s枚") == "余り札 %(n)s枚",
                                reason="the catalogs are not compiled (pybabel compile -d locale -D django)")
UNSEEN = "残り 大%(big)s 小%(small)s ワイルド%(wild)s 級札%(level)s"
SURPLUS = ("余り札 %(n)s枚", "場が流れました（余り札 %(card)s を公開）")
CODES = re.compile(r"\b(BJ|SJ|LJ)\b|surplus", re.I)


@translated
@pytest.mark.parametrize("msgid", (*SURPLUS, UNSEEN, "まだ出ていない札（自分の手札以外）"))
def test_english_table_words_carry_no_terse_codes(msgid):
    text = i18n.catalog("en").gettext(msgid)
    assert not CODES.search(text), text


@translated
def test_the_unseen_jokers_and_left_over_cards_read_in_full():
    en, zh = i18n.catalog("en"), i18n.catalog("zh-hans")
    assert "Big Joker" in en.gettext(UNSEEN) and "Small Joker" in en.gettext(UNSEEN)
    assert "level cards" in en.gettext(UNSEEN)  # (try29: "level 6" read as a level, not six level cards)
    assert "left over" in en.gettext(SURPLUS[0]).lower()
    assert "大王" in zh.gettext(UNSEEN) and "小王" in zh.gettext(UNSEEN) and "余牌" in zh.gettext(SURPLUS[0])


@translated
def test_the_english_table_names_daifugo_places_in_english():
    """try29: the game is "Tycoon" but its results said Daifugō / Fugō / Hinmin / Daihinmin,
    explained only on the rules page. The table says Tycoon / Rich / Commoner / Poor /
    Beggar (the rules page gives both)."""
    from tables.daifugo.present import TITLE_JA
    en = i18n.catalog("en")
    assert [en.gettext(t) for t in TITLE_JA] == ["Tycoon", "Rich", "Commoner", "Poor", "Beggar"]
