"""The rules oracle of ../shared/conformance/README.md: ``python -m games.oracle``.

Reads one JSON case a line on stdin and prints one JSON answer a line with the same
``"id"``. A thin adapter: each game package provides ``oracle.answer(case) -> dict`` over its
real engine. Never crashes on a bad case: answers ``{"id", "error"}`` and goes on; a game or
op not built yet answers ``{"error": "unsupported"}``.
"""
from __future__ import annotations

import json
import sys
from importlib import import_module

from games import GAMES
from games.core.errors import Unsupported

__all__ = ["Unsupported", "answer", "main"]


def answer(case: dict) -> dict:
    """The answer object for one case (without its id)."""
    game = case.get("game")
    if game not in GAMES:
        raise Unsupported(game)
    try:
        adapter = import_module(f"games.{game}.oracle")
    except ModuleNotFoundError:
        raise Unsupported(game)
    return adapter.answer(case)


def main(stdin=sys.stdin, stdout=sys.stdout) -> None:
    for line in stdin:
        if not line.strip():
            continue
        try:
            case = json.loads(line)
            cid = case.get("id")
        except (json.JSONDecodeError, AttributeError):
            stdout.write(json.dumps({"id": None, "error": "bad json"}) + "\n")
            continue
        try:
            out = {"id": cid, **answer(case)}
        except Unsupported:
            out = {"id": cid, "error": "unsupported"}
        except Exception as exc:  # noqa: BLE001 - the oracle must answer every case
            out = {"id": cid, "error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()


if __name__ == "__main__":
    main()
