"""Build the Python bundle the browser's offline practice loads into Pyodide.

Writes ``build/static/app/tefuda-py.zip`` (served as ``/static/app/tefuda-py.zip``): the
pure packages ``games/`` (the rule engines, without the Django app config or the
conformance adapters) and ``tables/`` (the table's presentation, its templates and the
practice table), and Jinja2 and MarkupSafe as installed from PyPI in this environment
(pure Python: MarkupSafe's C speedups are left out, its pure fallback runs). The zip is
deterministic (sorted names, fixed times), so the service worker's revision of it
changes only when its content does. Usage: ``python scripts/build_bundle.py [out.zip]``.
"""
from __future__ import annotations

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


def files() -> list[tuple[Path, str]]:
    """``[(source file, name in the zip)]``, sorted by name."""
    out = []
    for package in ("games", "tables"):
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and path.suffix in SUFFIXES and path.name not in SKIP_NAMES \
                    and "__pycache__" not in path.parts:
                out.append((path, path.relative_to(ROOT).as_posix()))
    for module in (jinja2, markupsafe):
        folder = Path(module.__file__).parent
        for path in folder.rglob("*.py"):
            if "__pycache__" not in path.parts:
                out.append((path, f"{folder.name}/{path.relative_to(folder).as_posix()}"))
    return sorted(out, key=lambda pair: pair[1])


def build(out: Path = OUT) -> Path:
    """Write the bundle to ``out`` (only if its bytes change) and return the path."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path, name in files():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    if out.exists() and out.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        tmp.replace(out)
    return out


if __name__ == "__main__":
    target = build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: {target.stat().st_size} bytes")
