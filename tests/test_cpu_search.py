"""The shared つよい search (games.core.search): worlds keep every count and every known
card, the search is deterministic and keeps ふつう's choice unless another does better."""
import random

from games.core import search
from games.doudizhu import strong as dd_strong


def test_deal_unseen_keeps_own_hand_sizes_and_pinned_cards():
    hands = [[1, 2, 3], [4, 5, 6, 7], [8, 9], [10, 11, 12]]
    pinned = {1: [7], 3: [12, 99]}  # 99 is not in that hand (already played): ignored
    seen = set()
    for seed in range(30):
        out = search.deal_unseen(hands, 0, random.Random(seed), pinned)
        assert out[0] == [1, 2, 3]
        assert [len(h) for h in out] == [3, 4, 2, 3]
        assert sorted(sum(out[1:], [])) == list(range(4, 13))
        assert 7 in out[1] and 12 in out[3]
        seen.add(tuple(out[2]))
    assert len(seen) > 5  # the other cards really move


def test_ranked_and_first_of():
    a, b, c = {"type": "pass"}, {"type": "play", "cards": [2, 1]}, {"type": "play", "cards": [3]}
    assert search.ranked([a, b, c, b], c, 3) == [c, a, b]
    hints = [{"action": a}, {"action": {"type": "play", "cards": [1, 2]}}, {"action": c}]
    assert [h["action"] for h in search.first_of(hints, b)] == [hints[1]["action"], a, c]


class _Fixed(search.Adapter):
    """Dou Dizhu whose rollouts are judged by a table of values (to see the choice rule)."""

    engine = dd_strong.ADAPTER.engine

    def __init__(self, values):
        self.values = values

    def candidates(self, state, seat):
        return [{"type": "pass"}, {"type": "play", "cards": [state["hands"][seat][0]]}]

    def determinize(self, state, seat, rng):
        return dd_strong.ADAPTER.determinize(state, seat, rng)

    def finished(self, state):
        return True

    def value(self, state, seat):
        return self.values[state["trick"] is not None and state["trick"]["seat"] == seat]


def test_search_keeps_the_first_candidate_unless_another_gains_more_than_the_margin():
    from tests.doudizhu.util import act, table
    s = table(["3 4 5 6 8", "9 10 J Q", "K A 2 2"], landlord=0, turn=0)
    s = act(s, 0, "3")
    budget = search.Budget(samples=3, plies=100, horizon=10)
    assert search.search(_Fixed({False: 0.5, True: 0.5}), s, 1, budget) == {"type": "pass"}
    assert search.search(_Fixed({False: 0.4, True: 0.6}), s, 1, budget)["type"] == "play"
    wide = search.Budget(samples=3, plies=100, horizon=10, margin=0.3)
    assert search.search(_Fixed({False: 0.4, True: 0.6}), s, 1, wide) == {"type": "pass"}
