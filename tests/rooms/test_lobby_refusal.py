"""A refused option in the waiting room (a new user's report): with five seats taken the
host chooses 掼蛋 (four players); the server refuses, and the waiting room is sent again
with the room's own game selected (the select went on showing 掼蛋 under a heading that
said オリジナル大富豪). Since try50 CPUs make way for a game of fewer seats
(tests/rooms/test_doudizhu_table.py), so the refusal is for people too many for it."""
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
    room, toks = await adb(make_room)(("あき", "ふゆ", "なつ", "はる"))  # four people
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.drain()
    before = await adb(Room.objects.get)(pk=room.id)
    assert before.game == "daifugo"
    assert selected_game(tab.latest("lobby")) == "daifugo"
    n = len(tab.messages)
    await tab.send(act="options", version=str(before.version), game="doudizhu")
    await tab.until(lambda t: "闘地主は3人" in "".join(t.messages[n:]))
    got = "".join(tab.messages[n:])
    assert "闘地主は3人で遊ぶゲームです。いま4席あります。" in got  # the refusal, with what the game needs
    assert 'id="lobby"' in got, "the waiting room is sent again"
    assert selected_game(got) == "daifugo"
    after = await adb(Room.objects.get)(pk=room.id)
    assert (after.game, after.version) == ("daifugo", before.version)
    await tab.close()


@pytest.mark.parametrize("game, seats, said", [
    ("guandan", 5, {"ja": "掼蛋は4人で遊ぶゲームです。いま5席あります。",
                    "en": "Guandan is played by 4 players; there are 5 seats now.",
                    "zh-hans": "掼蛋需要4人；现在有5个座位。"}),
    ("doudizhu", 4, {"ja": "闘地主は3人で遊ぶゲームです。いま4席あります。",
                     "en": "Dou Dizhu is played by 3 players; there are 4 seats now.",
                     "zh-hans": "斗地主需要3人；现在有4个座位。"}),
])
@pytest.mark.django_db
def test_too_many_seats_for_a_game_says_how_many_it_needs(make_room, game, seats, said):
    from rooms import lobby, tokens
    from rooms.render import notice_text
    from tables.core import i18n

    names = ("あき", "ふゆ", "なつ", "はる", "すず")[:seats]  # people: CPUs would make way
    room, _ = make_room(names[:4])
    if seats > 4:
        lobby.set_options(room.id, 0, {"players": str(seats)}, Room.objects.get(pk=room.id).version)
        for i, name in enumerate(names[4:]):
            lobby.enter(room.key, name, tokens.digest(f"later-{i}-" + "x" * 20))
    assert Room.objects.get(pk=room.id).seats.count() == seats
    with pytest.raises(Exception) as exc:
        lobby.set_options(room.id, 0, {"game": game}, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    for lang, words in said.items():
        with i18n.use(lang):
            assert words in notice_text(room, exc.value.as_dict()), lang
