"""Daifugō's table in the reader's language (issue 14): the log is worded from the events
(tables.daifugo.present.log_text), in Japanese exactly as the engine's own lines; the
memos of the log, the seat rows and the graveyard keep one render per language; a
refusal that needs a count has it; hints give their reason."""
from __future__ import annotations

import re

from games import get_engine
from games.core.errors import IllegalAction
from games.daifugo.cpu import REASONS
from games.daifugo.present import describe, visible_events, visible_log
from tables.core import i18n, words
from tables.core.screen import table_screen
from tables.daifugo.present import HINT_JA, log_text
from tests.tables.playthrough import played

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def _played(seed: str, form: dict, steps: int = 400, games: int = 1):
    """A Daifugō practice table after each step, for ``games`` games."""
    return played("daifugo", form, seed, hands=games, steps=steps)


def test_japanese_log_lines_are_the_engines_own_and_others_have_no_japanese():
    seen_types = set()
    for form, seed in (({"players": "4"}, "words-4"), ({"players": "5", "five_skip": "on", "ten_discard": "on"}, "words-5")):
        for table in _played(seed, form):
            log = table.room.state["log"]
            events = visible_events(log, 0)
            assert len(events) == len(visible_log(log, 0))
            for _position, event in events:
                seen_types.add(event["type"])
                with i18n.use("ja"):
                    assert log_text(event, {}) == describe(event)["ja"]
                for lang in ("en", "zh-hans"):
                    with i18n.use(lang):
                        text = log_text(event, {})
                    # (a Chinese line may equal the Japanese one: 「P2：♣6 ♣7 ♣8 ♣9 ♣10 革命！」 is both)
                    if lang == "en":
                        assert not JAPANESE.search(text), text
                    else:
                        assert not re.search(r"[\u3040-\u30ff]", text), text
    assert {"deal", "lead", "play", "pass", "flush", "finish", "window"} <= seen_types


def test_a_render_in_one_language_never_leaks_into_another():
    tables = list(_played("words-leak", {"players": "4"}, steps=60))
    table = tables[-1]
    room, seats = table.room, table.seats

    def parts(lang):
        with i18n.use(lang):
            return table_screen(room, seats, seats[0], {0}).parts

    ja_first = parts("ja")
    en = parts("en")
    zh = parts("zh-hans")
    assert parts("ja") == ja_first
    for name in ("log", "seats", "graveyard", "status"):
        assert not JAPANESE.search(re.sub(r"Ann|CPU \d", "", str(en[name]))), (name, en[name])
        assert en[name] != ja_first[name] and zh[name] != en[name]
    assert "lang=\"ja\"" in ja_first["log"] and "lang=\"ja\"" not in en["log"]


def test_hint_reasons_are_the_cpus_own_sentences():
    assert {key: message for key, message in HINT_JA.items()} == {key: ja for key, (ja, _en) in REASONS.items()}


def test_a_count_refusal_says_its_count_in_each_language():
    engine = get_engine("daifugo")
    state = next(t.room.state for t in _played("words-count", {"players": "4"}, steps=900, games=2)
                 if t.room.state["exchange"])
    seat, pending = next((int(s), p) for s, p in state["exchange"].items())
    notice = None
    try:
        engine.apply(state, seat, {"type": "exchange", "cards": sorted(state["hands"][seat])[:pending["give"] + 1]})
    except IllegalAction as refusal:
        notice = refusal.as_dict()
    assert notice["code"] == "exchange_count" and notice["count"] == pending["give"]
    with i18n.use("en"):
        assert words.notice_text("daifugo", notice) == f"Choose {pending['give']} card(s)."
    with i18n.use("zh-hans"):
        assert words.notice_text("daifugo", notice) == f"请选{pending['give']}张牌。"
    with i18n.use("ja"):
        assert words.notice_text("daifugo", notice) == notice["ja"]


def test_english_log_lines_read_right_with_you_as_their_seat():
    """try40: the practice log said "You leads" (its seat is named You). Every line that
    names a seat reads right with You: no third-person verb after it."""
    you = {0: "You"}
    events = [{"type": t, "seat": 0} for t in ("pass", "timeout", "foul", "ochi", "lead", "interrupt",
                                                 "revolution_stopped", "revived", "skipped", "finish")]
    events[-1]["place"] = 1
    events += [{"type": "stop", "seat": 0, "cards": ["H3"]}, {"type": "counter", "seat": 0, "cards": ["S3"]},
               {"type": "window", "kind": "stop", "seat": 0, "effect": "eight_cut"}]  # not "You 8-cut (…)" (try41)
    with i18n.use("en"):
        lines = [log_text(e, you) for e in events]
    wrong = [line for line in lines if re.match(r"You (?:is|[a-z]+s)\b|You [^:]", line)]
    assert not wrong, lines
