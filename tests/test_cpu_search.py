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


class _Three(_Fixed):
    """Three candidates (pass, the lowest card, the next), each judged by its own value;
    ``seen`` counts the rollouts each one was given."""

    def candidates(self, state, seat):
        hand = state["hands"][seat]
        return [{"type": "pass"}] + [{"type": "play", "cards": [c]} for c in hand[:2]]

    def value(self, state, seat):
        trick = state["trick"]
        key = None if trick is None or trick["seat"] != seat else trick["cards"][0]
        self.seen[key] = self.seen.get(key, 0) + 1
        return self.values[key]


def _three_state():
    from tests.doudizhu.util import act, table
    s = table(["3 4 5 6 8", "9 10 J Q", "K A 2 2"], landlord=0, turn=0)
    return act(s, 0, "3")


def test_prune_drops_a_trailing_candidate_but_never_the_first():
    s = _three_state()
    low, high = s["hands"][1][:2]
    adapter = _Three({None: 0.0, low: 0.9, high: 0.1})
    adapter.seen = {}
    budget = search.Budget(samples=4, plies=100, horizon=10, prune=0.5)
    assert search.search(adapter, s, 1, budget) == {"type": "play", "cards": [low]}
    assert adapter.seen == {None: 4, low: 4, high: 1}  # the pass (ふつう's) is kept all along
    adapter.seen = {}
    search.search(adapter, s, 1, search.Budget(samples=4, plies=100, horizon=10))
    assert adapter.seen == {None: 4, low: 4, high: 4}  # no pruning by default


def test_min_worlds_keeps_the_first_candidate_without_enough_evidence():
    s = _three_state()
    low, high = s["hands"][1][:2]
    adapter = _Three({None: 0.0, low: 0.9, high: 0.1})
    adapter.seen = {}
    assert search.search(adapter, s, 1, search.Budget(samples=3, plies=100, horizon=10,
                                                      min_worlds=3))["cards"] == [low]
    assert search.search(adapter, s, 1, search.Budget(samples=3, plies=100, horizon=10,
                                                      min_worlds=4)) == {"type": "pass"}
    # worlds of 3 plies (3 candidates, rollouts of none): 7 plies hold 2, not 3; the search
    # stops after the first world
    adapter.seen = {}
    short = search.Budget(samples=8, plies=7, horizon=10, min_worlds=3)
    assert search.search(adapter, s, 1, short) == {"type": "pass"}
    assert adapter.seen == {None: 1, low: 1, high: 1}


class _Costly(_Three):
    """Rollouts of two ふつう moves, each costing ``cost`` budget units; every rollout is
    counted and judged alike."""

    def __init__(self, cost):
        self.cost, self.rollouts = cost, 0

    def finished(self, state):
        return state["step"] >= self.start + 3  # the candidate, then two moves

    def work(self, state):
        return self.cost

    def value(self, state, seat):
        self.rollouts += 1
        return 0.5


def test_the_budget_counts_each_move_by_the_adapters_work():
    s = _three_state()
    budget = search.Budget(samples=8, plies=72, horizon=10)
    for cost, worlds in ((1, 8), (5, 2)):  # a world: 3 × (1 + 2 × cost) units
        adapter = _Costly(cost)
        adapter.start = s["step"]
        search.search(adapter, s, 1, budget)
        assert adapter.rollouts == 3 * worlds


def test_a_world_that_overruns_the_budget_before_min_worlds_ends_the_search():
    s = _three_state()
    adapter = _Costly(5)  # 11 units a candidate: the second one passes 20
    adapter.start = s["step"]
    budget = search.Budget(samples=8, plies=20, horizon=10, min_worlds=2)
    assert search.search(adapter, s, 1, budget) == {"type": "pass"}
    assert adapter.rollouts == 2


class _Picky(_Fixed):
    """Worlds are consistent only when seat 2 holds ``card``; ``asked`` counts the checks."""

    def __init__(self, card):
        super().__init__({False: 0.5, True: 0.5})
        self.card, self.asked = card, 0

    def consistent(self, world, seat):
        self.asked += 1
        return self.card in world["hands"][2]


def test_deal_world_deals_again_while_the_world_is_not_consistent():
    s = _three_state()
    card = s["hands"][2][0]
    adapter = _Picky(card)
    world, checked = search.deal_world(adapter, s, 1, random.Random(1), 0)
    assert (checked, adapter.asked) == (0, 0)  # redeals=0: never asked
    for seed in range(10):
        adapter.asked = 0
        world, checked = search.deal_world(adapter, s, 1, random.Random(seed), 50)
        assert card in world["hands"][2] and checked == adapter.asked >= 1
        assert world["hands"][1] == s["hands"][1]


