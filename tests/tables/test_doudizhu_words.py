"""Dou Dizhu's own words in the reader's language (issue 14): its refusals name the play
to beat by its type's code, hints and buttons name a play from its cards, and the
Japanese stays the engine's own sentence (seeds/001 §3, §5–§15, §21)."""
from __future__ import annotations

import re

import pytest

from games import get_engine
from games.core.errors import no_cards
from games.doudizhu import errors as E
from games.doudizhu.combos import BJ, LJ, TWO, Combo
from games.doudizhu.engine import DECK, hand_counts
from tables.core import i18n, moves, words
from tables.doudizhu.present import PRESENTER, log_lines

REFUSED = [E.wrong_phase(), E.bid_too_low(2), E.cannot_pass(), no_cards(), E.not_a_combination(),
           E.type_mismatch(Combo("airplane_single", 5, 8)), E.too_weak(Combo("single", 14, 1)),
           E.hand_over(), E.hand_not_over()]


def ids(*ranks: str) -> list[int]:
    """Card ids of the given ranks (the first unused card of each)."""
    out = []
    for r in ranks:
        out.append(next(i for i, c in enumerate(DECK.cards) if c.rank == r and i not in out))
    return out


@pytest.mark.parametrize("exc", REFUSED, ids=lambda e: e.code)
def test_a_refusal_reads_in_japanese_as_the_engine_says_it(exc):
    with i18n.use("ja"):
        assert words.notice_text("doudizhu", exc.as_dict()) == exc.ja


@pytest.mark.parametrize("lang, mismatch, weak, low", [
    ("en", "On the table: Airplane with single wings, 8 cards.", "the table's Single (Big Joker)", "highest bid is 2"),
    ("zh-hans", "桌上是飞机带单张翅膀（8张）", "桌上的单张（大王）", "最高叫分是2分"),
])
def test_a_refusal_names_the_play_to_beat_in_the_readers_terms(lang, mismatch, weak, low):
    with i18n.use(lang):
        said = {e.code: words.notice_text("doudizhu", e.as_dict()) for e in REFUSED}
    assert mismatch in said["type_mismatch"]
    assert weak in said["too_weak"]
    assert low in said["bid_too_low"]


@pytest.mark.parametrize("lang, pair, rocket, bid, no_bid", [
    ("en", "Pair 7 7", "Rocket Small Joker Big Joker", "Bid 2", "No bid"),
    ("zh-hans", "对子 7 7", "王炸 小王 大王", "叫2分", "不叫"),
])
def test_a_play_or_a_bid_is_named_from_its_cards_or_value(lang, pair, rocket, bid, no_bid):
    with i18n.use(lang):
        assert PRESENTER.action_label({"type": "play", "cards": ids("7", "7")}) == pair
        assert PRESENTER.action_label({"type": "play", "cards": ids("BJ", "LJ")}) == rocket
        assert PRESENTER.action_label({"type": "bid", "value": 2}) == bid
        assert PRESENTER.action_label({"type": "bid", "value": 0}) == no_bid


def test_a_hint_names_the_reading_that_answers_the_play_to_beat():
    """333444 + 5 + 6 reads as an airplane with single wings (§11); a hint on a free lead
    names that type, and its label in Japanese stays the engine's sentence."""
    engine = get_engine("doudizhu")
    state = engine.new(seed=7)
    seat = state["turn"]
    hints = PRESENTER.hints(engine, state, seat, engine.hint(state, seat))
    assert [h["action"]["type"] for h in hints][:1] == ["bid"]  # bidding: no play to name
    cards = ids("3", "3", "3", "4", "4", "4", "5", "6")
    play = {**state, "phase": "play", "turn": seat, "trick": None, "hands": [cards if s == seat else h for s, h in enumerate(state["hands"])]}
    named = PRESENTER.hints(engine, play, seat, [{"action": {"type": "play", "cards": cards}, "ja": "x", "en": "x"}])
    assert named[0]["action"]["combo"] == "airplane_single"
    with i18n.use("en"):
        assert PRESENTER.action_label(named[0]["action"]) == "Airplane with single wings 3 3 3 4 4 4 5 6"
    with i18n.use("ja"):
        assert PRESENTER.action_label({**named[0]["action"], "ja": "飛行機の文"}) == "飛行機の文"


