"""Guandan's list of each hand's result (各局の結果, the side's #graveyard) says nothing
until a hand has ended (a new user: a replay of the first hand showed "Results by hand 0"
under the seats): hidden while empty, in a replay and at the live table; with results, its
count is theirs."""
import re

import pytest

from tables.core import i18n, replay
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU
from tests.tables.test_replay_viewer import one_hand, two_hands


def results_list(html: str) -> str:
    return re.search(r'<details id="graveyard"[^>]*>.*?</details>', html, re.S).group(0)


def hidden(part: str) -> bool:
    return bool(re.match(r'<details id="graveyard"[^>]*\shidden[\s>]', part))


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_a_replay_of_the_first_hand_shows_no_empty_results_list(lang):
    record, _ = one_hand("guandan")
    start = results_list(replay.viewer(record, 0, lang=lang))
    assert hidden(start), start
    end = results_list(replay.viewer(record, None, lang=lang))  # the hand's own result, once ended
    assert not hidden(end)
    with i18n.use(lang):
        assert i18n.gettext("各局の結果（%(n)s）") % {"n": 1} in end


def test_a_replay_of_a_later_hand_lists_the_hands_before_it():
    record, _ = two_hands("guandan")
    start = results_list(replay.viewer(record, 0))
    assert not hidden(start) and "各局の結果（1）" in start and start.count("<li>") == 1


def test_the_live_tables_first_hand_shows_no_empty_results_list():
    table = PracticeTable("guandan", {}, seed="results")
    part = table_screen(table.room, table.seats, table.seats[YOU], {YOU}).parts["graveyard"]
    assert hidden(results_list(part))
