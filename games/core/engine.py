"""The contract every rule engine follows (DESIGN.md "Rule engines").

A game is a subclass of :class:`Engine`. Its state is a plain ``dict`` that round-trips
through JSON (ints, strings, lists, dicts, bools, None). Seats are ints ``0…n-1`` in turn
order. Actions and events are dicts with a ``"type"`` key.

The shared shape of a state (games add their own keys):

``{"game": "daifugo", "seed": …, "rng_n": int, "step": int, "players": int,
"phase": str, …}``

``step`` counts accepted actions (the web layer's version check uses its own counter).
``apply`` never mutates its argument: it works on a copy, so an :class:`IllegalAction`
leaves the caller's state exactly as it was.
"""
from __future__ import annotations

import pickle
from typing import Any

from .errors import IllegalAction, malformed

State = dict
Action = dict
Event = dict

#: The CPU levels (issue 16; seed 004 §8 "CPUの強さ"): やさしい makes plausible beginner
#: mistakes, ふつう is the rule-of-thumb player, つよい searches (games.core.search).
#: Visible names live with the screens, never here.
LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"


def check_level(level: str) -> str:
    """``level`` itself when it is one of :data:`LEVELS`; ``ValueError`` otherwise."""
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r} (one of {', '.join(LEVELS)})")
    return level


