"""The table's presentation: engine view → the parts one seat sees, pure and shared.

The server's sockets (:mod:`rooms.render`) and the browser's offline practice (Pyodide,
:mod:`tables.practice`) render a seat's table through this package, so the two are the
same code and give the same bytes. Nothing here imports Django, reads a clock or does
I/O (tests/test_engine_purity.py); the inputs are a room-like and seat-like objects
(:mod:`tables.core.screen`), the engine state and the time as a number.

Layout (DESIGN.md "Table presentation"):

- ``core/``: the shared core — the Jinja2 environment (:mod:`~tables.core.env`), the
  screen of a seat (:mod:`~tables.core.screen`), per-state memos
  (:mod:`~tables.core.cache`), markup helpers (:mod:`~tables.core.markup`), the
  presenter contract (:mod:`~tables.core.presenter`), the pacing of a table
  (:mod:`~tables.core.pacing`, :mod:`~tables.core.reactions`) and the shared parts'
  templates (``core/templates/parts/``);
- ``daifugo/``, ``guandan/``, ``doudizhu/``: one home per game — its presenter
  (``present.py``), its templates (``templates/``) and any markup of its own.
"""
from __future__ import annotations

from importlib import import_module

GAMES = ("daifugo", "guandan", "doudizhu")

_presenters: dict = {}


def presenter(game: str):
    """The presenter of ``game`` (``tables.<game>.present.PRESENTER``, imported once).

    Raises ``KeyError`` for a game with no table."""
    got = _presenters.get(game)
    if got is None:
        if game not in GAMES:
            raise KeyError(game)
        got = _presenters[game] = import_module(f"tables.{game}.present").PRESENTER
    return got
