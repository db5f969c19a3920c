"""The channel layer of several server processes: channels-redis, with the messages between
one process's own sockets kept inside that process.

:class:`LocalFirstRedisChannelLayer` is ``channels_redis.core.RedisChannelLayer`` (the layer
DESIGN.md and notes §4.1 choose) with these changes, all invisible to consumers:

- A message for a channel of this process (``send`` to it, or ``group_send`` to a group it
  is in) is put straight into that channel's receive buffer: no Redis round trip, no
  serialisation. Members of the group in other processes get it through Redis as before.
  A room's doorbell reaches the sockets of the mover's process first, whatever the others.
- One reader task per process drains the process's Redis key (a blocking pop, then all
  else waiting in one more round trip: :meth:`LocalFirstRedisChannelLayer._pop`) and
  fills the buffers, where the stock layer lets one waiting consumer at a time hold a lock
  and pop one message in four round trips while the others queue behind it: under load
  the doorbells of one move waited for each other there (bench/ws_load.py, two processes:
  every seat p50 ~110 ms for the mover's own ~25 ms).
- Every few seconds the process writes its sockets' group memberships to Redis again,
  so a Redis restarted without its data heals within :data:`GROUPS_EVERY` seconds.

Delivery stays what channels promises (at most once; a full buffer drops, as the stock
layer's buffers do); a process's local messages are never written to Redis, so they cannot
outlive the process either, and no other process could have received them.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict

from channels.exceptions import ChannelFull
from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)

#: At most this many waiting messages are taken from Redis in one round trip.
BATCH = 100
#: Seconds between two writes of this process's group members to Redis (_keep_groups).
GROUPS_EVERY = 5.0


def redis_host(url: str) -> dict:
    """The connection options of one Redis host (``CHANNEL_LAYERS`` ``hosts`` entry).

    - ``socket_timeout`` 10 s: redis-py 8 reads with a 5 s timeout by default, the same as
      the reader's blocking pop, and a socket that heard nothing for 5 s died of a redis
      TimeoutError (tests/multiprocess found it); read longer than the pop.
    - ``retry``: a pooled connection that Redis closed (a restart) is opened again and the
      command retried, instead of failing whatever uses it next — redis.asyncio's Retry
      (``redis.retry.Retry`` in its place calls the coroutine without awaiting it).
    """
    from redis.asyncio.retry import Retry
    from redis.backoff import ExponentialBackoff

    return {"address": url, "socket_timeout": 10, "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), 3)}


class LocalFirstRedisChannelLayer(RedisChannelLayer):
    """``RedisChannelLayer`` delivering this process's own channels in the process.

    Same configuration as the stock layer (``hosts``, ``capacity``, ``expiry``, …).
    ``capacity`` bounds each local channel's buffer; a ``send`` to a full local channel
    raises ``ChannelFull`` like a full Redis channel does, a ``group_send`` skips it.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: group name → this process's channels in it (the Redis group holds them too)
        self._local_groups: dict[str, set[str]] = defaultdict(set)
        #: this process's Redis key (``specific.<client prefix>!``) → its reader task
        self._readers: dict[str, asyncio.Task] = {}
        #: the task that keeps this process's groups in Redis (:meth:`_keep_groups`)
        self._keeper: asyncio.Task | None = None

    def _is_mine(self, channel: str) -> bool:
        """A channel made by this layer's ``new_channel`` (in this process)."""
        return "!" in channel and self.non_local_name(channel).endswith(self.client_prefix + "!")

    # --- sending --------------------------------------------------------------------

    async def send(self, channel, message):
        """Like the stock ``send``; a channel of this process gets it without Redis."""
        if not self._is_mine(channel):
            return await super().send(channel, message)
        assert isinstance(message, dict), "message is not a dict"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        queue = self.receive_buffer[channel]
        if queue.full():
            raise ChannelFull()
        queue.put_nowait(dict(message))

    async def group_send(self, group, message):
        """Deliver to this process's members at once, then to the others through Redis."""
        assert self.require_valid_group_name(group), "Group name not valid"
        local = self._local_groups.get(group)
        if local:
            copy = dict(message)  # one copy, shared like a message the stock layer unpacks once
            for channel in local:
                queue = self.receive_buffer[channel]
                if queue.full():
                    log.info("channel %s over capacity in group %s", channel, group)
                else:
                    queue.put_nowait(copy)
        await super().group_send(group, message)

    def _map_channel_keys_to_connection(self, channel_names, message):
        # The stock group_send's step from the group's members to Redis keys: this
        # process's members were served by group_send above.
        return super()._map_channel_keys_to_connection(
            [c for c in channel_names if not self._is_mine(c)], message)

    # --- groups ---------------------------------------------------------------------

    async def group_add(self, group, channel):
        await super().group_add(group, channel)
        if self._is_mine(channel):
            self._local_groups[group].add(channel)

    async def group_discard(self, group, channel):
        local = self._local_groups.get(group)
        if local is not None:
            local.discard(channel)
            if not local:
                del self._local_groups[group]
        await super().group_discard(group, channel)

    # --- receiving ------------------------------------------------------------------

    async def receive(self, channel):
        """The next message of ``channel``. This process's channels wait on their own
        buffer while one reader task per process fills the buffers from Redis."""
        if not self._is_mine(channel):
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        self._reader(self.non_local_name(channel))
        queue = self.receive_buffer[channel]
        try:
            return await queue.get()
        finally:
            if queue.empty() and self.receive_buffer.get(channel) is queue:
                del self.receive_buffer[channel]  # as the stock layer does: no idle buffers

    async def _keep_groups(self) -> None:
        """Every :data:`GROUPS_EVERY` seconds, write this process's group members to Redis
        again: a Redis restarted without its data (or a group past ``group_expiry``) would
        otherwise leave the other processes' doorbells without a way to these sockets."""
        while True:
            await asyncio.sleep(GROUPS_EVERY)
            try:
                await self._rejoin()
            except Exception:
                log.warning("channel layer: could not write this process's groups to Redis", exc_info=True)

    async def _rejoin(self) -> None:
        """One pipeline a Redis host: each group's local members, added now (ZADD is
        idempotent; the score is the time, as ``group_add`` writes it)."""
        now = time.time()
        by_host: dict[int, list] = defaultdict(list)
        for group, channels in list(self._local_groups.items()):
            if channels:
                by_host[self.consistent_hash(group)].append((self._group_key(group), dict.fromkeys(channels, now)))
        for index, groups in by_host.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for key, members in groups:
                pipe.zadd(key, members)
                pipe.expire(key, self.group_expiry)
            await pipe.execute()

    def _reader(self, key: str) -> asyncio.Task:
        """The reader of ``key`` on the running event loop (started if there is none).

        Raises RuntimeError while another running loop reads the same key (as the stock
        layer does for two loops receiving at once)."""
        loop = asyncio.get_running_loop()
        task = self._readers.get(key)
        if task is not None and not task.done():
            if task.get_loop() is loop:
                return task
            if task.get_loop().is_running():
                raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")
        task = self._readers[key] = loop.create_task(self._read(key), name=f"channel layer reader {key}")
        if self._keeper is None or self._keeper.done() or self._keeper.get_loop() is not loop:
            self._keeper = loop.create_task(self._keep_groups(), name="channel layer groups")
        return task

    async def _read(self, key: str) -> None:
        """Move this process's messages from Redis into the channels' buffers, for ever.

        A Redis error is logged and retried with a growing pause (0.2 s … 5 s); meanwhile
        the messages between this process's own channels still flow, and Redis keeps the
        others (for ``expiry`` seconds) until the reader is back."""
        failures = 0
        while True:
            try:
                batch = await self._pop(key)
            except Exception:
                failures += 1
                if failures == 1:
                    log.exception("channel layer: reading %s from Redis failed; retrying", key)
                await asyncio.sleep(min(5.0, 0.1 * 2 ** failures))
                continue
            if failures:
                log.warning("channel layer: reading %s from Redis again", key)
                failures = 0
            for target, message in batch:
                for channel in target if isinstance(target, list) else (target,):
                    self.receive_buffer[channel].put_nowait(message)

    async def _pop(self, key: str) -> list[tuple]:
        """The messages waiting on ``key`` (``[(channel or channels, message)]``, oldest
        first): a blocking pop of the first (up to ``brpop_timeout`` s), then the rest
        that are already there, up to :data:`BATCH`, in one more round trip.

        The stock layer's ``receive_single`` takes one message in four round trips (it
        copies each to a backup set until the message is handed over, so a receive
        cancelled half-way loses nothing) and one at a time: two processes sharing rooms
        then read each other's doorbells ~130 ms late (p50) under bench/ws_load.py. This
        reader is never cancelled but at shutdown, and doorbells are lossy by design
        (DESIGN.md: a lost one costs a stale frame until the next)."""
        connection = self.connection(self.consistent_hash(key))
        first = await connection.bzpopmin(self.prefix + key, timeout=self.brpop_timeout)
        if first is None:
            return []
        members = [first[1], *(member for member, _ in await connection.zpopmin(self.prefix + key, BATCH))]
        messages = [self.deserialize(member) for member in members]
        return [(target, message) for message in messages if (target := message.pop("__asgi_channel__", None))]

    async def flush(self):
        """The stock ``flush`` (every key of the prefix, groups included) and this process's
        record of its channels' groups."""
        self._local_groups.clear()
        await super().flush()

    async def close_pools(self):
        """Stop the readers, then close the connections (the stock ``flush`` ends here)."""
        readers = [*self._readers.values(), *([self._keeper] if self._keeper else [])]
        self._readers, self._keeper = {}, None
        for task in readers:
            task.cancel()
        current = [t for t in readers if t.get_loop() is asyncio.get_running_loop()]
        if current:  # a read cut off by the cancel may take seconds to let go (after a
            await asyncio.wait(current, timeout=1.0)  # Redis restart): not waited for long
        await super().close_pools()

