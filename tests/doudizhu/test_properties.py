"""Hypothesis properties: whole CPU matches from random seeds, and the legal-play
generator against brute force."""
from __future__ import annotations

import itertools
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.engine import clone
from games.core.errors import IllegalAction
from games.doudizhu import ENGINE
from games.doudizhu.combos import choose_reading, counts_of, readings
from games.doudizhu.engine import RANK_OF
from games.doudizhu.legal import moves
from tests.hypothesis_scale import examples

SLOW = settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _ids(obj, out):
    """Every card id shown anywhere in a view (cards are ``{"id", "code", …}``)."""
    if isinstance(obj, dict):
        if "code" in obj and isinstance(obj.get("id"), int):
            out.add(obj["id"])
            return out
        for k, v in obj.items():
            if k not in ("results", "result"):  # no cards there
                _ids(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _ids(v, out)
    return out


def _conserved(state) -> bool:
    cards = [i for h in state["hands"] for i in h]
    if state["landlord"] is None:
        cards += state["kitty"]
    for h in state["history"]:
        cards += h.get("cards", [])
    return sorted(cards) == list(range(54))


def _legal_sets(state):
    """Per seat: the legal non-play actions and the rank multisets of legal plays."""
    out = []
    for seat in range(3):
        other, plays = [], set()
        for a in ENGINE.legal_actions(state, seat):
            if a["type"] == "play":
                plays.add(tuple(sorted(RANK_OF[i] for i in a["cards"])))
            else:
                other.append(a)
        out.append((other, plays))
    return out


def _legal_key(state, legal, seat, action):
    """Is ``action`` by ``seat`` legal according to legal_actions (plays by multiset)?"""
    other, plays = legal[seat]
    if action.get("type") != "play":
        return action in other
    cards = action.get("cards")
    hand = state["hands"][seat] if state["phase"] == "play" else []
    if not isinstance(cards, list) or len(set(cards)) != len(cards) or not set(cards) <= set(hand):
        return False
    return tuple(sorted(RANK_OF[i] for i in cards)) in plays


def _attempts(state, rng):
    """A few random actions by random seats, most of them illegal."""
    out = []
    for _ in range(2):
        seat = rng.randrange(3)
        roll = rng.random()
        if roll < 0.5 and state["phase"] == "play":
            hand = state["hands"][seat]
            k = rng.randint(1, min(6, len(hand))) if hand else 1
            cards = rng.sample(hand, k) if hand else [0]
            if rng.random() < 0.2:
                cards.append(rng.randrange(54))
            out.append((seat, {"type": "play", "cards": cards}))
        elif roll < 0.7:
            out.append((seat, {"type": "bid", "value": rng.randint(-1, 4)}))
        elif roll < 0.85:
            out.append((seat, {"type": "pass"}))
        else:
            out.append((seat, rng.choice([{"type": "next_hand"}, {"type": "play", "cards": []},
                                          {"type": "bid"}, {"type": "?"}])))
    return out


def run_match(seed, rng=None, max_steps=20000):
    """A whole CPU match; with ``rng``, checks every property at every step."""
    state = ENGINE.new({}, seed)
    log = []
    for _ in range(max_steps):
        if rng is not None:
            assert _conserved(state)
            if state["phase"] != "play":
                assert json.loads(json.dumps(state)) == state
            for seat in range(3):
                seen = _ids(ENGINE.view(state, seat), set())
                hidden = {i for s in range(3) if s != seat for i in state["hands"][s]}
                if state["landlord"] is None:
                    hidden |= set(state["kitty"])
                else:
                    hidden -= set(state["kitty"])  # shown to all once taken (§2)
                assert not seen & hidden
            legal = _legal_sets(state)
            before = clone(state)
            for seat, action in _attempts(state, rng):
                if _legal_key(state, legal, seat, action):
                    ENGINE.apply(state, seat, action)
                else:
                    try:
                        ENGINE.apply(state, seat, action)
                    except IllegalAction as exc:
                        assert exc.code and exc.ja and exc.en
                    else:
                        raise AssertionError(f"accepted illegal {action} by {seat}")
                assert state == before
        if ENGINE.match_over(state):
            return state, log
        if ENGINE.is_over(state):
            for r in [state["result"]]:
                assert sum(r["delta"]) == 0 and sum(state["scores"]) == 0
            state, events = ENGINE.apply(state, 0, {"type": "next_hand"})
            log.extend(events)
            continue
        seat = ENGINE.actors(state)[0]
        action = ENGINE.choose(state, seat)
        if rng is not None:
            assert _legal_key(state, legal, seat, action)
        if rng is not None and len(log) % 32 == 0:  # hints search (つよい first, ~70 ms each): now and then
            for h in ENGINE.hint(state, seat):
                assert _legal_key(state, legal, seat, h["action"]) and h["ja"] and h["en"]
        state, events = ENGINE.apply(state, seat, action)
        log.extend(events)
    raise AssertionError("match did not end")


@SLOW
@given(st.integers(0, 2**32), st.integers(0, 2**16))
def test_cpu_matches_conserve_cards_refuse_illegal_end_and_settle(seed, probe):
    state, log = run_match(seed, random.Random(probe))
    assert state["winners"] and all(state["scores"][w] >= 30 for w in state["winners"])
    assert sum(state["scores"]) == 0
    assert [sum(x) for x in zip(*(r["delta"] for r in state["results"]))] == state["scores"]
    for r in state["results"]:
        assert sum(r["delta"]) == 0
        p = r["bid"] * 2 ** (r["bombs"] + (r["spring"] or r["anti_spring"]))
        assert r["points"] == p and sorted(abs(d) for d in r["delta"]) == [p, p, 2 * p]


@settings(max_examples=examples(5), deadline=None)
@given(st.one_of(st.integers(0, 2**40), st.text(max_size=8)))
def test_replay_is_identical_from_the_same_seed(seed):
    a = run_match(seed)
    b = run_match(seed)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# --- the generator against brute force ------------------------------------------------------

FULL = [4] * 13 + [1, 1]


@st.composite
def hands(draw, max_cards=11):
    deck = [r for r in range(15) for _ in range(FULL[r])]
    picks = draw(st.lists(st.sampled_from(range(54)), min_size=1, max_size=max_cards, unique=True))
    return counts_of(deck[i] for i in picks)


def brute(c, prev):
    out = set()
    for sub in itertools.product(*(range(x + 1) for x in c)):
        if not any(sub):
            continue
        if choose_reading(readings(list(sub)), prev) is not None:
            out.add(sub)
    return out


@settings(max_examples=examples(150), deadline=None)
@given(hands(), hands(max_cards=8))
def test_generator_equals_brute_force(c, p):
    prevs = [None] + [m[0] for m in moves(p)][:3]
    for prev in prevs:
        got = [tuple(counts_of(r)) for _, r in moves(c, prev)]
        assert len(got) == len(set(got)), "a play listed twice"
        assert set(got) == brute(c, prev)


@settings(max_examples=examples(150), deadline=None)
@given(hands(max_cards=20))
def test_every_generated_move_reads_as_its_combo(c):
    for cb, ranks in moves(c):
        assert readings(counts_of(ranks))[0] == cb
