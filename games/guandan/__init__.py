"""Guandan (掼蛋): the rule engine, its CPU player and the conformance adapter.

Rule source: seeds/000_03205a0e19f1fabd.txt (rules), seeds/003_e92e1431ea7e2b44.txt (how to
play, A-rule switch), rules/guandan.md. Pure Python: no Django, no I/O, no wall clock.

Modules, one idea each: :mod:`.cards` (deck, rank orders), :mod:`.combos` (classification
with every wild reading, comparison), :mod:`.legal` (legal play generation),
:mod:`.levels` (level rises, A rule), :mod:`.tribute` (tribute, anti-tribute, returns),
:mod:`.engine` (the match state machine), :mod:`.cpu` (CPU player), :mod:`.oracle`
(conformance adapter).
"""
from .engine import GuandanEngine

ENGINE = GuandanEngine()

__all__ = ["ENGINE", "GuandanEngine"]
