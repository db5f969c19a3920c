"""A stamp crosses processes (issue 17): two friends of one room on two daphne processes on
channels-redis; a stamp sent on one shows on the sender's seat on the other (the room's
group over redis), and nothing about it is written to the database but its kind's count."""
from __future__ import annotations

import asyncio

import pytest
from mp_client import Browser, Tab

pytestmark = pytest.mark.redis
STAMP = '<template id="stamp" data-seat="{seat}" data-code="{code}"'


async def test_a_stamp_reaches_the_friend_on_the_other_process(site):
    a_browser, b_browser = Browser(site.http(0)), Browser(site.http(1))
    room_a, token_a = await asyncio.to_thread(a_browser.enter, "あき", "スタンプ 二つ")
    room_b, token_b = await asyncio.to_thread(b_browser.enter, "ふゆ", "スタンプ 二つ")
    assert room_a == room_b
    a = Tab(site.ws(0), room_a, a_browser, token_a)
    b = Tab(site.ws(1), room_b, b_browser, token_b)
    await a.open()
    await b.open()
    try:
        await a.send(act="stamp", code="hello")
        await b.wait_for(lambda: b.saw(STAMP.format(seat=0, code="hello")), 5, "あき's stamp on process 1")
        await b.send(act="stamp", code="thanks")
        await a.wait_for(lambda: a.saw(STAMP.format(seat=1, code="thanks")), 5, "ふゆ's stamp on process 0")
        counted = dict(site.query("SELECT key, n FROM analytics_dailycount WHERE metric = 'stamps'"))
        assert counted == {"hello": 1, "thanks": 1}
    finally:
        await a.close()
        await b.close()
