"""Small shared facts about a Daifugō state and its moves, used by the engine, the CPU and
the view: the play on the field, the effective order, foul finishes, the action format."""
from __future__ import annotations

from .cards import RANK
from .plays import Play


def field_play(field: dict | None) -> Play | None:
    """The :class:`Play` stored in ``state["field"]``."""
    if field is None:
        return None
    return Play(tuple(field["cards"]), field["shape"], field["rank"], field["jokers"], field["suit"])


def reversed_order(state: dict) -> bool:
    """Effective order reversal: revolution XOR 11-back (rules/daifugo.md "Strength")."""
    return state["revolution"] != state["eleven_back"]


def is_foul_finish(play: Play, revolution: bool, eleven_back: bool) -> bool:
    """A finishing play that is a foul finish (反則上がり, seed 004 §4 「上がりと順位」):
    it holds a joker, or the strongest number — 2 normally, 3 during revolution (11-back on
    top of it too), neither when only 11-back is active. The flags before the play decide.
    (Stop cards and ♠A×2 with effect are fouls too; they come with the special cards.)"""
    if play.jokers:
        return True
    if revolution:
        strongest = 3
    elif eleven_back:
        return False
    else:
        strongest = 15
    return any(RANK[c] == strongest for c in play.cards)


def play_action(play: Play, mode: str = "plain") -> dict:
    """The action dict that makes ``play`` (with its reading, so the same reading is used);
    ``mode`` is ``"plain"`` (素出し) or ``"effect"`` (効果を使って出す)."""
    reading = {"shape": play.shape}
    if play.shape == "sequence":
        reading["low"] = play.rank
    return {"type": "play", "cards": list(play.cards), "mode": mode, "reading": reading}
