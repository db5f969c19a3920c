"""Guandan (掼蛋) at the table: what :mod:`tables.core.screen` needs beyond ``engine.view``.

Screens of seeds/003 §1–§4 and seeds/000 §23 (rules/guandan.md "Screens and controls"):
the hand in rank columns (a ``k枚`` badge per column, single cards selectable for straight
flush suits), the Play button naming the play of the selection ("9のペア", "階段 5–9"),
wild-reading chips (strongest first, preselected), columns that cannot help dimmed while
following, both teams' levels, the unseen counter, tribute and return (the suggested card
preselected), and the result card with places and the level formula.

Everything comes from ``engine.view(state, seat)``, the seat's own legal plays and
``engine.readings`` of the seat's own selected cards, so nothing here can show another
seat's hand.
"""
from __future__ import annotations

from games.guandan.cards import CODE, RANK, RANK_NAMES, SUIT, label as card_label
from games.guandan.combos import SPECIAL_TYPES

from ..core.counter import unseen_by_rank
from ..core.presenter import Presenter
from ..core.screen import is_button

SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, "": 4}
TEAM_NAMES = ("1・3番", "2・4番")
#: 自動プレイの間隔 (000 §23: 0.3, 0.5, 1, 2, 3, 4, 5 s), in ms for static/table.js
AUTO_INTERVALS = [(300, "0.3秒"), (500, "0.5秒"), (1000, "1秒"), (2000, "2秒"), (3000, "3秒"),
                  (4000, "4秒"), (5000, "5秒")]


def _power(rank: int, level: int) -> int:
    if rank >= 13:
        return rank + 1
    return 13 if rank == level else rank


class GuandanPresenter(Presenter):
    """Guandan's seat rows, buttons and table context (see the module doc)."""

    game = "guandan"

    def seats(self, view: dict) -> list[dict]:
        trick = view["trick"]
        last = {}
        for p in trick["plays"]:
            last[p["seat"]] = "パス" if p.get("pass") else p["ja"]
        out = []
        for s in range(4):
            place = view["finished"].index(s) + 1 if s in view["finished"] else None
            team = s % 2
            out.append({"seat": s, "count": view["counts"][s], "team": team,
                        "team_name": TEAM_NAMES[team], "level": view["teams"][team]["level"],
                        "partner": view["seat"] is not None and s != view["seat"] and s % 2 == view["seat"] % 2,
                        "place": place, "last": last.get(s), "passed": s in trick["passed"]})
        return out

    def legal(self, engine, state: dict, view: dict, seat: int) -> list[dict]:
        """The seat's actions in the order of ``engine.legal_actions`` as far as the
        buttons go (:func:`tables.core.screen.is_button`): plays stand for one ``play`` entry."""
        phase = state["phase"]
        if phase == "play":
            if state["turn"] != seat:
                return []
            return [{"type": "play"}] + ([{"type": "pass"}] if state["trick"]["last"] else [])
        if phase in ("tribute", "return", "hand_over"):
            return engine.legal_actions(state, seat)
        return []

    def actors(self, engine, state: dict) -> list[int]:
        """Who the table waits for: nobody between hands (people press 次の局へ; a CPU
        never hurries the result card away), else the engine's actors."""
        return [] if state["phase"] == "hand_over" else engine.actors(state)

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        state, seat = room.state, me.order
        names = {p["seat"]: p["name"] for p in ctx["players"]}
        level = RANK_NAMES.index(view["hand_level"])
        hand_ids = {c["id"] for c in view["hand"]}
        selected = [c for c in ctx["selected"] if c in hand_ids]
        my_turn = view["phase"] == "play" and view["turn"] == seat
        following = my_turn and view["trick"]["last"] is not None

        readings = engine.readings(state, seat, selected) if my_turn and selected else []
        for r in readings:
            r["name"] = r["ja"]
            r["marks"] = "・".join(f"{v}扱い" for v in r["wilds"].values())
        helpful = None
        if following:
            helpful, wilds = set(), wild_ids(view)
            for p in engine.legal_plays(state, seat):
                helpful.update("W" if c in wilds else RANK[c] for c in p.cards)

        buttons = ctx["buttons"]
        tr = view["tribute"]
        returns = _returns(engine, state, seat, buttons, tr and tr.get("suggested_return"), selected)
        if returns:  # the card これを返す names is the one shown selected in the hand
            selected = [returns[0]["card"]["id"]]
        columns = _columns(view["hand"], level, set(selected), helpful)
        tributes = [dict(b, card=_card_of(engine, state, seat, b["index"])) for b in buttons if b["type"] == "tribute"]
        result = view["results"][-1] if view["phase"] in ("hand_over", "match_over") and view["results"] else None
        rise = _rise(result) if result else 0
        my_team = None if seat is None else seat % 2  # None: a spectator (the replay viewer)
        return {
            "gd": {
                "names": names, "my_team": my_team, "my_turn": my_turn, "following": following,
                "columns": columns, "selected_count": len(selected),
                "readings": readings, "play_label": readings[0]["name"] if readings else None,
                "pass_button": next((b for b in buttons if b["type"] == "pass"), None),
                "next_button": next((b for b in buttons if b["type"] == "next_hand"), None),
                "tributes": tributes, "returns": returns,
                "transfers": [dict(t, from_name=names.get(t["from"]), to_name=names.get(t["to"]))
                              for t in (tr["transfers"] if tr else [])],
                "givers": [names.get(g) for g in (tr["givers"] if tr else [])],
                "leader_name": names.get(tr["leader"]) if tr and tr.get("leader") is not None else None,
                "teams": [dict(t, name=TEAM_NAMES[i], mine=i == my_team,
                               delta=(rise if result and result["winner_team"] == i and rise else None))
                          for i, t in enumerate(view["teams"])],
                "trick_plays": [dict(p, name=names.get(p["seat"]), label=None if p.get("pass") else p["ja"])
                                for p in view["trick"]["plays"][-8:]],
                "result": _result(result, names, view, my_team) if result else None,
                "field_seat": view["trick"]["last"]["seat"] if view["trick"]["last"] else "",
                "field_event": field_event(view["trick"]["last"]),
                # the level the hand on screen is (was) played at: between hands the
                # finished one's, as its result card says (003 §14), not the next one's
                "shown_level": result["level"] if result else view["hand_level"],
                "counter": _counter(view, level) if view["phase"] == "play" else None,
                "my_choice": bool(tributes or returns),
                "auto_intervals": AUTO_INTERVALS,
                "a_rule_label": {"a_required": "A必須 · 競技", "three_fail_reset": "3回失敗で2に戻る"}.get(view["a_rule"]),
            }
        }


