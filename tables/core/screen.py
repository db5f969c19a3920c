"""A seat's table screen: the one function that turns a game in play into the parts one
seat may see, on the server and in the browser alike.

:func:`table_screen` returns a :class:`Screen` whose parts are HTML strings, each with a
single top-level element carrying the part's ``id`` (the htmx ws extension swaps
top-level elements by id, out of band); :func:`stage` wraps them into the whole
``#stage`` element for a first render or a change of screen. Game data comes only from
``engine.view(state, seat)``, so a template cannot show another seat's hand or the
surplus order even by mistake. Text is escaped by the templates (names are user input).

Inputs are plain objects, so that a Django model and the browser's practice table both
serve (duck typing, nothing imported):

- *room*: ``game`` (str), ``state`` (the engine's JSON state), ``options`` (dict),
  ``version`` (int), ``solo`` (bool: practice), ``timers`` (:mod:`tables.core.pacing`);
- *seat*: ``order`` (int), ``name`` (str), ``is_human``, ``is_host``, ``auto`` (bool);
- *live*: the orders of the human seats whose socket is connected.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jinja2 import TemplateNotFound, TemplatesNotFound
from markupsafe import Markup

from .. import presenter
from . import env as fragments_env
from . import history, stamps, words
from .cache import seat_view
from .i18n import gettext as _, gettext_noop
from .markup import CARD_MARKUP
from .pacing import TABLE

TABLE_PARTS = ("status", "seats", "field", "hand", "msg", "log", "graveyard", "result", "leave", "history", "stamps",
               "aid",  # aid: help for new players (a legend, the exchange, a card counter)
               "people")  # people: the host's 人を外す
#: the labels of one-button actions and card choices (translated where shown)
SIMPLE_ACTIONS = {"pass": gettext_noop("パス"), "next_game": gettext_noop("次のラウンドへ"),
                  "stop": gettext_noop("止める"), "revolution_stop": gettext_noop("革命を止める (♥Q×2)")}
#: the whose-turn line on your own turn, and on おまかせ, when the CPU plays it for you
#: (rules/daifugo.md "Time"; try40 read "Your turn" with the seat on おまかせ and could not
#: tell who would play): the tables' field parts show it (``my_turn_line``)
MY_TURN = {False: gettext_noop("あなたの番です"), True: gettext_noop("おまかせ中：CPUが出します")}
CARD_CHOICES = {"exchange": gettext_noop("渡す"), "give": gettext_noop("選んで渡す (7渡し)"),
                "discard": gettext_noop("選んで捨てる (10捨て)")}
PAST_SHOWN = 20  # これまでの局: the newest finished hands listed on the table
#: 自動プレイ's intervals: (milliseconds, seconds as shown)
AUTO_INTERVALS = ((500, "0.5"), (1000, "1"), (2000, "2"), (3000, "3"))


def _history_words(past: list, game: str | None = None) -> dict:
    """The words of the これまでの局 part that carry a value: its summary (wide and narrow)
    and the finished hands as listed (:func:`tables.core.history.listed`: by match, newest
    first, each hand named by its game and the game's own number, as the status bar did
    while it was played and its replay does; try14: 第8局 in the list, 第3局 on the table;
    try50: 第1局, 第2局, 第1局… of two matches and two games read as one jumble).
    ``game``: the room's game (a summary from before summaries kept theirs)."""
    n = len(past)
    return {"wide": _("これまでの局を再生（%(n)s）") % {"n": n} if n else _("これまでの局を再生"),
            "narrow": _("再生（%(n)s）") % {"n": n} if n else _("再生"),
            "groups": history.listed(past, game)}


def left_stage(goto: str) -> str:
    """The ``#stage`` a tab is sent after 退出, in the current language (:mod:`.i18n`): the
    page follows ``data-goto`` (``goto``: a path of this site, e.g. ``/``) at once."""
    said = Markup.escape(_("退出しました。"))
    return f'<div id="stage" data-goto="{Markup.escape(goto)}"><p class="notice">{said}</p></div>'


def rate_limited_msg() -> str:
    """The ``#msg`` a tab is told, once, when its messages start being dropped over its
    budget (rooms.consumers: nothing is rendered for it), in the current language."""
    text = Markup.escape(_(words.REFUSALS["rate_limited"]))
    return f'<div id="msg" class="msg error" role="status" aria-live="polite" data-code="rate_limited">{text}</div>'


def is_button(action: dict) -> bool:
    """Actions offered as one button (no card selection): pass, next round, stops…"""
    return action.get("type") not in ("play", *CARD_CHOICES)


