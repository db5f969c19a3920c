"""tefuda_site.layers.LocalFirstRedisChannelLayer against a real redis-server.

Two layer objects stand for two server processes (each has its own client prefix, so its
own Redis key for its sockets). A message between one process's own channels must arrive
without ever being written to Redis; members in the other process still get it through
Redis; order, capacity, group membership and a Redis failure behave as channels expects.
"""
from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time

import pytest
import redis

from channels.exceptions import ChannelFull
from tefuda_site.layers import LocalFirstRedisChannelLayer

pytestmark = pytest.mark.redis


@pytest.fixture
async def layers(redis_url):
    made = [LocalFirstRedisChannelLayer(hosts=[redis_url], capacity=3) for _ in range(2)]
    yield made
    await made[0].flush()  # deletes every key of the prefix, stops the readers
    await made[1].close_pools()


def queued(redis_url: str, layer) -> int:
    """Messages waiting in Redis for the sockets of ``layer``'s process."""
    client = redis.Redis.from_url(redis_url)
    try:
        return client.zcard(f"{layer.prefix}specific.{layer.client_prefix}!")
    finally:
        client.close()


async def receive(layer, channel, timeout=3.0):
    return await asyncio.wait_for(layer.receive(channel), timeout)


async def test_group_send_serves_its_own_process_without_redis(layers, redis_url):
    a, b = layers
    a1, a2, b1 = await a.new_channel(), await a.new_channel(), await b.new_channel()
    for layer, channel in ((a, a1), (a, a2), (b, b1)):
        await layer.group_add("room.x", channel)

    await a.group_send("room.x", {"type": "room.changed", "version": 7})

    assert queued(redis_url, a) == 0  # a's own sockets: never written to Redis
    assert queued(redis_url, b) == 1  # one message for the other process
    assert await receive(a, a1) == {"type": "room.changed", "version": 7}
    assert await receive(a, a2) == {"type": "room.changed", "version": 7}
    assert await receive(b, b1) == {"type": "room.changed", "version": 7}

    # and the other way round: b's doorbell reaches a's sockets through Redis
    await b.group_send("room.x", {"type": "room.changed", "version": 8})
    assert (await receive(a, a1))["version"] == 8
    assert (await receive(a, a2))["version"] == 8
    assert (await receive(b, b1))["version"] == 8
    assert queued(redis_url, a) == queued(redis_url, b) == 0


async def test_send_to_own_channel_keeps_order_and_capacity(layers, redis_url):
    a, _ = layers
    channel = await a.new_channel()
    for n in range(3):
        await a.send(channel, {"type": "seat.probe", "n": n})
    with pytest.raises(ChannelFull):  # capacity 3, as a full Redis channel refuses
        await a.send(channel, {"type": "seat.probe", "n": 3})
    assert queued(redis_url, a) == 0
    assert [(await receive(a, channel))["n"] for _ in range(3)] == [0, 1, 2]


async def test_a_message_is_a_copy(layers):
    a, _ = layers
    channel = await a.new_channel()
    await a.group_add("room.y", channel)
    message = {"type": "room.changed", "version": 1}
    await a.group_send("room.y", message)
    message["version"] = 99  # the sender reusing its dict changes nothing delivered
    assert (await receive(a, channel))["version"] == 1


async def test_a_burst_from_the_other_process_arrives_whole_and_in_order(redis_url):
    a, b = (LocalFirstRedisChannelLayer(hosts=[redis_url], capacity=500) for _ in range(2))
    try:
        channel = await a.new_channel()
        await a.group_add("room.v", channel)
        for n in range(250):  # more than two batches (BATCH = 100)
            await b.group_send("room.v", {"type": "room.changed", "version": n})
        assert queued(redis_url, a) == 250
        assert [(await receive(a, channel))["version"] for n in range(250)] == list(range(250))
        assert queued(redis_url, a) == 0
    finally:
        await a.flush()
        await b.close_pools()


async def test_discarded_channel_hears_nothing_more(layers):
    a, b = layers
    kept, gone = await a.new_channel(), await a.new_channel()
    await a.group_add("room.z", kept)
    await a.group_add("room.z", gone)
    await a.group_discard("room.z", gone)
    await b.group_send("room.z", {"type": "room.changed", "version": 2})  # through Redis
    await a.group_send("room.z", {"type": "room.changed", "version": 3})  # in the process
    assert [(await receive(a, kept))["version"] for _ in range(2)] in ([2, 3], [3, 2])
    with pytest.raises(asyncio.TimeoutError):
        await receive(a, gone, timeout=0.5)


async def test_reader_survives_a_redis_error(layers, caplog):
    a, b = layers
    channel = await a.new_channel()
    await a.group_add("room.w", channel)
    real = a._pop
    failures = []

    async def flaky(key):
        if not failures:
            failures.append(key)
            raise ConnectionError("redis went away")
        return await real(key)

    a._pop = flaky
    waiting = asyncio.ensure_future(receive(a, channel, timeout=5))
    await asyncio.sleep(0.05)
    await b.group_send("room.w", {"type": "room.changed", "version": 4})
    assert (await waiting)["version"] == 4  # read after the retry, the socket never saw it
    assert failures and "retrying" in caplog.text


async def test_groups_come_back_after_redis_lost_them(layers, redis_url, monkeypatch):
    from tefuda_site import layers as layer_module

    monkeypatch.setattr(layer_module, "GROUPS_EVERY", 0.1)
    a, b = layers
    channel = await a.new_channel()
    await a.group_add("room.u", channel)
    waiting = asyncio.ensure_future(receive(a, channel, timeout=5))  # starts a's reader and keeper
    await asyncio.sleep(0.05)
    client = redis.Redis.from_url(redis_url)
    try:
        client.flushall()  # a Redis restarted without its data: no groups any more
    finally:
        client.close()
    await asyncio.sleep(0.3)  # the keeper writes a's members again
    await b.group_send("room.u", {"type": "room.changed", "version": 5})
    assert (await waiting)["version"] == 5


async def test_a_restarted_redis_costs_no_command():
    """The site's connection options (layers.redis_host): a pooled connection that Redis
    closed on restart is opened again and the command retried (redis.asyncio's Retry; the
    synchronous one in its place never awaited, and every stale connection failed once)."""
    from tefuda_site.layers import redis_host

    def start(port):
        proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=port)
        try:
            for _ in range(100):  # up to ~10 s
                try:
                    if client.ping():
                        return proc
                except redis.ConnectionError:
                    time.sleep(0.1)
            raise RuntimeError("redis-server did not start")
        finally:
            client.close()

    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed")
    with socket.socket() as s:  # a free port (the module's own conftest is not importable by name)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    layer = LocalFirstRedisChannelLayer(hosts=[redis_host(f"redis://127.0.0.1:{port}/0")])
    server = start(port)
    try:
        channel = await layer.new_channel()
        await layer.group_add("room.t", channel)  # the pool now holds a connection
        server.kill()
        server.wait(10)
        server = start(port)  # restarted without its data
        await layer.group_add("room.t", channel)  # on the stale pooled connection
        await layer.group_send("room.t", {"type": "room.changed", "version": 1})
        assert (await receive(layer, channel))["version"] == 1
    finally:
        await layer.close_pools()
        server.kill()
        server.wait(10)
