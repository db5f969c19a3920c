"""Property tests over whole CPU matches from random seeds (hypothesis): 108 cards are
conserved through tribute and return, illegal actions are refused without change, matches
end, replays are identical, and levels move only as seeds/000 §16–§17 (and the 003 A-rule
switch) allow."""
import json
import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st_

from games.core.errors import IllegalAction
from games.guandan import ENGINE
from games.guandan.cards import CODE, level_index
from games.guandan.combos import beats, classify
from games.guandan.levels import A_RULES, raise_level, team_of, partner
from games.guandan import tribute as T
from tests.hypothesis_scale import LONG, examples

# no shrinking phase: a whole match is slow to shrink, and the failing seed is printed
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=not LONG,
                phases=[Phase.explicit, Phase.reuse, Phase.generate])
HIGH = ["10", "J", "Q", "K", "A"]


def conserved(state):
    cards = [c for h in state["hands"] for c in h] + state["pile"]
    tr = state["tribute"]
    if tr and state["phase"] == "tribute":
        cards += list(tr["gifts"].values())
    return sorted(cards) == list(range(108))


def run_match(config, seed, check=None, max_steps=20000):
    state = ENGINE.new(config, seed)
    log = []
    for _ in range(max_steps):
        if ENGINE.is_over(state):
            return state, log
        seat = ENGINE.actors(state)[0]
        action = ENGINE.choose(state, seat)
        if check:
            check(state, seat, action)
        state, events = ENGINE.apply(state, seat, action)
        assert json.loads(json.dumps(events)) == events
        log.append((seat, action))
        assert conserved(state)
        if state["phase"] == "play" and state["trick"]["last"] is None:
            assert [len(h) for h in state["hands"]].count(0) == len(state["finished"])
    raise AssertionError("match did not end")


def check_levels(state, config):
    a_rule = config.get("a_rule", "a_required")
    levels = list(config.get("start_levels", ["2", "2"]))
    fails = [0, 0]
    for r in state["results"]:
        assert r["levels_before"] == levels
        order = r["order"]
        assert sorted(order) == [0, 1, 2, 3]
        win = team_of(order[0])
        delta = {1: 3, 2: 2, 3: 1}[order.index(partner(order[0]))]
        assert (r["winner_team"], r["delta"]) == (win, delta)
        expect = list(levels)
        expect[win] = raise_level(levels[win], delta)
        won = levels[win] == "A" and r["level"] == "A" and delta >= 2
        assert r["match_won"] is won
        if a_rule == "three_fail_reset":
            for t in (0, 1):
                if levels[t] == "A" and r["level"] == "A" and not (won and t == win):
                    fails[t] += 1
                    if fails[t] == 3:
                        expect[t], fails[t] = "2", 0
            assert r["a_fails_after"] == fails
        assert r["levels_after"] == expect
        levels = expect
        if not won:
            assert r["next_level"] == levels[win]
    assert state["results"][-1]["match_won"]
    assert all(not r["match_won"] for r in state["results"][:-1])


def is_equivalent_legal(state, seat, action):
    """The action is one of legal_actions or the same play with other suits."""
    legal = ENGINE.legal_actions(state, seat)
    if action in legal:
        return True
    def sig(a):
        if a["type"] == "play":
            return ("play", tuple(sorted(CODE[c][1:] if CODE[c] not in ("BJ", "LJ") else CODE[c]
                                          for c in a["cards"])), a.get("reading"))
        if "card" in a:
            return (a["type"], CODE[a["card"]])
        return (a["type"],)
    return sig(action) in {sig(a) for a in legal}


@settings(max_examples=examples(10), **SETTINGS)
@given(seed=st_.integers(0, 10**9), a_rule=st_.sampled_from(A_RULES),
       start=st_.tuples(st_.sampled_from(HIGH), st_.sampled_from(HIGH)))