@dataclass
class Screen:
    """``kind``: ``"table"`` here (the server adds ``lobby``, ``join``, ``closed``,
    ``refused``); ``parts``: part name → HTML; ``stage_template``: the name (or
    candidates) of the template that wraps them; ``context``: what they were rendered with."""
    kind: str
    parts: dict[str, str] = field(default_factory=dict)
    stage_template: str | list[str] = ""
    context: dict = field(default_factory=dict)


def table_screen(room, seats: list, me, live: set, *, notice: dict | None = None,
                 selected: list | None = None, asking: str | None = None,
                 only: tuple | None = None) -> Screen:
    """What seat ``me`` (seat-like, one of ``seats``) sees of the game in ``room`` now.

    ``notice``: ``{"code", "ja", "en"}`` shown by the hand (a refusal, a hint);
    ``selected``: card ids shown selected; ``asking``: the question a button asks now ("leave": 退出する？, "lobby": ロビーへ戻る？);
    ``only``: render just these parts (a hint or a new selection at a version the tab
    already shows changes only its hand and message)."""
    base = {"room": room, "me": me, "notice": notice, "asking": asking,
            "version": room.version}
    ctx = table_context(room, seats, me, live, base, selected or [])
    names = TABLE_PARTS if only is None else tuple(n for n in TABLE_PARTS if n in only)
    return render_screen("table", part_template(room.game, "stage"), names, room.game, ctx)


def render_screen(kind: str, stage_template, names: tuple, folder: str, ctx: dict) -> Screen:
    """A :class:`Screen` of the parts ``names``, each from ``folder``'s own template or else
    the shared one (:func:`part_template`)."""
    return Screen(kind, _render_parts(_part_templates(folder, tuple(names)), ctx), stage_template, ctx)


def stage(s: Screen) -> str:
    """The whole ``#stage`` element of a screen (parts included)."""
    return render(s.stage_template, {**s.context, "parts": s.parts})


def part_template(folder: str, name: str) -> list[str]:
    """The candidates for part ``name`` of ``folder`` (a game, or the server's ``rooms/lobby``):
    the folder's own template, else the shared one."""
    return [f"{folder}/{name}.html", f"parts/{name}.html"]


# --- templates ----------------------------------------------------------------------------

_env = None
#: template name (or candidates) → the name found; name → compiled template;
#: (folder, part names) → [(name, template)] (unless templates reload)
_names: dict[tuple, str] = {}
_templates: dict[str, object] = {}
_part_lists: dict[tuple, list] = {}


def use_environment(environment) -> None:
    """Render with ``environment`` (the server hands over the one Django's backend built,
    which reloads changed files under DEBUG); else :func:`tables.core.env.default`."""
    global _env
    if environment is not _env:
        _env = environment
        _names.clear()
        _templates.clear()
        _part_lists.clear()


def environment():
    """The Jinja2 environment the parts render with."""
    if _env is None:
        use_environment(fragments_env.default())
    return _env


def _part_templates(folder: str, names: tuple) -> list[tuple[str, object]]:
    """Each part's template, looked up once per folder and part names in this process."""
    key = (folder, names)
    got = _part_lists.get(key)
    if got is None:
        got = [(name, template(part_template(folder, name))) for name in names]
        if not environment().auto_reload:
            _part_lists[key] = got
    return got


def template(names: str | list[str]):
    """The first of ``names`` that exists, as a compiled Jinja2 template (which candidate
    exists is looked up once per process; the template itself once too, unless the
    environment reloads changed files). Raises ``jinja2.TemplatesNotFound``."""
    env = environment()
    key = (names,) if isinstance(names, str) else tuple(names)
    name = _names.get(key)
    if name is None:
        name = _names[key] = _first(env, key)
    if env.auto_reload:
        return env.get_template(name)
    got = _templates.get(name)
    if got is None:
        got = _templates[name] = env.get_template(name)
    return got


def _first(env, names: tuple) -> str:
    """The first of ``names`` the environment has (a template's own ``name`` would not do:
    through a ``PrefixLoader`` it is the name without its prefix)."""
    for name in names:
        try:
            env.get_template(name)
        except TemplateNotFound:
            continue
        return name
    raise TemplatesNotFound(names)


def render(names: str | list[str], ctx: dict) -> Markup:
    """The first of ``names`` rendered with ``ctx``.

    ``Template.render(ctx)`` would copy ``ctx`` twice and merge the environment's globals
    into each copy (~8 µs a template, nine or ten templates a seat). A context that shares
    ``ctx`` (``new_context(shared=True)``: no globals such as ``range``; a template's own
    ``{% set %}`` still stays in its context) rendered by the template's root function
    renders the same."""
    t = template(names)
    _with_gettext(ctx)
    try:
        return Markup("".join(t.root_render_func(t.new_context(ctx, shared=True))))
    except Exception:
        return t.environment.handle_exception()  # raises, with the template's lines


GETTEXT_NAMES = ("_", "gettext", "ngettext", "pgettext", "npgettext")


