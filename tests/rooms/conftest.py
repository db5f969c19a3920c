"""Fixtures for the room tests: a socket "tab" helper over WebsocketCommunicator."""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from rooms import consumers, lobby, passphrase, tokens
from room_tabs import Tab  # noqa: F401  (re-exported for the tests)


@pytest.fixture(autouse=True)
def _rooms_settings(settings, monkeypatch):
    settings.TEFUDA_ROOM_DRIVER = False  # tests drive CPU turns by calling driver.tick()
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    monkeypatch.setattr(consumers, "PROBE_WAIT", 0.3)


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