class _Graded(_Fixed):
    """A world explains as many of ``cards`` as seat 2 holds, counted in order up to the
    first it lacks; each check costs 3 plies."""

    def __init__(self, cards):
        super().__init__({False: 0.5, True: 0.5})
        self.cards, self.seen = cards, []

    def fit(self, world, seat):
        n = 0
        for c in self.cards:
            if c not in world["hands"][2]:
                break
            n += 1
        self.seen.append((n, world["hands"][2]))
        return n == len(self.cards), n, 3.0


def test_deal_world_keeps_the_world_that_explains_most_when_none_is_whole():
    s = _three_state()
    pool = sorted(s["hands"][0] + s["hands"][2])
    wanted = [c for c in pool if c not in s["hands"][2]][:1] + list(s["hands"][2])
    adapter = _Graded(wanted)  # seat 2 can never hold all of them: no world is whole
    world, cost = search.deal_world(adapter, s, 1, random.Random(3), 6)
    assert cost == 18.0 and len(adapter.seen) == 6
    best = max(n for n, _ in adapter.seen)
    first_best = next(h for n, h in adapter.seen if n == best)
    assert best >= 1 and world["hands"][2] == first_best


def test_deal_world_keeps_the_last_world_dealt_when_none_explains_anything():
    s = _three_state()
    adapter = _Picky(-1)  # no card -1: all or nothing, never whole
    world, cost = search.deal_world(adapter, s, 1, random.Random(5), 4)
    again, fresh = random.Random(5), _Picky(-1)
    for _ in range(5):  # the first deal and four more, each after a failed check
        last = fresh.determinize(s, 1, again)
    assert cost == 4.0 and adapter.asked == 4 and world["hands"] == last["hands"]


def _doudizhu_positions(deals):
    """Dou Dizhu positions of ふつう games where the landlord is to play after some play."""
    from games import get_engine
    engine = get_engine("doudizhu")
    for d in deals:
        s = engine.new({}, f"infer:{d}")
        s, _ = engine.apply(s, s["turn"], {"type": "bid", "value": 3})
        while s["phase"] == "play":
            seat = engine.actors(s)[0]
            if seat == s["landlord"] and len(s["history"]) >= 4:
                yield s
            s, _ = engine.apply(s, seat, engine.choose(s, seat))


def test_the_true_hands_explain_every_choice_the_normal_peasants_made():
    checked = 0
    for s in _doudizhu_positions(range(6)):
        ll = s["landlord"]
        points = dd_strong.choice_points(s, ll)
        assert len(points) == sum(1 for h in s["history"] if h["seat"] != ll)
        assert {who for _, who, _ in points} <= {0, 1, 2} - {ll}
        assert dd_strong.explained(points) == len(points)
        assert dd_strong.ADAPTER.fit(s, ll)[:2] == (True, min(len(points), dd_strong.EXPLAIN))
        checked += 1
    assert checked > 20


def test_a_landlords_world_that_contradicts_a_peasants_choice_is_not_whole():
    contradicted = 0
    for s in _doudizhu_positions(range(3)):
        ll = s["landlord"]
        rng = random.Random(len(s["history"]))
        for _ in range(5):
            world = dd_strong.ADAPTER.determinize(s, ll, rng)
            whole, n, cost = dd_strong.ADAPTER.fit(world, ll)
            limit = min(dd_strong.EXPLAIN, len(dd_strong.choice_points(s, ll)))
            assert 0 <= n <= limit and cost == min(n + 1, limit)
            if not whole:
                contradicted += 1
                assert n < limit
                seen, who, ranks = dd_strong.choice_points(world, ll)[n]
                action = dd_strong.cpu.choose_normal(seen, who)
                assert (None if action["type"] == "pass" else dd_strong._ranks(action["cards"])) != ranks
    assert contradicted > 10  # most uniform worlds do not explain six choices


def test_a_peasants_worlds_are_not_checked():
    s = next(_doudizhu_positions([0]))
    peasant = (s["landlord"] + 1) % 3
    assert dd_strong.ADAPTER.fit(s, peasant) == (True, 0, 0.0)


def test_passes_hold_asks_the_normal_cpu_and_leaves_the_turn():
    s = _three_state()  # seat 0 led a 3; seat 1 to play, seat 2 holds K A 2 2
    engine = dd_strong.ADAPTER.engine
    assert search.passes_hold(engine, s, []) is True
    assert search.passes_hold(engine, s, [2]) is (engine.choose(dict(s, turn=2), 2)["type"] == "pass")
    assert s["turn"] == 1


def test_daifugo_rollouts_stop_once_the_seat_is_out():
    from games.daifugo import strong as df_strong
    from games.daifugo.engine import DaifugoEngine
    s = DaifugoEngine().new({}, "settled")
    a = df_strong.ADAPTER
    assert not a.settled(s, 0)
    s["finished"] = [2]
    assert a.settled(s, 2) and not a.settled(s, 0)
    assert a.value(s, 2) == 1.0