def test_cpu_matches_conserve_end_replay_and_levels(seed, a_rule, start):
    config = {"a_rule": a_rule, "start_levels": list(start)}

    def check(state, seat, action):
        assert is_equivalent_legal(state, seat, action), action
        if state["phase"] == "play" and action["type"] == "play":
            last = state["trick"]["last"]
            if last and last["seat"] == partner(seat):
                # never beats the partner's play unless it goes out with it (003 tips)
                assert len(action["cards"]) == len(state["hands"][seat])

    final, log = run_match(config, seed, check)
    check_levels(final, config)
    again, log2 = run_match(config, seed)
    assert log2 == log
    assert json.dumps(again, sort_keys=True) == json.dumps(final, sort_keys=True)
    assert json.loads(json.dumps(final)) == final


def expected_legal(state, seat, action):
    """An independent statement of the rules for a random action."""
    ph = state["phase"]
    kind = action.get("type")
    if ph == "match_over":
        return False
    if kind == "next_hand":
        return ph == "hand_over"
    if seat is None:
        return False
    hand = state["hands"][seat]
    lv = level_index(state["hand_level"])
    if kind == "pass":
        return ph == "play" and state["turn"] == seat and state["trick"]["last"] is not None
    if kind == "play":
        cards = action["cards"]
        if ph != "play" or state["turn"] != seat or not cards:
            return False
        if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
            return False
        last = state["trick"]["last"]
        table = None
        if last:
            t, k, ty, n, rk, subs, suit = last["r"]
            table = classify(last["cards"], lv)
            table = next(r for r in table if (r.type, r.rank) == (ty, rk))
        return any(beats(r, table) for r in classify(cards, lv))
    if kind == "tribute":
        tr = state["tribute"]
        return (ph == "tribute" and seat in tr["givers"] and str(seat) not in tr["gifts"]
                and action["card"] in T.tribute_choices(hand, lv))
    if kind == "return":
        tr = state["tribute"]
        if ph != "return" or str(seat) in tr["returns"]:
            return False
        alloc = next((a for a in tr["alloc"] if a["to"] == seat), None)
        return alloc is not None and action["card"] in T.return_choices(hand, alloc["card"], lv)
    return False


def random_action(rnd, state, seat):
    hand = state["hands"][seat] if seat is not None else []
    r = rnd.random()
    if r < 0.08:
        return {"type": "pass"}
    if r < 0.12:
        return {"type": "next_hand"}
    if r < 0.2:
        return {"type": rnd.choice(["tribute", "return"]),
                "card": rnd.choice(hand) if hand and rnd.random() < 0.8 else rnd.randrange(108)}
    pool = list(hand)
    if rnd.random() < 0.1:
        pool.append(rnd.randrange(108))
    if not pool:
        return {"type": "pass"}
    k = rnd.choice([1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 8])
    return {"type": "play", "cards": [rnd.choice(pool) for _ in range(min(k, len(pool)))]
            if rnd.random() < 0.05 else rnd.sample(pool, min(k, len(pool)))}


@settings(max_examples=examples(25), **SETTINGS)
@given(seed=st_.integers(0, 10**9), steps=st_.integers(0, 400))
def test_random_actions_refused_unless_legal(seed, steps):
    rnd = random.Random(seed)
    state = ENGINE.new({"start_levels": [rnd.choice(HIGH), rnd.choice(HIGH)]}, seed)
    for _ in range(steps):
        if ENGINE.is_over(state):
            break
        s = ENGINE.actors(state)[0]
        state, _ = ENGINE.apply(state, s, ENGINE.choose(state, s))
    before = json.dumps(state, sort_keys=True)
    for _ in range(60):
        seat = rnd.choice([0, 1, 2, 3, None] + ENGINE.actors(state) * 3)
        action = random_action(rnd, state, seat)
        legal = expected_legal(state, seat, action)
        try:
            ENGINE.apply(state, seat, action)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted is legal, (action, seat, state["phase"])
        assert json.dumps(state, sort_keys=True) == before
    for seat in range(4):
        for a in ENGINE.legal_actions(state, seat)[:40]:
            ENGINE.apply(state, seat, a)   # every listed action is accepted


@settings(max_examples=examples(2), **SETTINGS)
@given(seed=st_.integers(0, 10**9))
def test_full_matches_from_level_two(seed):
    final, _ = run_match({}, seed)
    check_levels(final, {})
    assert json.loads(json.dumps(final)) == final
    for seat in range(4):
        v = ENGINE.view(final, seat)
        assert json.loads(json.dumps(v)) == v
