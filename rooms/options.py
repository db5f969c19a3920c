"""Room options chosen by the host (or on the practice rules screen) and their limits.

``{"players": 4–6, "speed": "slow"|"normal"|"fast", "turn_limit": 0|30|60}`` for Daifugō;
other games declare their own player range in :data:`PLAYERS`.
"""
from __future__ import annotations

PLAYERS = {"daifugo": (4, 6), "guandan": (4, 4), "doudizhu": (3, 3)}
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
