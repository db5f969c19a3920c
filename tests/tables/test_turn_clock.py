"""A person's turn clock (rooms with a turn limit, tables.core.pacing) keeps running through a
reload: the seat is "away" for the moment its socket is gone and back on its turn limit when
the page returns, and the turn's deadline is the one it had (found by a new-user run: F5 or a
language switch gave a fresh 60 s, so anyone could stall the table for ever). A turn that
times out while the person is away is played for them at that deadline."""
from __future__ import annotations

from games import get_engine
from tables.core import pacing
from tables.core.speeds import DISCONNECT_GRACE
from tables.practice import LocalRoom, LocalSeat

DDZ = get_engine("doudizhu")
LIMIT = 60


def _table():
    state = DDZ.new({}, "clock1")
    room = LocalRoom("doudizhu", {"turn_limit": LIMIT, "speed": "normal"}, state, "clock1", solo=False)
    seats = [LocalSeat(i, f"P{i}", True) for i in range(3)]
    return room, seats, DDZ.actors(state)[0]


def _timers(room, seats, live, t, previous, left=None):
    return pacing.compute(room, seats, live, t, previous, left or {})


def test_a_reload_keeps_the_turns_deadline():
    room, seats, turn = _table()
    everyone = {0, 1, 2}
    start = _timers(room, seats, everyone, 1000.0, {})
    assert start[str(turn)] == ["limit", 1000.0 + LIMIT]
    # 12 s later the page reloads: the socket is gone for a moment …
    away = _timers(room, seats, everyone - {turn}, 1012.0, start, {turn: 1012.0})
    assert away[str(turn)][0] == "away"
    # … and back: the same deadline, not 60 s from now
    back = _timers(room, seats, everyone, 1013.0, away)
    assert back[str(turn)] == ["limit", 1000.0 + LIMIT]
    # five reloads in a row change nothing
    for k in range(5):
        t = 1014.0 + 2 * k
        gone = _timers(room, seats, everyone - {turn}, t, back, {turn: t})
        back = _timers(room, seats, everyone, t + 1, gone)
    assert back[str(turn)] == ["limit", 1000.0 + LIMIT]


def test_a_turn_that_runs_out_while_away_is_played_at_its_deadline():
    room, seats, turn = _table()
    everyone = {0, 1, 2}
    start = _timers(room, seats, everyone, 1000.0, {})
    # gone 1 s before the limit: the table plays for them when the limit runs out …
    away = _timers(room, seats, everyone - {turn}, 1059.0, start, {turn: 1059.0})
    assert pacing.earliest(away) == 1000.0 + LIMIT
    assert pacing.due_seats(away, 1000.0 + LIMIT) == [(turn, "away")]
    # … while a seat gone early waits the disconnect grace as before
    early = _timers(room, seats, everyone - {turn}, 1010.0, start, {turn: 1010.0})
    assert pacing.earliest(early) == 1010.0 + DISCONNECT_GRACE


def test_a_new_turn_gets_the_whole_limit():
    room, seats, turn = _table()
    everyone = {0, 1, 2}
    start = _timers(room, seats, everyone, 1000.0, {})
    bid = next(a for a in DDZ.legal_actions(room.state, turn) if a.get("type") == "bid")
    room.state, _ = DDZ.apply(room.state, turn, bid)
    nxt = DDZ.actors(room.state)[0]
    later = _timers(room, seats, everyone, 1020.0, start)
    assert nxt != turn and later == {str(nxt): ["limit", 1020.0 + LIMIT]}


def test_with_nobody_connected_the_clock_is_held_and_runs_on_from_there():
    """The only person reloads: the game waits (nothing is due) with the turn's clock held,
    and their return finds the time they had left, not a fresh limit (try10)."""
    room, seats, turn = _table()
    start = _timers(room, seats, {turn}, 1000.0, {})
    gone = _timers(room, seats, set(), 1040.0, start, {turn: 1040.0})
    assert gone == {str(turn): ["held", None, 20.0]}
    assert pacing.earliest(gone) is None and pacing.due_seats(gone, 99999.0) == []
    still = _timers(room, seats, set(), 1300.0, gone, {turn: 1040.0})  # a later change keeps it
    assert still == gone
    back = _timers(room, seats, {turn}, 1302.0, still)
    assert back == {str(turn): ["limit", 1322.0]}
