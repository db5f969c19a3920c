"""Guandan's table words (issue 14): the names of plays, the level formula and the
refusals are built in tables/guandan from the engine's codes and fields; in Japanese they
read as the engine's own ``ja`` (what the table showed before; the level formula's reason
from the reader's side: the winners' team's places, try14), in English and
Chinese they carry no Japanese (no kana in Chinese) and use the tradition's terms."""
from __future__ import annotations

import random
import re

import pytest

from games import get_engine
from games.core.errors import IllegalAction
from games.guandan.cards import N_CARDS, RANK, RANK_INDEX, power
from games.guandan.combos import classify, describe
from games.guandan.levels import A_REQUIRED, THREE_FAIL_RESET, level_update
from tables.core import i18n, moves, words
from tables.guandan.present import PRESENTER, formula, play_name

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
KANA = re.compile(r"[\u3040-\u30ff]")
translated = pytest.mark.skipif(i18n.catalog("en").gettext("%(rank)sのペア") == "%(rank)sのペア",
                                reason="the catalogs are not compiled (pybabel compile -d locale -D django)")


def _readings(n_sets: int = 1500):
    """``(cards, level, reading)`` for random card sets of 1–10 cards that form a play."""
    rng = random.Random(14)
    found = []
    while len(found) < n_sets:
        level = rng.randrange(13)
        cards = rng.sample(range(N_CARDS), rng.choice((1, 2, 3, 4, 5, 5, 6, 6, 8)))
        if rng.random() < 0.6:  # steer toward sequences, full houses and bombs
            base, width = rng.randrange(13), rng.choice((1, 2, 3))
            pool = [c for c in range(104) if (c % 13 - base) % 13 < width]
            cards = rng.sample(pool, min(len(pool), rng.choice((3, 4, 5, 6, 6))))
        for r in classify(cards, level):
            found.append((cards, level, r))
    return found


def test_play_names_in_japanese_are_the_engines():
    kinds = set()
    for cards, _level, r in _readings():
        kinds.add(r.type)
        with i18n.use("ja"):
            assert play_name(r.token, cards) == describe(r)[0], (r, cards)
    assert {"single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb"} <= kinds


@translated
@pytest.mark.parametrize("lang, foreign", [("en", JAPANESE), ("zh-hans", KANA)])
def test_play_names_in_english_and_chinese(lang, foreign):
    with i18n.use(lang):
        for cards, _level, r in _readings(400):
            name = play_name(r.token, cards)
            assert not foreign.search(name), name
        assert play_name("joker_bomb:JOKERS", [104, 105, 106, 107]) == {"en": "Four jokers", "zh-hans": "天王炸（四王）"}[lang]
        assert play_name("tube:4", []) == {"en": "Tube 2–4", "zh-hans": "三连对 2–4"}[lang]
        assert play_name("pair:LJ", [106, 107]) == {"en": "Pair small joker", "zh-hans": "对小王"}[lang]


#: (levels, hand level, finishing order, A rule, failures): every branch of the formula
RESULTS = [
    (["2", "2"], "2", [0, 2, 1, 3], A_REQUIRED, None),      # partner 2nd: +3
    (["5", "9"], "5", [1, 0, 3, 2], A_REQUIRED, None),      # partner 3rd: +2
    (["4", "8"], "8", [0, 1, 3, 2], A_REQUIRED, None),      # partner 4th: +1
    (["K", "2"], "K", [0, 2, 1, 3], A_REQUIRED, None),      # capped at A
    (["A", "5"], "A", [0, 2, 1, 3], A_REQUIRED, None),      # match won 1-2
    (["A", "5"], "A", [0, 1, 2, 3], A_REQUIRED, None),      # match won 1-3
    (["A", "5"], "A", [0, 1, 3, 2], A_REQUIRED, None),      # 1-4 does not pass A
    (["A", "5"], "5", [0, 2, 1, 3], A_REQUIRED, None),      # not an A hand
    (["A", "5"], "A", [1, 3, 0, 2], THREE_FAIL_RESET, [2, 0]),  # the third failure: back to 2
]


