"""Conformance adapter (../shared/conformance/README.md) for ``"game": "doudizhu"``.

A thin layer over :mod:`games.doudizhu.combos` and :mod:`games.doudizhu.legal`: cards are
rank codes (``"3"``…``"2"``, ``"LJ"``, ``"BJ"``; suits never matter, seed 001 §4).

Ops: ``classify`` → ``{"readings": [{"type", "rank_key"}, …]}`` strongest first;
``beats`` → ``{"beats": bool}``; ``legal`` → ``{"plays": [[codes…], …]}``. Any other op
raises :class:`games.oracle.Unsupported`; a malformed card raises ``KeyError``.
"""
from __future__ import annotations

from .combos import RANKS, choose_reading, counts_of, rank_of, readings
from .legal import plays


def _counts(codes) -> list[int]:
    return counts_of(rank_of(code) for code in codes)


def _previous(codes):
    if codes is None:
        return None
    opts = readings(_counts(codes))
    if not opts:
        raise ValueError("previous play is no combination")
    return opts[0]


def answer(case: dict) -> dict:
    """The answer object for one conformance case (without its id)."""
    op = case.get("op")
    if op == "classify":
        return {"readings": [{"type": cb.type, "rank_key": cb.rank_key}
                             for cb in readings(_counts(case["cards"]))]}
    if op == "beats":
        prev = _previous(case.get("previous"))
        play = case["play"]
        if play == "PASS":
            return {"beats": prev is not None}
        return {"beats": choose_reading(readings(_counts(play)), prev) is not None}
    if op == "legal":
        c = _counts(case["hand"])
        prev = _previous(case.get("previous"))
        return {"plays": [[RANKS[r] for r in sorted(p)] for p in plays(c, prev)]}
    from games.oracle import Unsupported
    raise Unsupported(op)
