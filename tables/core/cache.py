"""Per-state memos: what one engine state object gives every time it is rendered again.

A seat's view (key: the seat number; a hint and its render, a doorbell render and the
hint after it on one shared snapshot) and what every seat sees alike (string keys: the
engine's public view, the field's and graveyard's markup; the four seats of a version
share them). Keyed by the very object (kept alive here, so its id is not reused); states
are never changed in place once loaded (a change makes a new state object). The oldest
state is forgotten first.
"""
from __future__ import annotations

from collections import OrderedDict

from . import i18n

_states: OrderedDict[int, tuple[dict, dict]] = OrderedDict()
STATES_KEPT = 64


def per_state(state: dict, key: int | str, make, *, worded: bool = True):
    """``make()`` once per state object and ``key`` in this process. A value made for one
    seat is keyed by that seat's number; a string key holds only what every seat may see.
    ``worded``: the value has words in it (markup), so it is kept per language of the
    render (:func:`tables.core.i18n.current`); the engine's own data is not."""
    if worded:
        key = (i18n.current(), key)
    held = _states.get(id(state))
    if held is None or held[0] is not state:
        if len(_states) >= STATES_KEPT:  # they keep whole states alive
            _states.popitem(last=False)  # one call: safe beside the other thread's renders
        held = _states[id(state)] = (state, {})
    values = held[1]
    if key in values:
        return values[key]
    value = values[key] = make()
    return value


def seat_view(engine, state: dict, seat: int) -> dict:
    """``engine.view(state, seat)``, once per state object and seat in this process; built
    on the state's public view (:meth:`games.core.engine.Engine.public_view`), made once
    for all its seats, when the engine has one."""
    def make():
        public = per_state(state, "public", lambda: engine.public_view(state), worded=False)
        return engine.view(state, seat) if public is None else engine.view(state, seat, public)
    return per_state(state, seat, make, worded=False)
