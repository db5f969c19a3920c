"""Guandan's result card tells its reader whether they won or lost, as Dou Dizhu's does
(tests/tables/test_doudizhu_newuser.py): the places said which seats won, but not whether
that was you (pure presentation: the practice table's renders)."""
import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU


def finished_hand() -> PracticeTable:
    """A practice table whose first hand the engine's CPUs played out (every seat)."""
    table = PracticeTable("guandan", {}, seed="outcome")
    engine, state = get_engine("guandan"), table.room.state
    for _ in range(2000):
        if state["phase"] != "play":
            break
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.choose(state, seat))
    table.room.state = state
    assert state["phase"] == "hand_over"
    return table


def result_title(table, seat) -> str:
    me = table.seats[seat]
    html = table_screen(table.room, table.seats, me, {YOU}).parts["result"]
    return re.search(r"<h2>(.*?)</h2>", html, re.S).group(1)


@pytest.mark.parametrize("lang, won, lost", [
    ("ja", "（あなたの勝ち）", "（あなたの負け）"),
    ("en", "(you win)", "(you lose)"),
    ("zh-hans", "（你赢了）", "（你输了）"),
])
def test_a_guandan_result_tells_each_reader_whether_they_won_or_lost(lang, won, lost):
    table = finished_hand()
    winners = table.room.state["results"][-1]["winner_team"]
    for seat in range(4):
        with i18n.use(lang):
            title = result_title(table, seat)
        i_won = seat % 2 == winners
        assert (won in title) == i_won and (lost in title) != i_won, (seat, title)
