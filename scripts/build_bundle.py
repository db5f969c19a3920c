"""Build the Python bundle the browser's offline practice loads into Pyodide.

Writes ``build/static/app/tefuda-py.zip`` (served as ``/static/app/tefuda-py.zip``): the
pure packages ``games/`` (the rule engines, without the Django app config or the
conformance adapters) and ``tables/`` (the table's presentation, its templates and the
practice table), and Jinja2 and MarkupSafe as installed from PyPI in this environment
(pure Python: MarkupSafe's C speedups are left out, its pure fallback runs), compiled to
bytecode by Pyodide's own Python (``scripts/compile_bundle.mjs`` under Node.js: the
worker then imports without compiling ~100 modules; without Node.js and the npm packages
the bundle holds the sources alone). Sorted names and fixed times; the compile step runs
only when the sources changed (``build/bundle-sources.sha256``), so the service worker's
revision of it changes only when its content does.
Usage: ``python scripts/build_bundle.py [out.zip]``.
"""
from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import jinja2
import markupsafe

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "static" / "app" / "tefuda-py.zip"
SKIP_NAMES = {"apps.py", "oracle.py"}  # Django's app config; the conformance adapters
SUFFIXES = {".py", ".html"}
STAMP = (2024, 1, 1, 0, 0, 0)


def files(compiled: Path | None = None) -> list[tuple[Path, str]]:
    """``[(source file, name in the zip)]``, sorted by name (``compiled``: the folder of
    the templates compiled to modules, bundled as ``tables_compiled/``)."""
    out = []
    if compiled is not None:
        out += [(path, f"tables_compiled/{path.name}") for path in compiled.glob("*.py")]
    for package in ("games", "tables"):
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and path.suffix in SUFFIXES and path.name not in SKIP_NAMES \
                    and "__pycache__" not in path.parts:
                out.append((path, path.relative_to(ROOT).as_posix()))
    for path in (ROOT / "locale").glob("*/LC_MESSAGES/django.mo"):  # tables/core/i18n.py
        out.append((path, path.relative_to(ROOT).as_posix()))
    for module in (jinja2, markupsafe):
        folder = Path(module.__file__).parent
        for path in folder.rglob("*.py"):
            if "__pycache__" not in path.parts:
                out.append((path, f"{folder.name}/{path.relative_to(folder).as_posix()}"))
    return sorted(out, key=lambda pair: pair[1])


def build(out: Path = OUT) -> Path:
    """Write the bundle to ``out`` (only when its sources changed) and return the path.
    One build at a time (a lock file in build/): the test processes each ask for it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(ROOT / "build" / "bundle.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(out)


def _build(out: Path) -> Path:
    source = ROOT / "build" / "bundle-sources.zip"  # not under build/static: never served
    _write_sources(source)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    stamp = ROOT / "build" / "bundle-sources.sha256"
    if out.exists() and stamp.exists() and stamp.read_text() == digest:
        return out
    tmp = out.with_suffix(".tmp")
    if not _compile(source, tmp):
        shutil.copyfile(source, tmp)
        digest = "sources-only"  # try compiling again next time
    tmp.replace(out)
    stamp.write_text(digest)
    return out


def _write_sources(path: Path) -> None:
    compiled = ROOT / "build" / "tables_compiled"
    shutil.rmtree(compiled, ignore_errors=True)
    compiled.mkdir(parents=True)
    sys.path.insert(0, str(ROOT))
    from tables.core.env import compile_all

    compile_all(compiled)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for source, name in files(compiled):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, source.read_bytes())


def _compile(source: Path, out: Path) -> bool:
    """Bytecode for Pyodide's Python (scripts/compile_bundle.mjs); False if Node.js or the
    npm packages are missing or the step fails (the sources alone still work)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        print("build_bundle: no Node.js/pyodide: the bundle holds sources only", file=sys.stderr)
        return False
    done = subprocess.run([node, str(ROOT / "scripts" / "compile_bundle.mjs"), str(source), str(out)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print("build_bundle: compiling failed, sources only:\n" + done.stderr[-2000:], file=sys.stderr)
        return False
    return True


if __name__ == "__main__":
    target = build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: {target.stat().st_size} bytes")
