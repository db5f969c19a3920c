"""The room socket: joining, host controls, playing, refusals, stale versions, CPU driver,
disconnect → CPU → reclaim, seat theft, hostile messages."""
import asyncio
import json

import pytest
from channels.db import database_sync_to_async as adb
from django.utils import timezone

from games import get_engine
from games.core import IllegalAction
from games.core.engine import play_out
from rooms import consumers, lobby
from rooms.models import Room, RoomEvent, Seat
from tables.core import intents

from room_tabs import Tab, run_cpus

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
E = get_engine("daifugo")


async def started_room(make_room, names=("あき", "ふゆ")):
    room, toks = await adb(make_room)(names)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    return await adb(Room.objects.get)(pk=room.id), toks


async def at_a_persons_turn(make_room):
    """A started room with a tab open for each person, the CPUs played until a person is
    to move: ``(room, {name: Tab}, {seat: name})``."""
    room, toks = await started_room(make_room)
    names = await adb(lambda: {s.order: s.name for s in Seat.objects.filter(room=room)})()
    tabs = {n: Tab(room.id) for n in toks}
    for n, t in tabs.items():
        await t.open(toks[n])
    room = await run_cpus(room.id, lambda r: names[r.state["turn"]] in toks and r.state["phase"] == "play")
    return room, tabs, names


async def test_hello_with_token_shows_the_waiting_room(make_room):
    room, toks = await adb(make_room)(("あき", "<i>ふゆ</i>"))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert 'id="stage"' in html and "待合室" in html and "ゲーム開始" in html  # host controls
    assert "&lt;i&gt;ふゆ&lt;/i&gt;" in html and "<i>ふゆ" not in html  # names escaped
    assert "コピー" in html and "重なる" in html
    guest = Tab(room.id)
    g = await guest.open(toks["<i>ふゆ</i>"])
    assert "ゲーム開始" not in g and "ホストがゲームを始めるのを待っています" in g
    await tab.close(); await guest.close()


