"""Conformance adapter (../shared/conformance/README.md) for ``game == "guandan"``.

A thin translation between the conformance notation (card codes, seats 1–4, teams
``"13"``/``"24"``) and the real engine modules; no rules of its own. Ops: ``classify``,
``beats``, ``level_update``, ``tribute``, ``return_card``; anything else raises
:class:`games.oracle.Unsupported`.
"""
from __future__ import annotations

from games.oracle import Unsupported

from . import combos, levels, tribute
from .cards import CODE, DECK, level_index

TEAM = ("13", "24")


def _reading(r: combos.Reading) -> dict:
    out = {"type": r.type, "rank_key": r.rank}
    if r.type == "bomb":
        out["bomb_size"] = r.size
    return out


def _classify(codes, level):
    return combos.classify(DECK.parse(codes), level)


def answer(case: dict) -> dict:
    """The answer object for one Guandan case (see module doc)."""
    op = case.get("op")
    if op == "classify":
        lv = level_index(case["level"])
        return {"readings": [_reading(r) for r in _classify(case["cards"], lv)]}
    if op == "beats":
        lv = level_index(case["level"])
        prev, play = case.get("previous"), case.get("play")
        if play == "PASS":
            return {"beats": prev is not None}
        table = None
        if prev is not None:
            prev_readings = _classify(prev, lv)
            if not prev_readings:
                raise ValueError("previous play is no combination")
            table = prev_readings[0]
        return {"beats": any(combos.beats(r, table) for r in _classify(play, lv))}
    if op == "level_update":
        return {"output": _level_update(case["input"])}
    if op == "tribute":
        return {"output": _tribute(case["input"])}
    if op == "return_card":
        inp = case["input"]
        lv = level_index(inp["level"])
        ids = DECK.parse([inp["received"]] + list(inp["hand_before_receipt"]))
        received, hand = ids[0], ids
        allowed = tribute.return_choices(hand, received, lv)
        suggested = tribute.suggest_return(hand, received, lv)
        return {"output": {"allowed": [CODE[c] for c in allowed], "suggested": CODE[suggested]}}
    raise Unsupported(op)


def _level_update(inp: dict) -> dict:
    if inp.get("new_match"):
        from . import ENGINE
        st = ENGINE.new({}, 0)
        return {"team_levels_after": {TEAM[0]: st["levels"][0], TEAM[1]: st["levels"][1]},
                "next_round_level": st["hand_level"],
                "leader": st["turn"] + 1,
                "tribute": st["tribute"] is not None}
    team_levels = [inp["team_levels"][TEAM[0]], inp["team_levels"][TEAM[1]]]
    fails_in = inp.get("a_fails") or {}
    fails = [int(fails_in.get(TEAM[0], 0)), int(fails_in.get(TEAM[1], 0))]
    res = levels.level_update(team_levels, inp["round_level"],
                              [s - 1 for s in inp["finish_order"]],
                              inp.get("a_rule", levels.A_REQUIRED), fails)
    return {"winner_team": TEAM[res["winner_team"]], "delta": res["delta"],
            "team_levels_after": {TEAM[0]: res["levels_after"][0], TEAM[1]: res["levels_after"][1]},
            "next_round_level": res["next_level"], "match_won": res["match_won"],
            "a_fails_after": {TEAM[0]: res["a_fails_after"][0], TEAM[1]: res["a_fails_after"][1]},
            "reason": {"ja": res["ja"], "en": res["en"]}}


def _tribute(inp: dict) -> dict:
    lv = level_index(inp["level"])
    order = [s - 1 for s in inp["prev_finish_order"]]
    seats = sorted(inp["hands"], key=int)
    flat = [c for s in seats for c in inp["hands"][s]]
    ids = iter(DECK.parse(flat))
    hands = {int(s) - 1: [next(ids) for _ in inp["hands"][s]] for s in seats}
    for s in range(4):
        hands.setdefault(s, [])
    p = tribute.plan(order, hands)
    if p["anti"]:
        return {"anti_tribute": True, "mode": None, "tributes": [], "return_to": {},
                "leader": tribute.leader_after(order, None) + 1}
    gifts = {g: tribute.tribute_choices(hands[g], lv)[0] for g in p["givers"]}
    alloc = tribute.allocate(order, gifts, lv)
    return {"anti_tribute": False, "mode": p["mode"],
            "tributes": [{"from": a["from"] + 1, "to": a["to"] + 1, "card": CODE[a["card"]]}
                         for a in alloc],
            "return_to": {str(a["to"] + 1): a["from"] + 1 for a in alloc},
            "leader": tribute.leader_after(order, alloc) + 1}


__all__ = ["answer"]
