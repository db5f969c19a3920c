"""A refused option in the waiting room (a new user's report): with five seats taken the
host chooses 掼蛋 (four players); the server refuses, and the waiting room is sent again
with the room's own game selected (the select went on showing 掼蛋 under a heading that
said オリジナル大富豪)."""
import re

import pytest
from channels.db import database_sync_to_async as adb

from rooms.models import Room

from room_tabs import Tab


def selected_game(html: str) -> str:
    select = html[html.index('<select name="game"'):]
    select = select[: select.index("</select>")]
    return re.search(r'<option value="(\w+)" selected>', select).group(1)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_refused_game_sends_the_waiting_room_again_with_the_rooms_game(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.drain()
    for _ in range(3):  # five seats
        await tab.act("add_cpu")
        await tab.drain()
    before = await adb(Room.objects.get)(pk=room.id)
    assert before.game == "daifugo"
    assert selected_game(tab.latest("lobby")) == "daifugo"
    await tab.send(act="options", version=str(before.version), game="guandan")
    got = "".join(await tab.drain())
    assert "席が多すぎます" in got  # the refusal
    assert 'id="lobby"' in got, "the waiting room is sent again"
    assert selected_game(got) == "daifugo"
    after = await adb(Room.objects.get)(pk=room.id)
    assert (after.game, after.version) == ("daifugo", before.version)
    await tab.close()
