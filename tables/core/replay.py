"""The replay viewer's screen (issue 17): a finished hand's record shown at step ``k`` with
every hand face up, rendered by the table's own templates, on the server (a room's
これまでの局) and in the browser (Pyodide: a practice hand, a saved file, offline) alike.

A saved file is ``{"format": "tefuda-replay", "version": 1, "record": <games.core.record
record>, "names": [str] | absent}``: seat labels (席1…) unless the player kept the names;
a record's ``cpus`` ([str | None] by seat: :func:`tables.core.history.with_cpus`) names
the CPUs' seats (CPU 1…) either way, and its ``match`` (int) says which match it was of.
The record is replayed by the engine (:func:`games.core.record.states`) before anything
is shown, so a tampered file is refused with the record's own message; seeing a replay
never touches a live game (it only reads the record).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import import_module

from markupsafe import Markup

from games import get_engine
from games.core.record import RecordError, digest, states

from . import history, i18n, options as opts
from .i18n import gettext as _, gettext_noop
from .screen import render, table_screen

FILE_FORMAT = "tefuda-replay"
FILE_VERSION = 1
MAX_FILE = 2_000_000  # characters: a hand's record is a few dozen KB
VIEW_PARTS = ("status", "seats", "field", "graveyard", "result", "log")
#: where each game's card deck lives (for the action list's card labels)
DECKS = {"daifugo": "games.daifugo.cards", "guandan": "games.guandan.cards", "doudizhu": "games.doudizhu.engine"}
#: an action's name in the viewer's list of moves, by its type (translated where shown);
#: close_window (the table's own step when a stop window ends) is said by :data:`CLOSINGS`
ACTION_WORDS = {"play": gettext_noop("出す"), "pass": gettext_noop("パス"), "next_game": gettext_noop("配る"),
                "next_hand": gettext_noop("配る"), "exchange": gettext_noop("交換"), "give": gettext_noop("渡す"),
                "discard": gettext_noop("捨てる"), "stop": gettext_noop("止める"),
                "revolution_stop": gettext_noop("革命を止める"), "bid": gettext_noop("入札"),
                "tribute": gettext_noop("貢ぎ"), "return": gettext_noop("返し"), "timeout": gettext_noop("時間切れ"),
                "double": gettext_noop("倍"), "call": gettext_noop("呼ぶ")}
#: what the end of a stop window (close_window) comes to, by the stops played in it
#: (Daifugō, rules/daifugo.md "Stopping"): none, an odd number (the stop stands), an even
#: one (the counter stands). try50: 締め切り after every special card read as if someone
#: had run out of time
CLOSINGS = {"none": gettext_noop("誰も止めなかった"), "stopped": gettext_noop("止めが決まった"),
            "countered": gettext_noop("止め返しが決まった")}
#: why a record does not replay, by games.core.record.RecordError's code
ERRORS = {"format": gettext_noop("局の記録ではないか、形式が正しくありません。"),
          "commitment": gettext_noop("シードと秘密の値がコミットメントと一致しません。"),
          "illegal": gettext_noop("記録の手順が規則に合いません。"),
          "unfinished": gettext_noop("局が終わっていません。"),
          "final": gettext_noop("再生した最終状態が記録と一致しません。"),
          "result": gettext_noop("結果が記録と一致しません。")}


@dataclass
class ReplayRoom:
    """The room-like object the table's templates read (:mod:`tables.core.screen`)."""
    game: str
    options: dict
    state: dict
    version: int = 0
    timers: dict = field(default_factory=dict)
    solo: bool = False
    status: str = "playing"


@dataclass
class ReplaySeat:
    """A seat-like object: a label (or the kept name), nobody's socket (``order`` None: the
    spectator the viewer's table is shown to). ``numbered``: the name is the seat's own label
    (席1), so a game that puts its seat number before names (Guandan's 1番) leaves it out
    (try39 read 「1番 席1（あなた）」)."""
    order: int | None
    name: str
    is_human: bool = True
    is_host: bool = False
    auto: bool = False
    numbered: bool = False


def file_of(record: dict, names: list[str] | None = None) -> dict:
    """The saved file of ``record`` (names only when given: the player chose to keep them)."""
    out = {"format": FILE_FORMAT, "version": FILE_VERSION, "record": record}
    if names:
        out["names"] = [str(n) for n in names]
    return out


def read(data) -> tuple[dict, list[str] | None]:
    """``(record, names)`` of a saved file (text or parsed), or of a bare record. Raises
    :class:`RecordError` ``format`` for anything else (the record itself is checked by
    :func:`states`)."""
    try:
        if isinstance(data, str):
            if len(data) > MAX_FILE:
                raise ValueError("too big")
            data = json.loads(data)
    except (ValueError, RecursionError):
        raise RecordError("format", "JSONとして読めないファイルです。", "The file is not JSON.") from None
    if isinstance(data, dict) and data.get("format") == FILE_FORMAT:
        names = data.get("names")
        if names is not None and not (isinstance(names, list) and all(isinstance(n, str) and len(n) <= 200
                                                                     for n in names)):
            raise RecordError("format", "名前の形式が正しくありません。", "The names are malformed.")
        return data.get("record"), names
    return data, None


