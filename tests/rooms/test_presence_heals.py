"""Presence that heals (issue 15 #1, #3, #5): a socket heard from keeps its seat whatever
became of its lease; the holder's browser is probed, not its consumer; a claim rotates the
token; the absent let go of waiting-room places, the host role and deserted games."""
import asyncio
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as adb
from django.utils import timezone

from rooms import consumers, driver, lobby, passphrase, presence, tokens
from rooms.models import Room, Seat

from room_tabs import Tab, eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
PHRASE = "さくら もち"


async def started(make_room, names=("あき", "ふゆ")):
    room, toks = await adb(make_room)(names)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    return await adb(Room.objects.get)(pk=room.id), toks


async def seat(room, name) -> Seat:
    return await adb(Seat.objects.get)(room=room, name=name)


async def age(room, seconds, **fields):
    """Move the room's seats' presence ``seconds`` into the past (``fields``: which)."""
    then = timezone.now() - timedelta(seconds=seconds)
    await adb(lambda: Seat.objects.filter(room=room, kind="human").update(**{f: then for f in fields}))()


async def test_an_open_socket_heard_from_takes_back_a_seat_its_lapsed_lease_let_go(make_room):
    room, toks = await started(make_room)
    a, b = Tab(room.id), Tab(room.id)
    await a.open(toks["あき"]); await b.open(toks["ふゆ"])
    await age(room, 40, seen_at=True)  # no ping for 40 s (a stall, a throttled tab)
    await adb(driver.housekeeping)()
    assert (await seat(room, "あき")).channel_name is None  # the lease lapsed: let go
    assert (await adb(Room.objects.get)(pk=room.id)).empty_since is not None
    await a.ping(); await b.ping()  # ... but the sockets are open and heard from
    await a.caught_up(); await b.caught_up()  # (the other's seat taken back shown)
    for name in ("あき", "ふゆ"):
        s = await seat(room, name)
        assert s.channel_name and presence.is_live(s, timezone.now()) and s.left_at is None
    assert (await adb(Room.objects.get)(pk=room.id)).empty_since is None
    assert "通信待ち" not in b.latest("seats")
    await a.close(); await b.close()


async def test_a_socket_that_plays_without_pinging_keeps_its_lease(make_room, monkeypatch):
    monkeypatch.setattr(consumers, "RENEW_EVERY", 0)  # (10 s in the real thing)
    room, toks = await started(make_room)
    a = Tab(room.id)
    await a.open(toks["あき"])
    await age(room, 25, seen_at=True)
    await a.send(act="hint")  # a handled message, no ping
    await a.recv()  # its answer (the lease is renewed after it)
    await eventually(lambda: Seat.objects.get(room=room, name="あき").seen_at > timezone.now() - timedelta(seconds=5))
    await a.close()


async def test_a_room_with_a_connected_person_is_never_deleted(make_room):
    room, toks = await started(make_room)
    a = Tab(room.id)
    await a.open(toks["あき"])
    long_ago = timezone.now() - timedelta(minutes=10)  # whatever the empty-room clock says
    await adb(Room.objects.filter(pk=room.id).update)(empty_since=long_ago)
    await adb(driver.housekeeping)()
    assert await adb(Room.objects.filter(pk=room.id).exists)()
    await a.close()


async def test_a_frozen_clients_own_reconnect_gets_its_seat_back_in_seconds(make_room):
    """The phone's network stalled: its old socket is open on the server but the browser
    behind it is silent; the page's new socket is refused no longer than the probe."""
    room, toks = await started(make_room)
    old = Tab(room.id)
    await old.open(toks["あき"])  # from now on it reads and answers nothing
    token = old.token
    t0 = time.monotonic()
    new = Tab(room.id)
    html = await new.open(token)
    waited = time.monotonic() - t0
    assert 'id="hand-form"' in html and "ほかの画面" not in html
    assert waited < consumers.PROBE_WAIT + 2
    s = await seat(room, "あき")
    assert s.channel_name is not None and new.token not in (None, token)
    # the frozen socket wakes up later: it is told the seat is in use elsewhere
    await old.drain()
    await old.ping()  # (its answer, the seat lost, comes before the pong)
    assert "ほかの画面" in "".join(old.messages[-3:])
    assert (await seat(room, "あき")).channel_name == s.channel_name
    await old.close(); await new.close()


async def test_a_claim_rotates_the_token_so_a_copy_stops_working(make_room):
    room, toks = await started(make_room)
    link_token = toks["あき"]  # say someone copied it
    owner = Tab(room.id)
    await owner.open(link_token)
    await owner.close()  # the owner reloads...
    thief = Tab(room.id)
    html = await thief.open(link_token)  # ...and the copy is tried first
    assert 'id="hand-form"' not in html
    assert (await seat(room, "あき")).channel_name is None
    back = Tab(room.id)
    assert 'id="hand-form"' in await back.open(owner.token)  # the owner's newest token works
    await thief.close(); await back.close()


