"""The last lines of a log a table shows, and where they start (issue 13).

The log part (``<ol id="log" data-morph>``) names each line ``lg`` + its position in the
whole log, so the page morphs it: the lines it has stay, the new ones are added after them
(tables/core/frames.py). Dou Dizhu's hand log and Guandan's trick show their last lines
so; Daifugō numbers its lines by the event's number in the match
(:func:`games.daifugo.present.visible_events`), as its engine keeps only the last events.
"""
from __future__ import annotations


def tail(lines: list, shown: int) -> tuple[list, int]:
    """``(the last shown lines, the position of the first of them in lines)``:
    ``tail(["a", "b", "c"], 2) == (["b", "c"], 1)``; ``shown`` > 0."""
    first = max(0, len(lines) - shown)
    return lines[first:], first