def _with_gettext(ctx: dict) -> None:
    """Put the environment's ``_``/``gettext``… (Jinja2's i18n extension, in the language
    of the render: :mod:`tables.core.i18n`) into ``ctx``: a shared context has no globals."""
    if "_" not in ctx:
        g = environment().globals
        ctx.update({name: g[name] for name in GETTEXT_NAMES})


def _render_parts(templates: list[tuple[str, object]], ctx: dict) -> dict[str, Markup]:
    """``{name: template rendered with ctx}`` through one Jinja2 context for all of them
    (one each costs ~4 µs for copying the environment's globals' names, nine times a
    seat). A part's own top-level ``{% set %}`` is cleared before the next part renders,
    as its own context would have been."""
    if not templates:
        return {}
    _with_gettext(ctx)
    context = templates[0][1].new_context(ctx, shared=True)
    parts = {}
    for name, t in templates:
        try:
            parts[name] = Markup("".join(t.root_render_func(context)))
        except Exception:
            return t.environment.handle_exception()  # raises, with the template's lines
        if context.vars:
            context.vars.clear()
            context.exported_vars.clear()
    return parts


# --- the table's context ------------------------------------------------------------------

#: the actions left to a seat once a hand is over (its result shows): deal the next one
DEAL_ACTIONS = frozenset({"next_hand", "next_game"})


def _after_the_hand(notice: dict | None, view: dict, legal: list[dict]) -> dict | None:
    """``notice``, but None for a stale refusal once the hand is over (nobody's turn, only
    the next deal left): "画面が古くなっていました…もう一度どうぞ" has nothing to try again,
    and it stayed under the result (try46: a play sent as the hand ended)."""
    if (notice and notice.get("code") == "stale" and view.get("turn") is None
            and all(a.get("type") in DEAL_ACTIONS for a in legal)):
        return None
    return notice


def _dealt_notice(hand: dict | None, me, by_order: dict) -> dict | None:
    """「Alice が次の局を始めました。」 (news: parts/msg.html gives it no refusal's colour) for ``me`` while the hand another person dealt has no
    move of ``me``'s yet (:func:`tables.core.history.dealt_by`); None otherwise."""
    dealt = history.dealt_by(hand, me.order)
    dealer = by_order.get(dealt[0]) if dealt else None
    if dealer is None:
        return None
    return {"code": "dealt_hand" if dealt[1] == "next_hand" else "dealt_round", "name": dealer.name}


def _left_notice(room, me) -> dict | None:
    """「ぼたん が退出しました。この席はCPUが最後まで打ちます。」 (or ホストに外されました:
    news) for the others while the hand a person left in (``room.options["left"]``: their
    name, whether they were removed, the hand's commitment and how many moves it had, set
    by rooms.lobby._stand_in) has no move of ``me``'s since; None otherwise. try52: a friend
    leaving mid-game showed only as "(CPU)" on their seat."""
    left = (getattr(room, "options", None) or {}).get("left")
    hand = getattr(room, "hand", None)
    if not isinstance(left, dict) or not hand or left.get("hand") != history.commitment(hand):
        return None
    if any(s == me.order for s, _ in hand.get("actions", [])[left.get("at", 0):]):
        return None
    return {"code": "removed_game" if left.get("removed") else "left_game", "name": left.get("name", "")}


def hint_action(notice: dict | None) -> dict:
    """The action the hint shown now recommends (``notice``: :func:`tables.core.moves.next_hint`'s;
    ``{}`` when no hint shows): its button is ringed (class ``hinted``) as a play's hint
    selects its cards — a bid's (Dou Dizhu, a new user: the hint named it in words only) and
    パス (try47: 「过。这次先不出」 left the button unmarked)."""
    return (notice.get("action") or {}) if notice and notice.get("code") == "hint" else {}


