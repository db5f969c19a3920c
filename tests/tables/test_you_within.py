"""The practice seat is named あなた / You / 你. Where a sentence names it after its start
(an object, an arrow's receiver, a name in brackets) English reads "you", not "You" (a new
user: "CPU 2 passed 1 card to You"); at a sentence's start it stays "You: on lead". Chinese
and Japanese read 你 and あなた as they are."""
from __future__ import annotations

import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.daifugo.present import log_text
from tables.doudizhu.present import words
from tables.practice import PracticeTable, YOU
from tests.guandan.test_engine import between_hands, deal


def you(lang: str) -> str:
    return i18n.catalog(i18n.supported(lang)).gettext("あなた")


@pytest.mark.parametrize("lang, to_you, from_you", [
    ("en", "CPU 2 passed 1 card to you", "You passed 2 cards to CPU 2"),
    ("zh-hans", "CPU 2 → 你 交出1张牌", "你 → CPU 2 交出2张牌"),
    ("ja", "CPU 2 → あなた に1枚渡しました", "あなた → CPU 2 に2枚渡しました"),
])
def test_daifugo_seven_pass_line_names_you_as_its_receiver(lang, to_you, from_you):
    with i18n.use(lang):
        names = {0: you(lang), 2: "CPU 2"}
        assert log_text({"type": "seven_pass", "seat": 2, "to": 0, "count": 1}, names) == to_you
        assert log_text({"type": "seven_pass", "seat": 0, "to": 2, "count": 2}, names) == from_you


@pytest.mark.parametrize("lang, to_you", [("en", "CPU 2 → you: ♠3"), ("zh-hans", "CPU 2 → 你：♠3"),
                                          ("ja", "CPU 2 → あなた：♠3")])
@pytest.mark.parametrize("kind", ["tribute", "exchange", "received"])
def test_daifugo_exchange_lines_name_you_as_their_receiver(lang, to_you, kind):
    """As the exchange's own panel says it ("%(name)s → you: …")."""
    with i18n.use(lang):
        names = {0: you(lang), 2: "CPU 2"}
        assert log_text({"type": kind, "from": 2, "to": 0, "cards": ["S3"]}, names) == to_you
        assert log_text({"type": kind, "from": 0, "to": 2, "cards": ["S3"]}, names).startswith(you(lang) + " → CPU 2")


def _text(html: str) -> str:
    """What reads of ``html``: its text, a card's printed marks left out (its label reads)."""
    html = re.sub(r'<span[^>]*aria-hidden="true">.*?</span>', "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


@pytest.mark.parametrize("lang, line", [("en", "CPU 3 → you: Big Joker"), ("zh-hans", "CPU 3 → 你：大王"),
                                        ("ja", "CPU 3 → あなた：大王")])
def test_guandan_tribute_line_names_you_as_its_receiver(lang, line):
    engine = get_engine("guandan")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({3: ["BJ"]}))
    state, _ = engine.apply(state, 3, engine.legal_actions(state, 3)[0])  # CPU 3 pays its tribute to seat 0
    table = PracticeTable("guandan", {}, seed="within")
    table.room.state = state
    with i18n.use(lang):
        seats = table.shown_seats()
        field = table_screen(table.room, seats, seats[YOU], {YOU}).parts["field"]
    transfers = re.findall(r'<ul class="gd-transfers">(.*?)</ul>', field, re.S)
    assert [_text(li) for li in re.findall(r"<li>(.*?)</li>", transfers[0], re.S)] == [line]


def test_guandan_resisted_tribute_names_you_in_brackets():
    engine = get_engine("guandan")
    state, _ = engine.with_hands(between_hands([1, 2, 3, 0]), deal({0: ["BJ", "BJ"]}))
    assert state["tribute"]["anti"] and state["tribute"]["givers"] == [0]
    table = PracticeTable("guandan", {}, seed="within")
    table.room.state = state
    with i18n.use("en"):
        seats = table.shown_seats()
        log = _text(table_screen(table.room, seats, seats[YOU], {YOU}).parts["log"])
    assert "the giving side (you) holds both big jokers" in log


@pytest.mark.parametrize("lang, won, landlord, highest, trick", [
    ("en", "Hand 2: the landlord wins (you win)", "→ you (landlord)", "Highest bid 2 (you)", "You: "),
    ("zh-hans", "第2局结果：地主获胜（你赢了）", "→ 你（地主）", "最高叫分 2分（你）", "你 出的"),
    ("ja", "第2局の結果：地主の勝ち（あなたの勝ち）", "→ あなた（地主）", "入札中：最高 2（あなた）", "あなた の"),
])
def test_doudizhu_lines_name_you_within_a_sentence(lang, won, landlord, highest, trick):
    view = {"B": 2, "N": 0, "stake": 2, "hand_no": 2, "target": 30, "landlord": 0, "highest_bid": 2,
            "highest_bidder": 0, "bids": [{"seat": 0, "value": 2}], "winners": [0], "redeals": 0}
    result = {"landlord": 0, "winner": "landlord", "winners": [0], "hand_no": 2, "bid": 2, "doublings": 0,
              "bombs": 0, "points": 2, "spring": False, "anti_spring": False}
    with i18n.use(lang):
        names = {0: you(lang), 1: "CPU 1", 2: "CPU 2"}
        out = words(view, names, {"seat": 0, "type": "single"}, None, result, True, me=0)
        assert out["result_title"].striptags() == won  # (its closing brackets one piece: markup.brackets_whole)
        assert out["result_title"].endswith("）</span>") or out["result_title"].endswith(")</span>")
        assert out["landlord"] == landlord
        assert out["bidding"].striptags() == highest  # (its bracket one piece, try48)
        assert out["trick"].startswith(trick)  # at the line's start it stays You
        # another seat's landlord win reads as before
        other = words(view | {"landlord": 1}, names, None, None, result | {"landlord": 1}, False, me=0)
        assert "CPU 1" in other["result_title"]


@pytest.mark.parametrize("lang, said", [("en", "played by you"), ("zh-hans", "你 出的牌"), ("ja", "あなた が出しました")])
def test_daifugo_field_says_you_played_it(lang, said):
    table = PracticeTable("daifugo", {}, seed="within")
    engine = get_engine("daifugo")
    state = table.room.state
    assert state["phase"] == "play" and state["turn"] == YOU  # this seed's first turn is the practice seat's
    lead = next(a for a in engine.legal_actions(state, YOU) if a["type"] == "play")
    table.room.state, _ = engine.apply(state, YOU, lead)
    with i18n.use(lang):
        seats = table.shown_seats()
        html = table_screen(table.room, seats, seats[YOU], {YOU}).parts["field"]
    assert said in _text(html)


def test_a_titles_closing_brackets_are_one_piece_and_a_name_is_escaped():
    from tables.core.markup import brackets_whole

    assert str(brackets_whole("第1局结果：地主 CPU 2 获胜（你输了）")) == '第1局结果：地主 CPU 2 获胜<span class="whole">（你输了）</span>'
    assert str(brackets_whole("Hand 1: the landlord <b> wins (you lose)")) == 'Hand 1: the landlord &lt;b&gt; wins <span class="whole">(you lose)</span>'
    assert str(brackets_whole("no brackets <i>")) == "no brackets &lt;i&gt;"
