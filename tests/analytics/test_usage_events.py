"""analytics.events: what each game's engine events count, on synthetic events shaped like
the engines' and on whole CPU games of the real engines."""
from __future__ import annotations

from collections import Counter

import pytest

from analytics.events import items_for, plain_special
from games import get_engine
from games.core.engine import step
from games.daifugo import specials as dspecials


def keys(game, events, state=None) -> Counter:
    return Counter({(metric, key): n for _, metric, key, n in items_for(game, events, state)})


def test_daifugo_effect_plain_stopped_resolved():
    events = [
        {"type": "play", "cards": ["S8", "H8"], "shape": "set", "revolution": False, "effect": "eight_cut"},
        {"type": "effect", "effect": "eight_cut", "seat": 0, "k": 2},
        {"type": "play", "cards": ["DJ"], "shape": "single", "revolution": False, "effect": "eleven_back"},
        {"type": "stop", "seat": 2, "cards": ["S3"], "window": "stop"},
        {"type": "counter", "seat": 0, "cards": ["H3"], "window": "stop"},
        {"type": "stop", "seat": 1, "cards": ["H3"], "window": "stop"},
        {"type": "effect_stopped", "effect": "eleven_back", "seat": 1},
        {"type": "play", "cards": ["C7", "JK"], "shape": "set", "revolution": False, "effect": None},
        {"type": "play", "cards": ["SA", "SA"], "shape": "set", "revolution": False, "effect": None},
        {"type": "play", "cards": ["H5", "H6", "H7"], "shape": "sequence", "revolution": False, "effect": None},
        {"type": "play", "cards": ["S4", "H4", "D4", "C4", "JK"], "shape": "set", "revolution": True, "effect": None},
        {"type": "stop", "seat": 3, "cards": ["HQ", "HQ"], "window": "revolution"},
        {"type": "revolution_stopped", "seat": 3},
        {"type": "interrupt", "seat": 2},
        {"type": "play", "cards": ["S9"], "shape": "single", "revolution": False, "effect": None},
        {"type": "game_over", "places": [0, 1, 2, 3], "totals": [3, 2, 1, 0]},
    ]
    got = keys("daifugo", events, {"game_no": 1, "rules": {"specials": {"seven_pass": True, "redeal": True}}})
    assert got == Counter({
        ("special", "eight_cut:effect"): 1, ("special", "eight_cut:resolved"): 1,
        ("special", "eleven_back:effect"): 1, ("special", "eleven_back:stopped"): 1,
        ("special", "spade3:stop"): 1, ("special", "heart3:counter"): 1, ("special", "heart3:stop"): 1,
        ("special", "seven_pass:plain"): 1, ("special", "redeal:plain"): 1,
        ("special", "revolution:play"): 1, ("special", "heart_queens:stop"): 1,
        ("special", "revolution:stopped"): 1, ("special", "nine:interrupt"): 1,
        ("rounds", ""): 1, ("games_finished", ""): 1,
    })


def test_daifugo_later_games_are_rounds_not_new_finishes_and_house_rules_off_are_not_plain():
    events = [{"type": "play", "cards": ["S5"], "shape": "single", "revolution": False, "effect": None},
              {"type": "game_over", "places": [], "totals": []}]
    got = keys("daifugo", events, {"game_no": 3, "rules": {"specials": {"five_skip": False}}})
    assert got == Counter({("rounds", ""): 1})


