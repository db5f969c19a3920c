"""A Guandan room over the socket: selection → the Play button names the play, a play, a
refusal (reason by the hand, cards kept, nothing changed), a wild-reading chip, hint
cycling, the result card, 次の局へ (never pressed by a CPU), tribute by the CPUs and the
return with the suggested card preselected."""
import re

import pytest
from channels.db import database_sync_to_async as adb
from django.db.models import F

from games.guandan.cards import RANK
from rooms import lobby
from rooms.models import Room

from guandan_plan import E, first_hand
from room_tabs import Tab, get, run_cpus

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def _gd_room(make_room, state=None):
    room, toks = make_room(("あき",))
    lobby.set_options(room.id, 0, {"game": "guandan"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    if state is not None:
        Room.objects.filter(pk=room.id).update(state=state)
    return Room.objects.get(pk=room.id), toks


def index_of(html: str, action: str) -> str:
    m = re.search(r'hx-vals=\'\{"index": "(\d+)"(?:, "deal": "1")?\}\' data-action="%s"' % action, html)
    assert m, f"no {action} button"
    return m.group(1)


async def test_select_play_refusal_and_hint_cycle(make_room):
    room, toks = await adb(_gd_room)(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    hand = room.state["hands"][0]
    pair = next(a["cards"] for a in E.legal_actions(room.state, 0) if a["reading"].startswith("pair:"))
    html = await tab.act("select", card=[str(c) for c in pair])
    assert "2枚" in html and re.search(r"出す：(<span data-play-label>)?[^<\s]+のペア", html)
    # refusal: two cards of different ranks that are not a pair
    a, b = next((x, y) for x in hand for y in hand if RANK[x] != RANK[y] and RANK[x] < 12 and RANK[y] < 12
                and not E.readings(room.state, 0, [x, y]))
    v = tab.version
    html = await tab.act("play", card=[str(a), str(b)])
    assert "役になりません" in tab.latest("msg")
    assert (await get(room.id)).version == v
    assert f'value="{a}" checked' in tab.latest("hand-form")
    # hint: cheapest first, the next press the next one
    await tab.act("select", card=[])
    await tab.act("hint")
    first = set(c for c in re.findall(r'value="(\d+)" checked', tab.latest("hand-form")))
    hints = E.hint(room.state, 0)
    assert first == {str(c) for c in hints[0]["action"]["cards"]}
    await tab.act("hint")
    second = set(re.findall(r'value="(\d+)" checked', tab.latest("hand-form")))
    assert second == {str(c) for c in hints[1]["action"]["cards"]}
    # play the pair
    await tab.act("play", card=[str(c) for c in pair])
    room = await get(room.id)
    assert room.state["trick"]["last"]["cards"] == sorted(pair)
    await tab.caught_up()
    assert "のペア" in tab.latest("field")
    await tab.close()


async def test_wild_reading_chip_then_result_next_hand_tribute_and_return(make_room):
    state, special = first_hand()
    # rewind: replay hand 1 up to the special play, then let the socket make it
    s = E.new({"players": 4}, "gd24")
    from guandan_plan import my_action
    done = False
    while True:
        t = s["turn"]
        if t == 0:
            a, done2, sp = my_action(s, done)
            if sp:
                break
            done = done2
        else:
            a = E.choose(s, t)
        s, _ = E.apply(s, t, a)
    room, toks = await adb(_gd_room)(make_room, s)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    html = await tab.act("select", card=[str(c) for c in special["cards"]])
    chips = re.findall(r'name="reading" value="([^"]+)"( checked)?', html)
    assert len(chips) == len(special["readings"]) >= 2
    assert chips[0][1] and chips[0][0] == special["readings"][0]["reading"]  # strongest preselected
    other = special["readings"][1]
    await tab.act("play", card=[str(c) for c in special["cards"]], reading=other["reading"])
    room = await get(room.id)
    assert room.state["trick"]["last"]["reading"] == other["reading"]
    await tab.caught_up()
    assert "扱い" in tab.latest("field")

    # the end of hand 1 (scripted, as a new version: a tab re-renders only its hand for a
    # selection at the version it already shows) → result card; CPUs never press 次の局へ
    await adb(Room.objects.filter(pk=room.id).update)(state=state, version=F("version") + 1)
    await tab.act("select", card=[])
    html = tab.latest("result")
    assert "第1局の結果" in html and "次の局へ" in html
    await tab.act("pick", index=index_of(html, "next_hand"))
    room = await get(room.id)
    assert room.state["phase"] == "tribute" and room.state["hand_no"] == 2
    assert "0" not in room.timers  # the receiver is not asked during tribute
    room = await run_cpus(room.id, lambda r: r.state["phase"] != "tribute")
    assert room.state["phase"] == "return"
    await tab.caught_up()  # the CPUs' tributes shown
    hand_html = tab.latest("hand-form")
    suggested = E.suggested_return(room.state, 0)
    assert "これを返す" in hand_html and f'data-card="{suggested}"' in hand_html.split("これを返す")[0].rsplit("<button", 1)[-1]
    await tab.act("pick", index=index_of(hand_html, "return"))
    room = await run_cpus(room.id, lambda r: r.state["phase"] == "play")
    assert len(room.state["hands"][0]) == 27
    await tab.close()
