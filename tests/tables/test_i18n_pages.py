"""Every table part of every game, in every phase a hand goes through, speaks the reader's
language (issue 14): an English render has no Japanese characters, a Chinese render no
kana (Daifugō's terms may keep their kanji in Chinese), user names excluded. Every refusal
code the engines and the room can raise has its words (tables.core.words), and every hint
names its play in the reader's language.

Hands are played by the practice table (tables.practice: seat 0 on 自動プレイ, the CPUs
on their timers) so that the phases come in the order a player meets them: the deal,
exchanges and tributes, bids, plays, stops and interrupts, a hand's result, the next hand.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import get_engine
from tables.core import i18n, words
from tables.core.screen import table_screen
from tables.practice import PracticeTable
from tests.tables.playthrough import played

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")  # kana, kanji, full-width forms
KANA = re.compile(r"[\u3040-\u30ff]")
NAMES = ("Ann", "CPU 1", "CPU 2", "CPU 3", "CPU 4", "CPU 5")
FOREIGN = {"en": JAPANESE, "zh-hans": KANA}

#: option sets that reach each game's phases (specials, 5–6 seats, tribute…)
TABLES = [
    ("daifugo", {"players": "4"}, "i18n-d4"),
    ("daifugo", {"players": "6"}, "i18n-d6"),
    ("daifugo", {"players": "5", "five_skip": "on", "ten_discard": "on"}, "i18n-d5"),
    ("guandan", {}, "i18n-g"),
    ("doudizhu", {}, "i18n-z"),
]
HANDS = 3  # hands played per table (the second and third begin with exchanges or tribute)


def foreign_words(html: str, lang: str) -> list[str]:
    """The runs of text in ``html`` the reader of ``lang`` should not see (names excluded)."""
    text = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    for name in NAMES:
        text = text.replace(name, "")
    bad = FOREIGN[lang]
    return sorted({m.group(0) for m in re.finditer(r"[^<>\"]{0,12}" + bad.pattern + r"[^<>\"]{0,12}", text)})


@pytest.mark.parametrize("game, form, seed", TABLES, ids=[t[2] for t in TABLES])
def test_every_table_part_in_every_phase_speaks_the_readers_language(game, form, seed):
    found: dict[str, set] = {"en": set(), "zh-hans": set()}
    seen = set()
    for t in played(game, form, seed, hands=HANDS):
        if t.room.version in seen:
            continue
        seen.add(t.room.version)
        me = t.seats[0]
        for lang in found:
            with i18n.use(lang):
                screen = table_screen(t.room, t.seats, me, {0}, asking="leave" if t.room.version % 2 == 0 else None)
            for name, html in screen.parts.items():
                found[lang].update(f"{name}: {w}" for w in foreign_words(html, lang))
    assert not found["en"] and not found["zh-hans"], "\n".join(
        f"{lang} {w}" for lang in found for w in sorted(found[lang]))


def raised_codes(game: str) -> set[str]:
    """The refusal codes in the sources of ``game``'s engine, the shared engine errors, the
    table (tables/) and the room (rooms/consumers.py)."""
    root = Path(__file__).resolve().parents[2]
    raising = [*(root / "games" / game).glob("*.py"), root / "games/core/errors.py", *(root / "tables").rglob("*.py")]
    noticing = [root / "rooms/consumers.py", root / "tables/core/moves.py"]  # notices built as dicts
    found = set()
    for f in raising + noticing:
        text = f.read_text(encoding="utf-8")
        found.update(re.findall(r'(?:IllegalAction|_refuse|Refused)\(\s*"([a-z][a-z_]+)"', text))
        found.update(re.findall(r'^[A-Z_]+ = \(\s*"([a-z][a-z_]+)",\s*"[^"]*[^\x00-\x7f]', text, flags=re.M))
        if f in noticing:
            found.update(re.findall(r'"code": "([a-z][a-z_]+)"', text))
    return found - {"hint"}


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_every_refusal_code_has_words(game):
    missing = sorted(raised_codes(game) - set(words.words_for(game)))
    assert missing == [], " ".join(missing)


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_every_refusal_and_hint_is_in_the_readers_language(game, lang):
    engine = get_engine(game)
    codes = words.words_for(game)
    untranslated = []
    with i18n.use(lang):
        for code in codes:
            text = words.notice_text(game, {"code": code, "ja": "?", "en": "?"})
            if FOREIGN[lang].search(text) or text == "?":
                untranslated.append((code, text))
    assert untranslated == [], "\n".join(f"{c}: {t}" for c, t in untranslated)
    table = PracticeTable(game, {"speed": "fast"}, name="Ann", seed="i18n-hints")
    state = table.room.state
    with i18n.use(lang):
        for hint in engine.hint(state, engine.actors(state)[0]) if engine.actors(state) else []:
            text = words.notice_text(game, {"code": "hint", "ja": hint["ja"], "action": {**hint["action"], "ja": hint["ja"]}})
            assert not FOREIGN[lang].search(text), text
