"""How the site's static files are collected (scripts/serve runs ``collectstatic`` at every
start; WhiteNoise then serves the gzip and Brotli copies it wrote beside each file).

- :class:`StaticFiles` leaves out what no page loads: the npm packages' source maps, type
  declarations, CommonJS and ES-module builds of Chart.js (the dashboard loads its UMD
  build) and Pyodide's consoles and read-me.
- :class:`CompressedOnce` compresses a file only when its compressed copies are older
  than it: Brotli at its best quality takes ~45 s for Pyodide's 9.6 MB wasm alone, which
  every start of the site paid again (measured: collectstatic 78 s → 59 s on a fresh
  clone, 1.3 s on the next start)."""
from __future__ import annotations

import os

from django.contrib.staticfiles.apps import StaticFilesConfig
from whitenoise.compress import Compressor
from whitenoise.storage import CompressedStaticFilesStorage


class StaticFiles(StaticFilesConfig):
    """django.contrib.staticfiles with the files no page needs ignored by collectstatic."""

    ignore_patterns = [*StaticFilesConfig.ignore_patterns, "*.map", "*.d.ts", "*.cjs", "chunks",
                       "*.md", "console*.html", "package.json"]


class _FreshOnly(Compressor):
    def compress(self, path):
        """The compressed copies of ``path``, written only if none is up to date (WhiteNoise
        gives a copy its source's modification time)."""
        mtime = os.stat(path).st_mtime
        fresh = [p for p in (path + ".br", path + ".gz") if os.path.exists(p) and os.stat(p).st_mtime == mtime]
        return fresh or super().compress(path)


class CompressedOnce(CompressedStaticFilesStorage):
    """WhiteNoise's CompressedStaticFilesStorage, skipping files compressed before."""

    def create_compressor(self, **kwargs):
        return _FreshOnly(**kwargs)
