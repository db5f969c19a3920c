"""The host's ロビーへ on a result ends the match (the waiting room starts a new one), so
while the match would go on the button says what is lost (try18: Daifugō's standings went
back to 0 after ロビーへ without a word; Dou Dizhu's 新しいゲーム already said 全員0点).
Pure presentation: a table whose first hand the engine's CPUs played out, seen by a host of
a room that is not a practice."""
import re

import pytest

from games import get_engine
from games.core.engine import next_move
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU

SAID = {"daifugo": "ロビーへ（得点は0に戻ります）", "doudizhu": "ロビーへ（得点は0に戻ります）",
        "guandan": "ロビーへ（レベルは2に戻ります）"}


def first_hand_over(game: str) -> PracticeTable:
    table = PracticeTable(game, {}, seed="lobby-words")
    engine, state = get_engine(game), table.room.state
    for _ in range(3000):
        if state["phase"] in ("over", "hand_over", "match_over"):
            break
        seat, action = next_move(engine, state)
        state, _ = engine.apply(state, seat, action)
    assert state["phase"] in ("over", "hand_over"), state["phase"]
    table.room.state = state
    table.room.solo = False
    table.seats[0].is_host = True
    return table


def lobby_button(table, lang: str = "ja") -> str:
    with i18n.use(lang):
        html = table_screen(table.room, table.seats, table.seats[0], {YOU}).parts["result"]
    return re.search(r'<button[^>]*value="lobby"[^>]*>(.*?)</button>', html, re.S).group(1)


@pytest.mark.parametrize("game", ["daifugo", "doudizhu", "guandan"])
def test_the_hosts_lobby_button_says_what_the_match_loses(game):
    table = first_hand_over(game)
    assert lobby_button(table) == SAID[game]
    english = lobby_button(table, "en")
    assert english != SAID[game] and re.search(r"0|2", english), english
    assert lobby_button(table, "zh-hans") not in (SAID[game], english)
