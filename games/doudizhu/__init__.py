"""Dou Dizhu (斗地主 / 闘地主): three players, one landlord against two peasants.

Rules: seeds/001_9746b962cdb0cd4a.txt and rules/doudizhu.md. Modules, one idea each:
:mod:`.combos` (the 14 types, readings, beating), :mod:`.legal` (legal play generation),
:mod:`.engine` (deal, bidding, play, settlement, match), :mod:`.cpu` (CPU player and
hints), :mod:`.errors` (refusals), :mod:`.oracle` (conformance adapter).

``ENGINE`` is the :class:`~games.doudizhu.engine.DoudizhuEngine` singleton.
"""
from .engine import DoudizhuEngine

ENGINE = DoudizhuEngine()

__all__ = ["ENGINE", "DoudizhuEngine"]
