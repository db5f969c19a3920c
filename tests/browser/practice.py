"""Shared by the browser tests of practice tables."""

#: ms to wait for a practice table's first screen: practice runs in the browser (Pyodide),
#: whose first boot compiles ~10 MB of WebAssembly on a busy two-core machine
#: (bench/pyodide_boot.py has the figures)
BOOT_TIMEOUT = 120_000
