"""Per-seat rendering on the server: the one function that turns a room into what one
seat may see.

:func:`screen` returns the *kind* of screen (``lobby``, ``table``, ``join``, ``closed``,
``refused``) and its parts. A game in play is the table's presentation
(:func:`tables.core.screen.table_screen`, pure and shared with the browser's offline
practice), fed with the room and seat models as they are and the set of connected seats;
the waiting room and the simple screens are the server's own fragments
(``templates/jinja2/rooms/``) rendered the same way. :func:`stage` wraps the parts into
the whole ``#stage`` element.
"""
from __future__ import annotations

from datetime import datetime

from django.template import engines

from tables.core import i18n, options as opts, screen as table, words
from tables.core.screen import Screen, is_button, stage  # noqa: F401 (the consumers' API)

from .models import Room
from .presence import GRACE, is_live, live_orders

LOBBY_PARTS = ("lobby", "msg", "leave")


def screen(room: Room | None, seats: list, me, now: datetime, *, notice: dict | None = None,
           selected: list | None = None, asking: str | None = None, only: tuple | None = None) -> Screen:
    """What the socket holding seat ``me`` (a Seat or None) sees of ``room`` now.

    ``only``: render just these parts of a table (a hint or a new selection at a version
    the tab already shows changes only its hand and message); other screens render whole."""
    use_environment()
    if room is None or room.status == Room.Status.CLOSED:
        return _simple("closed", _base(room, me, notice, asking))
    if me is None:
        kind = "join" if room.status == Room.Status.WAITING else "refused"
        return _simple(kind, {**_base(room, me, notice, asking), "seats": seats})
    if room.status == Room.Status.WAITING:
        ctx = _lobby_context(room, seats, me, now, _base(room, me, notice, asking))
        return table.render_screen("lobby", "rooms/lobby/stage.html", LOBBY_PARTS, "rooms/lobby", ctx)
    return table.table_screen(room, seats, me, live_orders(seats, now), notice=notice, selected=selected,
                              asking=asking, only=only)


def use_environment() -> None:
    """Render the table's templates with Django's Jinja2 backend (reloads under DEBUG)."""
    table.use_environment(engines["jinja2"].env)


def _base(room, me, notice, asking) -> dict:
    return {"room": room, "me": me, "notice": notice, "notice_text": notice_text(room, notice),
            "asking": asking, "version": room.version if room else 0}


def notice_text(room: Room | None, notice: dict | None) -> str:
    """The words of ``notice`` (a refusal or the room's own notice, by its code) in the
    current language (:mod:`tables.core.i18n`): the room's game's words, or the shared
    ones when there is no room any more; ``""`` for no notice."""
    if room is not None and room.game:
        return words.notice_text(room.game, notice)
    if not notice:
        return ""
    message = words.REFUSALS.get(notice.get("code", ""))
    return i18n.gettext(message) if message else notice.get("ja", "")


def _simple(kind: str, ctx: dict) -> Screen:
    """A screen of one fragment (``templates/jinja2/rooms/stage_<kind>.html``); ``grace``:
    the seconds after which a game nobody is connected to ends (seed 004 §2, what the
    closed and the refused screens tell)."""
    return Screen(kind, {}, f"rooms/stage_{kind}.html", {**ctx, "grace": int(GRACE.total_seconds())})


def _lobby_context(room: Room, seats: list, me, now: datetime, base: dict) -> dict:
    live = {s.pk for s in seats if s.is_human and is_live(s, now)}
    return {**base, "seats": seats, "live": live, "is_host": me.is_host,
            "players_range": opts.player_range(room.game), "speeds": opts.SPEED_LABELS,
            "turn_limits": opts.TURN_LIMITS, "max_seats": opts.PLAYERS[room.game][1],
            "can_add": len(seats) < opts.PLAYERS[room.game][1],
            "games": opts.GAMES, "game_label": opts.GAMES.get(room.game, room.game),
            "rule_choices": opts.choice_fields(room.game, room.options),
            "rule_switches": opts.rule_rows(room.game, room.options),
            "pairs": _pairs(room.game, len(seats)), "choice_seconds": _choice_seconds(room.game),
            # try50: a mistyped passphrase makes a new room where the one who typed it sits alone
            "alone": sum(1 for s in seats if s.is_human) == 1,
            # try52: the host's ロビーへ ended a match the others were playing, without a word
            "ended_by": None if me.is_host else (room.options or {}).get("ended_by")}


def _choice_seconds(game: str) -> int | None:
    """Seconds of Daifugō's card choices (7渡し, 10捨て, the exchange), which keep their own
    time whatever the turn limit (rules/daifugo.md, Time: 20 s, then the weakest cards);
    None for the other games (no such choices on a clock). The waiting room says so
    (try16: a host who chose なし was surprised by a 9-second countdown)."""
    if game != "daifugo":
        return None
    from games.daifugo.rules import WINDOW_SECONDS

    return int(WINDOW_SECONDS["seven_pass"])


def _pairs(game: str, n: int) -> list | None:
    """Guandan's pair of each row of the waiting room, by the order people came in (the
    start numbers the seats so): (team, its untranslated label) per row; None for the
    other games."""
    if game != "guandan":
        return None
    from games.guandan.levels import team_of
    from tables.guandan.present import TEAM_FORMULA

    return [(team_of(i), TEAM_FORMULA[team_of(i)]) for i in range(n)]
