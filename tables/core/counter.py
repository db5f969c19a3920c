"""The card counter of a table (issue 13, "Helping new players"): how many cards of each
rank this seat has not seen — not in its own hand and not played yet — from its own view
only (what a careful player counts at the table; never another seat's hand).

Shared by the games that show one (Guandan, Dou Dizhu); each hands in its deck's count per
rank and its rank order.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def unseen_by_rank(deck: dict[str, int], mine: Iterable[str], played: Iterable[str],
                   order: Iterable[str]) -> list[dict]:
    """``[{"rank", "n"}]`` in ``order``: ``deck[rank]`` minus the ranks of ``mine`` (the
    seat's hand) and ``played`` (the cards played face up). Ranks are the game's rank names
    ("3"…"A", "2", "LJ", "BJ"). Raises ``ValueError`` if more of a rank is seen than the
    deck holds (a view that does not add up)."""
    seen = Counter(mine)
    seen.update(played)
    out = []
    for rank in order:
        n = deck[rank] - seen.get(rank, 0)
        if n < 0:
            raise ValueError(f"more {rank} seen than the deck holds")
        out.append({"rank": rank, "n": n})
    return out