async def test_host_controls_and_refusals(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, guest = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await guest.caught_up(); await host.caught_up()  # (each act's reply is its first message)
    reply = await guest.act("add_cpu")
    assert "ホストだけ" in reply
    assert await adb(Seat.objects.filter(kind="cpu").count)() == 0
    reply = await host.act("add_cpu")
    assert "CPU 1" in reply
    await host.drain()
    await host.act("options", players="6", speed="fast", turn_limit="30")
    opts = (await adb(Room.objects.get)(pk=room.id)).options
    assert opts["players"] == 6 and opts["speed"] == "fast" and opts["turn_limit"] == 30
    await host.drain()
    await host.act("start")
    await host.drain()
    room = await adb(Room.objects.get)(pk=room.id)
    assert room.status == "playing" and room.state["players"] == 6
    assert await adb(Seat.objects.filter(room=room, kind="cpu").count)() == 4
    await guest.until(lambda t: 'id="hand-form"' in t.latest("hand-form"))
    await host.close(); await guest.close()


async def test_a_person_cannot_join_a_game_in_progress(make_room):
    room, _ = await started_room(make_room)
    stranger = Tab(room.id, bid="stranger-browser-123456789")
    html = await stranger.open(None)
    assert "途中から新しい人は入れません" in html and 'id="hand-form"' not in html
    # who played here from another browser is told where the seat is (try16)
    assert "そのとき使っていたブラウザでこの部屋を開くと自分の席に戻れます" in html
    await stranger.send(act="play", version=str(room.version), card=["1"])
    assert await stranger.ping() == [consumers.PONG]  # a socket without a seat is never answered
    # (issue 15 #2; the socket's messages are handled in turn: an answer would come before the pong)
    assert (await adb(Room.objects.get)(pk=room.id)).version == room.version
    await stranger.close()


def _accepted(state, seat, cards) -> bool:
    try:
        E.apply(state, seat, {"type": "play", "cards": cards, "mode": "plain"})
    except IllegalAction:
        return False
    return True


async def test_play_refusal_keeps_cards_selected_and_changes_nothing(make_room):
    room, tabs, names = await at_a_persons_turn(make_room)
    turn = room.state["turn"]
    tab = tabs[names[turn]]
    await tab.caught_up()  # the CPUs' turns all shown: the play's reply is the next message
    hand = tab.hand()
    before = room.state
    # a pair the engine refuses (legal_actions lists a joker pair only once, but apply
    # accepts the joker with any card: asking apply itself keeps the pick really illegal)
    bad = next([a, b] for a in hand for b in hand if a < b and not _accepted(before, turn, [a, b]))
    reply = await tab.act("play", card=[str(c) for c in bad], mode="plain")
    assert 'id="msg"' in reply and "error" in reply
    for c in bad:
        assert f'value="{c}" checked' in tab.latest("hand-form")
    after = await adb(Room.objects.get)(pk=room.id)
    assert after.version == room.version and after.state == before
    for t in tabs.values():
        await t.close()


async def test_stale_and_duplicate_actions_are_refused(make_room):
    room, toks = await adb(make_room)(("あき",))
    host = Tab(room.id)
    await host.open(toks["あき"])
    v, n = host.version, len(host.messages)
    await host.send(act="add_cpu", version=str(v))
    await host.send(act="add_cpu", version=str(v))  # double click
    first = await host.recv()
    assert "CPU 1" in first
    await host.until(lambda t: "画面が古く" in "".join(t.messages[n + 1:]))
    assert await adb(Seat.objects.filter(kind="cpu").count)() == 1


async def test_a_human_move_goes_through_and_everyone_sees_it(make_room):
    room, tabs, names = await at_a_persons_turn(make_room)
    turn = room.state["turn"]
    a = tabs[names[turn]]
    b = next(t for n, t in tabs.items() if n != names[turn])
    await a.caught_up()  # the move's reply (read by act) is the next message
    action = E.choose(room.state, turn)
    if action["type"] == "pass":
        idx = [x for x in E.legal_actions(room.state, turn) if "cards" not in x].index(action)
        await a.act("pick", index=str(idx))
    else:
        await a.act("play", card=[str(c) for c in action["cards"]], mode="plain")
    after = await adb(Room.objects.get)(pk=room.id)
    assert after.version == room.version + 1 and after.state["step"] == room.state["step"] + 1
    log = await adb(RoomEvent.objects.filter(room_id=room.id, version=after.version).first)()
    assert log.by == "human" and log.seat == turn
    await b.until(lambda t: t.version >= after.version)
    assert b.version == after.version
    await a.close(); await b.close()


async def test_disconnect_cpu_takes_over_then_reclaim_by_browser(make_room):
    room, toks = await started_room(make_room)
    seats = await adb(lambda: list(Seat.objects.filter(room=room, kind="human").order_by("order")))()
    leaver = seats[0]
    bid = "browser-0-" + "x" * 20  # make_room's browser id of the first person
    a, b = Tab(room.id, bid=bid), Tab(room.id)
    await a.open(toks[leaver.name]); await b.open(toks[seats[1].name])
    await a.close()
    await b.until(lambda t: "通信待ち" in t.latest("seats"))
    # the CPU plays the away seat's turns (a turn can also pass the seat by, the deal being
    # random: another CPU's 9 interrupt takes it; then the next turn of the seat is watched)
    for _ in range(20):
        room = await run_cpus(room.id, lambda r: r.state["turn"] == leaver.order and r.timers.get(str(leaver.order)))
        assert room.timers[str(leaver.order)][0] == "away"
        moved = await run_cpus(room.id, lambda r: r.state["turn"] != leaver.order)
        ev = await adb(RoomEvent.objects.filter(room_id=room.id, seat=leaver.order, version__gte=room.version).last)()
        if ev is not None:
            break
    assert ev.by == "cpu" and moved.version > room.version
    # a reopened tab of the same browser (no token) gets the seat back, with a fresh token
    again = Tab(room.id, bid=bid)
    html = await again.open(None)
    assert 'id="hand-form"' in html and 'id="seat-token"' in html
    s = await adb(Seat.objects.get)(pk=leaver.pk)
    assert s.channel_name and s.left_at is None
    await b.until(lambda t: "通信待ち" not in t.latest("seats"))
    await again.close(); await b.close()


async def test_connected_seat_cannot_be_taken(make_room):
    room, toks = await started_room(make_room)
    bid = "browser-0-" + "x" * 20
    owner = Tab(room.id, bid=bid)
    await owner.open(toks["あき"])
    async with owner.answering():  # the owner's browser is there and answers probes
        # same browser, another tab without a token: a connected seat is never reclaimed
        tab2 = Tab(room.id, bid=bid)
        html = await tab2.open(None)
        assert 'id="hand-form"' not in html and "ほかの画面" in html  # told why, not "no newcomers"
        # a duplicated tab that copied the token: the holder's browser answers the probe
        # (the server asks the browser, never itself) and keeps the seat
        dup = Tab(room.id, bid=bid)
        html = await dup.open(owner.token)
        assert 'id="hand-form"' not in html and "ほかの画面" in html
    assert consumers.PROBE in owner.messages
    seat = await adb(Seat.objects.get)(room=room, name="あき")
    assert seat.channel_name and 'id="hand-form"' in owner.latest("hand-form")
    for t in (owner, tab2, dup):
        await t.close()


async def test_reload_with_token_returns_to_the_seat(make_room):
    room, toks = await started_room(make_room)
    first = Tab(room.id)
    await first.open(toks["あき"])
    hand = first.hand()
    assert first.token and first.token != toks["あき"]  # the claim rotated the link's token
    await first.close()
    second = Tab(room.id)
    html = await second.open(first.token)  # the tab's sessionStorage holds the newest one
    assert second.hand() == hand and second.token not in (None, first.token)
    await second.close()


async def test_hostile_messages_do_not_break_the_room(make_room):
    room, toks = await started_room(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    for junk in ["not json", json.dumps([1, 2]), json.dumps({"act": 5}), json.dumps({"act": "__init__"}),
                 json.dumps({"act": "play", "version": "x"}), json.dumps({"act": "play", "version": "1", "card": ["-1"]}),
                 json.dumps({"act": "play", "version": "1", "card": list(range(500))}),
                 json.dumps({"act": "pick", "version": "1", "index": "99999999"}), "x" * 20000,
                 "[" * 4000 + "]" * 4000]:  # nesting deep enough for a RecursionError in json
        await tab.comm.send_to(text_data=junk)
        reply = await tab.recv()
        assert 'id="msg"' in reply and "error" in reply
    after = await adb(Room.objects.get)(pk=room.id)
    assert after.version == room.version + 1  # only the hello's presence change
    await tab.close()


async def test_a_server_bug_on_a_message_keeps_the_socket(make_room, monkeypatch):
    """An unexpected exception is logged and answered with a notice; the socket stays."""
    from rooms import consumers
    room, toks = await started_room(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])

    async def broken(self, msg):
        raise RuntimeError("boom")

    monkeypatch.setattr(consumers.RoomConsumer, "handle", broken)
    await tab.comm.send_to(text_data=json.dumps({"act": "ping"}))
    reply = await tab.recv()
    assert "サーバーで問題が起きました" in reply
    monkeypatch.undo()
    await tab.comm.send_to(text_data=json.dumps({"act": "ping"}))
    await tab.close()


async def test_foreign_origin_is_refused(make_room):
    room, _ = await adb(make_room)(("あき",))
    tab = Tab(room.id, origin=b"https://evil.example")
    connected, _ = await tab.comm.connect()
    assert not connected


async def test_all_humans_leaving_closes_the_room(make_room):
    room, toks = await started_room(make_room)
    a, b = Tab(room.id), Tab(room.id)
    await a.open(toks["あき"]); await b.open(toks["ふゆ"])
    await a.caught_up()
    assert "退出する？" in await pressed_leave(a)  # the first press during play asks
    await pressed_leave(a)
    assert "data-goto" in a.messages[-1]
    await b.until(lambda t: "(CPU)" in t.latest("seats"))
    await b.caught_up()
    assert "退出する？" in await pressed_leave(b)
    await pressed_leave(b)
    assert "data-goto" in b.messages[-1]
    room = await adb(Room.objects.get)(pk=room.id)
    assert room.status == "closed" and room.key is None


async def pressed_leave(tab) -> str:
    """退出 pressed once on ``tab`` (caught up: nothing else on its way): its reply read, the
    newest message holding its part. When the tab shows 退出する？ it is that button's press,
    a moment after it was shown (not a double click's second press)."""
    if "退出する？" in (tab.latest("leave") or ""):
        await asyncio.sleep(intents.ASK_SETTLE)
        await tab.send(act="leave", confirm="1")
    else:
        await tab.send(act="leave")
    await tab.recv()
    return tab.latest("leave")


async def test_a_double_click_on_leave_only_asks(make_room):
    """try52: a double click (or tap) on 退出 during a game left it at once, the second press
    answering the 退出する？ the first had asked. A second press within a moment, or from the
    old 退出 button (no ``confirm``), asks again; 退出する？ pressed a moment later leaves."""
    room, toks = await started_room(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.caught_up()
    await tab.send(act="leave")
    await tab.send(act="leave", confirm="1")  # the second click, 0.1 s on, on the swapped button
    await tab.ping()
    assert "退出する？" in tab.latest("leave") and "data-goto" not in "".join(tab.messages)
    await asyncio.sleep(intents.ASK_SETTLE)
    await tab.send(act="leave")  # the old 退出's press, late: still asks
    await tab.ping()
    assert "data-goto" not in "".join(tab.messages)
    assert await adb(Seat.objects.filter(room_id=room.id, name="あき").exists)()
    await pressed_leave(tab)
    assert "data-goto" in tab.messages[-1]


def finish_the_hand(room_id: int) -> Room:
    """The room's hand played out by the CPU for every seat (a new version): its result."""
    room = Room.objects.get(pk=room_id)
    room.state, _ = play_out(E, room.state)
    room.version += 1
    room.save()
    return room


async def test_leaving_at_a_hands_result_asks_first_while_the_match_goes_on(make_room):
    """At a hand's result with the next hand still to come, 退出 asks once as it does during
    play (a new user left a match from the result screen with one tap and, the room being
    started, could not come back)."""
    room, toks = await started_room(make_room)
    room = await adb(finish_the_hand)(room.id)
    assert E.is_over(room.state) and E.actors(room.state)  # between hands: anyone may deal on
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.caught_up()
    assert "退出する？" in await pressed_leave(tab)
    assert await adb(Seat.objects.filter(room_id=room.id, name="あき").exists)()
    await pressed_leave(tab)
    assert "data-goto" in tab.messages[-1]


async def test_the_hosts_lobby_mid_match_asks_first_and_tells_the_others(make_room):
    """try52: the host's one tap on ロビーへ（得点は0に戻ります） at a result ended the match for
    everyone, and the others were dropped in the waiting room without a word. It asks first
    (ロビーへ戻る？; a double click's second press only asks again); answered a moment later,
    the match ends and the others' waiting room says who ended it (the host's does not)."""
    room, toks = await started_room(make_room)
    room = await adb(finish_the_hand)(room.id)
    assert E.is_over(room.state) and E.actors(room.state)  # a game's result, the match going on
    host, guest = Tab(room.id), Tab(room.id)
    await host.open(toks["あき"]); await guest.open(toks["ふゆ"])
    await host.caught_up(); await guest.caught_up()
    await host.act("lobby")
    await host.send(act="lobby", version=str(host.version), confirm="1")  # 0.1 s on: a double click
    await host.ping()
    assert "ロビーへ戻る？" in host.latest("result")
    assert (await adb(Room.objects.get)(pk=room.id)).status == Room.Status.PLAYING
    await asyncio.sleep(intents.ASK_SETTLE)
    await host.act("lobby", confirm="1")
    assert (await adb(Room.objects.get)(pk=room.id)).status == Room.Status.WAITING
    await guest.until(lambda t: 'id="lobby"' in "".join(t.messages[-3:]))
    assert "あき（ホスト）が対局を途中で終えて" in guest.latest("lobby")
    await host.ping()
    assert "途中で終えて" not in host.latest("lobby")
    await adb(lobby.start)(room.id, 0, (await adb(Room.objects.get)(pk=room.id)).version)
    assert (await adb(Room.objects.get)(pk=room.id)).options["ended_by"] is None  # said until the next start


async def test_a_leave_asked_during_a_hand_is_asked_again_at_its_result(make_room):
    """退出する？ holds on the screen it was asked on: armed during a hand, the result screen
    shows 退出 again and one press there asks, not leaves (a tester left with one tap)."""
    room, toks = await started_room(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.caught_up()
    assert "退出する？" in await pressed_leave(tab)
    await adb(finish_the_hand)(room.id)
    await tab.ping()  # the tab hears of the new version
    assert E.is_over((await adb(Room.objects.get)(pk=room.id)).state)  # the hand's result
    assert "退出する？" not in tab.latest("leave") and ">退出<" in tab.latest("leave")
    assert "退出する？" in await pressed_leave(tab) and "data-goto" not in tab.messages[-1]
    assert await adb(Seat.objects.filter(room_id=room.id, name="あき").exists)()


async def test_a_hint_or_selection_re_renders_only_the_hand_until_the_room_moves_on(make_room):
    room, tabs, names = await at_a_persons_turn(make_room)
    tab = tabs[names[room.state["turn"]]]
    await tab.caught_up()  # the hint's reply (read by act) is the next message
    html = await tab.act("hint")
    # cards checked, or a pass advised: the hand's pieces again (its cards to be morphed)
    assert 'data-code="hint"' in html and '<div hx-swap-oob="morph" id="hand-cards"' in html and 'id="hand-controls"' in html
    assert 'id="field"' not in html and 'id="seats"' not in html and 'id="log"' not in html
    html = await tab.act("select", card=[])
    assert " checked" not in html and 'id="field"' not in html
    # a new version the tab has not heard of (running points changed): every changed part
    state = {**room.state, "totals": [t + 7 for t in room.state["totals"]]}
    await adb(Room.objects.filter(pk=room.id).update)(version=room.version + 1, state=state)
    html = await tab.act("select", card=[])
    assert f'data-version="{room.version + 1}"' in html and 'id="seat-0"' in html and "7点" in html  # its row of the seats
    for t in tabs.values():
        await t.close()


async def test_a_ping_catches_up_a_socket_that_missed_its_doorbell(make_room, monkeypatch):
    """A doorbell lost on the way (a Redis restart drops them) costs at most a ping: the
    ping sees the room ahead of what the tab shows and renders it."""
    from rooms import actions

    room, tabs, names = await at_a_persons_turn(make_room)
    turn = room.state["turn"]
    other = next(t for n, t in tabs.items() if n != names[turn])
    await other.caught_up()
    shown = other.version
    monkeypatch.setattr(actions, "ring", lambda group, version: None)  # the doorbell is lost
    await adb(actions.play)(room.id, turn, room.version, E.choose(room.state, turn))
    assert await other.drain(1) == []  # nothing arrived
    await other.ping()
    assert other.version == shown + 1
    for t in tabs.values():
        await t.close()


async def test_a_socket_that_cannot_join_its_group_closes_for_the_page_to_reconnect(make_room, monkeypatch):
    from channels.layers import get_channel_layer

    room, toks = await adb(make_room)(("あき", "ふゆ"))
    layer = get_channel_layer()

    async def broken(group, channel):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(layer, "group_add", broken)
    tab = Tab(room.id)
    connected, _ = await tab.comm.connect()
    assert connected
    await tab.send(act="hello", token=toks["あき"])
    out = await tab.comm.receive_output(3)
    assert out["type"] == "websocket.close" and out.get("code") == 1000


async def test_a_reopened_tab_takes_back_a_seat_whose_connection_died_silently(make_room):
    """The old socket's process was killed (or its network froze): the seat still looks
    live for up to a lease, but its holder does not answer the probe."""
    room, toks = await started_room(make_room)
    bid = "browser-0-" + "x" * 20
    seat = await adb(Seat.objects.get)(room=room, name="あき")
    await adb(lambda: Seat.objects.filter(pk=seat.pk).update(
        channel_name="specific.gone!nobody-listens", seen_at=timezone.now()))()
    again = Tab(room.id, bid=bid)
    html = await again.open(None)  # no token: the tab was closed and reopened
    assert 'id="hand-form"' in html and 'id="seat-token"' in html
    assert (await adb(Seat.objects.get)(pk=seat.pk)).channel_name != "specific.gone!nobody-listens"
    await again.close()


async def test_a_doorbell_for_a_socket_that_just_closed_is_dropped_quietly(make_room, monkeypatch, caplog):
    """daphne's socket may close while a doorbell renders (autobahn raises Disconnected on
    the send): the consumer drops that frame and waits for its disconnect."""
    from autobahn.exception import Disconnected

    from rooms import actions, consumers

    room, tabs, names = await at_a_persons_turn(make_room)
    for t in tabs.values():
        await t.caught_up()
    real = consumers.RoomConsumer.send

    async def gone(self, *args, **kwargs):
        raise Disconnected("Attempt to send on a closed protocol")

    monkeypatch.setattr(consumers.RoomConsumer, "send", gone)
    turn = room.state["turn"]
    await adb(actions.play)(room.id, turn, room.version, E.choose(room.state, turn))
    await asyncio.sleep(0.3)
    monkeypatch.setattr(consumers.RoomConsumer, "send", real)
    for t in tabs.values():
        await t.ping()  # the app is alive and answers (a crashed one would raise here)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    for t in tabs.values():
        await t.close()


async def test_a_tab_closed_while_redis_is_away_lets_its_seat_go_at_once(make_room, monkeypatch):
    from channels.layers import get_channel_layer

    room, toks = await started_room(make_room)
    tab = Tab(room.id)
    await tab.open(toks["あき"])

    async def away(group, channel):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(get_channel_layer(), "group_discard", away)
    await tab.close()
    seat = await adb(Seat.objects.get)(room=room, name="あき")
    assert seat.channel_name is None and seat.left_at is not None  # 通信待ち now, not a lease later
