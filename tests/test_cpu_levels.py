"""The three CPU levels of every game (issue 16): legal at every level through whole
hands, deterministic, unknown levels refused, やさしい never absurd."""
import json

import pytest

from games import get_engine
from games.core.engine import LEVELS, next_move

CONFIGS = {"daifugo": {"players": 4}, "guandan": {}, "doudizhu": {}}


def own_turns(game, seed, levels, limit=400):
    """Play one hand with ``levels[seat]`` at each seat; yields (state, seat) of own turns."""
    engine = get_engine(game)
    state = engine.new(CONFIGS[game], seed)
    for _ in range(limit):
        if engine.is_over(state) or state["phase"] in ("hand_over", "over", "match_over"):
            return
        seat, action = next_move(engine, state, levels)
        if seat is not None and state["phase"] == "play" and state.get("turn") == seat \
                and not state.get("pending") and not state.get("window"):
            yield state, seat
        assert seat is None or action in engine.legal_actions(state, seat) or action["type"] != "pass"
        state, _ = engine.apply(state, seat, action)  # raises if the level chose illegally


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_every_level_plays_a_whole_hand_legally(game):
    engine = get_engine(game)
    n = 0
    for state, seat in own_turns(game, "levels", ["strong", "easy", "normal", "strong"][:engine.max_players if game != "daifugo" else 4]):
        n += 1
    assert n >= 8  # own turns of a whole hand (not vacuous: Dou Dizhu's seeded hand takes 10)


def swap_hidden(state, seat):
    """The same state seen from ``seat`` with one card swapped between two other hands
    (never a Dou Dizhu kitty card: everyone saw where those went)."""
    other = [s for s in range(len(state["hands"])) if s != seat and state["hands"][s]]
    if len(other) < 2:
        return None
    shown = set(state.get("kitty") or ()) if state.get("landlord") is not None else set()
    a, b = other[0], other[1]
    ca = next((c for c in state["hands"][a] if c not in shown), None)
    cb = next((c for c in state["hands"][b] if c not in shown), None)
    if ca is None or cb is None:
        return None
    out = json.loads(json.dumps(state))
    out["hands"][a] = sorted([c for c in out["hands"][a] if c != ca] + [cb])
    out["hands"][b] = sorted([c for c in out["hands"][b] if c != cb] + [ca])
    return out


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_strong_is_deterministic_and_blind_to_hidden_cards(game):
    engine = get_engine(game)
    checked = 0
    for state, seat in own_turns(game, "det", None):
        if checked >= 4:
            break
        if len(engine.legal_actions(state, seat)) < 2:
            continue
        swapped = swap_hidden(state, seat)
        if swapped is None:
            continue
        a = engine.choose(state, seat, "strong")
        assert a == engine.choose(json.loads(json.dumps(state)), seat, "strong")
        assert a == engine.choose(swapped, seat, "strong")
        checked += 1
    assert checked == 4


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_unknown_level_is_refused(game):
    engine = get_engine(game)
    state = engine.new(CONFIGS[game], 1)
    seat = engine.actors(state)[0]
    with pytest.raises(ValueError):
        engine.choose(state, seat, "expert")
    assert set(LEVELS) == {"easy", "normal", "strong"}


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_easy_sometimes_plays_otherwise_than_normal_but_among_its_candidates(game):
    engine = get_engine(game)
    strong = __import__(f"games.{game}.strong", fromlist=["ADAPTER"])
    differ = 0
    for seed in range(6):
        for state, seat in own_turns(game, f"easy{seed}", None, limit=120):
            easy = engine.choose(state, seat, "easy")
            assert easy in strong.ADAPTER.candidates(state, seat)
            differ += easy != engine.choose(state, seat)
    assert differ > 0


def test_easy_daifugo_never_keeps_only_a_foul_card_on_purpose():
    from tests.daifugo.util import codes, table
    engine = get_engine("daifugo")
    for seed in range(40):
        s = table(hands={0: ["S6", "S2"]})
        s["seed"] = seed
        a = engine.choose(s, 0, "easy")
        assert codes(a["cards"]) == ["S2"]


def test_strong_is_the_first_hint():
    engine = get_engine("doudizhu")
    for state, seat in own_turns("doudizhu", "hint", None):
        if state["trick"] is None:
            continue
        assert engine.hint(state, seat)[0]["action"] == engine.choose(state, seat, "strong")
        break
