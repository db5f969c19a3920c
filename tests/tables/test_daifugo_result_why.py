"""A Daifugō result says why a place is low (try50: the 大富豪 who fell read only
"大貧民 +0点" with no reason): 都落ち and 反則上がり each get their reason under the
player's line, in the reader's language (seed 004 §4; rules/daifugo.md)."""
import copy
import re

import pytest

from tables.core import i18n
from tests.tables.playthrough import played
from tests.tables.test_newuser_fixes import screen

WHY = {"ja": ("都落ち：前の大富豪が1位で上がれなかったので最下位", "反則上がり：反則の札で上がったので下の順位"),
       "en": ("Miyako-ochi: the previous Daifugō did not go out first, so last place",
              "Foul finish: went out on a forbidden card, so a low place"),
       "zh-hans": ("都落：上一局的大富豪没有第一个出完，所以排最后", "反则上岸：用犯规的牌出完，所以名次靠后")}


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_a_fallen_daifugo_and_a_foul_finish_are_told_why_in_the_result(lang):
    table = next(t for t in played("daifugo", {}, "why-1") if t.room.state["phase"] == "over")
    places = table.room.state["places"]
    fell, fouled = places[-1], places[-2]
    with i18n.use(lang):
        plain = screen(table)["result"]
        assert "class=\"why\"" not in plain  # a game ended with neither
        state = copy.deepcopy(table.room.state)  # a new state object: the views are made once per state
        state["ochi"], state["fouls"] = fell, [fouled]
        table.room.state = state
        html = screen(table)["result"]
    items = re.findall(r"<li>(.*?)</li>", html, re.S)
    assert len(items) == len(places)
    ochi, foul = WHY[lang]
    assert items[-1].count(ochi) == 1 and foul not in items[-1]  # the last place's line, the fallen one
    assert items[-2].count(foul) == 1 and ochi not in items[-2]
    assert all("class=\"why\"" not in li for li in items[:-2])
