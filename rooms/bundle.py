"""What the practice page's worker downloads to boot (static/app/worker.js): Pyodide from
the npm package (served from our origin under ``/static/pyodide/``) and our Python bundle
(``scripts/build_bundle.py`` → ``/static/app/tefuda-py.zip``), with each file's size for
the first visit's progress bar."""
from __future__ import annotations

import hashlib
import json
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
    """``{"indexURL", "bundle", "version", "files": [{"url", "bytes"}]}`` for the practice
    page; ``version`` names this Pyodide and this bundle (the worker keeps a memory snapshot
    of the two, and makes a new one when it changes).

    Raises ``FileNotFoundError`` when the setup command has not installed Pyodide (npm) or
    built the bundle."""
    names = [f"pyodide/{n}" for n in PYODIDE_FILES] + [BUNDLE]
    files, paths = [], {}
    for name in names + ["pyodide/package.json"]:
        path = finders.find(name)
        if path is None:
            raise FileNotFoundError(f"static file {name} is missing: run scripts/setup")
        paths[name] = Path(path)
    for name in names:
        files.append({"url": static(name), "bytes": paths[name].stat().st_size})
    pyodide_version = json.loads(paths["pyodide/package.json"].read_text())["version"]
    bundle_digest = hashlib.sha256(paths[BUNDLE].read_bytes()).hexdigest()[:16]
    return {"indexURL": static("pyodide/pyodide.mjs").rsplit("/", 1)[0] + "/", "bundle": static(BUNDLE),
            "version": f"{pyodide_version}-{bundle_digest}", "files": files}
