"""Per-seat rendering: the one function that turns a room into what one seat may see.

:func:`screen` returns the *kind* of screen (``lobby``, ``table``, ``join``, ``closed``,
``refused``) and its parts, each an HTML string whose single top-level element carries the
part's ``id`` (the htmx ws extension swaps top-level elements by id, out of band).
:func:`stage` wraps the parts into the whole ``#stage`` element for a first render or a
change of screen. Game data comes only from ``engine.view(state, seat)``, so a template
cannot show another seat's hand or the surplus order even by mistake. Text is escaped by
the templates (names are user input).

The templates are Jinja2 (``templates/jinja2/``, the ``jinja2`` engine of settings,
:mod:`rooms.jinja`): a seat's render is about ten of them, several times faster than
Django templates. Parts and stages are ``SafeString``, as ``render_to_string`` returned.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime

from django.template import TemplateDoesNotExist, engines
from django.utils.safestring import SafeString
from jinja2 import TemplateNotFound

from . import options as opts, tables
from .engines import engine_for
from .models import Room
from .presence import is_live

TABLE_PARTS = ("status", "seats", "field", "hand", "msg", "log", "graveyard", "result", "leave")
LOBBY_PARTS = ("lobby", "msg", "leave")
SIMPLE_ACTIONS = {"pass": "パス", "next_game": "次のラウンドへ", "stop": "止める",
                  "revolution_stop": "革命を止める (♥Q×2)"}
CARD_CHOICES = {"exchange": "渡す", "give": "選んで渡す (7渡し)", "discard": "選んで捨てる (10捨て)"}


def is_button(action: dict) -> bool:
    """Actions offered as one button (no card selection): pass, next round, stops…"""
    return action.get("type") not in ("play", *CARD_CHOICES)


@dataclass
class Screen:
    kind: str
    parts: dict[str, str] = field(default_factory=dict)
    stage_template: str | list[str] = ""
    context: dict = field(default_factory=dict)


def screen(room: Room | None, seats: list, me, now: datetime, *, notice: dict | None = None,
           selected: list | None = None, leave_armed: bool = False, only: tuple | None = None) -> Screen:
    """What the socket holding seat ``me`` (a Seat or None) sees of ``room`` now.

    ``only``: render just these parts of a table (a hint or a new selection at a version
    the tab already shows changes only its hand and message); other screens render whole."""
    base = {"room": room, "me": me, "notice": notice, "leave_armed": leave_armed, "now": now,
            "version": room.version if room else 0}
    if room is None or room.status == Room.Status.CLOSED:
        return _simple("closed", base)
    if me is None:
        kind = "join" if room.status == Room.Status.WAITING else "refused"
        return _simple(kind, {**base, "seats": seats})
    if room.status == Room.Status.WAITING:
        return _parts("lobby", "rooms/lobby/stage.html", LOBBY_PARTS, "rooms/lobby/", _lobby_context(room, seats, me, base))
    folder = f"rooms/tables/{room.game}/"
    ctx = _table_context(room, seats, me, now, base, selected or [])
    names = TABLE_PARTS if only is None else [n for n in TABLE_PARTS if n in only]
    return _parts("table", _part_template(folder, "stage"), names, folder, ctx)


def _simple(kind: str, ctx: dict) -> Screen:
    return Screen(kind, {}, f"rooms/stage_{kind}.html", ctx)


def _parts(kind: str, stage_template: str | list[str], names, folder: str, ctx: dict) -> Screen:
    return Screen(kind, _render_parts(_part_templates(folder, tuple(names)), ctx), stage_template, ctx)


#: (folder, part names) → [(name, template)], unless templates reload (DEBUG)
_part_lists: dict[tuple, list] = {}


def _part_templates(folder: str, names: tuple) -> list[tuple[str, object]]:
    """Each part's template (:func:`_part_template`: the folder's own, else the shared
    one), looked up once per folder and part names in this process."""
    key = (folder, names)
    got = _part_lists.get(key)
    if got is None:
        got = [(name, _template(_part_template(folder, name))) for name in names]
        if not _env.auto_reload:  # _template set _env
            _part_lists[key] = got
    return got


def _part_template(folder: str, name: str) -> list[str]:
    return [f"{folder}{name}.html", f"rooms/parts/{name}.html"]


def stage(s: Screen) -> str:
    """The whole ``#stage`` element of a screen (parts included)."""
    return _render(s.stage_template, {**s.context, "parts": s.parts})


