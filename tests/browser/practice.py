"""Shared by the browser tests of practice tables."""

#: ms to wait for a practice table's first screen: practice runs in the browser (Pyodide),
#: whose first boot compiles ~10 MB of WebAssembly on a busy two-core machine
#: (bench/pyodide_boot.py has the figures)
BOOT_TIMEOUT = 120_000


#: true once nothing on the page is moving (a deal's hand scaling in, a play flying); what
#: never settles does not count: an endless animation (a turn's glow), one a scroll drives
#: (Guandan's return row's fade) and a turn's clock (its ring runs the whole turn limit)
AT_REST = ("() => document.getAnimations().every(a => a.playState !== 'running' || a.timeline !== document.timeline"
           " || (a.effect && (a.effect.getTiming().iterations === Infinity || a.effect.getComputedTiming().activeDuration > 5000)))")


def at_rest(page, timeout: int = 10_000) -> None:
    """Wait until nothing on ``page`` moves, so what is measured is the page at rest: the
    deal scales the whole hand in from the field for 320 ms (static/feel.js deal)."""
    page.wait_for_function(AT_REST, timeout=timeout)
