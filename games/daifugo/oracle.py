"""Conformance adapter for Daifugō (../shared/conformance/README.md, op ``play``).

Builds a real engine state from the case's trick description and asks the real engine
(:meth:`DaifugoEngine.apply`) whether the play is accepted and whether it is a foul finish.
No rules live here.
"""
from __future__ import annotations

from games.core.errors import IllegalAction
from games.oracle import Unsupported

from . import ENGINE
from .cards import DECK, N_CARDS, RANK_OF_CODE
from .plays import default_reading, readings
from .rules import make_rules


def _seat(name: str) -> int:
    return int(name[1:]) - 1


def _field(cards: list[int], by: int) -> dict:
    """The field's reading: a set where possible, else the strongest sequence."""
    play = default_reading(readings(tuple(cards)))
    return {"by": by, "cards": list(play.cards), "shape": play.shape, "rank": play.rank,
            "jokers": play.jokers, "suit": play.suit}


def build_state(case: dict) -> tuple[dict, int, dict]:
    """(engine state, seat, action) for a ``play`` case."""
    n = case["players"]
    t = case["state"]
    used: set[int] = set()

    def take(codes):
        ids = DECK.parse(codes, prefer=[i for i in range(N_CARDS) if i not in used])
        ids = [i if i not in used else next(j for j in DECK.by_code[DECK.cards[i].code] if j not in used) for i in ids]
        used.update(ids)
        return ids

    play = case["play"]
    seat = _seat(play["by"])
    hands = [[] for _ in range(n)]
    for name, codes in (t.get("hands") or {}).items():
        hands[_seat(name)] = take(codes)
    field = None
    if t.get("field"):
        field = _field(take(t["field"]["cards"]), _seat(t["field"]["by"]))
    if not t.get("hands", {}).get(play["by"]):
        hands[seat] = take(play["cards"])
    spare = iter(i for i in range(N_CARDS) if i not in used)
    counts = {_seat(k): v for k, v in (t.get("hand_counts") or {}).items()}
    for s in range(n):
        if s == seat and t.get("hands", {}).get(play["by"]):
            continue
        have = len(hands[s])
        for _ in range(max(0, counts.get(s, have + (5 if s != seat else 1)) - have)):
            hands[s].append(next(spare))
    bind = t.get("bind")
    if bind:
        bind = {"suits": sorted(bind["suit"]) if bind.get("suit") else None,
                "number": bind.get("next_rank") is not None,
                "next": RANK_OF_CODE.get(bind.get("next_rank"))}
    passed = [False] * n
    for name in t.get("passed", []):
        passed[_seat(name)] = True
    game_no = t.get("game", 1)
    prev = None
    if game_no > 1 and t.get("prev_daifugo"):
        king = _seat(t["prev_daifugo"])
        prev = [king] + [s for s in range(n) if s != king]
    state = {"game": "daifugo", "seed": 0, "rng_n": 0, "step": 0, "players": n,
             "rules": make_rules(n), "game_no": game_no, "phase": "play", "hands": hands,
             "surplus": [next(spare) for _ in range(3)], "graveyard": [], "field": field,
             "passed": passed, "revolution": t.get("revolution", False),
             "eleven_back": t.get("eleven_back", False), "bind": bind or None,
             "finished": [], "fouls": [_seat(x) for x in t.get("foul_waiting", [])], "ochi": None, "places": None, "prev_places": prev,
             "totals": [0] * n, "exchange": {}, "turn": _seat(t.get("turn", play["by"])), "log": [],
             "window": None, "pending": None}
    action = {"type": "play", "cards": DECK.parse(play["cards"], prefer=hands[seat]),
              "mode": play.get("mode", "plain")}
    return state, seat, action


def answer(case: dict) -> dict:
    """``{"legal": bool, "foul": bool}`` for a ``play`` case."""
    if case.get("op") != "play":
        raise Unsupported(case.get("op"))
    state, seat, action = build_state(case)
    try:
        _, events = ENGINE.apply(state, seat, action)
    except IllegalAction:
        return {"legal": False, "foul": False}
    return {"legal": True, "foul": any(e["type"] == "foul" for e in events)}
