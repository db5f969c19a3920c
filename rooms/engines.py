"""The rule engine of a room (games.get_engine), in one place so rooms stay game-agnostic."""
from __future__ import annotations

from games import get_engine


def engine_for(game: str):
    """The engine singleton for ``game`` (``KeyError`` if it is not built)."""
    return get_engine(game)
