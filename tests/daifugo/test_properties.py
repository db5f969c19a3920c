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
from games.daifugo.present import describe
from tests.hypothesis_scale import examples

SETTINGS = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
    """A random selection from a random seat, in a random mode, is accepted exactly when it
    is among that seat's legal actions, and a refusal changes nothing."""
    seat = rng.randrange(state["players"])
    hand = state["hands"][seat]
    if not hand:
        return
    pick = rng.sample(hand, rng.randint(1, min(len(hand), 5)))
    mode = rng.choice(("plain", "plain", "effect", "interrupt"))
    legal = {multiset(a["cards"]) for a in ENGINE.legal_actions(state, seat)
             if a["type"] == "play" and a["mode"] == mode}
    before = json.dumps(state, sort_keys=True)
    try:
        ENGINE.apply(state, seat, {"type": "play", "cards": pick, "mode": mode})
        accepted = True
    except IllegalAction:
        accepted = False
    assert json.dumps(state, sort_keys=True) == before
    assert accepted == (multiset(pick) in legal), (seat, mode, DECK.codes(pick))
    stoppers = [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "stop"]
    card = rng.choice(hand)
    try:
        ENGINE.apply(state, seat, {"type": "stop", "card": card})
        assert any(DECK.cards[a["card"]].code == DECK.cards[card].code for a in stoppers)
    except IllegalAction:
        assert not any(a["card"] == card for a in stoppers)
    assert json.dumps(state, sort_keys=True) == before


ALL_RULES = {"specials": {"five_skip": True, "ten_discard": True}}


def run_match(players: int, seed: int, games: int = 2, probe: random.Random | None = None, rules=None):
    state = ENGINE.new({"players": players, "rules": rules}, seed)
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


@SETTINGS
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31), probe=st.integers(0, 2**31))
def test_every_special_card_and_house_rule_on(players, seed, probe):
    """Cards are conserved through passes, discards and redeals, and every game ends."""
    state, log = run_match(players, seed, games=2, probe=random.Random(probe), rules=ALL_RULES)
    assert sum(state["totals"]) == players * (players - 1)


def test_specials_really_happen_in_cpu_games():
    """Across some seeds the CPUs use effects, stops and interrupts (so the property
    tests above exercise them)."""
    seen = Counter()
    for seed in range(30):
        _, log = run_match(5, seed, games=1, rules=ALL_RULES)
        for events in log:
            seen.update(e["type"] if e["type"] != "effect" else e["effect"] for e in events)
    for kind in ("eight_cut", "seven_pass", "eleven_back", "ten_discard", "five_skip", "stop", "interrupt"):
        assert seen[kind] > 0, (kind, seen)


@settings(max_examples=examples(10), deadline=None)
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31))
def test_same_seed_replays_identically(players, seed):
    a, log_a = run_match(players, seed)
    b, log_b = run_match(players, seed)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert log_a == log_b


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_state_round_trips_through_json(seed):
    state = ENGINE.new({"players": 4}, seed)
    while not ENGINE.is_over(state):
        assert json.loads(json.dumps(state)) == state
        state, _ = step(ENGINE, json.loads(json.dumps(state)))


@settings(max_examples=examples(10), deadline=None)
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**31))
def test_views_on_one_public_view_are_each_seats_own_view(players, seed):
    """rooms.render builds every seat's view of a state on one ``public_view``: each is the
    view the seat gets alone, the public view stays as it was, and the log is the last 20
    events the seat may see (private exchange events only for their seats), described."""
    state = ENGINE.new({"players": players, "rules": ALL_RULES}, seed)
    for game in range(2):
        while not ENGINE.is_over(state):
            public = ENGINE.public_view(state)
            before = json.dumps(public, sort_keys=True)
            for seat in [*range(players), None]:
                view = ENGINE.view(state, seat, public)
                assert view == ENGINE.view(state, seat)
                assert view["log"] == [describe(e) for e in state["log"]
                                       if "private" not in e or seat in e["private"]][-20:]
            assert json.dumps(public, sort_keys=True) == before
            state, _ = step(ENGINE, state)
        state, _ = ENGINE.apply(state, 0, {"type": "next_game"})