@pytest.mark.parametrize("lang, mine, theirs", [
    ("en", "You are the landlord (B = 3)", "CPU 1 is the landlord (B = 3)"),
    ("zh-hans", "你成为地主（B＝3）", "CPU 1 成为地主（B＝3）"),
    ("ja", "あなたが地主（B＝3）", "CPU 1 が地主（B＝3）"),
])
def test_the_landlord_line_speaks_to_the_reader_when_the_reader_is_the_landlord(lang, mine, theirs):
    view = {"bids": [], "landlord": 1, "B": 3, "history": []}
    with i18n.use(lang):
        you = i18n.catalog(i18n.supported(lang)).gettext("あなた")
        assert log_lines(view, {0: "CPU 0", 1: you}, me=1) == [mine]
        assert log_lines(view, {0: you, 1: "CPU 1"}, me=0) == [theirs]


@pytest.mark.parametrize("lang, said", [
    ("en", "Hint: No bid — recommended (jokers and 2s ×"),
    ("zh-hans", "提示：不叫。推荐，因为大小王和2共"),
    ("ja", "ヒント：入札しない（おすすめ）。ジョーカーと2が"),
])
def test_a_hint_gives_its_reason_in_the_readers_language(lang, said):
    """The engine's reason travels as a code (games/doudizhu/cpu.py ``hints``: ``why``)
    and is worded by the table (seed 001 §21: a hint says why); Japanese shows the engine's
    own sentence. One colon, the hint's own (try44: 「ヒント：1で入札（おすすめ）：…」)."""
    engine = get_engine("doudizhu")
    state = engine.new({}, "h1")
    seat = engine.actors(state)[0]
    with i18n.use(lang):
        notice, _ = moves.next_hint("doudizhu", engine, state, seat, [])
        text = words.notice_text("doudizhu", notice)
    assert text.startswith(said) and (lang == "ja" or "入札" not in text)  # none of the engine's Japanese
    assert text.count("：") + text.count(":") == 1, text
    # what the bid weighs, not the plays alone (try43: "5 plays at best" did not say why not to bid)
    counts = hand_counts(state["hands"][seat])
    high = counts[LJ] + counts[BJ] + counts[TWO]
    assert f"{high}" in text and ("bombs" in text or "炸弹" in text or "ボム" in text), text


@pytest.mark.parametrize("lang, none_yet, again", [
    ("ja", "入札中：まだ入札はありません", "全員が入札しないと配り直し"),
    ("en", "No bids yet", "dealt again"),
    ("zh-hans", "还没有人叫分", "重新发牌"),
])
def test_the_bidding_line_says_a_deal_nobody_bids_on_is_dealt_again(lang, none_yet, again):
    """try18: 「まだ入札はありません」 beside two seats' 入札しない. Once someone has passed
    with no bid yet, the line adds that a deal nobody bids on is dealt again (seed 001 §3)."""
    from tables.core import i18n
    from tables.doudizhu.present import bidding_line

    with i18n.use(lang):
        first = bidding_line({"highest_bid": 0, "highest_bidder": None, "bids": []}, {})
        passed = bidding_line({"highest_bid": 0, "highest_bidder": None, "bids": [{"seat": 1, "value": 0}]}, {})
        bid = bidding_line({"highest_bid": 2, "highest_bidder": 1, "bids": [{"seat": 1, "value": 2}]}, {1: "CPU 1"})
    assert none_yet in first and again not in first
    assert none_yet in passed and again in passed
    assert "CPU 1" in bid and again not in bid
    assert re.search(r'<span class="whole"[^>]*>[（(]CPU 1[）)]</span>$', str(bid)), bid  # the bracket never broken (try48)
