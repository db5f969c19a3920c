"""Dou Dizhu's field names the play to beat with its rank, as Guandan's does (try42:
"Alice 2: Pair" said which type but not which pair): a pair, a trio, a four with what it
carries and a bomb by their rank, a straight, a pair chain and an airplane by their ranks
lowest to top, the rocket by its name (seed 001 §5–§13; pure presentation: the practice
table's render of its field)."""
import re

import pytest

from games import get_engine
from games.doudizhu.combos import rank_of
from games.doudizhu.engine import RANK_OF
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU

#: a play of seat 1 (CPU 1): its type and rank text, and its field line in ja / en / zh
PLAYS = [
    ("pair", "7 7", ("CPU 1 のペア 7", "CPU 1: Pair 7", "CPU 1 出的对子 7")),
    ("single", "BJ", ("CPU 1 の単札 大王", "CPU 1: Single Big Joker", "CPU 1 出的单张 大王")),
    ("trio_pair", "8 8 8 4 4", ("CPU 1 の3枚組 8＋ペア", "CPU 1: Trio 8 with a pair", "CPU 1 出的三带二 8")),
    ("straight", "3 4 5 6 7", ("CPU 1 のストレート 3–7", "CPU 1: Chain 3–7", "CPU 1 出的顺子 3–7")),
    ("pair_chain", "J J Q Q K K", ("CPU 1 の連続ペア J–K", "CPU 1: Pairs chain J–K", "CPU 1 出的连对 J–K")),
    ("airplane_single", "3 3 3 4 4 4 5 6", ("CPU 1 の飛行機 3–4＋単札", "CPU 1: Airplane 3–4 with singles",
                                            "CPU 1 出的飞机 3–4 带单张")),
    ("four_two_single", "6 6 6 6 2 3", ("CPU 1 の4枚 6＋単札2枚", "CPU 1: Four 6 with two singles", "CPU 1 出的四带二 6")),
    ("bomb", "9 9 9 9", ("CPU 1 のボム 9", "CPU 1: Bomb 9", "CPU 1 出的炸弹 9")),
    ("rocket", "LJ BJ", ("CPU 1 のロケット", "CPU 1: Rocket", "CPU 1 出的王炸")),
]


def _table_with_trick(kind: str, ranks: str, key: str):
    """A practice table where you are the landlord and CPU 1 has just played ``ranks``."""
    engine = get_engine("doudizhu")
    table = PracticeTable("doudizhu", {}, seed="trick-label")
    state = table.room.state
    while state["turn"] != YOU:
        state, _ = engine.apply(state, state["turn"], {"type": "bid", "value": 0})
    state, _ = engine.apply(state, YOU, {"type": "bid", "value": 3})
    used, ids = set(), []
    for r in ranks.split():
        i = next(i for i in range(54) if RANK_OF[i] == rank_of(r) and i not in used)
        used.add(i)
        ids.append(i)
    state = {**state, "turn": YOU, "passes": 0,
             "trick": {"seat": 1, "cards": ids, "type": kind, "key": rank_of(key), "size": len(ids)}}
    table.room.state = state
    return table


@pytest.mark.parametrize("kind, ranks, lines", PLAYS, ids=[p[0] for p in PLAYS])
def test_the_field_names_the_play_to_beat_with_its_rank(kind, ranks, lines):
    key = {"trio_pair": "8", "straight": "7", "pair_chain": "K", "airplane_single": "4",
           "four_two_single": "6", "rocket": "BJ"}.get(kind, ranks.split()[0])
    table = _table_with_trick(kind, ranks, key)
    for lang, line in zip(("ja", "en", "zh-hans"), lines):
        with i18n.use(lang):
            field = table_screen(table.room, table.seats, table.seats[YOU], {YOU}, only=("field",)).parts["field"]
        said = re.search(r'<p class="muted">(.*?)</p>', str(field), re.S)
        assert said and re.sub(r"<[^>]+>", "", said.group(1)) == line, (lang, said and said.group(1))
        if kind != "rocket":  # the play's name and rank unbroken (try43: "Chain 7– / K")
            assert re.search(r'<span class="whole">[^<]+</span>$', said.group(1)), (lang, said.group(1))