def _render(names: str | list[str], ctx: dict) -> SafeString:
    """The first of ``names`` rendered with ``ctx``.

    ``Template.render(ctx)`` would copy ``ctx`` twice and merge the environment's globals
    into each copy (~8 µs a template, nine or ten templates a seat: a third of a Daifugō
    seat's template time). A context that shares ``ctx`` (``new_context(shared=True)``:
    no globals such as ``range``; a template's own ``{% set %}`` still stays in its
    context) rendered by the template's root function renders the same."""
    return _render_template(_template(names), ctx)


def _render_template(template, ctx: dict) -> SafeString:
    try:
        return SafeString("".join(template.root_render_func(template.new_context(ctx, shared=True))))
    except Exception:
        return template.environment.handle_exception()  # raises, with the template's lines


def _render_parts(templates: list[tuple[str, object]], ctx: dict) -> dict[str, SafeString]:
    """``{name: template rendered with ctx}`` through one Jinja2 context for all of them
    (:func:`_render_template` builds one a template: ~4 µs each, for copying the
    environment's globals' names, nine times a seat). A part's own top-level ``{% set %}``
    is cleared before the next part renders, as its own context would have been."""
    if not templates:
        return {}
    context = templates[0][1].new_context(ctx, shared=True)
    parts = {}
    for name, template in templates:
        try:
            parts[name] = SafeString("".join(template.root_render_func(context)))
        except Exception:
            return template.environment.handle_exception()  # raises, with the template's lines
        if context.vars:
            context.vars.clear()
            context.exported_vars.clear()
    return parts


#: template name (or candidates) → the name found; the Jinja2 environment (set on first use)
_names: dict[tuple, str] = {}
_templates: dict[str, object] = {}
_env = None


def _template(names: str | list[str]):
    """The first of ``names`` that exists, as a compiled Jinja2 template. Which candidate
    exists is looked up once per process; the template itself once too, unless the
    environment reloads changed files (``auto_reload``, under ``DEBUG``)."""
    global _env
    key = (names,) if isinstance(names, str) else tuple(names)
    name = _names.get(key)
    if name is None:
        if _env is None:
            _env = engines["jinja2"].env
        try:
            name = _names[key] = _env.select_template(key).name
        except TemplateNotFound as exc:  # TemplatesNotFound too
            raise TemplateDoesNotExist(", ".join(key)) from exc
    if _env.auto_reload:
        return _env.get_template(name)
    template = _templates.get(name)
    if template is None:
        template = _templates[name] = _env.get_template(name)
    return template


def _lobby_context(room: Room, seats: list, me, base: dict) -> dict:
    live = {s.pk for s in seats if s.is_human and is_live(s, base["now"])}
    return {**base, "seats": seats, "live": live, "is_host": me.is_host,
            "players_range": opts.player_range(room.game), "speeds": opts.SPEED_LABELS,
            "turn_limits": opts.TURN_LIMITS, "max_seats": opts.PLAYERS[room.game][1],
            "can_add": len(seats) < opts.PLAYERS[room.game][1],
            "games": opts.GAMES, "game_label": opts.GAMES.get(room.game, room.game),
            "rule_choices": opts.choice_fields(room.game, room.options),
            "rule_switches": opts.rule_rows(room.game, room.options)}


