"""What the practice page's worker downloads to boot (static/app/worker.js): Pyodide from
the npm package (served from our origin under ``/static/pyodide/``) and our Python bundle
(``scripts/build_bundle.py`` → ``/static/app/tefuda-py.zip``), with each file's size for
the first visit's progress bar."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.templatetags.static import static

#: Pyodide's files that ``loadPyodide`` fetches, biggest first (the rest of the npm package
#: is never downloaded)
PYODIDE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide-lock.json", "pyodide.mjs")
BUNDLE = "app/tefuda-py.zip"


@lru_cache(maxsize=1)
def boot_files() -> dict:
    """``{"indexURL", "bundle", "files": [{"url", "bytes"}]}`` for the practice page.

    Raises ``FileNotFoundError`` when the setup command has not installed Pyodide (npm) or
    built the bundle."""
    names = [f"pyodide/{n}" for n in PYODIDE_FILES] + [BUNDLE]
    files = []
    for name in names:
        path = finders.find(name)
        if path is None:
            raise FileNotFoundError(f"static file {name} is missing: run scripts/setup")
        files.append({"url": static(name), "bytes": Path(path).stat().st_size})
    return {"indexURL": static("pyodide/pyodide.mjs").rsplit("/", 1)[0] + "/", "bundle": static(BUNDLE),
            "files": files}
