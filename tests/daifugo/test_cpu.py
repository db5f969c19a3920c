"""The CPU plays sensibly (issue: cheapest winning play, keeps jokers and 2s for the end,
avoids foul finishes, uses a revolution when its hand is weak)."""
import random

from games.core import play_out
from games.daifugo import ENGINE

from .util import codes, table


def chosen(state, seat):
    a = ENGINE.choose(state, seat)
    return a["type"], codes(a.get("cards", []))


def test_cheapest_play_that_wins():
    s = table(hands={1: ["S5", "H9", "DK", "S2", "JK", "C6", "C7", "D8"]}, field=(0, ["D8"]), turn=1)
    assert chosen(s, 1) == ("play", ["H9"])


def test_keeps_jokers_and_twos_early_on():
    s = table(hands={1: ["S5", "S2", "JK", "C6", "C7", "D8", "D10", "HQ"]}, field=(0, ["SA"]), turn=1)
    assert chosen(s, 1) == ("pass", [])


def test_leads_weak_cards_and_keeps_sets_together():
    s = table(hands={0: ["S4", "H4", "S9", "DK", "S2", "JK", "C6", "C8"]})
    kind, cards = chosen(s, 0)
    assert kind == "play" and cards == ["H4", "S4"]


def test_never_leaves_itself_only_a_foul_finish():
    # with a 2 and a 6 left, leading the 6 would leave only the 2 (a foul finish)
    s = table(hands={0: ["S6", "S2"]})
    assert chosen(s, 0) == ("play", ["S2"])
    s = table(hands={0: ["S6", "JK"]})
    assert chosen(s, 0) == ("play", ["JK"])


def test_finishes_when_it_can_without_a_foul():
    s = table(hands={1: ["S9"]}, field=(0, ["D8"]), turn=1)
    assert chosen(s, 1) == ("play", ["S9"])
    s = table(hands={1: ["S2"]}, field=(0, ["D8"]), turn=1)
    assert chosen(s, 1) == ("pass", [])


def test_stops_an_opponent_about_to_go_out():
    s = table(hands={1: ["S5", "S2", "C6", "C7", "D8", "D10", "HQ"], 2: ["H4"]}, field=(0, ["SA"]), turn=1)
    assert chosen(s, 1) == ("play", ["S2"])


def test_revolution_when_the_hand_is_weak():
    weak = ["S3", "H3", "D3", "C3", "S3", "S4", "H4", "D5", "C6", "H7", "S8"]
    s = table(hands={0: weak})
    kind, cards = chosen(s, 0)
    assert kind == "play" and cards == sorted(["S3", "H3", "D3", "C3", "S3"])
    strong = ["SA", "HA", "DA", "CA", "SA", "S2", "H2", "DK", "CK", "HQ", "S4"]
    s = table(hands={0: strong})
    kind, cards = chosen(s, 0)
    assert len(cards) < 5


def test_cpu_beats_random_players_most_of_the_time():
    """Four-player games: one CPU seat against three random-legal players; the CPU's mean
    place must be clearly better than the random players' (a real outcome, not timing)."""
    from games.daifugo.cards import RANK  # noqa: F401
    rng = random.Random(5)
    places = []
    for seed in range(40):
        s = ENGINE.new({"players": 4}, seed)
        cpu_seat = seed % 4
        while not ENGINE.is_over(s):
            if not ENGINE.actors(s):
                s, _ = ENGINE.apply(s, None, ENGINE.window(s)["close"])
                continue
            seat = ENGINE.actors(s)[0]
            if seat == cpu_seat:
                a = ENGINE.choose(s, seat)
            else:
                a = rng.choice(ENGINE.legal_actions(s, seat))
            s, _ = ENGINE.apply(s, seat, a)
        places.append(s["places"].index(cpu_seat))
    assert sum(places) / len(places) < 1.0  # random would average 1.5


def test_cpu_never_fouls_in_most_games():
    fouls = 0
    for seed in range(40):
        s, log = play_out(ENGINE, ENGINE.new({"players": 4}, seed))
        fouls += sum(1 for e in log if e["type"] == "foul")
    assert fouls <= 4


def test_the_exchange_hint_speaks_of_giving_not_playing():
    from games.daifugo import ENGINE as ENG
    state = ENG.new({"players": 4}, 7)
    state, _ = ENG.apply(state, 0, {"type": "next_game"}) if ENG.is_over(state) else (state, [])
    seat = next((int(s) for s in state.get("exchange", {})), None)
    if seat is None:  # the first game has no exchange: play one out and deal the next
        from games.core.engine import step
        while not ENG.is_over(state):
            state, _ = step(ENG, state)
        state, _ = ENG.apply(state, 0, {"type": "next_game"})
        seat = next(int(s) for s in state["exchange"])
    hints = ENG.hint(state, seat)
    assert hints and hints[0]["action"]["type"] == "exchange" and "渡します" in hints[0]["ja"]


def test_the_first_hint_never_calls_the_strong_pick_another_option():
    """The hint's first play is つよい's pick: its reason says why (the cheapest, a finish…,
    else "the pick that plays out best"), never ほかの候補です, which try12 saw on the first
    press before 出せる中でいちばん安い on the second; a pass with nothing playable says so."""
    from games.core.engine import step
    from games.daifugo import ENGINE as ENG
    from games.daifugo.cpu import REASONS

    seen = set()
    for seed in range(3):
        state = ENG.new({"players": 4}, seed)
        for _ in range(120):
            if ENG.is_over(state):
                break
            seat = state["turn"]
            if state["phase"] == "play" and not state["pending"] and not state["window"]:
                first = ENG.hint(state, seat)[0]
                assert first["ja"] != REASONS["other"][0], (seed, first)
                seen.add(first["ja"])
            state, _ = step(ENG, state)
    assert REASONS["best"][0] in seen and REASONS["none"][0] in seen  # both cases came up