def test_guandan_and_doudizhu_events():
    gd = [{"type": "play", "seat": 0, "cards": [1, 2, 3, 4], "reading": "bomb:7", "r": [1], "wilds": {}},
          {"type": "play", "seat": 1, "cards": [5, 6], "reading": "pair:9", "r": [0], "wilds": {"6": "9"}},
          {"type": "tribute", "from": 3, "to": 0, "card": 7}, {"type": "anti_tribute", "givers": [3]},
          {"type": "trick_won", "seat": 0, "leader": 2, "jiefeng": True},
          {"type": "trick_won", "seat": 0, "leader": 0, "jiefeng": False},
          {"type": "hand_over", "hand_no": 1}, {"type": "match_won", "team": 0}]
    assert keys("guandan", gd) == Counter({
        ("special", "bomb:play"): 1, ("special", "wild:play"): 1, ("special", "tribute:give"): 1,
        ("special", "anti_tribute:declared"): 1, ("special", "jiefeng:lead"): 1,
        ("rounds", ""): 1, ("games_finished", ""): 1})
    ddz = [{"type": "play", "combo": "rocket"}, {"type": "play", "combo": "bomb"}, {"type": "play", "combo": "pair"},
           {"type": "redeal", "hand_no": 1},
           {"type": "hand_over", "result": {"spring": True, "anti_spring": False}},
           {"type": "match_over", "winners": [0], "scores": []}]
    assert keys("doudizhu", ddz) == Counter({
        ("special", "rocket:play"): 1, ("special", "bomb:play"): 1, ("special", "all_pass:redeal"): 1,
        ("special", "spring:hand"): 1, ("rounds", ""): 1, ("games_finished", ""): 1})


def test_unknown_game_or_no_events_count_nothing():
    assert items_for("chess", [{"type": "play"}]) == []
    assert items_for("daifugo", []) == []
    assert plain_special({"cards": ["JK"], "shape": "single"}) is None


def _run(game: str, seed: int, steps: int, config=None):
    """Step a real engine with CPU players; yield ``(state_before, action_or_None, state, events)``."""
    engine = get_engine(game)
    state = engine.new(config or {}, seed)
    for _ in range(steps):
        if engine.is_over(state):
            return
        before = state
        state, events = step(engine, state)
        yield before, state, events


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_whole_daifugo_games_agree_with_the_engine(seed):
    """Every plain play of a special card is one the engine itself says could have had an
    effect; every effect play is stopped, resolved, or ended the game."""
    engine = get_engine("daifugo")
    got, plain_oracle, over = Counter(), Counter(), 0
    for before, state, events in _run("daifugo", seed, 5000):
        got.update(keys("daifugo", events, state))
        for e in events:
            over += e["type"] == "game_over"
            if e["type"] == "play" and not e["effect"] and not e["revolution"]:
                play = _judge_codes(engine, before, e)
                eff = play and dspecials.effect_of(play, before["rules"]["specials"], before["rules"]["revolution_size"])
                if eff:
                    plain_oracle[eff["name"]] += 1
    assert got[("rounds", "")] == over == 1 and got[("games_finished", "")] == 1
    assert {k.split(":")[0]: v for (metric, k), v in got.items() if k.endswith(":plain")} == dict(plain_oracle)
    for name in dspecials.NAMES:
        played = got[("special", f"{name}:effect")]
        assert got[("special", f"{name}:stopped")] + got[("special", f"{name}:resolved")] in (played, played - 1)


def _judge_codes(engine, before, e):
    """The engine's reading of the physical cards of a play event (ids back from codes)."""
    from games.daifugo.cards import code
    hand = list(before["hands"][e["seat"]])
    ids = []
    for c in e["cards"]:
        i = next(i for i in hand if code(i) == c and i not in ids)
        ids.append(i)
    from games.daifugo.plays import readings
    options = readings(tuple(ids))
    return options[0] if options and e["shape"] != "sequence" else None


@pytest.mark.parametrize("game,seed", [("guandan", 5), ("doudizhu", 6)])
def test_whole_guandan_and_doudizhu_hands_count_rounds_and_bombs(game, seed):
    got, rounds, bombs = Counter(), 0, 0
    for _, state, events in _run(game, seed, 1500):
        got.update(keys(game, events, state))
        for e in events:
            rounds += e["type"] == "hand_over"
            if e["type"] == "play":
                kind = e["r"][2] if game == "guandan" else e["combo"]
                bombs += kind in ("bomb", "straight_flush", "joker_bomb", "rocket")
    assert rounds >= 1 and got[("rounds", "")] == rounds
    assert sum(v for (metric, k), v in got.items() if k.split(":")[0] in
               ("bomb", "straight_flush", "joker_bomb", "rocket")) == bombs