_cache: dict = {}


def replayed(record: dict) -> list[dict]:
    """Every state of ``record`` (the last record replayed is kept: stepping through one
    hand replays it once). Raises :class:`RecordError`."""
    key = digest(record) if isinstance(record, dict) else None
    if key is None or key not in _cache:
        got = states(record, get_engine)
        _cache.clear()
        _cache[key] = got
    return _cache[key]


def title(record: dict) -> str:
    """The viewer's and its page's title, in the current language: the hand named by its
    game and the game's own number (:func:`number`, :func:`tables.core.history.hand_title`),
    「オリジナル大富豪　第2ゲームの再生」."""
    game = record.get("game") if isinstance(record, dict) else None
    return _("%(hand)sの再生") % {"hand": history.hand_title(game or "", number(record))}


def number(record: dict):
    """The hand's number as its players saw it on the table (the game's own count,
    :func:`tables.core.history.count`; a record's ``no`` counts the room's hands, across
    matches): what the viewer's title says. The record's ``no`` if it does not replay."""
    try:
        return history.count(replayed(record)[-1]) or record.get("no")
    except RecordError:
        return record.get("no") if isinstance(record, dict) else None


def players(record: dict) -> int:
    """The number of seats of a record that replays (:func:`replayed`)."""
    return replayed(record)[0]["players"]


def viewer(data, step: int | None = 0, names: list[str] | None = None, offer_names: bool = False,
           lang: str | None = None, you: int | None = None) -> str:
    """The viewer's HTML (one ``<section id="replay">``) of a saved file or record at
    ``step`` (0: the deal; clamped to the hand; None: the end), or the refusal of a
    record that does not replay, with its reason. Seats show ``names`` (or the file's),
    else labels 席1…; ``offer_names``: the page can put the names in a saved file (the
    viewer offers 名前を残す). ``lang``: the language to render in (the browser's worker
    passes its page's); else the current one (:mod:`tables.core.i18n`). ``you``: the seat
    (0-based) of the person looking, said after its label (「席1（あなた）」: a practice hand
    of this browser, whose person sat there; try38 could not tell which seat had been theirs)."""
    if lang is not None:
        with i18n.use(lang):
            return viewer(data, step, names, offer_names, you=you)
    try:
        record, kept = read(data)
        all_states = replayed(record)
    except RecordError as exc:
        why = _(ERRORS[exc.code]) if exc.code in ERRORS else exc.ja
        return str(render("parts/replay.html", {"error": exc.as_dict(),
                                                "why": _("この記録は再生できません：%(why)s") % {"why": why}}))
    shown, moves = _steps(record, all_states)
    last = len(shown) - 1
    k = last if step is None else max(0, min(int(step), last))
    labels = _labels(names or kept, shown[0]["players"], record.get("cpus"))
    if isinstance(you, int) and 0 <= you < len(labels):
        labels[you] += _("（あなた）")
    return str(render("parts/replay.html", _context(record, shown, moves, k, labels,
                                                     offer_names or bool(names or kept))))


def _steps(record: dict, all_states: list[dict]) -> tuple[list[dict], list]:
    """The states the viewer steps through and the actions between them: step 0 is this
    hand's deal. A hand dealt between hands (``before``: the previous hand's end) starts
    with its deal action (next_game / next_hand); the state before it is the previous
    hand's table, so the viewer starts after it (try14: step 0 showed the previous hand)."""
    if record.get("before") is None:
        return all_states, record["actions"]
    return all_states[1:], record["actions"][1:]


#: a seat's label in a replay and a saved file when names are not kept (the one place of it)
SEAT_LABEL = gettext_noop("席%(n)s")


def seat_label(seat: int) -> str:
    """The label of seat ``seat`` (0-based) when names are not kept: 席1, 席2… (Seat 1…,
    in the current language)."""
    return _(SEAT_LABEL) % {"n": seat + 1}


def _labels(names, players: int, cpus=None) -> list[str]:
    """Each seat's name in a replay: ``names[i]`` (the room's seat, or a saved file's kept
    names) where given, else the CPU's own name the record keeps (``cpus``:
    :func:`tables.core.history.with_cpus`), else its label 席N."""
    names = list(names) if isinstance(names, list) and len(names) == players else [None] * players
    cpus = list(cpus) if isinstance(cpus, list) and len(cpus) == players else [None] * players
    return [names[i] or (cpus[i] if isinstance(cpus[i], str) and history.CPU_NAME.fullmatch(cpus[i]) else None)
            or seat_label(i) for i in range(players)]


def names_of(record: dict, names: list | None) -> list[str]:
    """The seats' names a room's replay page shows (:func:`_labels`): ``names`` by seat
    number (None: a seat no longer in the room) completed from the record."""
    return _labels(names, players(record), record.get("cpus"))


