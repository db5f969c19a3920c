"""Flood defence on the room socket (issue 15 #2): a message over the socket's budget or
from a socket without a seat costs nothing but a count; the inbound queue is bounded; a
flooding socket is closed; sockets per client address are limited."""
import asyncio
import json

import pytest
from channels.db import database_sync_to_async as adb
from channels.testing import WebsocketCommunicator

from rooms import consumers, lobby, ratelimit
from rooms.models import Room
from tables.core.screen import rate_limited_msg
from tefuda_site.asgi import application

from room_tabs import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def started(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    return await adb(Room.objects.get)(pk=room.id), toks


async def test_a_socket_without_a_seat_is_counted_never_answered(make_room):
    room, _ = await started(make_room)
    stranger = Tab(room.id)
    await stranger.open(None)
    before = dict(ratelimit.refused)
    n = len(stranger.messages)

    def counted():
        return sum(ratelimit.refused.get(k, 0) - before.get(k, 0) for k in ("unseated", "queue"))
    for _ in range(10):
        await stranger.send(act="hint")
        await stranger.comm.send_to(text_data="not json")
    await stranger.until(lambda t: counted() >= 20)
    # each counted: as unseated, or already as one too many waiting (all 20 arrive at once)
    assert counted() == 20
    assert stranger.messages[n:] == []
    await stranger.send(act="ping")
    assert await stranger.recv() == consumers.PONG  # it may still ask whether it is connected (and
    # nothing was answered before: the socket's messages are handled in turn)
    await stranger.close()


async def test_messages_past_the_budget_are_dropped_and_a_flood_closes_the_socket(make_room):
    room, toks = await started(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    before = dict(ratelimit.refused)
    n = len(tab.messages)
    for _ in range(200):  # far past 30 at once
        await tab.comm.send_to(text_data=json.dumps({"act": "select", "card": []}))
    await tab.until(lambda t: t.closed is not None)
    replies = tab.messages[n:]
    assert len(replies) <= ratelimit.SOCKET_LIMITS["burst"] + 3  # the rest cost a count
    assert getattr(tab, "closed", None) == consumers.FLOODED
    dropped = sum(ratelimit.refused.get(k, 0) - before.get(k, 0) for k in ("socket_rate", "queue", "closing"))
    assert dropped >= 200 - ratelimit.SOCKET_LIMITS["burst"] - 1
    # told once, with a fixed fragment (nothing rendered for a dropped message)
    assert [r for r in replies if "操作が速すぎます" in r] == [rate_limited_msg()]  # in the default language (ja)


async def test_sockets_per_client_address_are_limited(make_room, settings):
    settings.TEFUDA_SOCKET_LIMITS = {"address_sockets": 2}
    room, _ = await adb(make_room)(("あき",))
    ratelimit._addresses.clear()

    def comm(ip):
        c = WebsocketCommunicator(application, f"/ws/rooms/{room.id}/",
                                  headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")])
        c.scope["client"] = (ip, 5000)
        return c

    first, second, third, other = comm("10.0.0.1"), comm("10.0.0.1"), comm("10.0.0.1"), comm("10.0.0.2")
    assert (await first.connect())[0] and (await second.connect())[0]
    assert not (await third.connect())[0]  # refused at the handshake
    assert (await other.connect())[0]  # another address is not affected
    await first.disconnect()
    again = comm("10.0.0.1")
    assert (await again.connect())[0]  # a closed socket frees its place
    for c in (second, other, again):
        await c.disconnect()


async def test_the_inbound_queue_is_bounded():
    """The reader takes messages as they arrive; what waits for the handler is bounded."""
    incoming: asyncio.Queue = asyncio.Queue()
    for i in range(1000):
        incoming.put_nowait({"type": "websocket.receive", "text": str(i)})
    incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
    refused = []

    def admit(waiting):
        if waiting < 16:
            return True
        refused.append(1)
        return False

    inbox = consumers._Inbox(incoming.get, admit)
    first = await inbox.get()
    await asyncio.sleep(0.05)  # the reader drains daphne's queue meanwhile
    assert incoming.empty() and len(inbox.queue) <= 17 and len(refused) >= 1000 - 17
    got = [first] + [await inbox.get() for _ in range(len(inbox.queue))]
    assert got[-1]["type"] == "websocket.disconnect"
    inbox.stop()