@pytest.mark.parametrize("levels, hand_level, order, rule, fails", RESULTS)
def test_the_level_formula_in_japanese_is_the_engines(levels, hand_level, order, rule, fails):
    """The engine's sentences, its reason said by the winners' team's places (seed 000 §16:
    仲間が1・2位なら…): 味方が1・2位 for the winners, 1・2位 for anyone else (the engine's
    味方が2位 read as the loser's own partner)."""
    result = {"level": hand_level, "levels_before": list(levels), **level_update(levels, hand_level, order, rule, fails)}
    place = {3: "2位", 2: "3位", 1: "4位"}[result["delta"]]
    ours = result["ja"].replace(f"味方が{place}", f"味方が1・{place}", 1)
    with i18n.use("ja"):
        assert formula(result, True).replace("\u00a0", " ") == ours
        assert formula(result, False).replace("\u00a0", " ") == ours.replace("味方が", "", 1)
        assert formula(result).replace("\u00a0", " ") == ours.replace("味方が", "", 1)  # a spectator


@translated
@pytest.mark.parametrize("levels, hand_level, order, rule, fails", RESULTS)
def test_the_level_formula_in_english_and_chinese(levels, hand_level, order, rule, fails):
    result = {"level": hand_level, "levels_before": list(levels), **level_update(levels, hand_level, order, rule, fails)}
    with i18n.use("en"):
        en = formula(result).replace("\u00a0", " ")
    with i18n.use("zh-hans"):
        zh = formula(result).replace("\u00a0", " ")
    assert not JAPANESE.search(en) and not KANA.search(zh), (en, zh)
    before, after = result["levels_before"][result["winner_team"]], result["levels_after"][result["winner_team"]]
    assert f"{before} → {after}" in en and f"{before} → {after}" in zh
    if result["match_won"]:
        assert "match won" in en and "过A" in zh
    if result["reset_teams"]:
        assert "back to 2" in en and "退回2" in zh


def _too_weak() -> dict:
    """A real ``too_weak`` refusal: the next seat's weakest single on the table's single A."""
    engine = get_engine("guandan")
    state = engine.new({}, "words-1")
    seat = engine.actors(state)[0]
    lead = next(p for p in engine.legal_plays(state, seat) if p.reading.type == "single" and p.reading.rank == "A")
    state = engine.apply(state, seat, {"type": "play", "cards": list(lead.cards), "reading": lead.reading.token})
    state = state[0] if isinstance(state, tuple) else state
    nxt = engine.actors(state)[0]
    level = RANK_INDEX[state["hand_level"]]
    low = min(state["hands"][nxt], key=lambda c: power(RANK[c], level))  # its weakest card
    with pytest.raises(IllegalAction) as err:
        engine.apply(state, nxt, {"type": "play", "cards": [low]})
    return err.value.as_dict()


def test_too_weak_carries_the_tables_play_and_reads_as_before_in_japanese():
    notice = _too_weak()
    assert notice["code"] == "too_weak" and notice["table"] == "single:A" and len(notice["cards"]) == 1
    with i18n.use("ja"):
        assert words.notice_text("guandan", notice) == notice["ja"] == "場のAのシングルに勝てません。"


@translated
def test_too_weak_names_the_tables_play_in_the_readers_language():
    notice = _too_weak()
    with i18n.use("en"):
        assert words.notice_text("guandan", notice) == "That does not beat Single A on the table."
    with i18n.use("zh-hans"):
        assert words.notice_text("guandan", notice) == "管不上桌上的单张A。"


@translated
@pytest.mark.parametrize("lang, foreign", [("en", JAPANESE), ("zh-hans", KANA)])
def test_action_labels_of_tribute_return_and_pass(lang, foreign):
    with i18n.use(lang):
        for action in ({"type": "tribute", "card": 104}, {"type": "return", "card": 3}, {"type": "pass"},
                       {"type": "next_hand"}, {"type": "play", "cards": [0, 13], "reading": "pair:2"}):
            label = PRESENTER.action_label({**action, "ja": "日本語"})
            assert label and not foreign.search(label), (action, label)
    with i18n.use("ja"):
        assert PRESENTER.action_label({"type": "pass", "ja": "パス（この機会は見送る）"}) == "パス（この機会は見送る）"


def _hint_with(why_code: str):
    """(hint, game engine) of a fresh deal whose hints include one with ``why_code``."""
    engine = get_engine("guandan")
    for n in range(60):
        state = engine.new({}, f"w{n}")
        seat = engine.actors(state)[0]
        if why_code in ("keep", "partner"):  # someone leads; for "partner", the next one passes
            state, _ = engine.apply(state, seat, engine.choose(state, seat))
            seat = engine.actors(state)[0]
        if why_code == "partner":  # (the turn comes to the leader's partner)
            state, _ = engine.apply(state, seat, {"type": "pass"})
            seat = engine.actors(state)[0]
        for h in moves.hints("guandan", engine, state, seat):
            if (h.get("why") or {}).get("code") == why_code:
                return {**h["action"], "ja": h["ja"], "why": h["why"]}
    raise AssertionError(f"no {why_code} hint in 60 deals")


