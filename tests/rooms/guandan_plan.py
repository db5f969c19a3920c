"""A scripted Guandan hand for the table tests (engine only, no Django): seat 0 plays the
first hint (the strongest reading of its cards), except once, leading with a wild, a full
house in its second reading; the CPUs play ``engine.choose``. With the seeds below seat 0
finishes 1st and receives a tribute in hand 2, so the return screen is reached."""
from __future__ import annotations

import itertools

from games import get_engine
from games.guandan.cards import RANK, SUIT
from games.guandan.engine import level_of

E = get_engine("guandan")
SEED = "gd24"  # double tribute: seat 1 gives seat 0, seat 3 gives seat 2


def wild_full_house(state) -> tuple[list[int], list[dict]] | None:
    """A wild and two natural pairs of seat 0 with two readings, or None."""
    lv = level_of(state)
    hand = state["hands"][0]
    wild = [c for c in hand if RANK[c] == lv and SUIT[c] == "H"]
    if not wild:
        return None
    by: dict = {}
    for c in hand:
        if c not in wild and RANK[c] < 13 and RANK[c] != lv:
            by.setdefault(RANK[c], []).append(c)
    pairs = [r for r, cs in sorted(by.items()) if len(cs) == 2]
    for x, y in itertools.combinations(pairs, 2):
        cards = [wild[0]] + by[x] + by[y]
        readings = E.readings(state, 0, cards)
        if len(readings) >= 2:
            return cards, readings
    return None


def my_action(state, done: bool) -> tuple[dict, bool, dict | None]:
    """Seat 0's scripted action: ``(action, special_done, special)``."""
    if not done and state["trick"]["last"] is None:
        sp = wild_full_house(state)
        if sp:
            cards, readings = sp
            return {"type": "play", "cards": cards, "reading": readings[1]["reading"]}, True, {
                "cards": cards, "readings": readings}
    h = E.hint(state, 0)[0]["action"]
    if h["type"] == "pass":
        return h, done, None
    return {"type": "play", "cards": h["cards"], "reading": E.readings(state, 0, h["cards"])[0]["reading"]}, done, None


def first_hand(seed: str = SEED):
    """The state at the end of hand 1 and seat 0's special play."""
    s = E.new({"players": 4}, seed)
    done, special = False, None
    while s["phase"] == "play":
        t = s["turn"]
        if t == 0:
            a, done, sp = my_action(s, done)
            special = special or sp
        else:
            a = E.choose(s, t)
        s, _ = E.apply(s, t, a)
    return s, special
