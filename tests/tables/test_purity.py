"""The table's presentation is pure like the engines (DESIGN.md "Table presentation"):
no Django, no clock, no sockets or threads — so the browser (Pyodide) runs it as it is."""
import ast
import pathlib
import subprocess
import sys

import pytest

from tests.test_engine_purity import absolute_imports

ROOT = pathlib.Path(__file__).resolve().parents[2]
FORBIDDEN = {"django", "channels", "time", "datetime", "socket", "requests", "sqlite3", "asyncio",
             "threading", "subprocess", "rooms", "analytics", "tefuda_site"}


def modules():
    yield from sorted((ROOT / "tables").rglob("*.py"))


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: str(p.relative_to(ROOT)))
def test_table_module_imports_nothing_of_the_server(path):
    for _, name in absolute_imports(ast.parse(path.read_text())):
        assert name not in FORBIDDEN, f"{path.name} imports {name}"


def test_rendering_every_game_loads_no_django():
    """Import every module of the package and render a table of each game in a fresh
    interpreter: Django is never imported (the engines' test says the same of games/)."""
    code = """
import importlib, pathlib, sys
for path in sorted(pathlib.Path("tables").rglob("*.py")):
    importlib.import_module(".".join(path.with_suffix("").parts).removesuffix(".__init__"))
from types import SimpleNamespace as NS
from games import get_engine
from tables.core.screen import table_screen, stage
for game, n in (("daifugo", 4), ("guandan", 4), ("doudizhu", 3)):
    state = get_engine(game).new({"players": n} if game == "daifugo" else {}, "purity")
    room = NS(game=game, state=state, options={}, version=1, solo=True, timers={}, status="playing")
    seats = [NS(order=i, name=f"P{i}", is_human=i == 0, is_host=i == 0, auto=False) for i in range(n)]
    html = stage(table_screen(room, seats, seats[0], {0}))
    assert 'id="hand' in html, game
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("django", "channels", "rooms"))
print(bad)
assert not bad, bad
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