def _table_context(room: Room, seats: list, me, now: datetime, base: dict, selected: list) -> dict:
    engine = engine_for(room.game)
    view = seat_view(engine, room.state, me.order)
    present = tables.presenter(room.game)
    legal = present.legal(engine, room.state, view, me.order)
    by_order = {s.order: s for s in seats}
    timers = room.timers or {}
    infos = present.seats(view)
    players = [_player(info, by_order.get(info["seat"]), me, view, timers, now) for info in infos]
    over = engine.is_over(room.state)
    mine = timers.get(str(me.order))
    ctx = {
        **base, "view": view, "players": players, "over": over, "is_host": me.is_host,
        "selected": {int(c) for c in selected if str(c).isdigit()},
        "play_modes": sorted({a.get("mode", "plain") for a in legal if a.get("type") == "play"}),
        "choices": [{"kind": k, "label": label} for k, label in CARD_CHOICES.items()
                    if any(a.get("type") == k for a in legal)],
        "buttons": [{"index": i, "type": a["type"], "label": _button_label(a)}
                    for i, a in enumerate(a for a in legal if is_button(a))],
        "my_deadline_ms": int(mine[1] * 1000) if mine and mine[0] == "limit" else None,
        "placed": _placed(infos, me.order),
        "me_player": next((p for p in players if p["seat"] == me.order), None),
        "my_turn": view.get("turn") == me.order and not _held(view),
    }
    ctx.update(present.context(engine, room, view, me, ctx))
    if room.game == "daifugo":  # special cards: windows, choices, interrupts
        from . import daifugo_table
        ctx.update(daifugo_table.context(room, view, me, ctx))
    return ctx


#: id(state) → (state, {key: value}): what one state object gives every time it is rendered
#: again — a seat's view (key: the seat number; a hint and its render, a doorbell render
#: and the hint after it on one shared snapshot) and what every seat sees alike (string
#: keys: the engine's public view, the field's and graveyard's markup; the four seats of a
#: version share them). Keyed by the very object (kept alive here, so its id is not
#: reused); states are never changed in place once loaded (a change makes a new version's
#: object). The oldest state is forgotten first.
_states: OrderedDict[int, tuple[dict, dict]] = OrderedDict()
STATES_KEPT = 64


def per_state(state: dict, key: int | str, make):
    """``make()`` once per state object and ``key`` in this process. A value made for one
    seat is keyed by that seat's number; a string key holds only what every seat may see."""
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
        public = per_state(state, "public", lambda: engine.public_view(state))
        return engine.view(state, seat) if public is None else engine.view(state, seat, public)
    return per_state(state, seat, make)


def _placed(infos: list, seat: int) -> bool:
    info = next((s for s in infos if s["seat"] == seat), {})
    return info.get("place") is not None or bool(info.get("foul"))


def _held(view: dict) -> bool:
    """A timed window or a pending card choice holds the table (Daifugō's stops, 7-pass,
    10-discard): nobody is on turn until it closes (the player who just played would
    otherwise see a lit hand, 番 and ヒント, and every move refused)."""
    return bool(view.get("window") or view.get("pending"))


def _player(info: dict, seat, me, view: dict, timers: dict, now: datetime) -> dict:
    timer = timers.get(str(info["seat"]))
    human = bool(seat and seat.is_human)
    return {
        **info,
        "name": seat.name if seat else f"#{info['seat'] + 1}",
        "human": human,
        "cpu": not human,
        "away": human and not is_live(seat, now),
        "auto": human and seat.auto,
        "host": bool(seat and seat.is_host),
        "is_me": info["seat"] == me.order,
        "turn": view.get("turn") == info["seat"] and not _held(view),
        "deadline_ms": int(timer[1] * 1000) if timer and timer[0] == "limit" else None,
    }


def _button_label(action: dict) -> str:
    label = SIMPLE_ACTIONS.get(action["type"], action.get("ja") or action["type"])
    card = action.get("card")
    return f"{label}" if card is None else f"{label} ({card})"
