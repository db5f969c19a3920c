"""What a seat's message means at a table: the game action of a play, a card choice, a
button, 自動プレイ and the next hint. Shared by the server's consumer
(:mod:`rooms.consumers`) and the browser's practice table (:mod:`tables.practice`), so
both read a message the same way and refuse the same things with the same codes.

Messages come from the htmx ws extension (:mod:`tables.core.intents` checks every value);
the engine checks the action itself when it is applied.
"""
from __future__ import annotations

from .. import presenter
from . import errors, intents
from .screen import is_button


NO_HINT = {"code": "no_hint", "ja": "今は出せるおすすめがありません。", "en": "No suggestion now."}


def play_action(msg: dict) -> dict:
    """``{"type": "play", "cards": [ids], "mode": "plain"|"effect"|"interrupt"}`` (+ the
    wild ``reading`` a Guandan chip chose, seeds/003 §2). Raises ``errors.bad_request``."""
    action = {"type": "play", "cards": intents.cards(msg), "mode": intents.mode(msg)}
    if msg.get("reading"):
        action["reading"] = intents.reading(msg)
    return action


def choice_action(msg: dict) -> dict:
    """A card choice: the exchange, a 7-pass gift or a 10-discard (``kind``) of ``card``…"""
    return {"type": intents.choice(msg), "cards": intents.cards(msg)}


def pick(engine, state: dict, seat: int, index: int) -> dict:
    """The ``index``-th legal action without cards (pass, next round, a stop…) of ``seat``,
    as the buttons were numbered (:func:`tables.core.screen.is_button`). Raises
    ``errors.stale()`` when there is no such button any more."""
    simple = [a for a in engine.legal_actions(state, seat) if is_button(a)]
    if index >= len(simple):
        raise errors.stale()
    return simple[index]


#: The CPU level of 自動プレイ and hints (issue 16: they play つよい)
AUTO_LEVEL = "strong"


def auto(engine, state: dict, seat: int) -> dict:
    """自動プレイ (seeds/001 §21): the つよい CPU's move for ``seat``, only on its own turn
    (never the next hand: people press it). Raises ``errors.Refused("not_your_turn")``."""
    if engine.is_over(state) or seat not in engine.actors(state):
        raise errors.Refused("not_your_turn", "あなたの番ではありません。", "It is not your turn.")
    return engine.choose(state, seat, AUTO_LEVEL)


def hints(game: str, engine, state: dict, seat: int) -> list[dict]:
    """The engine's hints for ``seat``, in the order the game's table offers them."""
    return presenter(game).hints(engine, state, seat, engine.hint(state, seat))


def next_hint(game: str, engine, state: dict, seat: int, current: list) -> tuple[dict, list | None]:
    """``(notice, cards to select)`` for one press of ヒント: each press the next hint after
    the one whose cards are selected now (cheapest first, then round again); with no hint
    a notice that says so and no selection."""
    found = hints(game, engine, state, seat)
    if not found:
        return NO_HINT, None
    current = sorted(current)
    at = next((i for i, h in enumerate(found) if current and sorted(h["action"].get("cards", [])) == current), -1)
    top = found[(at + 1) % len(found)]
    return ({"code": "hint", "ja": f"ヒント：{top['ja']}", "en": f"Hint: {top['en']}", "action": {**top["action"], "ja": top["ja"], "why": top.get("why") or {}}},
            top["action"].get("cards", []))


def selection(msg: dict) -> tuple[list[int], bool]:
    """``(cards, quiet)`` of a ``select`` message: the tab's selected cards now, and whether
    the tab wants no answer (``"quiet": "1"``: a hand whose look does not depend on the
    selection, Daifugō's and Dou Dizhu's: the table only keeps it, so the next render of
    the hand — when the turn comes — shows the same cards selected; no re-render races
    the player's next click). Raises ``errors.bad_request`` for bad cards."""
    return intents.cards(msg), msg.get("quiet") == "1"


#: The message fields that make a move (what a second click of the same button repeats).
_MOVE_FIELDS = ("act", "version", "card", "mode", "reading", "index", "kind")


def fingerprint(msg: dict) -> tuple:
    """What makes ``msg`` (a move the page sent) the move it is: its act, version, cards
    (as a sorted tuple of strings), mode, reading, index and kind, for :func:`repeats`."""
    out = []
    for key in _MOVE_FIELDS:
        value = msg.get(key)
        if key == "card":
            value = tuple(sorted(str(c) for c in (value if isinstance(value, list) else [value] if value is not None else [])))
        out.append(value if isinstance(value, (str, int, tuple, type(None))) else repr(value))
    return tuple(out)


def repeats(last: tuple | None, msg: dict, exc) -> bool:
    """True when refusal ``exc`` of ``msg`` only says the move was made already: the page
    sent again the move that was just applied (a double click on 出す: the same version, the
    same cards), or its 次の局へ / 次のラウンドへ (``"deal": "1"``, each game's result.html)
    came after the room moved on (try52: two friends pressing it at once, the slower was
    told "画面が古くなっていました…もう一度どうぞ" when the next hand was already on). The tab
    is shown the new state quietly (who dealt is said there: tables.core.screen). ``last``:
    the :func:`fingerprint` of this tab's last applied move (None: none yet)."""
    if not isinstance(msg, dict) or getattr(exc, "code", None) != "stale":
        return False
    return msg.get("deal") == "1" or (last is not None and fingerprint(msg) == last)


def explained(msg, exc):
    """The refusal to show for ``exc`` of ``msg``: a stale press of an out-of-turn button
    (a 9 interrupt, or a window's stop, whose buttons send ``"window": "1"``) says it came
    too late (:func:`tables.core.errors.late`) instead of "画面が古くなっていました"."""
    if getattr(exc, "code", None) == "stale" and isinstance(msg, dict) and (
            msg.get("act") == "interrupt" or msg.get("window") == "1"):
        return errors.late()
    return exc
