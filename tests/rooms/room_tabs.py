"""The socket "tab" helper of the room tests (its own module, not conftest: several test
folders have a conftest.py, and ``from conftest import …`` would pick whichever came first)."""
from __future__ import annotations

import asyncio
import contextlib
import inspect
import re

from channels.testing import WebsocketCommunicator

from rooms import tokens
from tables.core.frames import with_pieces
from tefuda_site.asgi import application


class Tab:
    """One browser tab's socket: ``open()`` says hello, ``recv()`` collects HTML; ``until()``,
    ``caught_up()`` and ``ping()`` wait for an outcome, ``drain()`` for silence."""

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
        self.room_id = room_id
        self.messages: list[str] = []
        self.closed: int | None = None  # the close code, once a read met the server's close

    async def open(self, token: str | None = None) -> str:
        connected, _ = await self.comm.connect()
        assert connected
        await self.comm.send_json_to({"act": "hello", "token": token})
        return await self.recv()

    async def recv(self, timeout: float = 10) -> str:
        html = await self.comm.receive_from(timeout)
        self.messages.append(html)
        return html

    async def drain(self, wait: float = 0.3) -> list[str]:
        """Every message that arrives until ``wait`` seconds pass in silence. Silence is no
        proof that a reply is not on its way (under a full run's load a reply can take
        longer): to wait for one, use :meth:`until` or :meth:`recv`; a drain only clears the
        socket, or shows that nothing came."""
        got = []
        while not await self.comm.receive_nothing(timeout=wait):
            out = await self.comm.receive_output()
            if out["type"] == "websocket.close":
                self.closed = out.get("code", 1000)  # (ASGI: no code is 1000)
                break
            self.messages.append(out["text"])
            got.append(out["text"])
        return got

    async def until(self, predicate, timeout: float = 10) -> str:
        """Read messages until ``predicate(tab)`` is true; return the newest message read.

        ``predicate`` takes this tab, so it can ask what the page would show, e.g.
        ``await tab.until(lambda t: "あなたの番" in t.latest("status"))`` or
        ``await tab.until(lambda t: t.version >= room.version)``. It is asked first of what
        was read already (a reply that ``act``/``recv`` read counts, and then nothing is
        read), then after every message, each appended to ``messages`` as ``recv`` does;
        so it must name what is new (a version past the one shown, a text in
        ``t.messages[n:]`` for the ``n`` read before sending), not what the screen showed
        already.

        A close from the server sets ``closed`` (as ``drain`` does) and ends the wait: if
        ``predicate`` is still false, AssertionError. AssertionError too after ``timeout``
        seconds without ``predicate`` true, naming what was awaited and how the last
        message read began. The application is never cancelled on the way (asgiref's
        ``receive_output`` with a timeout would cancel it), so the tab stays usable."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if self.closed is not None or left <= 0:
                raise AssertionError(self._not_come(predicate, timeout))
            if await self.comm.receive_nothing(timeout=min(left, 0.5)):
                continue
            out = await self.comm.receive_output()
            if out["type"] == "websocket.close":
                self.closed = out.get("code", 1000)  # (ASGI: no code is 1000)
                continue  # asked once more: a close may be what was awaited
            self.messages.append(out["text"])
        return self.messages[-1] if self.messages else ""

    async def caught_up(self, timeout: float = 10) -> str:
        """Read until this tab shows the room's version as the database holds it now: every
        change made so far (a move, another tab's hello, a CPU's turn) has reached it, and
        nothing it rang is still on the way. Use it before ``act`` when earlier changes may
        still be on their way (``act`` returns the first message: it must be the reply).
        AssertionError as :meth:`until`."""
        version = (await get(self.room_id)).version
        return await self.until(lambda t: t.version >= version, timeout)

    async def ping(self, timeout: float = 10) -> list[str]:
        """Send a ping and read until its :data:`rooms.consumers.PONG`: everything the
        server had for this tab before it answered (a render of a version it missed, too)
        has been read. Returns the messages read, the PONG last. AssertionError as
        :meth:`until`."""
        from rooms.consumers import PONG

        n = len(self.messages)
        await self.send(act="ping")
        await self.until(lambda t: PONG in t.messages[n:], timeout)
        return self.messages[n:]

    def _not_come(self, predicate, timeout: float) -> str:
        try:
            what = inspect.getsource(predicate).strip()
        except (OSError, TypeError):
            what = repr(predicate)
        why = f"the socket closed ({self.closed})" if self.closed is not None else f"{timeout} s passed"
        last = repr(self.messages[-1][:300]) if self.messages else "none"
        return f"{why} before this held: {what}\n({len(self.messages)} messages read; the last began {last})"

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


async def eventually(check, timeout: float = 10) -> None:
    """Wait until ``check()`` (run in a database thread) is true: for what a socket writes
    after its reply (a lease renewed once a message is handled). AssertionError after
    ``timeout`` seconds, naming the check."""
    from channels.db import database_sync_to_async as adb

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await adb(check)():
        if loop.time() > deadline:
            try:
                what = inspect.getsource(check).strip()
            except (OSError, TypeError):
                what = repr(check)
            raise AssertionError(f"{timeout} s passed before this held: {what}")
        await asyncio.sleep(0.05)


async def run_cpus(room_id, until, limit=400):
    """Make every timer of the room due and tick the driver until ``until(room)``."""
    for _ in range(limit):
        room = await get(room_id)
        if until(room):
            return room
        await tick_due(room)
    raise AssertionError("never reached")

