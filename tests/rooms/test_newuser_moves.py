"""Issue 13, found by new-user runs: a double click on 出す is dropped quietly (the move
is in; no "画面が古くなっていました"), at a server's room as at the practice table."""
import re

import pytest
from channels.db import database_sync_to_async as adb

from games import get_engine
from rooms.consumers import PONG
from rooms.models import Room

from room_tabs import Tab
from test_room_consumer import at_a_persons_turn

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
E = get_engine("daifugo")


async def test_a_double_click_on_play_is_dropped_quietly(make_room):
    room, tabs, names = await at_a_persons_turn(make_room)
    turn = room.state["turn"]
    a = tabs[names[turn]]
    await a.caught_up()  # the version the clicks name is the room's
    legal = E.legal_actions(room.state, turn)
    play = next((x for x in legal if x["type"] == "play" and x["mode"] == "plain"), None)
    if play is None:  # nothing beats the field: a double click on パス
        msg = dict(act="pick", version=str(a.version), index=str([x for x in legal if "cards" not in x].index({"type": "pass"})))
    else:
        msg = dict(act="play", version=str(a.version), card=[str(c) for c in play["cards"]], mode="plain")
    n = len(a.messages)
    await a.send(**msg)
    await a.send(**msg)  # the second click of a double click, same version, same cards
    await a.ping()  # (the socket's messages are handled in turn: both clicks' answers come before its pong)
    got = a.messages[n:]
    after = await adb(Room.objects.get)(pk=room.id)
    assert after.version == room.version + 1  # played once
    assert not any("画面が古く" in h or 'data-code="stale"' in h for h in got)
    # a move at an old version that is NOT the one just made is still refused as stale
    n = len(a.messages)
    await a.send(**dict(msg, act="play", card=["0", "1"], mode="plain"))
    await a.until(lambda t: 'data-code="stale"' in "".join(t.messages[n:]))
    for t in tabs.values():
        await t.close()


async def test_the_waiting_room_links_the_games_rules_in_a_new_tab(make_room):
    room, toks = await adb(make_room)(("あき",))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert "待合室" in html and 'href="/rules/daifugo/" target="_blank"' in html
    await tab.close()


async def test_the_waiting_room_describes_every_rule_switch_in_one_line(make_room):
    from tables.core import options as opts

    room, toks = await adb(make_room)(("あき",))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    for name in opts.RULE_SWITCHES["daifugo"]:
        assert f'<small class="rule-desc">{opts.DESCRIPTIONS[name]}</small>' in html
    html = await tab.act("options", game="guandan")
    for value in opts.CHOICES["guandan"]["a_rule"]:
        if value == "a_required":  # the current choice's line, next to its select
            assert f'<small class="rule-desc">{opts.DESCRIPTIONS[value]}</small>' in html
    await tab.close()


async def test_a_late_interrupt_at_a_room_says_why_it_did_nothing(make_room):
    room, tabs, names = await at_a_persons_turn(make_room)
    a = tabs[names[room.state["turn"]]]
    await a.caught_up()
    n = len(a.messages)
    await a.send(act="interrupt", version=str(a.version - 1), index="0")
    await a.until(lambda t: 'data-code="late"' in "".join(t.messages[n:]))
    got = "".join(a.messages[n:])
    assert 'data-code="late"' in got and "間に合いませんでした" in got
    assert (await adb(Room.objects.get)(pk=room.id)).version == room.version
    for t in tabs.values():
        await t.close()


