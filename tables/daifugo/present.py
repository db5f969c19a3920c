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

from games.daifugo.cards import DECK
from games.daifugo.present import LABELS

from ..core import options as opts
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
    out["legend"] = legend(room.state["rules"]["specials"])
    out["exchanges"] = exchanges(room.state, me.order, names)
    out["seat_rows"] = fragments.seat_rows(ctx["players"], view["field"]["by"] if view["field"] else None)
    out["log_items"] = _log_items(view["log"], names)
    out.update(_public_cards(room.state, view))
    field = view["field"]
    out["field_by"] = names.get(field["by"], "") if field else ""
    out["field_seat"], out["field_event"] = (field["by"] if field else ""), field_event(room.state["log"])
    out["turn_player"] = next((p for p in ctx["players"] if p["turn"]), None)
    chosen = ",".join(str(c) for c in sorted(ctx.get("selected") or ()))
    out["effect_selected"] = bool(chosen) and chosen in out["effect_sets"]
    mine = ctx.get("my_deadline_ms")
    chooser = (out["pending"] and out["pending"]["mine"]) or view.get("exchange")
    if chooser and table_deadline and (mine is None or table_deadline < mine):
        out["my_deadline_ms"] = table_deadline  # the 20 s choice ends before the turn limit
    return out


def field_event(log: list) -> str:
    """What the latest play did to the field, for the table's motion and sound
    (``#field[data-event]``, static/feel.js): ``"eight_cut"`` (8切り, seeds/004 §5),
    ``"revolution"`` (革命, 004 §4), ``"flush"`` (the field was cleared since) or ``""``.
    Reads the public events back to the last play, pass or deal (private ones skipped)."""
    flushed = False
    for event in reversed(log):
        kind = event["type"]
        if "private" in event:
            continue
        if kind == "effect" and event.get("effect") == "eight_cut":
            return "eight_cut"
        if kind == "play" and event.get("revolution") and not flushed:
            return "revolution"
        if kind in ("play", "pass", "deal"):
            break
        flushed = flushed or kind == "flush"
    return "flush" if flushed else ""


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


def legend(specials: dict) -> list[dict]:
    """The special-card mark's legend (seed 004 §5; issue 13): ``[{"label", "description"}]``
    of the special cards switched on at this table, in the waiting room's order and words
    (:data:`tables.core.options.RULE_SWITCHES`, :data:`~tables.core.options.DESCRIPTIONS`)."""
    return [{"label": label, "description": opts.DESCRIPTIONS.get(name, "")}
            for name, label in opts.RULE_SWITCHES["daifugo"].items() if specials.get(name)]


#: the engine's events of the exchange (seed 004 §4 カード交換): the automatic tribute of
#: the poorer and the chosen cards of the richer, private to the two seats involved
EXCHANGE_EVENTS = ("tribute", "exchange")


def exchanges(state: dict, seat: int, names: dict) -> list[dict]:
    """This game's exchange as ``seat`` may see it (issue 13): who gave which cards to
    whom, only the gifts ``seat`` gave or received (the events are private to the two
    seats; the engine keeps the last events of the log). ``[{"from", "to", "from_name",
    "to_name", "cards", "mine"}]``, oldest first; empty in game 1."""
    out = []
    for event in reversed(state["log"]):
        if event["type"] == "deal":
            break
        if event["type"] in EXCHANGE_EVENTS and seat in event.get("private", ()):
            out.append({"from": event["from"], "to": event["to"], "from_name": names.get(event["from"], ""),
                        "to_name": names.get(event["to"], ""), "mine": event["from"] == seat,
                        "cards": " ".join(LABELS[c] for c in _ids(event["cards"]))})
    out.reverse()
    return out


def _ids(codes: list[str]) -> list[int]:
    """One card id of each code (a code has one label; for the labels only)."""
    return [DECK.by_code[c][0] for c in codes]
