"""A practice game run by the browser itself (Pyodide): you and CPUs, no server.

:class:`PracticeTable` speaks the room socket's protocol (:mod:`rooms.consumers`) to the
same page scripts: it takes the messages the htmx ws extension sends (``hello``,
``play``, ``pick``, ``hint``…) and answers with the frames the server would send
(:class:`tables.core.frames.Frames`), rendered by the same presentation
(:func:`tables.core.screen.table_screen`), paced by the same timers
(:mod:`tables.core.pacing`) and reading messages the same way (:mod:`tables.core.moves`).
The page's worker owns the clock: it passes ``now`` (epoch seconds) in and calls
:meth:`PracticeTable.tick` when :meth:`PracticeTable.next_due` comes.

A practice table is the room a server would make for ``/practice/`` (seeds/004 §3,
seeds/001 §21, seeds/003 §1): you at seat 0, CPUs at the others, no turn limit, the
stop windows scaled to the CPU speed, 早送り once your place is decided, a new match at
any time, and everything saved (:meth:`PracticeTable.save`) after every change so that a
reload, a closed browser or a lost signal never loses the game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from games import get_engine
from games.core import IllegalAction
from games.core.engine import DEFAULT_LEVEL, LEVELS

from .core import errors, history, i18n, intents, moves, options as opts, pacing
from .core.frames import Frames
from .core.screen import left_stage, table_screen

SAVE_FORMAT = 1
HAND_PARTS = ("hand", "msg")  # what a hint or a new selection can change
YOU = 0
DEFAULT_NAME = "あなた"
#: the answer to the page's ping (static/room.js, as rooms.consumers.PONG): a worker that
#: answers is alive, so the page shows no 通信が途切れています banner while you think
PONG = '<template id="pong"></template>'


@dataclass
class LocalRoom:
    """The room-like object the presentation and pacing read (:mod:`tables.core.screen`)."""
    game: str
    options: dict
    state: dict
    seed: str
    version: int = 1
    timers: dict = field(default_factory=dict)
    solo: bool = True
    status: str = "playing"
    hand: dict | None = None  # tables.core.history: the hand in progress, the past hands


@dataclass
class LocalSeat:
    """A seat-like object: seat 0 is the player, the others CPUs."""
    order: int
    name: str
    is_human: bool
    is_host: bool = False
    auto: bool = False
    level: str = DEFAULT_LEVEL  # the CPU level that plays this seat (a person's: つよい)


class PracticeTable:
    """One practice game (see the module doc).

    Raises ``KeyError`` for an unknown game; ``ValueError`` for a save it cannot read."""

    def __init__(self, game: str, form: dict | None = None, name: str = DEFAULT_NAME,
                 seed: str | None = None) -> None:
        options = opts.parse(game, form or {}, opts.defaults(game))
        options["fast_forward"] = False
        chosen = seed or _form_seed(form or {})
        seed = chosen or history.new_seed()
        engine = get_engine(game)
        config = opts.engine_config(game, options)
        self.room = LocalRoom(game, options, engine.new(config, seed), seed,
                              hand=history.deal(game, config, seed, chained=bool(chosen)))
        level = (form or {}).get("level")
        self.seats = _seats(options["players"], _name(name), level if level in LEVELS else DEFAULT_LEVEL)
        self._reset_tab()

    def _reset_tab(self) -> None:
        self.language = i18n.DEFAULT
        self.frames = Frames()
        self.finished: list[dict] = []  # records of hands ended since the page last took them
        self.selection: list[int] = []
        self.asked: tuple | None = None  # ("leave", now): 退出する？ asked, and when (seconds)
        self.left = False
        self.last_move: tuple | None = None  # moves.fingerprint of the last move applied

    def use_language(self, code: str) -> None:
        """Render in the page's language (``code``: its ``<html lang>``; anything unknown is
        Japanese). The next frame is whole: every part is in the new language."""
        self.language = i18n.supported(code)
        self.frames = Frames()

    # --- saves ------------------------------------------------------------------------------
    def save(self) -> dict:
        """Everything needed to continue (JSON-safe): game, options, state, version, names."""
        r = self.room
        return {"format": SAVE_FORMAT, "game": r.game, "options": r.options, "state": r.state,
                "seed": r.seed, "version": r.version, "names": [s.name for s in self.seats],
                "level": self.seats[-1].level, "hand": r.hand}

    def save_json(self) -> str:
        """:meth:`save` as JSON text (what the page keeps in the browser's storage)."""
        return json.dumps(self.save(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def restore(cls, saved: dict | str, game: str | None = None) -> "PracticeTable":
        """The table of a :meth:`save` (or its JSON) of ``game`` (any game if None).

        Raises ``ValueError`` if it is not one this version can continue: another format,
        another game, seats that do not fit the game, a state its engine cannot read."""
        try:
            data = json.loads(saved) if isinstance(saved, str) else saved
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError("not a practice save of this version")
            if game is not None and data["game"] != game:
                raise ValueError(f"a save of {data['game']}, not of {game}")
            names = [_name(n) for n in data["names"]]
            if len(names) not in opts.player_range(data["game"]) or len(names) != data["options"]["players"]:
                raise ValueError("the seats do not fit the game")
            table = cls.__new__(cls)
            hand = history.readable(data.get("hand"))  # none in an older save: from the next deal
            table.room = LocalRoom(data["game"], dict(data["options"]), data["state"], str(data["seed"]),
                                   int(data["version"]), hand=hand)
            level = data.get("level") if data.get("level") in LEVELS else DEFAULT_LEVEL
            table.seats = _seats(len(names), names[YOU], level)
            for seat, name in zip(table.seats, names):
                seat.name = name
            engine = get_engine(table.room.game)
            for seat in table.seats:  # a state this engine can read and show to every seat
                engine.view(table.room.state, seat.order)
            table_screen(table.room, table.seats, table.seats[YOU], {YOU})
        except ValueError:
            raise
        except Exception as exc:  # whatever a damaged save makes the engine raise
            raise ValueError(f"not a practice save: {type(exc).__name__}: {exc}") from None
        table._reset_tab()
        return table

    # --- the socket protocol ----------------------------------------------------------------
    def receive(self, text: str, now: float) -> list[str]:
        """The frames answering one message from the page (``now``: epoch seconds). A bad
        or refused message is answered with the reason by the hand and changes nothing."""
        msg = None
        try:
            msg = _decode(text)
            return self._handle(msg, now)
        except IllegalAction as exc:
            if moves.repeats(self.last_move, msg, exc):  # a double click: the move is in
                return [self._frame(now)]
            exc = moves.explained(msg, exc)  # a stop or an interrupt too late says so
            self.frames.forget("msg")  # the same refusal twice is still shown
            return [self._frame(now, notice=exc.as_dict())]

    def _handle(self, msg: dict, now: float) -> list[str]:
        act = msg["act"]
        if act == "hello":
            self.left = False
            self._schedule(now, self.room.timers)
            return [self._frame(now, full=True)]
        if act == "ping":
            return [PONG]
        handler = getattr(self, f"_act_{act}", None)
        if handler is None:
            raise errors.bad_request("act")
        return handler(msg, now)

    def _act_play(self, msg, now):
        action = moves.play_action(msg)
        return self._move(msg, now, action, action["cards"])

    def _act_exchange(self, msg, now):
        action = moves.choice_action(msg)
        return self._move(msg, now, action, action["cards"])

    def _act_pick(self, msg, now):
        index = intents.small_int(msg, "index")
        self._check_version(msg)
        return self._move(msg, now, moves.pick(self.engine, self.room.state, YOU, index), [])

    def _act_interrupt(self, msg, now):
        """9割り込み by the button of one eligible set of 9s (``index``)."""
        index = intents.small_int(msg, "index")
        self._check_version(msg)
        options = [a for a in self.engine.legal_actions(self.room.state, YOU)
                   if a.get("type") == "play" and a.get("mode") == "interrupt"]
        if index >= len(options):
            raise errors.stale()
        return self._move(msg, now, options[index], [])

    def _act_auto(self, msg, now):
        self._check_version(msg)
        action = moves.auto(self.engine, self.room.state, YOU)
        # not the player's own move: a 退出する？ asked for stays asked
        return self._move(msg, now, action, None, disarm=False)

    def _act_select(self, msg, now):
        self.selection, quiet = moves.selection(msg)
        return [] if quiet else [self._frame(now, only=HAND_PARTS)]

    def _act_hint(self, msg, now):
        notice, chosen = moves.next_hint(self.room.game, self.engine, self.room.state, YOU, self.selection)
        if chosen is not None:
            self.selection = list(chosen)
            self.frames.forget("hand")
        self.frames.forget("msg")
        return [self._frame(now, notice=notice, only=HAND_PARTS)]

    def _act_ffwd(self, msg, now):
        """早送り (seeds/004 §3): the CPUs play at once until the result."""
        self._check_version(msg)
        self._change(now, options={**self.room.options, "fast_forward": True})
        return [self._frame(now)]

    def _act_new_match(self, msg, now):
        """A new match from 0 points, at any time in practice (seeds/001 §21: the hand in
        play scores nothing)."""
        self._check_version(msg)
        r = self.room
        r.seed = history.new_seed()
        config = opts.engine_config(r.game, r.options)
        state = self.engine.new(config, r.seed)
        r.hand = history.deal(r.game, config, r.seed, history.past(r.hand))
        self._change(now, state=state, options={**r.options, "fast_forward": False})
        self.selection = []
        return [self._frame(now)]

    def _act_resume(self, msg, now):
        raise errors.Refused("not_auto", "おまかせ中ではありません。", "This seat is not on auto-play.")

    def _act_leave(self, msg, now):
        """退出 asks once during a game (退出する？, answered by a press of that button a moment
        later: :func:`tables.core.intents.confirms`); then the page goes back to the
        practice screen, where the saved game waits (退出 never deletes it: a new game
        replaces it)."""
        playing = not self.engine.is_over(self.room.state)
        if playing and not intents.confirms(msg, self.asked[1] if self.asked else None, now):
            self.asked = self.asked or ("leave", now)
            return [self._frame(now)]
        self.left = True
        with i18n.use(self.language):
            return [left_stage(f"/practice/{self.room.game}/")]

    # --- changes ------------------------------------------------------------------------------
    @property
    def engine(self):
        return get_engine(self.room.game)

    def _check_version(self, msg: dict) -> None:
        if intents.version(msg) != self.room.version:
            raise errors.stale()

    def _move(self, msg: dict, now: float, action: dict, cards: list | None,
              disarm: bool = True) -> list[str]:
        """Apply the player's ``action`` at the message's version; a refusal keeps the cards
        selected (``cards``, or the action's own). The player's own move (``disarm``) takes
        back a 退出する？ they were asked."""
        self._check_version(msg)
        if disarm:
            self.asked = None
        try:
            self._apply(YOU, action, now)
        except IllegalAction as exc:
            self.selection = list(action.get("cards", []) if cards is None else cards)
            self.frames.forget("msg")
            return [self._frame(now, notice=exc.as_dict())]
        self.selection = []
        self.last_move = moves.fingerprint(msg)
        return [self._frame(now)]

    def _apply(self, seat: int | None, action: dict, now: float) -> None:
        state, _events, self.room.hand, done = history.apply(self.engine, self.room.hand, self.room.state,
                                                             seat, action)
        if done:  # with its CPUs' names (CPU 1…): its replay names them (the person's seat: 席1)
            self.finished.append(history.with_cpus(done, self.seats))
        options = self.room.options
        if action.get("type") in ("next_game", "next_hand"):  # a new deal: no fast-forward
            options = {**options, "fast_forward": False}
        self._change(now, state=state, options=options)

    def _change(self, now: float, *, state: dict | None = None, options: dict | None = None) -> None:
        """The next version: new state and/or options, timers recomputed."""
        r = self.room
        if state is not None:
            r.state = state
        if options is not None:
            r.options = options
        r.version += 1
        self._schedule(now, r.timers)

    def _schedule(self, now: float, previous: dict | None) -> None:
        self.room.timers = pacing.compute(self.room, self.seats, {YOU}, now, previous)

    def take_finished(self) -> list[dict]:
        """The records (games.core.record) of the hands ended since the last call: the page
        keeps them in the browser's storage (practice has no server)."""
        done, self.finished = self.finished, []
        return done

    def take_finished_json(self) -> str:
        """:meth:`take_finished` as a JSON array text, "" when no hand ended (the worker's)."""
        done = self.take_finished()
        return json.dumps(done, ensure_ascii=False, separators=(",", ":")) if done else ""

    # --- the clock ----------------------------------------------------------------------------
    def next_due(self) -> float | None:
        """When :meth:`tick` has something to play (epoch seconds), None if nothing is due."""
        return None if self.left else pacing.earliest(self.room.timers)

    def tick(self, now: float) -> list[str]:
        """Play the due timer, if any (a CPU move, a reaction, a window closing): at most one
        move, then the frame that shows it."""
        due = None if self.left else pacing.due_action(self.engine, self.room.state, self.room.timers, now,
                                                          level_of=lambda seat: self.seats[seat].level)
        if due is None:
            return []
        if due["action"] is not None:
            try:
                self._apply(due["seat"], due["action"], now)
                return [self._frame(now)]
            except IllegalAction:
                pass  # a reaction refused is not retried (as on the server)
        self.room.timers = {k: v for k, v in self.room.timers.items() if k != due["key"]}
        return []

    def shown_seats(self) -> list[LocalSeat]:
        """The seats as the current language names them: the player's :data:`DEFAULT_NAME`
        (a name field left as it was: static/app/practice.js sends none) in that language,
        so a switch of language renames it too (try16: 「1号 You」 after 中文); a typed name
        is never translated. The saved names keep the default's source text."""
        return [replace(s, name=i18n.gettext(DEFAULT_NAME)) if s.order == YOU and s.name == DEFAULT_NAME else s
                for s in self.seats]

    # --- frames -------------------------------------------------------------------------------
    def _frame(self, now: float, *, notice: dict | None = None, full: bool = False,
               only: tuple | None = None) -> str:
        if self.frames.kind != "table" or full:
            only = None
        with i18n.use(self.language):
            seats = self.shown_seats()
            s = table_screen(self.room, seats, seats[YOU], {YOU}, notice=notice,
                             selected=self.selection, asking=self.asked and self.asked[0], only=only)
            return self.frames.message(s, full=full, version=self.room.version, now_ms=int(now * 1000))


MAX_NAME = 200  # code points, as the server's seats hold (graphemes are the page's count)


def _name(name) -> str:
    """A seat's name from the page or a save: a string of at most :data:`MAX_NAME` code
    points (the page refuses more than 16 grapheme clusters, static/names.js). Raises
    ``ValueError`` — never cut."""
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise ValueError("a name too long for a seat")
    return name


def _seats(players: int, name: str, level: str) -> list[LocalSeat]:
    """You at seat 0 (the host of this table; つよい plays your 自動プレイ), CPU 1… at the
    others, of the practice screen's level (issue 16)."""
    return [LocalSeat(0, name or DEFAULT_NAME, True, True, level=moves.AUTO_LEVEL)] + [
        LocalSeat(i, f"CPU {i}", False, level=level) for i in range(1, players)]


def _form_seed(form: dict) -> str | None:
    """A deal the player asks for by its seed (form field ``seed``: 1–32 letters or
    digits), else None. Harmless in practice — it is the player's own game — and it lets a
    deal be played again (the browser tests replay scripted deals with it); the later hands
    of that match follow from it too (tables.core.history.deal ``chained``)."""
    seed = form.get("seed")
    if isinstance(seed, str) and 0 < len(seed) <= 32 and seed.isascii() and seed.isalnum():
        return seed
    return None


def _decode(text) -> dict:
    """The page's message as a dict with an ``act``; else ``errors.bad_request``."""
    if not isinstance(text, str) or not text or len(text) > intents.MAX_MESSAGE:
        raise errors.bad_request("size")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise errors.bad_request("json") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("act"), str):
        raise errors.bad_request("act")
    return msg