def _context(record: dict, all_states: list[dict], actions: list, k: int, labels: list[str], named: bool) -> dict:
    """The viewer's context at step ``k`` of ``all_states`` (the states shown, from the
    deal), ``actions`` the actions between them; a seat whose label is its own (席1…, not
    a name) is ``numbered`` (:class:`ReplaySeat`)."""
    state = all_states[k]
    game = record["game"]
    room = ReplayRoom(game, {**opts.defaults(game), "players": state["players"]}, state, version=k)
    seats = [ReplaySeat(i, label, numbered=label.startswith(seat_label(i))) for i, label in enumerate(labels)]
    watcher = ReplaySeat(None, "")  # the table as a spectator sees it (engine.view(state, None))
    main = table_screen(room, seats, watcher, set(range(len(seats))), only=VIEW_PARTS)
    hands = [{"seat": s.order, "name": s.name, "html": _hand(room, seats, s)} for s in seats]
    deck = import_module(DECKS[game]).DECK
    moves = [{"step": i + 1, "seat": seat, "name": labels[seat] if seat is not None else "",
              "said": _move_words(action, [_(label) for label in deck.labels(_cards(action))], all_states[i])
              + (_("（全員が入札しなかったので配り直し）") if _dealt_again(all_states[i], all_states[i + 1]) else "")}
             for i, (seat, action) in enumerate(actions)]
    last = len(all_states) - 1
    words = {
        "title": _("%(hand)sの再生") % {"hand": history.hand_title(game, history.count(all_states[-1])
                                                                    or record.get("no"))},
        "match": history.match_title(record["match"]) if isinstance(record.get("match"), int) else None,
        "verified": _("✓ 検証済み：シードと秘密の値がコミットメントに一致し、そのシードの配札から記録の全%(n)s手を"
                      "エンジンが再生して、記録どおりの結果になりました。") % {"n": last},
        "places": [_("%(n)s位 %(name)s") % {"n": i + 1, "name": labels[s]}
                   for i, s in enumerate(record["result"].get("places") or [])],
    }
    return {"record": record, "words": words, "step": k, "last": len(all_states) - 1,
            "parts": main.parts, "hands": hands, "moves": moves, "labels": labels, "named": named,
            "result": record["result"], "over": k == len(all_states) - 1}


def _hand(room: ReplayRoom, seats: list, seat: ReplaySeat) -> Markup:
    """Seat ``seat``'s hand part as its player saw it, without the live table's ids (every
    seat's hand is on one page)."""
    html = str(table_screen(room, seats, seat, set(), only=("hand",)).parts["hand"])
    return Markup(html.replace('id="hand-form"', f'data-seat-hand="{seat.order}"', 1)
                  .replace('id="hand"', f'data-seat-hand="{seat.order}"', 1))


def _dealt_again(before: dict, after: dict) -> bool:
    """Whether the move between ``before`` and ``after`` ended in a new deal of the same
    hand: Dou Dizhu's all-pass bidding (seeds/001 §3: the cards are dealt again; the
    state's ``deals`` counts the deals of this hand). The list of moves says so after the
    last pass (three passes and then a bid read as one bidding, try35)."""
    return after.get("hand_no") == before.get("hand_no") and after.get("deals", 0) > before.get("deals", 0)


#: the card labels the decks write in Japanese (the jokers), as the move list shows them
JOKER_LABELS = (gettext_noop("大王"), gettext_noop("小王"))


def _move_words(action: dict, cards: list[str], before: dict | None = None) -> str:
    """What the list of moves says of ``action`` after the player's name, in the current
    language: its word (:data:`ACTION_WORDS`, else its type), the number it names (a bid,
    a doubling) and its ``cards`` (labels): ``"入札 2"``, ``"出す ♠3 ♠4"``; a bid of 0 is
    just 入札しない (Dou Dizhu's pass in the bidding, seeds/001 §3), not "入札 入札しない"; a
    stop window's end says what it came to (:data:`CLOSINGS`, from ``before``: the state
    the action was applied to)."""
    kind = action.get("type")
    if kind == "close_window":
        window = (before or {}).get("window") or {}
        stops = len(window.get("chain") or [])
        return _(CLOSINGS["none" if not stops else "stopped" if stops % 2 else "countered"])
    value = action.get("bid", action.get("value"))
    if kind == "bid" and value == 0:
        return _("入札しない")
    word = _(ACTION_WORDS[kind]) if kind in ACTION_WORDS else str(kind)
    return " ".join([word] + ([str(value)] if value is not None else []) + cards)


def _cards(action: dict) -> list[int]:
    """The cards an action names (``cards``, or one ``card`` as in a tribute)."""
    cards = action.get("cards")
    if isinstance(cards, list):
        return [c for c in cards if isinstance(c, int)]
    return [action["card"]] if isinstance(action.get("card"), int) else []
