"""Machinery shared by the three rule engines: cards, errors, randomness, the contract."""
from .cards import Card, Deck
from .engine import Engine, clone, play_out, step
from .errors import IllegalAction

__all__ = ["Card", "Deck", "Engine", "IllegalAction", "clone", "play_out", "step"]