async def test_a_quiet_selection_is_kept_and_shown_when_the_turn_comes(make_room):
    import re

    from room_tabs import run_cpus

    room, tabs, names = await at_a_persons_turn(make_room)
    waiting = next(t for n, t in tabs.items() if n != names[room.state["turn"]])
    order = next(s for s, n in names.items() if tabs.get(n) is waiting)
    await waiting.caught_up()
    keep = room.state["hands"][order][:2]
    await waiting.send(act="select", card=[str(c) for c in keep], quiet="1")
    assert await waiting.ping() == [PONG]  # nothing comes back (an answer would come before the pong)
    mover = tabs[names[room.state["turn"]]]
    legal = E.legal_actions(room.state, room.state["turn"])
    if {"type": "pass"} in legal:
        await mover.act("pick", index=str([x for x in legal if "cards" not in x].index({"type": "pass"})))
    else:
        play = next(x for x in legal if x["type"] == "play" and x["mode"] == "plain")
        await mover.act("play", card=[str(c) for c in play["cards"]], mode="plain")
    await run_cpus(room.id, lambda r: r.state["turn"] == order or r.state["phase"] != "play")
    await waiting.caught_up()
    hand = waiting.latest("hand-form")
    for c in keep:
        assert re.search(rf'value="{c}" checked', hand)
    for t in tabs.values():
        await t.close()


async def test_the_waiting_room_says_what_a_time_out_does(make_room):
    """With a turn limit, its line says who plays a turn whose time ran out (try12 took the
    CPU's play for a bug: rules/daifugo.md "Time"); with none, nothing is said."""
    said = "時間切れの手番はCPUが代わりに出します（2回続くとおまかせになります）。"
    room, toks = await adb(make_room)(("あき",))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert room.options["turn_limit"] and f'<small class="rule-desc">{said}</small>' in html
    html = await tab.act("options", turn_limit="0")
    assert 'value="0" selected' in html and said not in html
    await tab.close()


async def test_the_waiting_room_says_daifugos_card_choices_keep_their_clock(make_room):
    """7渡し, 10捨て and the exchange have 20 s whatever the turn limit (rules/daifugo.md
    "Time"); try16's host chose なし and met a 9-second countdown unwarned. The line is
    there with and without a limit, in Daifugō only."""
    said = "7渡し・10捨て・カード交換で札を選ぶ時間は、持ち時間にかかわらず20秒です（時間切れのときは弱いカードから）。"
    room, toks = await adb(make_room)(("あき",))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert f'<small class="rule-desc">{said}</small>' in html
    html = await tab.act("options", turn_limit="0")
    assert 'value="0" selected' in html and f'<small class="rule-desc">{said}</small>' in html
    for game in ("guandan", "doudizhu"):
        html = await tab.act("options", game=game)
        assert "札を選ぶ時間" not in html, game
    await tab.close()


async def test_a_guests_waiting_room_says_what_the_clock_does(make_room):
    """A guest sees the settings, not the options, and under them the same two lines
    (try17: only the host was told)."""
    said = "7渡し・10捨て・カード交換で札を選ぶ時間は、持ち時間にかかわらず20秒です（時間切れのときは弱いカードから）。"
    room, toks = await adb(make_room)(("なつ", "あき"))
    guest = Tab(room.id)
    html = await guest.open(toks["あき"])
    assert 'name="turn_limit"' not in html and said in html
    assert "時間切れの手番はCPUが代わりに出します" in html
    await guest.close()


async def test_the_guandan_waiting_room_shows_the_pairs(make_room):
    """Guandan's pairs are fixed by the seats (1 & 3 against 2 & 4, in the waiting room's
    order: people's arrival, then the host's ↑; rooms.lobby.start numbers them so): each row of the waiting room says its pair,
    and a line says how the seats pair up. Daifugō's waiting room has no pairs."""
    room, toks = await adb(make_room)(("あき", "ふゆ", "はる"))
    tab = Tab(room.id)
    html = await tab.open(toks["あき"])
    assert "番組" not in html and "組になります" not in html
    html = await tab.act("options", game="guandan")
    html = await tab.act("add_cpu")
    rows = re.findall(r'<li class="seat-row"[^>]*>.*?</li>', html, re.S)
    assert len(rows) == 4
    teams = [re.search(r'<span class="badge team team(\d)">([^<]+)</span>', row).groups() for row in rows]
    assert teams == [("0", "1・3番組"), ("1", "2・4番組"), ("0", "1・3番組"), ("1", "2・4番組")]
    assert "あき" in rows[0] and "ふゆ" in rows[1] and "はる" in rows[2] and "CPU" in rows[3]
    assert "1番と3番、2番と4番の席が組になります" in html
    await tab.close()
