"""tefuda_site.layers: the embedded in-memory layer delivers exactly as channels' does."""
import asyncio

import pytest

from tefuda_site import layers


@pytest.mark.asyncio
async def test_group_send_reaches_every_member_once_and_skips_full_channels(monkeypatch):
    layer = layers.InMemoryChannelLayer(capacity=2)
    for ch in ("a.x!1", "a.x!2", "a.x!3"):
        await layer.group_add("room.g", ch)
    await layer.group_add("room.other", "a.x!9")
    await layer.send("a.x!3", {"type": "filler"})
    await layer.send("a.x!3", {"type": "filler"})  # a.x!3 is now full
    await layer.group_send("room.g", {"type": "room.changed", "version": 7})
    assert await layer.receive("a.x!1") == {"type": "room.changed", "version": 7}
    assert await layer.receive("a.x!2") == {"type": "room.changed", "version": 7}
    assert [await layer.receive("a.x!3") for _ in range(2)] == [{"type": "filler"}] * 2
    for ch in ("a.x!1", "a.x!2", "a.x!3", "a.x!9"):  # nothing else was delivered
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(ch), 0.05)


@pytest.mark.asyncio
async def test_expired_messages_and_memberships_are_still_dropped(monkeypatch):
    layer = layers.InMemoryChannelLayer(expiry=1, group_expiry=1)
    clock = [1000.0]
    monkeypatch.setattr(layers.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr("channels.layers.time.time", lambda: clock[0])
    await layer.group_add("room.g", "a.x!1")
    await layer.send("a.x!2", {"type": "old"})
    clock[0] += 5  # past both expiries and past CLEAN_EVERY
    await layer.group_send("room.g", {"type": "late"})
    assert "a.x!1" not in layer.groups.get("room.g", {}) and "a.x!2" not in layer.channels
