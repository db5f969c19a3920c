"""Analytics over the real room socket: a closed tab is a disconnect, a reopened one a
reclaim, and a bug on the socket's error path is a counted server error."""
from __future__ import annotations

import asyncio
import re

import pytest
from channels.db import database_sync_to_async as adb
from channels.testing import WebsocketCommunicator

from rooms import consumers
from tefuda_site.asgi import application

from usage_helpers import enter, n, table

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_driver(settings):
    settings.TEFUDA_ROOM_DRIVER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


async def _tab(room_id, token):
    comm = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")])
    assert (await comm.connect())[0]
    await comm.send_json_to({"act": "hello", "token": token})
    comm.first = await comm.receive_from(3)
    return comm


def _new_token(comm) -> str:
    """The seat's token after this tab's claim (every claim rotates it)."""
    return re.search(r'data-token="([^"]+)"', comm.first).group(1)


async def _until(fn, timeout=3.0):
    for _ in range(int(timeout / 0.05)):
        if await adb(fn)():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


async def test_close_and_reopen_a_tab_is_a_disconnect_and_a_reclaim():
    room, toks = await adb(enter)(["あき", "ふゆ"], "socket analytics one")
    tab = await _tab(room.pk, toks["あき"])
    await tab.disconnect()
    await _until(lambda: n("disconnects", key="waiting") == 1)
    tab = await _tab(room.pk, _new_token(tab))
    await _until(lambda: n("reclaims", key="waiting") == 1)
    await tab.disconnect()


async def test_a_bug_on_the_socket_is_counted_by_kind_and_place(monkeypatch):
    async def broken(self, msg):
        raise RuntimeError("bug with ふゆ in it")

    monkeypatch.setattr(consumers.RoomConsumer, "act_hint", broken)
    room, toks = await adb(enter)(["あき", "ふゆ"], "socket analytics two")
    tab = await _tab(room.pk, toks["ふゆ"])
    await tab.send_json_to({"act": "hint"})
    out = await tab.receive_output(3)  # the seat gets a notice; the socket stays open
    assert out["type"] == "websocket.send" and "サーバーで問題が起きました" in out["text"]
    await _until(lambda: n("server_error") == 1)
    assert [k for (g, metric, k) in await adb(table)() if metric == "server_error"] == [
        "RuntimeError @ rooms.consumers:receive"]
