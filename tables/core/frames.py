"""The messages one tab receives: a whole ``#stage`` on a new screen, else only the parts
that changed since the last message, and always ``#ver`` (the version every action
names, and the sender's clock for the page's countdowns).

The server's consumer (one per socket) and the browser's practice table (one per page)
each keep a :class:`Frames` and send what it builds, so both speak the same protocol to
the same page scripts (htmx ws extension: out-of-band swaps by element id).
"""
from __future__ import annotations

from .screen import Screen, stage


class Frames:
    """What one tab was last sent (``sent``: part name → HTML; ``kind``: the screen)."""

    def __init__(self) -> None:
        self.sent: dict[str, str] = {}
        self.kind = ""

    def forget(self, part: str) -> None:
        """Send ``part`` next time even if unchanged (the same refusal twice is shown)."""
        self.sent.pop(part, None)

    def message(self, s: Screen, *, full: bool, version: int, now_ms: int, token: str | None = None,
                retry: int | None = None) -> str:
        """The next message for screen ``s`` at room ``version`` (``now_ms``: the sender's
        epoch milliseconds; ``token``: a seat token the tab must keep; ``retry``: seconds
        after which the page asks again, for a refusal that can clear)."""
        pieces = []
        if full or s.kind != self.kind or not s.parts:
            pieces.append(stage(s))
            self.sent = dict(s.parts)
        else:
            for name, html in s.parts.items():
                if self.sent.get(name) != html:
                    pieces.append(html)
                    self.sent[name] = html
        self.kind = s.kind
        pieces.append(version_div(version, now_ms))
        if token:
            pieces.append(f'<div id="seat-token" hidden data-token="{token}"></div>')
        elif retry is not None:  # room.js tries again after that long
            pieces.append(f'<div id="seat-token" hidden data-retry="{int(retry)}"></div>')
        return "".join(pieces)


def version_div(version: int, now_ms: int) -> str:
    """``#ver``: the version the tab's next action names, and the sender's clock."""
    return (f'<div id="ver" data-version="{int(version)}" data-now="{int(now_ms)}">'
            f'<input type="hidden" name="version" value="{int(version)}"></div>')
