"""The rule engines stay pure (DESIGN.md "Rule engines"): no Django, no I/O, no wall clock,
no global randomness — checked on the source of every engine module."""
import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE_DIRS = ["games/core", "games/daifugo", "games/guandan", "games/doudizhu"]
FORBIDDEN_MODULES = {"django", "time", "datetime", "os", "socket", "requests", "sqlite3", "asyncio", "threading"}


def modules():
    for d in ENGINE_DIRS:
        for path in sorted((ROOT / d).glob("*.py")):
            if path.name != "oracle.py":  # the conformance adapter reads no files either, but may grow I/O
                yield path


def absolute_imports(tree: ast.AST):
    """``(node, top-level module name)`` of every absolute import in ``tree``."""
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            yield node, name.split(".")[0]


@pytest.mark.parametrize("path", list(modules()), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_module_is_pure(path):
    tree = ast.parse(path.read_text())
    for _, name in absolute_imports(tree):
        assert name not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "open", f"{path.name} opens a file"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            assert node.attr == "Random", f"{path.name} uses the global random.{node.attr}"
