"""Guandan's result card and its past hands as each seat reads them (try14's new-user test):
the level formula's reason is said from the reader's side — the winners read their own
team's places (味方が1・2位なので…), the losers the winning team's, after the words that
name it (1・3番の勝ち：1・2位なので…), never 味方 / "your team" / 己方 for the other team —
and the rise is said once ("+3: 2 → 5", not "+3: 2 → 5 +3"). Seed 000 §16 (仲間が1・2位なら
3級、1・3位なら2級、1・4位なら1級上がります). Pure presentation: the practice table's renders."""
from __future__ import annotations

import html
import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU

#: the words that say "our side" in each language (the status bar's （味方） / (ally) / （己方）
#: and the formula's)
OURS = {"ja": ("味方",), "en": ("your team", "partner", "ally"), "zh-hans": ("己方", "队友", "我方")}
#: the winning team's places as the formula says them (by the rise), in each language
PLACES = {"ja": {3: "1・2位", 2: "1・3位", 1: "1・4位"},
          "en": {3: "1st and 2nd", 2: "1st and 3rd", 1: "1st and last"},
          "zh-hans": {3: "头游和二游", 2: "头游和三游", 1: "头游和末游"}}
#: the words that name the winning team (tables.guandan.present FORMATS won_by, past_won)
WON_BY = {"ja": "{team}の勝ち", "en": "{team} win", "zh-hans": "{team}获胜"}
TEAMS = {"ja": ("1・3番", "2・4番"), "en": ("Seats 1 & 3", "Seats 2 & 4"), "zh-hans": ("1、3号位", "2、4号位")}


def played_out(seed: str, hands: int = 1) -> PracticeTable:
    """A practice table whose first ``hands`` hands the engine's CPUs played out (every
    seat), left at the last one's result."""
    table = PracticeTable("guandan", {}, seed=seed)
    engine, state = get_engine("guandan"), table.room.state
    for _ in range(20000):
        if state["phase"] == "hand_over" and len(state["results"]) >= hands:
            break
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.choose(state, seat))
    table.room.state = state
    assert state["phase"] == "hand_over" and len(state["results"]) == hands
    return table


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).replace("\u00a0", " ").replace("\u2060", "")


def parts(table, seat: int) -> dict:
    return table_screen(table.room, table.seats, table.seats[seat], {YOU}).parts


#: seeds whose first hand ends 1-2, 1-3 and 1-4 (each rise, checked below)
SEEDS = ("outcome", "sides-1", "sides-2", "sides-3", "sides-4", "sides-5", "sides-6")


@pytest.fixture(scope="module")
def tables_by_rise() -> dict:
    found = {}
    for seed in SEEDS:
        table = played_out(seed)
        found.setdefault(table.room.state["results"][-1]["delta"], table)
    assert set(found) == {1, 2, 3}, f"the seeds cover the rises {sorted(found)} only: add seeds"
    return found


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
@pytest.mark.parametrize("rise", [3, 2, 1])
def test_each_seat_reads_the_level_formula_from_its_own_side(tables_by_rise, lang, rise):
    table = tables_by_rise[rise]
    result = table.room.state["results"][-1]
    win = result["winner_team"]
    before, after = result["levels_before"][win], result["levels_after"][win]
    for seat in range(4):
        with i18n.use(lang):
            card = parts(table, seat)["result"]
        line = text(re.search(r'<p class="gd-formula">(.*?)</p>', card, re.S).group(1))
        where = f"{lang}, seat {seat + 1} ({'won' if seat % 2 == win else 'lost'}): {line!r}"
        assert WON_BY[lang].format(team=TEAMS[lang][win]) in line, where
        assert PLACES[lang][rise] in line and f"{before} → {after}" in line, where
        ours = [w for w in OURS[lang] if w in line.lower()]
        if seat % 2 == win:
            assert ours, f"the winners are not told it is their team: {where}"
        else:
            assert not ours, f"the losers read the winners' team as theirs: {where}"
        # the rise is said once ("+3", in Chinese "升3级"), and no other "+N" follows it
        said = re.findall(rf"\+{result['delta']}(?!\d)|升{result['delta']}级", line)
        assert len(said) == 1 and line.count("+") == (said[0].startswith("+")), where


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_past_hands_name_the_winning_team_and_read_from_each_side(lang):
    """The list of past hands (graveyard) names each hand's winning team and reads its
    formula from the reader's side, as the result card does."""
    table = played_out("sides-past", hands=2)
    results = table.room.state["results"]
    for seat in range(4):
        with i18n.use(lang):
            past = parts(table, seat)["graveyard"]
        lines = [text(li) for li in re.findall(r"<li>(.*?)</li>", past, re.S)]
        assert len(lines) == 2, past
        for line, r in zip(lines, results):
            where = f"{lang}, seat {seat + 1}: {line!r}"
            assert WON_BY[lang].format(team=TEAMS[lang][r["winner_team"]]) in line, where
            ours = [w for w in OURS[lang] if w in line.lower()]
            assert bool(ours) == (seat % 2 == r["winner_team"]), where