# --- the absent (issue 15 #5, seed 004 §2) ---------------------------------------------------

async def test_a_person_gone_past_the_grace_no_longer_holds_a_waiting_room_place(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ", "なつ"))
    host, fuyu = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await fuyu.open(toks["ふゆ"])  # なつ closed her tab at once
    await adb(driver.housekeeping)()
    assert await adb(Seat.objects.filter(room=room, name="なつ").exists)()  # inside the grace
    then = timezone.now() - presence.GRACE - timedelta(seconds=1)
    await adb(Seat.objects.filter(room=room, name="なつ").update)(left_at=then)
    await adb(driver.housekeeping)()
    assert not await adb(Seat.objects.filter(room=room, name="なつ").exists)()
    await host.until(lambda t: "なつ" not in t.latest("lobby"))
    assert "なつ" in host.messages[0]
    await host.close(); await fuyu.close()


async def test_an_open_socket_whose_waiting_room_place_went_is_told_and_may_join_again(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, fuyu = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await fuyu.open(toks["ふゆ"])
    await adb(Seat.objects.filter(room=room, name="ふゆ").update)(seen_at=timezone.now() - timedelta(seconds=40))
    await adb(driver.housekeeping)()  # her socket stayed open but went silent: the lease lapses
    then = timezone.now() - presence.GRACE - timedelta(seconds=1)
    await adb(Seat.objects.filter(room=room, name="ふゆ").update)(left_at=then)
    await adb(driver.housekeeping)()  # ... and after the grace her place goes
    await fuyu.until(lambda t: "席がなくなりました" in "".join(t.messages[-3:]))
    assert getattr(fuyu, "closed", None) is None
    assert 'name="name"' in fuyu.latest("stage")  # the join form: she may enter again
    await host.close(); await fuyu.close()


async def test_the_host_role_passes_to_the_longest_present_after_the_grace(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ", "なつ"))
    tabs = {n: Tab(room.id) for n in toks}
    for n, t in tabs.items():
        await t.open(toks[n])
    await tabs["あき"].close()  # the host's tab closes
    await adb(driver.housekeeping)()
    assert (await seat(room, "あき")).is_host  # inside the grace
    then = timezone.now() - presence.GRACE - timedelta(seconds=1)
    await adb(Seat.objects.filter(room=room, name="あき").update)(left_at=then)
    await adb(driver.housekeeping)()
    hosts = await adb(lambda: list(Seat.objects.filter(room=room, is_host=True).values_list("name", flat=True)))()
    assert hosts == ["ふゆ"]  # the first to arrive of those still connected
    await tabs["ふゆ"].until(lambda t: "ゲーム開始" in "".join(t.messages[-3:]))  # she can start now
    for n in ("ふゆ", "なつ"):
        await tabs[n].close()


async def test_a_room_whose_host_went_while_nobody_was_connected_gets_one(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    then = timezone.now() - presence.GRACE - timedelta(seconds=1)
    await adb(Seat.objects.filter(room=room, name="あき").update)(left_at=then)  # the host never came
    await adb(driver.housekeeping)()  # her place goes; ふゆ has no socket yet
    assert not await adb(Seat.objects.filter(room=room, is_host=True).exists)()
    fuyu = Tab(room.id)
    await fuyu.open(toks["ふゆ"])
    await adb(driver.housekeeping)()
    assert (await seat(room, "ふゆ")).is_host
    await fuyu.close()


async def test_a_game_with_no_connected_person_ends_and_frees_its_passphrase(make_room):
    room, toks = await started(make_room)
    a, b = Tab(room.id), Tab(room.id)
    await a.open(toks["あき"]); await b.open(toks["ふゆ"])
    await a.close(); await b.close()
    await adb(driver.housekeeping)()
    assert (await adb(Room.objects.get)(pk=room.id)).status == "playing"  # inside the grace
    then = timezone.now() - presence.GRACE - timedelta(seconds=1)
    await adb(Room.objects.filter(pk=room.id).update)(empty_since=then)
    await adb(driver.housekeeping)()
    closed = await adb(Room.objects.get)(pk=room.id)
    assert closed.status == "closed" and closed.key is None  # the passphrase is free
    key = passphrase.room_key(passphrase.normalise(PHRASE))
    again, _ = await adb(lobby.enter)(key, "あき", tokens.digest("browser-0-" + "x" * 20))
    assert again.id != room.id and again.status == "waiting"  # back to a waiting room
    later = timezone.now() - driver.CLOSED_TTL - timedelta(seconds=1)
    await adb(Room.objects.filter(pk=room.id).update)(updated_at=later)
    await adb(driver.housekeeping)()
    assert not await adb(Room.objects.filter(pk=room.id).exists)()  # gone within 1–2 minutes
    assert presence.GRACE + driver.CLOSED_TTL + timedelta(seconds=2 * driver.HOUSEKEEPING_EVERY) <= timedelta(minutes=2)
