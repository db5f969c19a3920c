"""People's out-of-turn requests (stops, counters, ♥Q×2, 9 interrupts) that arrive together.

Which way and why: requests made on the same version of a room are **collected for
:data:`COLLECT` seconds** in this process, then ordered by ``engine.simultaneous`` and applied
in that order through the one change path (:func:`rooms.actions.play`); the first legal one
wins, the others were made on a screen that is now out of date and are refused with
"someone was earlier". The rules say that among simultaneous requests the earliest in turn
order from the player to move wins (seed 004 §6 「同時なら順番が先の人」); applying in
arrival order would instead let the fastest network win, which is not "simultaneous" from
the players' side. The price is COLLECT of extra latency on out-of-turn actions only (turns
are not delayed), far inside the 4 s stop window.

Limits: the batch lives in one process. With several server processes, requests that land
on different processes are applied in arrival order (the version compare-and-set in
:func:`rooms.actions.commit` still applies exactly one of them). CPU reactions come from the
driver at random thinking delays, so they are never "simultaneous" with a person: they go in
arrival order too.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from channels.db import database_sync_to_async

from games.core import IllegalAction

from tables.core import errors

from .engines import engine_for
from .models import Room

log = logging.getLogger(__name__)

COLLECT = 0.15  # seconds

Apply = Callable[[], Awaitable[None]]
_batches: dict[tuple[str, int], list[tuple[int, dict, Apply, asyncio.Future]]] = {}


def is_out_of_turn(action: dict) -> bool:
    """Stops, counters, ♥Q×2 and 9 interrupts (the actions made outside one's turn)."""
    return action.get("type") in ("stop", "revolution_stop") or (
        action.get("type") == "play" and action.get("mode") == "interrupt")


def earlier() -> IllegalAction:
    return errors.Refused("earlier", "ほかの人が先に出しました。", "Someone else was earlier.")


async def submit(room_id, version: int, seat: int, action: dict, apply: Apply) -> None:
    """Queue ``action`` of ``seat`` made on ``version``; returns once it is applied, raises
    the refusal (``IllegalAction``) otherwise. ``apply`` makes the change (once)."""
    loop = asyncio.get_running_loop()
    key = (str(room_id), version)
    future = loop.create_future()
    batch = _batches.setdefault(key, [])
    batch.append((seat, action, apply, future))
    if len(batch) == 1:
        loop.create_task(_settle(key))
    await future


async def _settle(key: tuple[str, int]) -> None:
    await asyncio.sleep(COLLECT)
    batch = _batches.pop(key, [])
    try:
        order = await database_sync_to_async(_order)(key[0], [(s, a) for s, a, _, _ in batch])
    except Exception as exc:  # noqa: BLE001 - every waiter must be answered
        order = list(range(len(batch)))
        if not isinstance(exc, IllegalAction):
            log.exception("ordering out-of-turn requests failed")
    done = False
    for i in order:
        _, _, apply, future = batch[i]
        if future.done():
            continue
        if done:
            future.set_exception(earlier())
            continue
        try:
            await apply()
            done = True
            future.set_result(None)
        except BaseException as exc:  # the waiter re-raises it (refusal, stale, bug)
            future.set_exception(exc)


def _order(room_id: str, requests: list[tuple[int, dict]]) -> list[int]:
    """Indices of ``requests`` in the engine's order for simultaneous requests."""
    room = Room.objects.filter(pk=room_id).first()
    engine = engine_for(room.game) if room else None
    if room is None or not room.state or not hasattr(engine, "simultaneous"):
        return list(range(len(requests)))
    tagged = [(seat, {**action, "_i": i}) for i, (seat, action) in enumerate(requests)]
    return [a["_i"] for _, a in engine.simultaneous(room.state, tagged)]


def interrupt_at(room_id, seat: int, index: int, version: int) -> dict:
    """The ``index``-th 9-interrupt option of ``seat`` at ``version`` (the button's value)."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None or room.version != version or not room.state:
        raise errors.stale()
    options = [a for a in engine_for(room.game).legal_actions(room.state, seat)
               if a.get("type") == "play" and a.get("mode") == "interrupt"]
    if index >= len(options):
        raise errors.stale()
    return options[index]
