"""Property tests over whole CPU games (hypothesis): cards are conserved, illegal plays are
never accepted, every game ends, and the same seed replays byte for byte."""
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import step
from games.core.errors import IllegalAction
from games.daifugo import ENGINE
from games.daifugo.cards import DECK, N_CARDS

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(state) -> list[int]:
    cards = [c for h in state["hands"] for c in h] + state["surplus"] + state["graveyard"]
    if state["field"]:
        cards += state["field"]["cards"]
    return cards


def check_invariants(state) -> None:
    cards = all_cards(state)
    assert sorted(cards) == list(range(N_CARDS)), Counter(cards).most_common(2)
    n = state["players"]
    if state["pending"]:
        assert len(state["hands"][state["pending"]["seat"]]) >= state["pending"]["count"] >= 1
    if state["window"]:
        assert len(state["window"]["chain"]) < 3
    if state["phase"] == "play" and not state["window"] and not state["pending"]:
        t = state["turn"]
        assert state["hands"][t], "the seat to act holds cards"
        assert not state["passed"][t]
        holding = [s for s in range(n) if state["hands"][s]]
        assert len(holding) >= 2
    if state["phase"] == "over":
        assert sorted(state["places"]) == list(range(n))


def multiset(cards):
    return tuple(sorted(DECK.codes(cards)))


def probe_illegal(state, rng: random.Random) -> None:
    """A random selection from a random seat is accepted exactly when it is a legal play."""
    seat = rng.randrange(state["players"])
    hand = state["hands"][seat]
    if not hand:
        return
    pick = rng.sample(hand, rng.randint(1, min(len(hand), 5)))
    legal = {multiset(a["cards"]) for a in ENGINE.legal_actions(state, seat)
             if a["type"] == "play" and a["mode"] == "plain"}
    before = json.dumps(state, sort_keys=True)
    try:
        ENGINE.apply(state, seat, {"type": "play", "cards": pick})
        accepted = True
    except IllegalAction:
        accepted = False
    assert json.dumps(state, sort_keys=True) == before
    assert accepted == (multiset(pick) in legal), (seat, DECK.codes(pick))


def run_match(players: int, seed: int, games: int = 2, probe: random.Random | None = None):
    state = ENGINE.new({"players": players}, seed)
    log = []
    for g in range(games):
        for _ in range(2000):
            check_invariants(state)
            if ENGINE.is_over(state):
                break
            if probe:
                probe_illegal(state, probe)
            state, events = step(ENGINE, state)
            log.append(events)
        else:
            raise AssertionError("game did not end")
        if g + 1 < games:
            state, events = ENGINE.apply(state, 0, {"type": "next_game"})
    return state, log


@SETTINGS
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31))
def test_whole_matches_conserve_cards_and_end(players, seed):
    state, _ = run_match(players, seed, games=3)
    assert state["phase"] == "over"
    assert sum(state["totals"]) == 3 * players * (players - 1) // 2


@SETTINGS
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31), probe=st.integers(0, 2**31))
def test_illegal_plays_are_never_accepted(players, seed, probe):
    run_match(players, seed, games=2, probe=random.Random(probe))


@settings(max_examples=10, deadline=None)
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31))
def test_same_seed_replays_identically(players, seed):
    a, log_a = run_match(players, seed)
    b, log_b = run_match(players, seed)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert log_a == log_b


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_state_round_trips_through_json(seed):
    state = ENGINE.new({"players": 4}, seed)
    while not ENGINE.is_over(state):
        assert json.loads(json.dumps(state)) == state
        state, _ = step(ENGINE, json.loads(json.dumps(state)))
