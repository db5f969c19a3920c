"""Stamps at the table (issue 17): a person taps one of a fixed set and it shows on their own
seat for a few seconds to everyone in the room. No free text: a stamp is one of
:data:`CODES` (stable codes; the words are in ``parts/stamps.html``). CPUs never send one.

:class:`SeatLimit` is the per-seat rate limit (:data:`PER_WINDOW` stamps per
:data:`WINDOW` seconds): beyond it a stamp is dropped quietly. :func:`message` is what every
socket of the room receives, a ``<template>`` the page's script (static/stamps.js) takes
before htmx sees it.
"""
from __future__ import annotations

from collections import deque

from .i18n import gettext_noop

#: よろしく, ナイス, ドンマイ, ちょっと待って, ありがとう, おつかれ, 笑, 驚 (in this order on the bar)
CODES = ("hello", "nice", "dontmind", "wait", "thanks", "goodgame", "lol", "wow")
#: each stamp's words (translated where shown: parts/stamps.html, in each reader's language)
WORDS = {"hello": gettext_noop("よろしく"), "nice": gettext_noop("ナイス"), "dontmind": gettext_noop("ドンマイ"), "wait": gettext_noop("ちょっと待って"),
         "thanks": gettext_noop("ありがとう"), "goodgame": gettext_noop("おつかれ"), "lol": gettext_noop("笑"), "wow": gettext_noop("驚")}
PER_WINDOW = 3
WINDOW = 10.0  # seconds
SHOW_MS = 3500  # how long a stamp stays on its seat (the page reads it from the message)
_FORGET_OVER = 4096  # keys kept before idle ones are forgotten


def known(code) -> bool:
    """True for one of :data:`CODES` (anything else, of any type, is refused)."""
    return isinstance(code, str) and code in CODES


def message(seat: int, code: str) -> str:
    """The frame that shows stamp ``code`` on seat ``seat`` (both checked by the caller)."""
    return f'<template id="stamp" data-seat="{int(seat)}" data-code="{code}" data-ms="{SHOW_MS}"></template>'


class SeatLimit:
    """At most ``count`` stamps per ``seconds`` for each key (a seat): a sliding window.

    ``allow(key, now)`` records a stamp and returns True, or returns False (and records
    nothing) when the key already sent ``count`` within the last ``seconds``. ``now`` is
    any monotonic clock in seconds."""

    def __init__(self, count: int = PER_WINDOW, seconds: float = WINDOW):
        self.count, self.seconds = count, seconds
        self._sent: dict = {}

    def allow(self, key, now: float) -> bool:
        sent = self._sent.get(key)
        if sent is None:
            if len(self._sent) >= _FORGET_OVER:
                self._forget(now)
            sent = self._sent[key] = deque()
        while sent and now - sent[0] >= self.seconds:
            sent.popleft()
        if len(sent) >= self.count:
            return False
        sent.append(now)
        return True

    def _forget(self, now: float) -> None:
        for key in [k for k, sent in self._sent.items() if not sent or now - sent[-1] >= self.seconds]:
            del self._sent[key]
