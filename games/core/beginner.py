"""The やさしい CPU of every game (issue 16): plausible beginner mistakes, never absurd ones.

A beginner mostly plays what the ふつう CPU would, but now and then takes the second or
third of the ふつう CPU's candidates instead (a pass it could have beaten, a card it should
have kept, a set broken up). The candidates come from the game (its search adapter's
``candidates``, ふつう's choice first), which leaves out the absurd: a foul finish made on
purpose, a bomb thrown away for nothing. A lead is never passed (a lead has no pass).
Deterministic: the draws come from the game's seed, its step and the seat.
"""
from __future__ import annotations

import random

#: How often a beginner takes a lesser candidate, and among how many.
SLIP = 0.35
SPREAD = 3


def pick(state: dict, seat: int, candidates: list[dict]) -> dict:
    """ふつう's choice (``candidates[0]``) most of the time, else one of the next
    ``SPREAD - 1`` candidates. ``candidates`` must not be empty."""
    rng = random.Random(f"{state.get('seed')}:{state.get('step', 0)}:{seat}:easy")
    others = candidates[1:SPREAD]
    if not others or rng.random() >= SLIP:
        return candidates[0]
    return rng.choice(others)
