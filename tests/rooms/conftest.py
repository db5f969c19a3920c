"""Fixtures for the room tests: a socket "tab" helper over WebsocketCommunicator."""
from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from rooms import consumers, lobby, passphrase, tokens
from tefuda_site.asgi import application


@pytest.fixture(autouse=True)
def _rooms_settings(settings, monkeypatch):
    settings.TEFUDA_ROOM_DRIVER = False  # tests drive CPU turns by calling driver.tick()
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    monkeypatch.setattr(consumers, "PROBE_WAIT", 0.3)


class Tab:
    """One browser tab's socket: ``open()`` says hello, ``recv()`` collects HTML."""

    def __init__(self, room_id, bid: str | None = None, origin: bytes = b"http://testserver"):
        headers = [(b"origin", origin)]
        if bid:
            headers.append((b"cookie", f"{tokens.BROWSER_COOKIE}={bid}".encode()))
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

    def latest(self, element_id: str) -> str:
        for html in reversed(self.messages):
            if f'id="{element_id}"' in html:
                return html
        return ""

    def hand(self) -> list[int]:
        part = self.latest("hand-form")
        part = part[part.index('id="hand-form"'):]
        part = part[: part.index("</form>")]
        return [int(x) for x in re.findall(r'name="card" value="(\d+)"', part)]

    async def close(self) -> None:
        await self.comm.disconnect()


@pytest.fixture
def make_room(db):
    """``make_room(names, passphrase)`` → (room, {name: token}) via the enter path."""
    def make(names=("あき", "ふゆ"), phrase="さくら もち"):
        key = passphrase.room_key(passphrase.normalise(phrase))
        toks = {}
        room = None
        for i, name in enumerate(names):
            room, toks[name] = lobby.enter(key, name, tokens.digest(f"browser-{i}-" + "x" * 20))
        return room, toks
    return make


@pytest.fixture
def adb():
    return database_sync_to_async