def field_event(last: dict | None) -> str:
    """The trick's last play as the table's motion and sound name it (``#field[data-event]``,
    static/feel.js): ``"rocket"`` for the four jokers, ``"bomb"`` for a bomb or a straight
    flush (seeds/000 §11), else ``""``."""
    kind = last["reading"].split(":")[0] if last else ""
    return "rocket" if kind == "joker_bomb" else "bomb" if kind in SPECIAL_TYPES else ""


def wild_ids(view: dict) -> set:
    return {c["id"] for c in view["hand"] if c["wild"]}


def _card_of(engine, state, seat, index):
    actions = [a for a in engine.legal_actions(state, seat) if is_button(a)]
    c = actions[index]["card"]
    return {"id": c, "code": CODE[c], "label": card_label(c), "red": SUIT[c] in ("H", "D")}


#: two decks (seed 000 §1): eight of each rank, two small and two big jokers
DECK = {r: 2 if r in ("LJ", "BJ") else 8 for r in RANK_NAMES}


def _counter(view: dict, level: int) -> list[dict]:
    """The card counter (issue 13): unseen cards by rank, strongest first in this hand's
    order (the level card above A, 000 §3); from the seat's hand and the cards played this
    hand (the view's ``played``)."""
    order = sorted(range(len(RANK_NAMES)), key=lambda r: -_power(r, level))
    return unseen_by_rank(DECK, [RANK_NAMES[RANK[c["id"]]] for c in view["hand"]],
                          [RANK_NAMES[RANK[c]] for c in view["played"]], [RANK_NAMES[r] for r in order])


def _returns(engine, state, seat, buttons: list, suggested, selected: list) -> list[dict]:
    """The return buttons (seed 003 §4), the one これを返す names first: the card selected
    in the hand if it is one that may be returned, else the suggested one."""
    returns = [dict(b, card=_card_of(engine, state, seat, b["index"])) for b in buttons if b["type"] == "return"]
    chosen = selected[0] if len(selected) == 1 and any(b["card"]["id"] == selected[0] for b in returns) else suggested
    returns.sort(key=lambda b: b["card"]["id"] != chosen if chosen is not None else 0)
    return returns


def _rise(result: dict) -> int:
    """How many levels the winning team actually rose (0 when it stayed at A: §17 caps
    the level at A, so "+2" would float over a level that did not move)."""
    win = result["winner_team"]
    return RANK_NAMES.index(result["levels_after"][win]) - RANK_NAMES.index(result["levels_before"][win])


def _columns(hand: list[dict], level: int, selected: set, helpful: set | None) -> list[dict]:
    """The hand as rank columns (wilds in a column of their own), with the orders of the
    two sorts (by rank, by combination: bombs, then triples, pairs, singles)."""
    groups: dict = {}
    for c in hand:
        key = "W" if c["wild"] else RANK[c["id"]]
        groups.setdefault(key, []).append(c)
    cols = []
    for key, cards in groups.items():
        cards.sort(key=lambda c: SUIT_ORDER[SUIT[c["id"]]])
        power = 16 if key == "W" else _power(key, level)
        label = "ワイルド" if key == "W" else {"LJ": "小", "BJ": "大"}.get(RANK_NAMES[key], RANK_NAMES[key])
        n = len(cards)
        cols.append({
            "key": key, "label": label, "power": power, "n": n,
            "cards": [dict(c, red=SUIT[c["id"]] in ("H", "D"), on=c["id"] in selected) for c in cards],
            "k": sum(1 for c in cards if c["id"] in selected),
            "dim": helpful is not None and key not in helpful,
            "level": key != "W" and key == level,
        })
    cols.sort(key=lambda c: c["power"])
    for i, c in enumerate(cols):
        c["rank_order"] = i
    combo = sorted(cols, key=lambda c: (-min(c["n"], 4) if c["key"] != "W" else -5, c["power"]))
    for i, c in enumerate(combo):
        c["combo_order"] = i
    return cols


def _result(result: dict, names: dict, view: dict, my_team: int) -> dict:
    order = result["order"]
    win = result["winner_team"]
    return {
        "hand_no": result["hand_no"], "level": result["level"],
        "places": [{"place": i + 1, "name": names.get(s), "seat": s, "team": s % 2,
                    "won": s % 2 == win, "level": result["levels_after"][s % 2]}
                   for i, s in enumerate(order)],
        "winner": TEAM_NAMES[win], "i_won": win == my_team, "delta": result["delta"], "rise": _rise(result),
        "formula": result["ja"], "before": result["levels_before"][win],
        "after": result["levels_after"][win], "match_won": result["match_won"],
    }


PRESENTER = GuandanPresenter()