def table_context(room, seats: list, me, live: set, base: dict, selected: list) -> dict:
    """Everything the table's parts render from: the seat's view, the players' rows,
    the buttons of its legal actions, deadlines, and the game's own context
    (:meth:`tables.core.presenter.Presenter.context`)."""
    from games import get_engine  # the engines are pure too; imported here to keep this light

    engine = get_engine(room.game)
    view = seat_view(engine, room.state, me.order)
    present = presenter(room.game)
    legal = present.legal(engine, room.state, view, me.order)
    by_order = {s.order: s for s in seats}
    timers = room.timers or {}
    infos = present.seats(view)
    span_ms = int(((room.options or {}).get("turn_limit") or 0) * 1000)
    players = [_player(info, by_order.get(info["seat"]), me, view, timers, live, span_ms) for info in infos]
    mine = timers.get(str(me.order))
    my_turn = view.get("turn") == me.order and not _held(view)
    notice = (_after_the_hand(present.refusal(base.get("notice"), legal, my_turn), view, legal)
              or _dealt_notice(getattr(room, "hand", None), me, by_order) or _left_notice(room, me))
    past = history.past(getattr(room, "hand", None))[-PAST_SHOWN:]
    ctx = {
        **CARD_MARKUP, **base, "notice": notice, "view": view, "players": players, "over": engine.is_over(room.state), "is_host": me.is_host,
        "selected": {int(c) for c in selected if str(c).isdigit()},
        "play_modes": sorted({a.get("mode", "plain") for a in legal if a.get("type") == "play"}),
        "choices": [{"kind": k, "label": _(label)} for k, label in CARD_CHOICES.items()
                    if any(a.get("type") == k for a in legal)],
        "buttons": [{"index": i, "type": a["type"], "label": _button_label(room.game, a)}
                    for i, a in enumerate(a for a in legal if is_button(a))],
        "my_deadline_ms": int(mine[1] * 1000) if mine and mine[0] == "limit" else None,
        "placed": _placed(infos, me.order),
        "me_player": next((p for p in players if p["seat"] == me.order), None),
        "my_turn": my_turn,
        "commitment": history.commitment(getattr(room, "hand", None)),
        "past_hands": past,
        "stamp_codes": stamps.CODES,
        "stamp_words": {code: _(stamps.WORDS[code]) for code in stamps.CODES},
        "auto_intervals": [(ms, _("%(n)s秒") % {"n": n}) for ms, n in AUTO_INTERVALS],
        "history_words": _history_words(past, room.game),
        "notice_text": words.notice_text(room.game, notice),
        "hint_action": hint_action(notice),
        "removable": _removable(seats, me),
    }
    ctx["my_turn_line"] = my_turn_line(bool(ctx["me_player"] and ctx["me_player"]["auto"]))
    ctx.update(present.context(engine, room, view, me, ctx))
    return ctx


def my_turn_line(auto: bool) -> str | Markup:
    """The whose-turn line on one's own turn (:data:`MY_TURN`); on おまかせ in a
    ``<span class="on-auto">``, which may wrap where あなたの番です is one line (try41: cut
    to 「おまかせ中：CPUが…」 on a phone, static/tefuda.css)."""
    return Markup('<span class="on-auto">%s</span>') % _(MY_TURN[True]) if auto else _(MY_TURN[False])


def _removable(seats: list, me) -> list:
    """The seats the host ``me`` may remove during a match (the 人を外す part): every other
    person's, by seat order; none for anyone else, and none in practice (no one else)."""
    if not getattr(me, "is_host", False):
        return []
    return sorted((s for s in seats if s.order != me.order and getattr(s, "kind", "") == "human"),
                  key=lambda s: s.order)


def table_deadline_ms(room) -> int | None:
    """The table's own timer (a window closing, a choice's time limit) in epoch ms."""
    timer = (room.timers or {}).get(TABLE)
    return int(timer[1] * 1000) if timer else None


def _placed(infos: list, seat: int) -> bool:
    info = next((s for s in infos if s["seat"] == seat), {})
    return info.get("place") is not None or bool(info.get("foul"))


def _held(view: dict) -> bool:
    """A timed window or a pending card choice holds the table (Daifugō's stops, 7-pass,
    10-discard): nobody is on turn until it closes (the player who just played would
    otherwise see a lit hand, 番 and ヒント, and every move refused)."""
    return bool(view.get("window") or view.get("pending"))


def _player(info: dict, seat, me, view: dict, timers: dict, live: set, span_ms: int) -> dict:
    """One seat as the table shows it; ``deadline_ms`` (epoch ms) when a turn limit is
    running for it, and ``span_ms``, the room's turn limit in ms (0 without one): the whole
    of its turn ring."""
    timer = timers.get(str(info["seat"]))
    human = bool(seat and seat.is_human)
    return {
        **info,
        "name": seat.name if seat else f"#{info['seat'] + 1}",
        "numbered": bool(getattr(seat, "numbered", False)),  # the name is the seat's label (a replay's 席1)
        "human": human,
        "cpu": not human,
        "away": human and seat.order not in live,
        "auto": human and seat.auto,
        "host": bool(seat and seat.is_host),
        "is_me": info["seat"] == me.order,
        "turn": view.get("turn") == info["seat"] and not _held(view),
        "deadline_ms": int(timer[1] * 1000) if timer and timer[0] == "limit" else None,
        "span_ms": span_ms,
    }


def _button_label(game: str, action: dict) -> str:
    label = _(SIMPLE_ACTIONS[action["type"]]) if action["type"] in SIMPLE_ACTIONS else presenter(game).action_label(action)
    card = action.get("card")
    return f"{label}" if card is None else f"{label} ({card})"
