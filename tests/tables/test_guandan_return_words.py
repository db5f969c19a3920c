"""Guandan's return said on the field (try46: in the お返し phase the field still explained
the tribute, 「前の局の最下位が1位に献上します。」, not what is to be done now): while the
receivers return, the field says who returns what (003 §4, 000 §20), in each language."""
import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU
from tests.guandan.test_engine import between_hands, deal


def field_text(table, seat):
    html = table_screen(table.room, table.seats, table.seats[seat], {YOU}).parts["field"]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def returning():
    """A single tribute paid (seat 3, last out, to seat 0, first out): seat 0 to return."""
    engine = get_engine("guandan")
    table = PracticeTable("guandan", {}, seed="return")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({0: ["BJ"], 2: ["BJ"]}))
    for _ in range(4):
        if state["phase"] != "tribute":
            break
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    assert state["phase"] == "return", state["phase"]
    table.room.state = state
    return table


@pytest.mark.parametrize("lang, said, not_said", [
    ("ja", "献上を受けた人は10以下の札を1枚返します（級札を除く）。", "前の局の最下位が1位に献上します。"),
    ("en", "Receivers return a card of 10 or lower (not a level card).", "Last out pays first out."),
    ("zh-hans", "收贡者还一张10以下的牌（级牌除外）。", "上局末游向头游进贡。"),
])
def test_the_field_says_what_the_return_is(returning, lang, said, not_said):
    with i18n.use(lang):
        for seat in range(4):
            text = field_text(returning, seat)
            assert said in text and not_said not in text, (seat, text)
