"""A browser stand-in for the multi-process tests: the HTTP entrance (cookies, CSRF, the
one-time claim) with urllib, and the room socket with the ``websockets`` package.

:class:`Tab` keeps every message its socket receives, the newest version, hand and result,
and can play its seat like the bench clients do (hint → play / give, else pass; the next
round from the result), always on the newest version it has seen.
"""
from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import time
import urllib.parse
import urllib.request

import websockets

from tables.core.frames import with_pieces

VER = re.compile(r'id="ver" data-version="(\d+)"')
CODE = re.compile(r'id="msg"[^>]*data-code="(\w+)"')
CARD = re.compile(r'name="card" value="(\d+)"( checked)?')
BUTTON = re.compile(r'''hx-vals='\{"index": "(\d+)"(?:, "\w+": "\w+")*\}' data-action="(\w+)"''')  # (次のラウンドへ: "deal": "1")
CLAIM = re.compile(r'<script id="seat-claim" type="application/json">(.*?)</script>', re.S)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SEAT_TOKEN = re.compile(r'id="seat-token" hidden data-token="([^"]+)"')
PROBE = '<template id="probe"></template>'  # rooms.consumers.PROBE: room.js answers with a ping


class Browser:
    """One browser profile (its own cookie jar) talking to one server origin."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path, timeout=10) as r:
            return r.geturl(), r.read().decode()

    def enter(self, name: str, phrase: str) -> tuple[str, str]:
        """Post the top page's form: → (room id, seat token) of the passphrase's room."""
        _, top = self.get("/")
        data = urllib.parse.urlencode({"name": name, "passphrase": phrase,
                                       "csrfmiddlewaretoken": CSRF.search(top).group(1)}).encode()
        with self.opener.open(urllib.request.Request(self.base + "/rooms/enter/", data=data), timeout=10) as r:
            url, page = r.geturl(), r.read().decode()
        room_id = re.search(r"/rooms/([0-9a-f-]{36})/", url).group(1)
        return room_id, json.loads(CLAIM.search(page).group(1))

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


class Tab:
    """One page's room socket. ``reconnect``: after a close room.js recovers from, connect
    again as the page does (see :meth:`_read`); else the tab stays closed."""

    def __init__(self, ws_base: str, room_id: str, browser: Browser | None = None, token: str | None = None,
                 reconnect: bool = False):
        self.reconnect = reconnect
        self.url = f"{ws_base}/ws/rooms/{room_id}/"
        self.origin = ws_base.replace("ws://", "http://")
        self.browser, self.token = browser, token
        self.messages: list[tuple[float, str]] = []
        self.version = -1
        self.hand = self.result = ""
        self.ws = None
        self._reader: asyncio.Task | None = None
        self.changed = asyncio.Event()
        self.moves: list[tuple[int, float]] = []  # (version made, when) of this tab's accepted moves

    async def open(self) -> None:
        self._closing = False
        self.reconnects = 0
        await self._connect()
        self._reader = asyncio.create_task(self._read())
        self._pinger = asyncio.create_task(self._ping())
        await self.wait_for(lambda: self.version >= 0, 10, "the first render")

    async def _connect(self) -> None:
        headers = {"Cookie": self.browser.cookie_header()} if self.browser else {}
        self.ws = await websockets.connect(self.url, origin=self.origin, additional_headers=headers,
                                           open_timeout=10, max_size=2**22)
        await self.send(act="hello", token=self.token)

    async def _read(self) -> None:
        """Read every message; after a close room.js would recover from (all but 4000
        left / 4403 removed: static/room.js), connect again and say hello with the newest
        token, as the page does (``reconnects`` counts them)."""
        while True:
            try:
                async for html in self.ws:
                    await self._take(html)
            except websockets.ConnectionClosed:
                pass
            self.changed.set()
            code = self.ws.close_code
            while self.reconnect and not (self._closing or code in (4000, 4403)):
                await asyncio.sleep(0.5)
                try:
                    await self._connect()
                    self.reconnects += 1
                    break
                except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
                    continue
            else:
                return

    async def _take(self, html: str) -> None:
        if html == PROBE:  # the server asks whether this browser is there
            await self.send(act="ping")
            return
        self.messages.append((time.monotonic(), html))
        fresh = SEAT_TOKEN.search(html)
        if fresh:  # every claim rotates the seat's token; the page keeps the newest
            self.token = fresh.group(1)
        m = VER.search(html)
        if m:
            self.version = max(self.version, int(m.group(1)))
        for ident, end, attr in (("hand-form", "</form>", "hand"), ("result", "</section>", "result")):
            i = html.find(f'id="{ident}"')
            if i >= 0:
                j = html.find(end, i)
                setattr(self, attr, html[html.rfind("<", 0, i): j + len(end)])
            else:  # its pieces alone (tables/core/frames.py)
                setattr(self, attr, with_pieces(getattr(self, attr), html))
        self.changed.set()

    async def _ping(self) -> None:
        """Renew the presence lease as room.js does (every 10 s there; 5 s here)."""
        while True:
            await asyncio.sleep(5)
            try:
                await self.send(act="ping")
            except websockets.ConnectionClosed:
                pass  # _read connects again

    async def send(self, **msg) -> None:
        await self.ws.send(json.dumps(msg))

    async def close(self) -> None:
        self._closing = True
        if getattr(self, "_pinger", None):
            self._pinger.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self._reader:
            await asyncio.wait([self._reader], timeout=5)

    def saw(self, text: str) -> bool:
        return any(text in html for _, html in self.messages)

    async def wait_for(self, predicate, timeout: float, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not predicate():
            left = end - time.monotonic()
            if left <= 0:
                closed = f", its socket closed ({self.ws.close_code})" if self.ws and self.ws.close_code else ""
                raise AssertionError(f"timed out waiting for {what or predicate} at v{self.version}{closed}, "
                                     f"after {getattr(self, 'reconnects', 0)} reconnects")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except asyncio.TimeoutError:
                pass

    # --- playing the seat --------------------------------------------------------------
    def my_turn(self) -> bool:
        return 'class="controls my-turn"' in self.hand or "exchange-info" in self.hand

    def buttons(self, part: str) -> dict[str, str]:
        return {action: index for index, action in BUTTON.findall(part)}

    async def step(self, host: bool = False) -> bool:
        """Make one move if this seat has one (True if a move was accepted)."""
        before = self.version
        if host and "hidden" not in self.result[:60] and 'data-action="next_game"' in self.result:
            await self.send(act="pick", index=self.buttons(self.result)["next_game"], version=str(before))
            return await self._accepted(before)
        if not self.my_turn():
            return False
        n = len(self.messages)
        await self.send(act="hint")
        try:
            await self.wait_for(lambda: any(CODE.search(h) for _, h in self.messages[n:]), 5, "the hint")
        except AssertionError:
            return False
        cards = [c for c, checked in CARD.findall(self.hand) if checked]
        version = str(self.version)
        if "exchange-info" in self.hand:
            await self.send(act="exchange", kind="exchange", card=cards, version=version)
        elif cards:
            await self.send(act="play", card=cards, mode="plain", version=version)
        elif "pass" in self.buttons(self.hand):
            await self.send(act="pick", index=self.buttons(self.hand)["pass"], version=version)
        else:
            return False
        return await self._accepted(int(version))

    async def _accepted(self, before: int) -> bool:
        n = len(self.messages)
        try:
            await self.wait_for(lambda: self.version > before or any(
                (m := CODE.search(h)) and m.group(1) != "hint" for _, h in self.messages[n:]), 5, "the move")
        except AssertionError:
            return False
        if self.version > before:
            self.moves.append((self.version, time.monotonic()))
            return True
        return False

    def first_seen(self, version: int) -> float | None:
        """When this tab first saw ``version`` (or a newer one)."""
        for at, html in self.messages:
            m = VER.search(html)
            if m and int(m.group(1)) >= version:
                return at
        return None
