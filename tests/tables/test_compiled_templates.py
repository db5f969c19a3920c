"""The browser's bundle carries the table's templates compiled to Python modules
(scripts/build_bundle.py, Jinja2's compile_templates + ModuleLoader): they render the very
bytes the templates render (the browser test compares Pyodide with CPython too)."""
import json

from tables.core import env, screen
from tests.browser.test_browser_same_render import RENDER, cases


def render_all(given):
    namespace: dict = {}
    exec(RENDER, namespace)
    return [namespace["render_case"](c) for c in given]


def test_compiled_templates_render_the_same_bytes(tmp_path, monkeypatch):
    given = cases(4)
    plain = render_all(given)
    names = env.compile_all(tmp_path)
    assert len(names) == len(list(tmp_path.glob("tmpl_*.py"))) >= 20
    monkeypatch.setattr(env, "COMPILED", tmp_path)
    monkeypatch.setattr(env, "_default", None)
    screen.use_environment(env.default())
    try:
        assert type(env.default().loader).__name__ == "ModuleLoader"
        compiled = render_all(given)
    finally:
        monkeypatch.setattr(env, "_default", None)
        screen.use_environment(env.default())
    assert compiled == plain
    assert len({json.loads(p)["stage"] for p in plain}) > 1
