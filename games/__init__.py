"""Rule engines (pure Python, no Django under ``games.core`` and the game packages) and
the persistence models of games.

``get_engine(name)`` returns the engine singleton of ``"daifugo"``, ``"guandan"`` or
``"doudizhu"``; it raises ``KeyError`` for an unknown or not yet built game.
"""
from importlib import import_module

GAMES = ("daifugo", "guandan", "doudizhu")


def get_engine(name: str):
    """The engine of game ``name`` (imported lazily); ``KeyError`` if unknown."""
    if name not in GAMES:
        raise KeyError(name)
    try:
        return import_module(f"games.{name}").ENGINE
    except ModuleNotFoundError as exc:
        raise KeyError(name) from exc
