"""Issue 13, found by new-user runs (pure presentation and the practice table): each test
here failed before its fix."""
import json

from games import get_engine
from tables.practice import PracticeTable, YOU


def send(table, now, **msg):
    return table.receive(json.dumps(msg), now)


def to_my_turn(table, game):
    engine = get_engine(game)
    send(table, 1.0, act="hello")
    while YOU not in engine.actors(table.room.state):
        table.tick(table.next_due())
    return engine


def test_a_double_click_on_play_is_dropped_quietly_in_practice():
    table = PracticeTable("daifugo", {"players": "4"}, seed="double1")
    engine = to_my_turn(table, "daifugo")
    play = next(a for a in engine.legal_actions(table.room.state, YOU) if a["type"] == "play")
    msg = dict(act="play", version=str(table.room.version), card=[str(c) for c in play["cards"]], mode="plain")
    v = table.room.version
    first = send(table, 2.0, **msg)
    second = send(table, 2.0, **msg)
    assert table.room.version == v + 1
    assert not any("画面が古く" in f or 'data-code="stale"' in f for f in first + second)
    other = send(table, 2.0, **dict(msg, card=["0"]))  # another move at the old version
    assert 'data-code="stale"' in other[0]
