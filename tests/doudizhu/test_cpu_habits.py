"""The Dou Dizhu habits of issue 16, each from its position: the ふつう CPU no longer breaks
a bomb for a kicker-sized answer nor splits the rocket into single jokers."""
from games.doudizhu import ENGINE
from games.doudizhu.cpu import BREAK_COST, broken
from games.doudizhu.engine import RANK_OF

from .util import act, cards, table


def played(action):
    return sorted(RANK_OF[i] for i in action.get("cards", []))


def test_peasant_keeps_its_bomb_against_a_long_hand():
    # issue 16: a peasant holding 3347777JJQQQKK played a single 7 on the landlord's 5
    # with 15 cards still in the landlord's hand
    s = table(["5 3 4 6 8 9 10 J Q K A 2 2 6 8 9", "3 3 4 7 7 7 7 J J Q Q Q K K", "4 5 6 8 9 10 A"],
              landlord=0, turn=0)
    s = act(s, 0, "5")
    assert len(s["hands"][0]) == 15
    a = ENGINE.choose(s, 1)
    sevens = played(a).count(cards("7")[0])
    assert sevens in (0, 4), a


def test_rocket_is_not_split_to_beat_a_single():
    s = table(["2 3 4 6 7 8 9 10 J", "LJ BJ 3 3 5 6 8 8 9 9 J", "4 5 6 8 9 10 A"], landlord=0, turn=0)
    s = act(s, 0, "2")
    a = ENGINE.choose(s, 1)
    assert a == {"type": "pass"}


def test_rocket_and_bombs_still_used_when_an_opponent_is_about_to_go_out():
    s = table(["2 3", "LJ BJ 3 3 5 6 8 8 9 9 J", "4 5 6 8 9 10 A"], landlord=0, turn=0)
    s = act(s, 0, "2")
    a = ENGINE.choose(s, 1)
    assert a["type"] == "play" and set(played(a)) <= set(cards("LJ BJ")), a


def test_broken_counts_bombs_and_rockets_taken_in_part():
    c = [0] * 15
    for r in cards("7 7 7 7 LJ BJ 3"):
        c[r] += 1
    assert broken(c, cards("7")) == 1
    assert broken(c, cards("7 7 7 7")) == 0
    assert broken(c, cards("LJ")) == 1
    assert broken(c, cards("LJ BJ")) == 0
    assert broken(c, cards("3")) == 0
    assert BREAK_COST >= 1


def test_a_peasant_contests_the_landlords_low_single_at_one_turn_more():
    # bench/cpu_arena.py: peasants that let the landlord's cheap plays go won 72 % against
    # RLCard's rule agent; contesting when it costs at most a turn more won 81 %
    s = table(["4 3 6 8 10 Q K A 2 2 6 8 10 3 7 Q", "5 5 7 7 9 9 J J K K", "4 5 6 8 9 10 A"], landlord=0, turn=0)
    s = act(s, 0, "4")
    a = ENGINE.choose(s, 1)
    assert a["type"] == "play" and len(played(a)) == 1, a


def test_the_peasant_before_the_landlord_presses_its_partners_low_single():
    # seat 2 plays just before the landlord (seat 0): its lone K over the partner's 4 also
    # shortens its own hand, and the landlord must answer above a K
    s = table(["3 5 7 9 J A 2 6 8 10", "4 5 6 7 9 10 Q", "K 6 6 8 8 10 10"], landlord=0, turn=0)
    s = act(s, 0, "3")
    s = act(s, 1, "4")
    a = ENGINE.choose(s, 2)
    assert played(a) == cards("K"), a


def test_the_landlord_leads_a_trio_before_a_single_that_leaves_as_many_turns():
    s = table(["4 7 7 7 9 J J K K", "3 5 6 8 10 Q A", "3 5 6 8 10 Q A"], landlord=0, turn=0)
    a = ENGINE.choose(s, 0)
    assert len(played(a)) >= 3 and played(a).count(cards("7")[0]) == 3, a
