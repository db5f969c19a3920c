"""Each person reads the room in their own language (issue 14): three sockets at one
table — the language switch's cookie, the browser's Accept-Language, neither — each
receive every fragment in their own language; names are never translated."""
import asyncio
import re

import pytest
from channels.db import database_sync_to_async as adb

from rooms import lobby
from rooms.models import Room
from tables.core import intents

from room_tabs import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def leave_button(html: str) -> str:
    m = re.search(r'<button type="button" ws-send name="act" value="leave"[^>]*>([^<]*)</button>', html)
    assert m, "no 退出 button"
    return m.group(1)


async def test_three_people_at_one_table_each_read_their_own_language(make_room):
    room, toks = await adb(make_room)(("あき", "Bob", "王芳"))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    tabs = {"あき": Tab(room.id, accept_language="fr-FR,fr;q=0.9"),  # nothing supported: 日本語
            "Bob": Tab(room.id, accept_language="en-GB,en;q=0.8,ja;q=0.5"),
            "王芳": Tab(room.id, language="zh-hans", accept_language="en-US")}  # the switch wins
    first = {n: await t.open(toks[n]) for n, t in tabs.items()}
    assert [leave_button(first[n]) for n in tabs] == ["退出", "Leave", "退出"]
    for html in first.values():  # names as typed, in every language
        assert all(name in html for name in tabs)
    for t in tabs.values():
        await t.caught_up()  # the later hellos shown: each leave's reply is the next message
    for t in tabs.values():
        await t.send(act="leave")  # asks again: the game goes on
    armed = {n: await t.recv() for n, t in tabs.items()}
    assert [leave_button(armed[n]) for n in tabs] == ["退出する？", "Leave?", "确定退出？"]


def notice(html: str) -> tuple[str, str]:
    """(code, words) of the ``#msg`` in ``html``."""
    m = re.search(r'<div (?:hx-swap-oob="true" )?id="msg"[^>]*data-code="([a-z_]+)"[^>]*>([^<]*)</div>', html)
    assert m, "no notice"
    return m.group(1), m.group(2)


async def test_three_people_each_read_the_rooms_notices_in_their_own_language(make_room):
    """A refusal by the room (not_auto: nobody is on おまかせ) and the words after 退出 reach
    each socket in its own person's language, worded by code."""
    room, toks = await adb(make_room)(("あき", "Bob", "王芳"))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    tabs = {"あき": Tab(room.id), "Bob": Tab(room.id, language="en"), "王芳": Tab(room.id, language="zh-hans")}
    for n, t in tabs.items():
        await t.open(toks[n])
    for t in tabs.values():
        await t.caught_up()  # the later hellos shown: each refusal is the next message
    for t in tabs.values():
        await t.send(act="resume")
    told = {n: notice(await t.recv()) for n, t in tabs.items()}
    assert told == {"あき": ("not_auto", "おまかせ中ではありません。"),
                    "Bob": ("not_auto", "The CPU is not standing in for this seat."),
                    "王芳": ("not_auto", "这个座位不在托管中。")}
    sent = {}
    for t in tabs.values():  # 退出, during a game: it asks
        await t.send(act="leave")
        await t.ping()  # the first press answered (it asks)
    await asyncio.sleep(intents.ASK_SETTLE)
    for n, t in tabs.items():  # 退出する？ pressed a moment later: the last words
        sent[n] = len(t.messages)
        await t.send(act="leave", confirm="1")
    for t in tabs.values():
        await t.until(lambda t: t.closed is not None)  # the words, then the close
    left = {n: "".join(t.messages[sent[n]:]) for n, t in tabs.items()}
    assert [re.search(r'<p class="notice">([^<]*)</p>', left[n]).group(1) for n in tabs] == [
        "退出しました。", "You left.", "已退出。"]
