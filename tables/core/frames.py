"""The messages one tab receives: a whole ``#stage`` on a new screen, else only the parts
that changed since the last message, and always ``#ver`` (the version every action
names, and the sender's clock for the page's countdowns).

A part may hold *pieces*: elements with an ``id``, each written between the comments
``<!--p:ID-->`` and ``<!--/p-->`` (not nested; a seat's tile, a rank of the graveyard).
When a changed part keeps the rest of its HTML (its *shell*: everything but the pieces'
insides) and only some pieces changed, only those pieces are sent: each swaps by its own
id like a part. A message of a CPU's play then rebuilds one or two seats, not every seat
(bench/table_page.py: the page's work per message grows with the elements it replaces).

A part or piece whose element says ``data-morph`` (the hand's cards: Daifugō's and Dou
Dizhu's ``#hand-cards``, Guandan's ``#gd-cols``) is sent marked ``hx-swap-oob="morph"``:
the page morphs it into the one on screen (htmx's idiomorph extension, npm ``idiomorph``)
rather than building it again, so a play takes its cards out of the hand and leaves the
others, each card kept by its id (``hc`` + the card's id), as they were
(bench/table_page.py: re-rendering a 20-card hand was the largest part of the frame after
one's own play or a hint). Only elements with no ``ws-send`` inside are morphed: htmx's ws
extension gives a ``ws-send`` button its handler when an ancestor is processed, and a
morphed element that is processed again would give the buttons it kept one more each.

A message's parts come in groups (:data:`ORDER`), one after another, each group after the
comment :data:`LATER` marked for htmx's out-of-band swap: the page swaps the first group
at once and each next one after its next frame (static/room.js), so no one task or frame
handles a whole play. First the field (the play and its motion), then the seats (a
replay of one recorded game, unthrottled: 70 frames over 8 ms against 111 with the two in
one group), then the hand with its buttons and ``#ver`` (the version comes with the
buttons that act on it: a turn on screen is a turn that can be played, try31), then the
rest (the status, the messages, the result), and last the log, the graveyard, the card
counter and これまでの局, one group a frame (bench/table_page.py: with every part in one
swap and one frame, those were the long tasks during a play).

The server's consumer (one per socket) and the browser's practice table (one per page)
each keep a :class:`Frames` and send what it builds, so both speak the same protocol to
the same page scripts (htmx ws extension: out-of-band swaps by element id).
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

from .screen import Screen, stage

#: the groups of parts in the order the page swaps them, one group a frame (see the
#: module's doc); ``None``: every part not named (the status, the messages, the result,
#: 退出, the stamps, 人を外す)
ORDER = (frozenset({"field"}), frozenset({"seats"}), frozenset({"hand"}), None,
         frozenset({"log"}), frozenset({"graveyard"}), frozenset({"aid", "history"}))
REST = ORDER.index(None)
#: the group ``#ver`` and a seat token come with: the hand's, whose buttons act on that version
VERSION = ORDER.index(frozenset({"hand"}))
LATER = "<!--later-->"


def group(part: str) -> int:
    """The index in :data:`ORDER` of the group ``part`` (a part's name) is sent in."""
    return next((i for i, names in enumerate(ORDER) if names and part in names), REST)


_START = re.compile(r"^(\s*<[A-Za-z][\w-]*)")
#: an element's opening tag that asks to be morphed (see the module's doc)
_MORPH = re.compile(r"^\s*<[A-Za-z][\w-]*\b[^>]*?\sdata-morph[\s>=]")
#: a piece of a part (see the module's doc): group 1 its id, group 2 its element
PIECE = re.compile(r"<!--p:([\w-]+)-->(.*?)<!--/p-->", re.S)


class Frames:
    """What one tab was last sent (``sent``: part name → HTML; ``kind``: the screen)."""

    def __init__(self) -> None:
        self.sent: dict[str, str] = {}
        self.kind = ""

    def forget(self, part: str) -> None:
        """Send ``part`` next time even if unchanged (the same refusal twice is shown; a
        hint's hand, whose checkboxes the page may have changed). A part with pieces keeps
        its shell: each piece is sent again on its own (the hand's cards morphed, not the
        whole form rebuilt)."""
        old = self.sent.get(part)
        if old is None or "<!--p:" not in old:
            self.sent.pop(part, None)
        else:
            self.sent[part] = PIECE.sub(lambda m: f"<!--p:{m[1]}--><!--/p-->", old)

    def message(self, s: Screen, *, full: bool, version: int, now_ms: int, token: str | None = None,
                retry: int | None = None) -> str:
        """The next message for screen ``s`` at room ``version`` (``now_ms``: the sender's
        epoch milliseconds; ``token``: a seat token the tab must keep; ``retry``: seconds
        after which the page asks again, for a refusal that can clear)."""
        groups: list[list[str]] = [[] for _ in ORDER]
        if full or s.kind != self.kind or not s.parts:
            groups[0].append(stage(s))
            self.sent = dict(s.parts)
            with_version = groups[0]  # a new screen comes whole, in one swap
        else:
            for name, html in s.parts.items():
                old = self.sent.get(name)
                if old != html:
                    groups[group(name)].extend(changed(old, html))
                    self.sent[name] = html
            with_version = groups[VERSION]
        self.kind = s.kind
        with_version.append(version_div(version, now_ms))
        if token:
            with_version.append(f'<div id="seat-token" hidden data-token="{token}"></div>')
        elif retry is not None:  # room.js tries again after that long
            with_version.append(f'<div id="seat-token" hidden data-retry="{int(retry)}"></div>')
        chunks = [g for g in groups if g]
        return LATER.join("".join(map(morphed if i == 0 else out_of_band, g)) for i, g in enumerate(chunks))


def out_of_band(html: str) -> str:
    """``html`` (one element: a part or a piece) marked for htmx's out-of-band swap by id,
    as htmx's own swap of a message's later groups needs (static/room.js; the ws extension
    swaps every top-level element of the first group so without a mark): morphed when its
    opening tag says ``data-morph`` (:func:`morphed`), else ``hx-swap-oob="true"``.
    Raises ``ValueError`` if ``html`` does not begin with an element."""
    html = str(html)
    return _swap_mark(html, "morph" if _MORPH.match(html) else "true")


def morphed(html: str) -> str:
    """``html`` (one element: a part or a piece) marked ``hx-swap-oob="morph"`` when its
    opening tag says ``data-morph``; any other element as it is."""
    html = str(html)
    return _swap_mark(html, "morph") if _MORPH.match(html) else html


def _swap_mark(html, how: str) -> str:
    """``html``'s first element with ``hx-swap-oob="how"`` (``str`` first: a whole part is
    Markup, whose re.sub would escape the mark). Raises ``ValueError`` if there is none."""
    marked, n = _START.subn(rf'\1 hx-swap-oob="{how}"', str(html), count=1)
    if not n:
        raise ValueError(f"not an element: {str(html)[:40]!r}")
    return marked


def version_div(version: int, now_ms: int) -> str:
    """``#ver``: the version the tab's next action names, and the sender's clock."""
    return (f'<div id="ver" data-version="{int(version)}" data-now="{int(now_ms)}">'
            f'<input type="hidden" name="version" value="{int(version)}"></div>')


def changed(old: str | None, new: str) -> list[str]:
    """What to send for a part that was ``old`` (``None``: never sent) and is ``new``: the
    pieces that changed when nothing else did, else the whole part (``[new]``)."""
    if old is None or "<!--p:" not in new:
        return [new]
    was, now = split(old), split(new)
    if was[0] != now[0]:
        return [new]
    return [html for key, html in now[1].items() if was[1].get(key) != html]


def split(html: str) -> tuple[str, dict[str, str]]:
    """``(shell, {id: piece})``: the part without its pieces' insides, and each piece."""
    pieces = {m[1]: m[2] for m in PIECE.finditer(html)}
    return PIECE.sub(lambda m: f"<!--p:{m[1]}-->", html), pieces


# --- what a page does with a message (the Python clients: tests, bench/ws_load.py) ---------


def with_pieces(html: str, message: str) -> str:
    """``html`` (a part, or a message holding it) with each of its pieces that ``message``
    sends on its own put in, as the page's htmx swaps it by id."""
    for ident, element in top_level(message).items():
        marker = f"<!--p:{ident}-->"
        if marker in html:
            html = PIECE.sub(lambda m: marker + element + "<!--/p-->" if m[1] == ident else m[0], html)
    return html


class _TopLevel(HTMLParser):
    """Collects ``found``: the source of each top-level element that has an id."""
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.depth, self.start, self.ident, self.found = 0, 0, None, {}

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.start, self.ident = self._offset(), dict(attrs).get("id")
        if tag not in self.VOID:
            self.depth += 1

    def handle_endtag(self, tag):
        self.depth -= 1
        if self.depth == 0 and self.ident:
            end = self.rawdata.index(">", self._offset()) + 1
            self.found[self.ident] = self.rawdata[self.start:end]


def top_level(message: str) -> dict[str, str]:
    """``{id: element}`` of the top-level elements of a message."""
    parser = _TopLevel(message)
    parser.feed(message)
    parser.close()
    return parser.found
