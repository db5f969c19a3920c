"""Every refusal a game's engine can raise has words in the table's languages (found by a
new-user run: Guandan's 出す with no card chosen said "The request is malformed." online
and in practice; once it had its own code, its sentence fell back to the engine's Japanese
on English and Chinese tables, because Guandan's table had no words for the code)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import get_engine
from tables.core import i18n, words

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r'(?:IllegalAction|_refuse)\(\s*"(\w+)"')


def codes_of(game: str) -> set[str]:
    """The refusal codes written in ``game``'s engine package and the shared errors."""
    files = list((ROOT / "games" / game).rglob("*.py")) + [ROOT / "games" / "core" / "errors.py"]
    return {code for f in files for code in RAISED.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_every_refusal_code_has_the_tables_words(game):
    codes = codes_of(game)
    assert {"no_cards", "not_your_turn", "malformed"} <= codes
    missing = sorted(codes - set(words.words_for(game)))
    assert not missing, f"{game}: refusals shown in Japanese only: {missing}"


def test_playing_no_card_in_guandan_says_so_in_each_language():
    game = "guandan"
    engine = get_engine(game)
    state = engine.new({}, "words1")
    seat = engine.actors(state)[0]
    with pytest.raises(Exception) as refused:
        engine.apply(state, seat, {"type": "play", "cards": []})
    notice = refused.value.as_dict()
    said = {}
    for lang in ("ja", "en", "zh-hans"):
        with i18n.use(lang):
            said[lang] = words.notice_text(game, notice)
    assert notice["code"] == "no_cards", notice
    assert said == {"ja": "札が選ばれていません。", "en": "No cards are selected.", "zh-hans": "还没有选牌。"}, said
