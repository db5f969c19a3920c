"""What engine events tell analytics, one small reader per game.

``items_for(game, events, state)`` → ``[(game, metric, key, n)]``. Each reader looks only at
event types and enumerated fields (effect names, combination types, card codes of the
special cards) — never at seats, names or whole hands.

Special-card keys are ``"<card>:<use>"``:

- Daifugō: ``seven_pass`` ``eight_cut`` ``eleven_back`` ``redeal`` ``five_skip``
  ``ten_discard`` with use ``effect`` (played with its effect), ``plain`` (played plain
  although it could have had it), ``stopped`` (its effect was cancelled) and ``resolved``
  (its effect happened); ``heart3:stop`` / ``spade3:stop`` (無効化), ``heart3:counter``
  (止め返し), ``heart_queens:stop`` (♥Q×2 against a revolution), ``revolution:play`` /
  ``revolution:stopped``, ``nine:interrupt`` (9割り込み).
- Guandan: ``bomb:play`` ``straight_flush:play`` ``joker_bomb:play``, ``wild:play`` (a play
  using the heart level card as a wild), ``tribute:give``, ``anti_tribute:declared``,
  ``jiefeng:lead`` (接風).
- Dou Dizhu: ``bomb:play`` ``rocket:play``, ``spring:hand`` ``anti_spring:hand``,
  ``all_pass:redeal``.
"""
from __future__ import annotations

from typing import Callable, Iterator

from . import metrics as m

Pair = tuple[str, str]  # (metric, key)

_EFFECT_BY_RANK = {"5": "five_skip", "7": "seven_pass", "8": "eight_cut", "10": "ten_discard",
                   "J": "eleven_back"}


def items_for(game: str, events: list, state: dict | None = None) -> list[tuple[str, str, str, int]]:
    """The counters for ``events`` of ``game`` (unknown games and events count nothing)."""
    reader = READERS.get(game)
    if reader is None or not events:
        return []
    return [(game, metric, key, 1) for metric, key in reader(events, state or {})]


# --- Daifugō ------------------------------------------------------------------------------

def daifugo(events: list, state: dict) -> Iterator[Pair]:
    for e in events:
        kind = e.get("type")
        if kind == "play":
            yield from _daifugo_play(e, state)
        elif kind == "effect":
            yield m.SPECIAL, f"{e['effect']}:resolved"
        elif kind == "effect_stopped":
            yield m.SPECIAL, f"{e['effect']}:stopped"
        elif kind == "stop":
            yield m.SPECIAL, _stop_card(e) + ":stop"
        elif kind == "counter":
            yield m.SPECIAL, "heart3:counter"
        elif kind == "revolution_stopped":
            yield m.SPECIAL, "revolution:stopped"
        elif kind == "interrupt":
            yield m.SPECIAL, "nine:interrupt"
        elif kind == "game_over":
            yield m.ROUNDS, ""
            if state.get("game_no") == 1:
                yield m.GAMES_FINISHED, ""


def _daifugo_play(e: dict, state: dict) -> Iterator[Pair]:
    if e.get("revolution"):
        yield m.SPECIAL, "revolution:play"
    if e.get("effect"):
        yield m.SPECIAL, f"{e['effect']}:effect"
        return
    name = plain_special(e)
    enabled = (state.get("rules") or {}).get("specials")
    if name and (enabled is None or enabled.get(name)):
        yield m.SPECIAL, f"{name}:plain"


def plain_special(e: dict) -> str | None:
    """The effect a ``play`` event's cards could have had (played without it), or None:
    sets and singles of one natural rank with an effect, or exactly ♠A×2; never sequences
    or revolutions (seed 004 §5; games/daifugo/specials.py)."""
    if e.get("shape") == "sequence" or e.get("revolution"):
        return None
    cards = list(e.get("cards") or ())
    if sorted(cards) == ["SA", "SA"]:
        return "redeal"
    ranks = {c[1:] for c in cards if c != "JK"}
    return _EFFECT_BY_RANK.get(ranks.pop()) if len(ranks) == 1 else None


def _stop_card(e: dict) -> str:
    if e.get("window") == "revolution":
        return "heart_queens"
    first = (e.get("cards") or ["?"])[0]
    return {"H3": "heart3", "S3": "spade3"}.get(first, "other")


# --- Guandan ------------------------------------------------------------------------------

_GUANDAN_BOMBS = {"bomb", "straight_flush", "joker_bomb"}


def guandan(events: list, state: dict) -> Iterator[Pair]:
    for e in events:
        kind = e.get("type")
        if kind == "play":
            combo = str(e.get("reading", "")).split(":")[0]
            if combo in _GUANDAN_BOMBS:
                yield m.SPECIAL, f"{combo}:play"
            if e.get("wilds"):
                yield m.SPECIAL, "wild:play"
        elif kind == "tribute":
            yield m.SPECIAL, "tribute:give"
        elif kind == "anti_tribute":
            yield m.SPECIAL, "anti_tribute:declared"
        elif kind == "trick_won" and e.get("jiefeng"):
            yield m.SPECIAL, "jiefeng:lead"
        elif kind == "hand_over":
            yield m.ROUNDS, ""
        elif kind == "match_won":
            yield m.GAMES_FINISHED, ""


# --- Dou Dizhu ----------------------------------------------------------------------------

def doudizhu(events: list, state: dict) -> Iterator[Pair]:
    for e in events:
        kind = e.get("type")
        if kind == "play" and e.get("combo") in ("bomb", "rocket"):
            yield m.SPECIAL, f"{e['combo']}:play"
        elif kind == "redeal":
            yield m.SPECIAL, "all_pass:redeal"
        elif kind == "hand_over":
            yield m.ROUNDS, ""
            result = e.get("result") or {}
            for flag in ("spring", "anti_spring"):
                if result.get(flag):
                    yield m.SPECIAL, f"{flag}:hand"
        elif kind == "match_over":
            yield m.GAMES_FINISHED, ""


READERS: dict[str, Callable[[list, dict], Iterator[Pair]]] = {
    "daifugo": daifugo, "guandan": guandan, "doudizhu": doudizhu,
}
