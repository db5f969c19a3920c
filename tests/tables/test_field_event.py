"""#field[data-event]: what the latest play did, as the table's motion and sound name it
(static/feel.js) — Daifugō's revolution, 8切り and flush from the engine's own log,
Guandan's and Dou Dizhu's bombs and rockets from the play to beat."""
from games import get_engine
from tables.core import options as opts
from tables.daifugo.present import field_event as daifugo_event
from tables.doudizhu.present import field_event as doudizhu_event
from tables.guandan.present import field_event as guandan_event


def test_daifugo_reads_back_to_the_last_play_or_pass():
    play = {"type": "play", "seat": 0, "cards": ["S8"], "revolution": False, "effect": "eight_cut"}
    assert daifugo_event([{"type": "deal", "game_no": 1}, {"type": "lead", "seat": 0}]) == ""
    assert daifugo_event([play]) == ""  # an 8 played, its effect not yet resolved (a stop window)
    assert daifugo_event([play, {"type": "window", "kind": "stop", "seat": 0}]) == ""
    cut = [play, {"type": "effect", "effect": "eight_cut", "seat": 0, "k": 1}, {"type": "flush", "leader": 0}]
    assert daifugo_event(cut) == "eight_cut"
    assert daifugo_event(cut + [{"type": "play", "seat": 0, "cards": ["S4"], "revolution": False}]) == ""
    rev = {"type": "play", "seat": 1, "cards": ["S5", "H5", "D5", "C5", "JK"], "revolution": True}
    assert daifugo_event([rev]) == "revolution"
    assert daifugo_event([rev, {"type": "window", "kind": "revolution", "seat": 1}]) == "revolution"
    passes = [rev, *({"type": "pass", "seat": s} for s in (2, 3, 0))]
    assert daifugo_event(passes) == ""
    assert daifugo_event(passes + [{"type": "flush", "leader": 1}]) == "flush"
    # a private event (an exchange) never stops the reading, nor shows anything
    assert daifugo_event([rev, {"type": "exchange", "from": 0, "to": 1, "cards": ["S3"], "private": [0, 1]}]) == "revolution"


def test_daifugo_a_whole_game_flushes_and_every_marker_is_known():
    e = get_engine("daifugo")
    state = e.new(opts.engine_config("daifugo", {**opts.defaults("daifugo"), "players": 4}), "feel-1")
    seen = set()
    for _ in range(600):
        if e.is_over(state):
            break
        actors = e.actors(state)
        if not actors:
            state, _ = e.apply(state, None, e.window(state)["close"])
        else:
            state, _ = e.apply(state, actors[0], e.choose(state, actors[0]))
        seen.add(daifugo_event(state["log"]))
    assert seen <= {"", "flush", "eight_cut", "revolution"}
    assert "flush" in seen


def test_guandan_bombs_and_the_four_jokers():
    assert guandan_event(None) == ""
    assert guandan_event({"seat": 0, "reading": "straight:9"}) == ""
    assert guandan_event({"seat": 0, "reading": "bomb:7"}) == "bomb"
    assert guandan_event({"seat": 0, "reading": "straight_flush:9"}) == "bomb"
    assert guandan_event({"seat": 0, "reading": "joker_bomb:JOKERS"}) == "rocket"


def test_doudizhu_bombs_and_the_rocket():
    assert doudizhu_event(None) == ""
    assert doudizhu_event({"seat": 1, "type": "pair"}) == ""
    assert doudizhu_event({"seat": 1, "type": "bomb"}) == "bomb"
    assert doudizhu_event({"seat": 1, "type": "rocket"}) == "rocket"