@pytest.mark.parametrize("lang, wild, keep", [
    ("en", " — wild as ", "Pass — you could beat it, but let this one go"),
    ("zh-hans", "。逢人配当作", "过。这次先不出"),
])
def test_a_hint_names_what_the_wild_stands_for_and_why_in_the_readers_language(lang, wild, keep):
    """The engine's reason travels as a code (games/guandan/engine.py ``hint``: ``why``),
    worded by the table (seed 003 §2: ヒント)."""
    with_wild, passing = _hint_with("wild"), _hint_with("keep")
    with i18n.use(lang):
        assert wild in words.hint_text("guandan", with_wild)
        assert words.hint_text("guandan", passing) == keep
    with i18n.use("ja"):
        assert words.hint_text("guandan", with_wild) == with_wild["ja"] and "扱い" in with_wild["ja"]


@pytest.mark.parametrize("lang, said", [
    ("ja", "パス（味方の札を通す）"),
    ("en", "Pass — the table is your partner's: let it stand"),
    ("zh-hans", "过。桌上是队友的牌，让他过"),
])
def test_a_hint_to_pass_on_a_partners_play_says_so(lang, said):
    """try48: thirteen hints in a row said "Pass — you could beat it, but let this one go"
    with no why. On one's partner's play the pass says the table is the partner's; on an
    opponent's it stays "let this one go"."""
    partner = _hint_with("partner")
    with i18n.use(lang):
        assert words.hint_text("guandan", partner) == said


def _bombs_only_hint():
    """(hint, its table's play) on a deal where an opponent's 大王 can be beaten only by a bomb."""
    engine = get_engine("guandan")
    for n in range(200):
        state = engine.new({}, f"b{n}")
        seat = engine.actors(state)[0]
        top = max((p for p in engine.legal_plays(state, seat) if p.reading.type == "single"),
                  key=lambda p: p.reading.sort_key())
        state, _ = engine.apply(state, seat, {"type": "play", "cards": list(top.cards), "reading": top.reading.token})
        nxt = engine.actors(state)[0]
        for h in moves.hints("guandan", engine, state, nxt):
            if (h.get("why") or {}).get("code") == "bombs_only":
                return {**h["action"], "ja": h["ja"], "why": h["why"]}, moves.hints("guandan", engine, state, nxt)
    raise AssertionError("no bombs_only hint in 200 deals")


@pytest.mark.parametrize("lang, said", [
    ("ja", "パス（勝てるのは爆弾だけなので温存）"),
    ("en", "Pass — only a bomb beats it: keep your bombs"),
    ("zh-hans", "过。只有炸弹压得住，留着炸弹"),
])
def test_a_hint_to_pass_when_only_bombs_beat_an_opponents_play_says_so(lang, said):
    """Note 43 (left): on an opponent's play the pass said only 这次先不出 / "let this one go", also
    when every play that beats it is a bomb (003 §11): it says that is why."""
    passing, hints = _bombs_only_hint()
    assert all("bomb" in h["action"]["reading"] or "straight_flush" in h["action"]["reading"]
               for h in hints if h["action"]["type"] == "play")
    with i18n.use(lang):
        assert words.hint_text("guandan", passing) == said


def test_the_results_list_is_not_named_like_the_replays_list():
    """try18: Guandan's side showed これまでの局を再生（2） beside これまでの局 0 (in English
    "Replay past hands (3)" beside "Past hands 1"): two lists, one name. The results list
    is 各局の結果 in every language, and no word of it names the replays' list."""
    from tables.core import i18n
    from tables.guandan.present import FORMATS

    for lang, replays in (("ja", "これまでの局を再生"), ("en", "Replay past hands"), ("zh-hans", None)):
        with i18n.use(lang):
            results = i18n.gettext(FORMATS["past_count"]) % {"n": 1}
            replays = replays or i18n.gettext("これまでの局を再生")
        assert results.split()[0].lower() not in replays.lower() and "これまでの局" not in results, (lang, results, replays)
