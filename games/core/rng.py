"""Deterministic randomness kept inside the JSON state.

The engines have no global state and no wall clock (DESIGN.md "Rule engines"): a state
holds ``seed`` (any JSON string or int) and ``rng_n`` (how many draws were made). Each draw
builds ``random.Random("<seed>:<n>")``; string seeding hashes with SHA-512, so the same seed
gives the same game on every Python version and in the browser (Pyodide).
"""
from __future__ import annotations

import random


def draw(state: dict) -> random.Random:
    """A fresh ``random.Random`` for the next draw; increments ``state["rng_n"]`` in place."""
    n = state.get("rng_n", 0)
    state["rng_n"] = n + 1
    return random.Random(f"{state['seed']}:{n}")
