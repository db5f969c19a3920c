"""Dou Dizhu over the room socket: bidding by the legal-bid buttons, the kitty after
bidding, a play, a refusal (reason by the hand, cards kept selected, nothing changed), a
hint that selects but never plays, 自動プレイ, the result and the next hand (never pressed
by a CPU), a new match, disconnect → CPU → reclaim, and a whole hand's socket traffic
holding only the seat's own cards."""
import re

import pytest
from channels.db import database_sync_to_async as adb

from games import get_engine
from rooms import driver, lobby
from rooms.models import Room, Seat

from room_tabs import Tab, get, run_cpus, tick_due

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
E = get_engine("doudizhu")


def _dd_room(make_room, names):
    room, toks = make_room(names)
    lobby.set_options(room.id, 0, {"game": "doudizhu"}, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    lobby.start(room.id, 0, room.version)
    # a deal where seat 0 (あき, the host) bids first
    seed = next(s for s in range(100) if E.new({}, f"t{s}")["first_bidder"] == 0)
    state = E.new({}, f"t{seed}")
    Room.objects.filter(pk=room.id).update(state=state)
    return Room.objects.get(pk=room.id), toks


async def dd_room(make_room, names=("あき",)):
    return await adb(_dd_room)(make_room, names)


def bid_index(html: str, value: int) -> str:
    m = re.search(r'hx-vals=\'\{"index": "(\d+)"\}\' data-action="bid" data-bid="%d"' % value, html)
    assert m, f"no bid button {value}"
    return m.group(1)


def codes(html: str) -> set[str]:
    return set(re.findall(r'data-code="([^"]+)"', html))


async def test_bidding_offers_legal_bids_and_the_kitty_shows_after_bidding(make_room):
    room, toks = await dd_room(make_room)
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert "入札中" in html and html.count('data-action="bid"') == 4  # 入札しない, 1, 2, 3
    assert html.count('class="card back"') == 3
    kitty = {c["code"] for c in E.view({**room.state, "landlord": 0}, 0)["kitty"]}
    assert not codes(html) & kitty
    await tab.act("pick", index=bid_index(html, 1))
    room = await get(room.id)
    assert room.state["bids"] == [[0, 1]] and room.state["turn"] == 1
    await tab.caught_up()
    assert "data-bid" not in tab.latest("hand-form")  # not her turn: no bid buttons
    assert "1で入札" in tab.latest("seats")
    room = await run_cpus(room.id, lambda r: r.state["phase"] != "bidding")
    await tab.caught_up()
    assert room.state["landlord"] is not None and room.state["bid"] >= 1
    assert codes(tab.latest("kitty")) == kitty  # shown to everyone once taken (§2)
    await tab.close()


async def test_bidding_play_refusal_hint_auto_and_next_hand(make_room):
    room, toks = await dd_room(make_room)
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    kitty = {c["code"] for c in E.view({**room.state, "landlord": 0}, 0)["kitty"]}
    await tab.act("pick", index=bid_index(html, 3))  # 3 ends bidding at once (§3)
    room = await get(room.id)
    assert room.state["landlord"] == 0 and room.state["bid"] == 3 and room.state["phase"] == "play"
    assert kitty <= codes(tab.latest("kitty")) and len(tab.hand()) == 20
    assert "地主" in tab.latest("seats") and "B＝<b data-b>3</b>" in tab.latest("status")

    # a refusal: the reason by the hand, the cards stay selected, nothing is written
    hand = tab.hand()
    ranks = {i: E.view(room.state, 0)["hand"][k]["rank"] for k, i in enumerate(hand)}
    bad = [hand[0], next(i for i in hand if ranks[i] != ranks[hand[0]])]
    if len({ranks[i] for i in bad}) == 2 and {ranks[i] for i in bad} == {"LJ", "BJ"}:
        bad = [hand[0], hand[1], next(i for i in hand if ranks[i] not in (ranks[hand[0]], ranks[hand[1]]))]
    before = room.version
    reply = await tab.act("play", card=[str(c) for c in bad])
    assert 'id="msg"' in reply and "error" in reply and "その組み合わせは役になりません" in reply
    for c in bad:
        assert f'value="{c}" checked' in tab.latest("hand-form")
    assert (await get(room.id)).version == before

    # a hint selects with a reason and never plays
    reply = await tab.act("hint")
    assert "ヒント：" in reply and "先手なので" in reply
    hinted = [int(c) for c in re.findall(r'value="(\d+)" checked', tab.latest("hand-form"))]
    assert hinted and (await get(room.id)).version == before

    # the play: the hinted cards go to the table
    await tab.act("play", card=[str(c) for c in hinted])
    room = await get(room.id)
    assert set(room.state["trick"]["cards"]) == set(hinted)
    assert room.state["turn"] == 1 and set(hinted).isdisjoint(room.state["hands"][0])
    await tab.caught_up()
    assert not set(hinted) & set(tab.hand())

    # 自動プレイ on another's turn is refused; on hers the CPU's move is played for her
    reply = await tab.act("auto")
    assert "あなたの番ではありません" in reply
    room = await run_cpus(room.id, lambda r: r.state["turn"] == 0 or E.is_over(r.state))
    if not E.is_over(room.state):
        await tab.caught_up()  # the CPUs' turns shown: the next message is the reply
        await tab.act("auto")
        assert (await get(room.id)).state["turn"] != 0 or E.is_over((await get(room.id)).state)

    # the rest of the hand: she is on おまかせ; the CPUs never press 次の局へ
    await adb(Seat.objects.filter(room_id=room.id, name="あき").update)(auto=True)
    room = await run_cpus(room.id, lambda r: E.is_over(r.state), limit=600)
    await tab.caught_up()
    result = tab.latest("result")
    r = room.state["result"]
    assert "の結果" in result and f"P＝B×2<sup>N</sup>＝{r['points']}" in result
    assert room.timers == {} and room.state["hand_no"] == 1
    await adb(driver.tick)()
    assert (await get(room.id)).state["hand_no"] == 1  # nobody pressed it for her
    scores = room.state["scores"]
    assert 'data-action="next_hand"' in result
    m = re.search(r'hx-vals=\'\{"index": "(\d+)", "deal": "1"\}\' data-action="next_hand"', result)
    await tab.act("pick", index=m.group(1))
    room = await get(room.id)
    assert room.state["hand_no"] == 2 and room.state["scores"] == scores and room.state["phase"] == "bidding"
    await tab.caught_up()
    assert f"累計 {scores[0]}点" in tab.latest("seats")
    await tab.close()


async def test_new_match_in_practice_resets_totals(make_room):
    room, toks = await dd_room(make_room)
    await adb(Room.objects.filter(pk=room.id).update)(solo=True)
    state = room.state
    from games.core.engine import step
    while not E.is_over(state):
        state, _ = step(E, state)
    await adb(Room.objects.filter(pk=room.id).update)(state=state)
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert 'data-action="new_match"' in html
    await tab.act("new_match")
    room = await get(room.id)
    assert room.state["scores"] == [0, 0, 0] and room.state["results"] == [] and room.state["phase"] == "bidding"
    await tab.close()


async def test_disconnect_cpu_takes_the_turn_and_the_tab_reclaims_the_seat(make_room):
    room, toks = await dd_room(make_room, ("あき", "ふゆ"))
    aki, fuyu = Tab(room.id), Tab(room.id)
    await aki.open(toks["あき"]); await fuyu.open(toks["ふゆ"])
    await aki.caught_up(); await fuyu.caught_up()
    assert (await get(room.id)).state["turn"] == 0
    await aki.close()  # her turn to bid; she is gone
    await fuyu.until(lambda t: "通信待ち" in t.latest("seats"))
    room = await get(room.id)
    assert room.timers.get("0", [None])[0] == "away"
    room = await run_cpus(room.id, lambda r: r.state["turn"] != 0 or r.state["phase"] != "bidding")
    assert room.state["bids"] and room.state["bids"][0][0] == 0  # the CPU decided for her
    back = Tab(room.id)
    html = await back.open(aki.token)  # the tab's newest token (its first hello rotated the link's)
    assert 'id="hand-form"' in html and "通信待ち" not in html.split('id="seats"')[1].split("</ol>")[0]
    assert set(back.hand()) == set((await get(room.id)).state["hands"][0])
    await back.close(); await fuyu.close()


async def test_a_whole_hand_of_socket_traffic_holds_only_own_cards(make_room):
    room, toks = await dd_room(make_room)
    me = await adb(Seat.objects.get)(room_id=room.id, name="あき")
    await adb(Seat.objects.filter(pk=me.pk).update)(auto=True)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    held = set(room.state["hands"][0])
    kitty = set(room.state["kitty"])
    code = {c["id"]: c["code"] for c in E.view({**room.state, "hands": [list(range(54)), [], []]}, 0)["hand"]}
    public, kitty_open = set(), False
    for _ in range(600):
        room = await get(room.id)
        held |= set(room.state["hands"][0])
        public |= {c for h in room.state["history"] if "cards" in h for c in h["cards"]}
        if room.state["landlord"] is not None:
            kitty_open = True
        if not kitty_open:
            seen = "".join(tab.messages)
            assert not {code[i] for i in kitty} & set(re.findall(r'data-code="([^"]+)"', seen))
        if E.is_over(room.state):
            break
        await tick_due(room)
        await tab.drain(0.01)
    await tab.caught_up()  # every version's message read (each is checked below)
    assert E.is_over(room.state)
    everything = "".join(tab.messages)
    ids = {int(i) for i in re.findall(r'name="card" value="(\d+)"', everything)}
    assert ids <= held
    allowed = {code[i] for i in held | public | kitty}
    assert set(re.findall(r'data-code="([^"]+)"', everything)) <= allowed
    await tab.close()


async def test_the_host_picks_doudizhu_over_the_socket_and_starts_with_cpus(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, guest = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()
    reply = await guest.act("options", game="doudizhu")
    assert "ホストだけ" in reply and (await get(room.id)).game == "daifugo"
    await host.act("options", game="doudizhu", players="6", speed="fast", turn_limit="30")
    room = await get(room.id)
    assert room.game == "doudizhu" and room.options["players"] == 3
    assert room.options["speed"] == "fast" and room.options["turn_limit"] == 30
    await guest.caught_up()
    assert "闘地主" in guest.latest("lobby")
    await host.drain()
    await host.act("start")
    room = await get(room.id)
    assert room.status == "playing" and room.state["game"] == "doudizhu"
    assert await adb(Seat.objects.filter(room=room, kind="cpu").count)() == 1
    await guest.caught_up()
    assert len(guest.hand()) == 17 and 'id="kitty"' in guest.latest("kitty")
    await host.close(); await guest.close()
