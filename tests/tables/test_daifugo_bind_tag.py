"""Daifugō's 縛り tag always says what is bound (tables/daifugo status.html): a number bind
that reached the strongest rank (2, or 3 in a revolution) wants no next rank, and the tag
said only 縛り — then nothing but jokers can follow (games.daifugo.plays.satisfies_bind)."""
import re

import pytest

from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU


def bind_tag(bind: dict, lang: str) -> str:
    table = PracticeTable("daifugo", {"players": "4"}, seed="bind-tag")
    table.room.state["bind"] = bind
    with i18n.use(lang):
        html = table_screen(table.room, table.seats, table.seats[YOU], {YOU}).parts["status"]
    return re.sub(r"\s+", " ", re.search(r'<span class="flag bind">(.*?)</span>', html, re.S).group(1)).strip()


@pytest.mark.parametrize("lang, bound, jokers", [("ja", "縛り", "次はジョーカーだけ"),
                                                 ("en", "Bind", "next: jokers only"),
                                                 ("zh-hans", "缚", "下一张：只能出王")])
def test_a_number_bind_past_the_strongest_rank_says_only_jokers_follow(lang, bound, jokers):
    tag = bind_tag({"suits": None, "number": True, "next": None, "at": 15}, lang)
    assert tag.startswith(bound) and jokers in tag, tag


def test_the_other_binds_still_say_their_suits_and_rank():
    assert bind_tag({"suits": ["S", "H"], "number": True, "next": 8, "at": 7}, "ja") == "縛り ♠♥ 次は8"
    assert bind_tag({"suits": ["C"], "number": False, "next": None}, "ja") == "縛り ♣"
