"""The socket "tab" helper of the room tests (its own module, not conftest: several test
folders have a conftest.py, and ``from conftest import …`` would pick whichever came first)."""
from __future__ import annotations

import asyncio
import contextlib
import re

from channels.testing import WebsocketCommunicator

from rooms import tokens
from tables.core.frames import with_pieces
from tefuda_site.asgi import application


class Tab:
    """One browser tab's socket: ``open()`` says hello, ``recv()`` collects HTML."""

    def __init__(self, room_id, bid: str | None = None, origin: bytes = b"http://testserver",
                 language: str | None = None, accept_language: str | None = None):
        """``language``: the language switch's cookie; ``accept_language``: the browser's header."""
        headers = [(b"origin", origin), (b"host", b"testserver")]
        cookies = [f"{tokens.BROWSER_COOKIE}={bid}"] if bid else []
        if language:
            cookies.append(f"django_language={language}")
        if cookies:
            headers.append((b"cookie", "; ".join(cookies).encode()))
        if accept_language:
            headers.append((b"accept-language", accept_language.encode()))
        self.comm = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers)
        self.messages: list[str] = []

    async def open(self, token: str | None = None) -> str:
        connected, _ = await self.comm.connect()
        assert connected
        await self.comm.send_json_to({"act": "hello", "token": token})
        return await self.recv()

    async def recv(self, timeout: float = 3) -> str:
        html = await self.comm.receive_from(timeout)
        self.messages.append(html)
        return html

    async def drain(self, wait: float = 0.3) -> list[str]:
        """Every message that arrives until ``wait`` seconds pass in silence."""
        got = []
        while not await self.comm.receive_nothing(timeout=wait):
            out = await self.comm.receive_output()
            if out["type"] == "websocket.close":
                self.closed = out.get("code")
                break
            self.messages.append(out["text"])
            got.append(out["text"])
        return got

    @contextlib.asynccontextmanager
    async def answering(self):
        """Inside, this tab reads its socket and answers the server's probes with a ping, as
        room.js does: a live browser (outside, it is a frozen one: its socket open, silent)."""
        from rooms.consumers import PROBE

        async def run():
            while True:
                if await self.comm.receive_nothing(timeout=0.02):
                    continue
                out = await self.comm.receive_output()
                if out["type"] != "websocket.send":
                    return
                self.messages.append(out["text"])
                if out["text"] == PROBE:
                    await self.send(act="ping")

        task = asyncio.ensure_future(run())
        try:
            yield self
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def send(self, **msg) -> None:
        await self.comm.send_json_to(msg)

    async def act(self, act: str, **fields) -> str:
        """Send ``act`` at the latest version seen; return the first reply."""
        await self.send(act=act, version=str(self.version), **fields)
        return await self.recv()

    @property
    def version(self) -> int:
        for html in reversed(self.messages):
            m = re.search(r'id="ver" data-version="(\d+)"', html)
            if m:
                return int(m.group(1))
        raise AssertionError("no version seen")

    @property
    def token(self) -> str | None:
        """The newest seat token the server handed this tab (every claim rotates it; the
        page keeps it in sessionStorage)."""
        for html in reversed(self.messages):
            m = re.search(r'id="seat-token" hidden data-token="([^"]+)"', html)
            if m:
                return m.group(1)
        return None

    def latest(self, element_id: str) -> str:
        """The newest message that sent element ``element_id`` whole, with the pieces of it
        sent since put in (tables/core/frames.py), as the page shows them."""
        for k in range(len(self.messages) - 1, -1, -1):
            if f'id="{element_id}"' in self.messages[k]:
                html = self.messages[k]
                for later in self.messages[k + 1:]:
                    html = with_pieces(html, later)
                return html
        return ""

    def hand(self) -> list[int]:
        part = self.latest("hand-form")
        part = part[part.index('id="hand-form"'):]
        part = part[: part.index("</form>")]
        return [int(x) for x in re.findall(r'name="card" value="(\d+)"', part)]

    def checked(self) -> list[int]:
        """The card ids the newest hand shows selected (a hint's pick, or the tab's own)."""
        part = self.latest("hand-form")
        part = part[part.index('id="hand-form"'):]
        part = part[: part.index("</form>")]
        return [int(x) for x in re.findall(r'name="card" value="(\d+)" checked', part)]

    async def close(self) -> None:
        await self.comm.disconnect()


async def get(room_id):
    """The room row now (from async tests)."""
    from channels.db import database_sync_to_async as adb

    from rooms.models import Room
    return await adb(Room.objects.get)(pk=room_id)


async def tick_due(room) -> None:
    """Make every timer of ``room`` (as loaded) due now and let the driver tick once."""
    from channels.db import database_sync_to_async as adb
    from django.utils import timezone

    from rooms import driver
    from rooms.models import Room
    await adb(Room.objects.filter(pk=room.pk).update)(
        timers={k: [t[0], 0, *t[2:]] for k, t in room.timers.items()}, deadline=timezone.now())
    await adb(driver.tick)()


async def run_cpus(room_id, until, limit=400):
    """Make every timer of the room due and tick the driver until ``until(room)``."""
    for _ in range(limit):
        room = await get(room_id)
        if until(room):
            return room
        await tick_due(room)
    raise AssertionError("never reached")

