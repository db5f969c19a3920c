"""Room options chosen by the host (or on the practice rules screen) and their limits.

``{"players": 4–6, "speed": "slow"|"normal"|"fast", "turn_limit": 0|30|60}`` for Daifugō;
other games take their player range from the engine (:data:`PLAYERS`); :data:`GAMES`
lists the games that have a table.
"""
from __future__ import annotations

from collections.abc import Mapping

from .engines import engine_for


class _Players(Mapping):
    """``PLAYERS[game]`` → ``(min, max)`` seats, read from the engine (min/max_players)."""

    def __getitem__(self, game: str) -> tuple[int, int]:
        engine = engine_for(game)
        return engine.min_players, engine.max_players

    def __iter__(self):
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: Games a host (or the practice screen) can pick, with their table's name.
GAMES = {"daifugo": "オリジナル大富豪", "doudizhu": "闘地主"}
PLAYERS = _Players()
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
SPEED_LABELS = {"slow": "ゆっくり", "normal": "ふつう", "fast": "はやい"}
TURN_LIMITS = (0, 30, 60)
DISCONNECT_GRACE = 3.0  # seconds before the CPU plays a disconnected seat's turn


def defaults(game: str) -> dict:
    """The options of a new room."""
    return {"players": PLAYERS[game][0], "speed": "normal", "turn_limit": 60}


def player_range(game: str) -> range:
    lo, hi = PLAYERS[game]
    return range(lo, hi + 1)


def parse(game: str, data: dict, current: dict) -> dict:
    """New options from form data (strings); unknown or out-of-range values are ignored."""
    out = dict(current)
    try:
        players = int(data.get("players", out["players"]))
        if players in player_range(game):
            out["players"] = players
    except (TypeError, ValueError):
        pass
    if data.get("speed") in SPEEDS:
        out["speed"] = data["speed"]
    try:
        limit = int(data.get("turn_limit", out["turn_limit"]))
        if limit in TURN_LIMITS:
            out["turn_limit"] = limit
    except (TypeError, ValueError):
        pass
    return out