def clone(state: State) -> State:
    """A deep copy of plain JSON-shaped data (pickle is the fastest deep copy in CPython)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class Engine:
    """Base class of the three rule engines; subclasses implement the ``_``-methods.

    Public surface, identical for every game:

    - :meth:`new` ``(config, seed) -> state``
    - :meth:`legal_actions` ``(state, seat) -> [action]``
    - :meth:`apply` ``(state, seat, action) -> (state, [event])``, raises
      :class:`IllegalAction`
    - :meth:`actors` ``(state) -> [seat]``: who may act now (the web layer waits for them,
      runs CPU seats among them)
    - :meth:`view` ``(state, seat) -> dict``: what that seat may see; an engine may also
      offer :meth:`public_view` ``(state)``, the part every seat sees alike, for
      ``view(state, seat, public)`` to reuse (the four views of one state share it)
    - :meth:`hint` ``(state, seat) -> [{"action", "ja", "en"}]``, cheapest first
    - :meth:`choose` ``(state, seat, level="normal") -> action``: the CPU player at one of
      :data:`LEVELS`
    - :meth:`is_over` ``(state) -> bool``: the game (hand) has ended

    Out-of-turn play (Daifugō's stops and 9 interrupts; the defaults say "none"):

    - :meth:`reactions` ``(state) -> [seat]``: seats that may act out of turn now
    - :meth:`react` ``(state, seat, level="normal") -> action | None``: the CPU's
      out-of-turn choice
    - :meth:`window` ``(state) -> None | {"kind", "seconds", "close"}``: a timed window is
      open; when ``seconds`` have passed the table applies ``close`` with seat ``None``.
      Its length never depends on who could act in it (no information leak).
    """

    name = "base"
    min_players = 1
    max_players = 1

    # --- public contract -------------------------------------------------------------
    def new(self, config: dict | None = None, seed: Any = 0) -> State:
        """A fresh state dealt from ``seed`` (any JSON int or string).

        ``config`` is game-specific data (player count, rule switches); unknown keys are
        refused with ``ValueError`` so a typo in a rule set never passes silently.
        """
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it may not act)."""
        raise NotImplementedError

    def apply(self, state: State, seat: int | None, action: Action) -> tuple[State, list[Event]]:
        """Apply ``action`` by ``seat`` (``None`` for the table itself, e.g. a time-out).

        Returns the new state and the events it produced. Raises :class:`IllegalAction`
        (with a stable code and ja/en reasons) when the action is not allowed; the given
        state is never modified.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise malformed("action")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < state["players"]):
            raise malformed("seat")
        new = clone(state)
        events: list[Event] = []
        self._apply(new, seat, action, events)
        new["step"] = new.get("step", 0) + 1
        return new, events

    def actors(self, state: State) -> list[int]:
        """Seats that have at least one legal action now, in turn order."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator): never another seat's hand, the
        kitty or face-down surplus cards before they are revealed."""
        raise NotImplementedError

    def public_view(self, state: State) -> dict | None:
        """What every seat's :meth:`view` shows alike, computed from the state alone (no
        seat), to hand to ``view(state, seat, public)`` of the same state object; None when
        the engine does not split its view (the default)."""
        return None

    def hint(self, state: State, seat: int) -> list[dict]:
        """Recommended actions for ``seat``, cheapest first, each
        ``{"action": action, "ja": reason, "en": reason}``."""
        raise NotImplementedError

    def choose(self, state: State, seat: int, level: str = DEFAULT_LEVEL) -> Action:
        """The CPU player's action for ``seat`` at ``level`` (one of :data:`LEVELS`,
        ``ValueError`` otherwise); always one of :meth:`legal_actions`. Deterministic:
        the same state, seat and level give the same action."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        """True once the game (hand, round) has a result."""
        raise NotImplementedError

    def reactions(self, state: State) -> list[int]:
        """Seats that may act out of turn now (none by default)."""
        return []

    def react(self, state: State, seat: int, level: str = DEFAULT_LEVEL) -> Action | None:
        """The CPU's out-of-turn action for ``seat`` at ``level``, or None to let the
        moment pass."""
        return None

    def window(self, state: State) -> dict | None:
        """The timed window open now, if any: ``{"kind": str, "seconds": float,
        "close": action}`` (the table applies ``close`` with seat None at expiry)."""
        return None

    # --- for subclasses ----------------------------------------------------------------
    def _apply(self, state: State, seat: int | None, action: Action, events: list[Event]) -> None:
        """Validate and apply in place on a private copy; raise before changing anything
        the caller could see (the copy is discarded on error)."""
        raise NotImplementedError


def play_out(engine: Engine, state: State, max_steps: int = 100_000,
             levels: list[str] | None = None) -> tuple[State, list[Event]]:
    """Let the CPU play every seat until the game is over (tests and benchmarks): first any
    out-of-turn reaction (:meth:`Engine.react`), then the seat the game waits for, and when
    nobody must act, the close of the open window (as the table would after its seconds).
    ``levels[seat]`` is that seat's CPU level (all ``"normal"`` when None).

    Raises ``RuntimeError`` if nothing can happen before the end, or after ``max_steps``.
    """
    log: list[Event] = []
    for _ in range(max_steps):
        if engine.is_over(state):
            return state, log
        state, events = step(engine, state, levels)
        log.extend(events)
    raise RuntimeError("game did not end")


def step(engine: Engine, state: State, levels: list[str] | None = None) -> tuple[State, list[Event]]:
    """One CPU step of :func:`play_out` (every seat played by the CPU, ``levels[seat]``
    its level): the move of :func:`next_move`, applied."""
    seat, action = next_move(engine, state, levels)
    return engine.apply(state, seat, action)


def next_move(engine: Engine, state: State, levels: list[str] | None = None) -> tuple[int | None, Action]:
    """``(seat, action)`` the CPUs make next. Out-of-turn moves that several seats want at
    once go in the engine's ``simultaneous`` order when it has one (Daifugō: the earliest
    in turn order from the player to move, seed 004 §6), else in seat order; then the seat
    the game waits for; else the close of the open window (seat None).

    Raises ``RuntimeError`` when no seat can act and no window is open."""
    def level(seat: int) -> str:
        return levels[seat] if levels else DEFAULT_LEVEL
    wanted = [(seat, action) for seat in engine.reactions(state)
              if (action := engine.react(state, seat, level(seat))) is not None]
    if wanted:
        order = getattr(engine, "simultaneous", None)
        return (order(state, wanted) if order else wanted)[0]
    seats = engine.actors(state)
    if seats:
        return seats[0], engine.choose(state, seats[0], level(seats[0]))
    window = engine.window(state)
    if window is None:
        raise RuntimeError("no seat can act but the game is not over")
    return None, window["close"]
