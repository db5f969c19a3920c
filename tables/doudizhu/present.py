"""Dou Dizhu (闘地主 / 斗地主) at the table: what :mod:`tables.core.screen` needs beyond
``engine.view`` (seeds/001: bids and the kitty §2–§3, passes §15, settlement §17–§19,
controls §21, the match to 30 points §23).

Everything comes from ``engine.view(state, seat)`` or the seat's own legal actions, so a
presenter cannot leak another seat's cards.
"""
from __future__ import annotations

from games.doudizhu.combos import RANKS

from ..core.counter import unseen_by_rank
from ..core.presenter import Presenter

BID_LABELS = {0: "入札しない", 1: "1", 2: "2", 3: "3"}
ROLE_LABELS = {"landlord": "地主", "peasant": "農民"}
#: one deck (seed 001 §2): four of each rank, one small and one big joker
DECK = {r: 1 if r in ("LJ", "BJ") else 4 for r in RANKS}


class DoudizhuPresenter(Presenter):
    """Dou Dizhu (seed 001): bids, the kitty after bidding, B/N, results and totals."""

    game = "doudizhu"

    def seats(self, view: dict) -> list[dict]:
        result = view.get("result")
        trick = view.get("trick")
        last_bid = {b["seat"]: b["value"] for b in view["bids"]}
        passed = set()
        if trick is not None:  # who passed on the play to beat (§15)
            for h in reversed(view["history"]):
                if not h.get("pass"):
                    break
                passed.add(h["seat"])
        out = []
        for s, count in enumerate(view["counts"]):
            role = view["roles"][s]
            out.append({
                "seat": s, "count": count, "role": role, "role_label": ROLE_LABELS.get(role, ""),
                "bid": last_bid.get(s) if view["phase"] == "bidding" else None,
                "passed": s in passed, "total": view["scores"][s],
                "delta": result["delta"][s] if result else None,
                "winner": bool(result and s in result["winners"]),
                "match_winner": s in view["winners"],
            })
        return out

    def legal(self, engine, state: dict, view: dict, seat: int) -> list[dict]:
        """The seat's actions without cards, in the order of ``engine.legal_actions``
        filtered by :func:`tables.core.screen.is_button` (bids, pass, next hand) — built
        directly so a render does not generate every play of the hand."""
        phase = state["phase"]
        if phase == "hand_over":
            return [{"type": "next_hand"}]
        if phase == "bidding":
            return [{"type": "bid", "value": v} for v in engine.legal_bids(state, seat)]
        if phase == "play" and state["turn"] == seat:
            return [{"type": "play"}] + ([{"type": "pass"}] if state["trick"] is not None else [])
        return []

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        names = {p["seat"]: p["name"] for p in ctx["players"]}
        buttons = ctx["buttons"]
        simple = [a for a in self.legal(engine, room.state, view, me.order) if a["type"] != "play"]
        bids = [dict(b, value=simple[b["index"]]["value"], label=BID_LABELS[simple[b["index"]]["value"]])
                for b in buttons if b["type"] == "bid"]
        result = view.get("result")
        log = []
        for b in view["bids"]:
            log.append(f"{names.get(b['seat'], '')}：{'入札しない' if not b['value'] else str(b['value']) + 'で入札'}")
        if view["landlord"] is not None:
            log.append(f"{names.get(view['landlord'], '')} が地主（B＝{view['B']}）")
        for h in view["history"]:
            what = "パス" if h.get("pass") else " ".join(c["label"] for c in h["cards"])
            log.append(f"{names.get(h['seat'], '')}：{what}")
        return {
            "names": names,
            "bid_buttons": bids,
            "pass_button": next((b for b in buttons if b["type"] == "pass"), None),
            "next_button": next((b for b in buttons if b["type"] == "next_hand"), None),
            "can_play": view["phase"] == "play" and view["your_turn"],
            "bidding": view["phase"] == "bidding",
            "my_turn": view["turn"] == me.order and view["phase"] in ("bidding", "play"),
            "landlord_name": names.get(view["landlord"]),
            "trick_by": names.get(view["trick"]["seat"]) if view["trick"] else None,
            "field_seat": view["trick"]["seat"] if view["trick"] else "",
            "field_event": field_event(view["trick"]),
            "highest_bidder_name": names.get(view["highest_bidder"]),
            "dd_log": log[-40:],
            "counter": counter(view) if view["phase"] == "play" else None,
            "result": result,
            "result_rows": [p for p in ctx["players"]] if result else [],
            "winner_names": [names.get(s) for s in view["winners"]],
            "i_won": bool(result and me.order in result["winners"]),
        }

    def hints(self, engine, state: dict, seat: int, hints: list[dict]) -> list[dict]:
        """While bidding the hint offered first is the recommended bid (the CPU's)."""
        if state["phase"] == "bidding" and hints:
            try:
                rec = engine.choose(state, seat)
            except ValueError:
                return hints
            return sorted(hints, key=lambda h: h["action"] != rec)
        return hints


PRESENTER = DoudizhuPresenter()


def field_event(trick: dict | None) -> str:
    """The play to beat as the table's motion and sound name it (``#field[data-event]``,
    static/feel.js): ``"bomb"`` or ``"rocket"`` (seeds/001 §13), else ``""``."""
    return trick["type"] if trick and trick["type"] in ("bomb", "rocket") else ""


def counter(view: dict) -> list[dict]:
    """The card counter (issue 13): unseen cards by rank, strongest first (not in the
    seat's hand, not played this hand: seed 001 §2 deck, the view's ``history``)."""
    played = [c["rank"] for h in view["history"] for c in h.get("cards", ())]
    return unseen_by_rank(DECK, [c["rank"] for c in view["hand"] or ()], played, reversed(RANKS))
