"""The embedded channel layer: channels' in-memory layer for a single process, two costs out.

channels' ``InMemoryChannelLayer`` scans every channel queue and every group member for
expired entries on each ``send``, ``receive`` and ``group_send`` (O(sockets) work per
message), and ``group_send`` makes one task per member. Under bench/ws_load.py (120 sockets)
that was about a tenth of the server's CPU. Here the scan runs at most once a second (the
expiries it enforces are 60 s for messages and a day for group membership) and a group
send puts the message on each member's queue in turn (the queue put never waits). What is
delivered, and when a full channel drops a message, is unchanged.

Settings: ``CHANNEL_LAYERS = {"default": {"BACKEND": "tefuda_site.layers.InMemoryChannelLayer"}}``
(several processes use channels-redis instead; see settings.py).
"""
from __future__ import annotations

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as _Layer

#: Seconds between two scans for expired messages and group memberships.
CLEAN_EVERY = 1.0


class InMemoryChannelLayer(_Layer):
    """channels' in-memory layer with the expiry scan at most every :data:`CLEAN_EVERY`
    seconds and a task-free ``group_send`` (see the module doc)."""

    _next_clean = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now < self._next_clean:
            return
        self._next_clean = now + CLEAN_EVERY
        super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        """Send ``message`` to every channel of ``group``; a full channel misses it (as
        channels' own layer does)."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass
