"""Original Daifugō at the table: what the templates need beyond the engine's view —
the window panel of stops and ♥Q×2 (seeds/004 §5), the 7-pass and 10-discard pickers,
the effect/plain choice and the 9-interrupt buttons, the seat rows, log and graveyard.

Everything comes from ``engine.view(state, seat)`` (its ``window``, ``pending``, ``hand``,
``legal`` and ``log``) and the room's public table timer, so a seat learns nothing about
other hands: whether *you* can stop is shown only to you (your own legal actions); the
window's countdown is the same fixed length for everyone.
"""
from __future__ import annotations

import re
from operator import itemgetter

from ..core.cache import per_state
from ..core.presenter import Presenter
from ..core.screen import is_button, table_deadline_ms
from . import markup as fragments

EFFECT_JA = {"seven_pass": "7渡し", "eight_cut": "8切り", "eleven_back": "11バック", "redeal": "配り直し",
             "five_skip": "5スキップ", "ten_discard": "10捨て"}
PENDING_JA = {"seven_pass": "7渡し", "ten_discard": "10捨て"}


class DaifugoPresenter(Presenter):
    """Daifugō's view is the default shape (``view["seats"]``, ``view["legal"]``); its own
    context is :func:`context`."""

    game = "daifugo"

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        return context(room, view, me, ctx)


PRESENTER = DaifugoPresenter()


def context(room, view: dict, me, ctx: dict) -> dict:
    """Template context for the window panel, the 7-pass / 10-discard picker, the
    effect/plain choice and the 9-interrupt buttons of seat ``me``, and the hot loops'
    markup (:mod:`tables.daifugo.markup`)."""
    legal = view.get("legal") or []
    names = {p["seat"]: p["name"] for p in ctx["players"]}
    labels = {c["id"]: c["label"] for c in view["hand"]}
    table_deadline = table_deadline_ms(room)
    buttons = list(enumerate(a for a in legal if is_button(a)))
    out = {
        "window": _window(view, names, buttons, labels, table_deadline, me.order),
        "pending": _pending(view, names, table_deadline, me.order),
        "effect_sets": sorted({",".join(str(c) for c in sorted(a["cards"])) for a in legal
                               if a.get("type") == "play" and a.get("mode") == "effect"}),
        "interrupts": _interrupts(legal, labels),
        "effect_selected": False,

        "foul_waiting": any(s["seat"] == me.order and s["foul"] for s in view["seats"]),
        "hand_cards": fragments.hand_cards(view["hand"], ctx.get("selected") or ()),
    }
    out["seat_rows"] = fragments.seat_rows(ctx["players"], view["field"]["by"] if view["field"] else None)
    out["log_items"] = _log_items(view["log"], names)
    out.update(_public_cards(room.state, view))
    field = view["field"]
    out["field_by"] = names.get(field["by"], "") if field else ""
    out["turn_player"] = next((p for p in ctx["players"] if p["turn"]), None)
    chosen = ",".join(str(c) for c in sorted(ctx.get("selected") or ()))
    out["effect_selected"] = bool(chosen) and chosen in out["effect_sets"]
    mine = ctx.get("my_deadline_ms")
    chooser = (out["pending"] and out["pending"]["mine"]) or view.get("exchange")
    if chooser and table_deadline and (mine is None or table_deadline < mine):
        out["my_deadline_ms"] = table_deadline  # the 20 s choice ends before the turn limit
    return out


def _public_cards(state: dict, view: dict) -> dict:
    """The field's and the graveyard's cards as markup, made once per state object for all
    its seats (both come from the view's public part: the state's alone)."""
    field = view["field"]
    return {
        "field_cards": per_state(state, "field_cards", lambda: fragments.field_cards(field["cards"])) if field else "",
        "graveyard_cards": per_state(state, "graveyard_cards",
                                     lambda: fragments.graveyard_cards(view.get("graveyard") or [])),
    }


def _window(view, names, buttons, labels, deadline, seat) -> dict | None:
    w = view.get("window")
    if not w:
        return None
    stops = [{"index": i, "label": _stop_label(a, labels, bool(w["chain"]))} for i, a in buttons
             if a["type"] in ("stop", "revolution_stop")]
    chain = [{"name": names.get(c["seat"], "?"), "cards": " ".join(c["cards"]),
              "counter": k % 2 == 1} for k, c in enumerate(w["chain"])]
    return {"kind": w["kind"], "by": names.get(w["seat"], "?"), "mine": w["seat"] == seat,
            "effect_ja": w.get("effect_ja") or EFFECT_JA.get(w.get("effect"), ""),
            "chain": chain, "stopped": len(chain) % 2 == 1, "stops": stops,
            "deadline_ms": deadline, "seconds": w["seconds"]}


def _stop_label(action: dict, labels: dict, counter: bool) -> str:
    if action["type"] == "revolution_stop":
        return "革命を止める（♥Q×2）"
    return ("止め返す" if counter else "止める") + f"（{labels.get(action['card'], '')}）"


def _pending(view, names, deadline, seat) -> dict | None:
    p = view.get("pending")
    if not p:
        return None
    return {"kind": p["kind"], "what": PENDING_JA.get(p["kind"], p["kind"]), "mine": p["seat"] == seat,
            "by": names.get(p["seat"], "?"), "to": names.get(p["to"]) if p.get("to") is not None else None,
            "count": p.get("count"), "deadline_ms": deadline}


def _interrupts(legal: list, labels: dict) -> list[dict]:
    options = [a for a in legal if a.get("type") == "play" and a.get("mode") == "interrupt"]
    return [{"index": i, "label": " ".join(labels.get(c, "?") for c in a["cards"])}
            for i, a in enumerate(options)]


def _log_items(log: list, names: dict):
    """The log part's lines with the seats' names, built once per distinct (lines, names)
    in the process (the four seats of a table mostly see the same lines; the key is the
    content itself), each line once per distinct (line, names): a new version adds a line
    or two to the last twenty."""
    names_key = tuple(sorted(names.items()))
    key = ("log", names_key, *map(_ja_en, log))
    return fragments.memoised(key, lambda: "".join([_log_line(ja, en, names, names_key) for ja, en in key[2:]]))


_lines: dict[tuple, str] = {}


def _log_line(ja: str, en: str, names: dict, names_key: tuple) -> str:
    """One ``<li>`` of the log (:func:`fragments.log_items`) with the seats' names."""
    return fragments.kept(_lines, (ja, en, names_key),
                          lambda: fragments.log_items([(_names(ja, names), _names(en, names))]))


def _names(text: str, names: dict) -> str:
    """Log lines say P1, P2…; show the seats' names instead (escaped by the template)."""
    if "P" not in text:
        return text
    return _SEAT.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), text)


_SEAT = re.compile(r"\bP(\d+)\b")
_ja_en = itemgetter("ja", "en")
