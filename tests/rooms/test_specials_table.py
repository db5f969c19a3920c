"""Daifugō special cards at the table, through the real socket path (issue 4, table part):
effect/plain choice, the stop window (fixed length, countdown for all, stop buttons only for
the holder), CPU stops by the driver, the 7-pass picker and its time-out, 9 interrupts and
simultaneous interrupts ordered by the engine, house-rule switches, practice scaling."""
import asyncio
import re
import time

import pytest
from channels.db import database_sync_to_async as adb
from django.utils import timezone

from games import get_engine
from rooms import actions, driver, lobby, outofturn
from rooms.models import Room, RoomEvent
from tables.core import options as opts, reactions
from tests.daifugo.util import ids, table

try:
    from room_tabs import Tab
except ImportError:  # older layout: the helper lived in conftest
    from conftest import Tab

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
E = get_engine("daifugo")


def _set_state(room_id, state):
    def change(room, seats, now):
        room.state = state
    return actions.commit(room_id, None, change, by="system")[0]


async def table_room(make_room, state, names=("あき", "ふゆ")):
    """A started room (people first, then CPUs) whose game is ``state``."""
    room, toks = await adb(make_room)(names)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    room = await adb(_set_state)(room.id, state)
    return room, toks


async def tabs_for(room, toks):
    out = []
    for name in toks:
        tab = Tab(room.id)
        await tab.open(toks[name])
        out.append(tab)
    for tab in out:
        await tab.caught_up()  # the later hellos shown: an act's first message is its reply
    return out


async def due_now(room_id, *keys):
    """Make the given timers (all if none given) due and tick the driver once."""
    room = await adb(Room.objects.get)(pk=room_id)
    timers = {k: [t[0], 0 if not keys or k in keys else t[1], *t[2:]] for k, t in room.timers.items()}
    await adb(Room.objects.filter(pk=room_id).update)(timers=timers, deadline=timezone.now())
    return await adb(driver.tick)()


async def room_of(room_id):
    return await adb(Room.objects.get)(pk=room_id)


def eight_cut(stoppers=None, cpu_stoppers=None):
    """あき (0) can play 8s; ふゆ (1) and the CPUs hold what the test asks."""
    hands = {0: ["S8", "H8", "S4", "C5", "D6"], 1: (stoppers or []) + ["S6", "C7", "DK"],
             2: (cpu_stoppers or ["C3"]) + ["D4", "D5", "C6", "HK"], 3: ["C4", "H5", "H6", "SK"]}
    return table(hands=hands, turn=0)


async def test_effect_choice_only_for_sets_that_can_trigger_an_effect(make_room):
    room, toks = await table_room(make_room, eight_cut())
    host, guest = await tabs_for(room, toks)
    form = host.latest("hand-form")
    sets = re.search(r'data-effect-sets="([^"]*)"', form).group(1).split("|")
    s8, h8 = ids(room.state, 0, ["S8", "H8"])
    assert ",".join(map(str, sorted([s8, h8]))) in sets and str(s8) in sets
    assert str(ids(room.state, 0, ["S4"])[0]) not in sets  # a 4 has no effect
    assert "効果を使って出す" in form and "素出しで出す" in form and 'class="primary plain-play"' in form
    # a refused play keeps its cards selected, and the choice is shown for them at once
    await host.act("play", card=[str(s8)], mode="interrupt")
    await host.until(lambda t: "9の割り込みはできません" in t.latest("msg"))
    form = host.latest("hand-form")
    assert f'value="{s8}" checked' in form
    assert re.search(r'class="effect-choice"[^>]*>', form).group(0).endswith('">')  # not hidden
    assert re.search(r'class="primary plain-play"[^>]*hidden', form)
    await host.close(); await guest.close()


async def test_stop_window_for_everyone_and_a_person_stops_it(make_room):
    room, toks = await table_room(make_room, eight_cut(stoppers=["H3"]))
    host, guest = await tabs_for(room, toks)
    s8 = ids(room.state, 0, ["S8"])[0]
    before = time.time()
    await host.act("play", card=[str(s8)], mode="effect")
    await host.caught_up(); await guest.caught_up()
    room = await room_of(room.id)
    w = room.state["window"]
    assert w["kind"] == "stop" and room.timers["-1"][1] - before == pytest.approx(4.0, abs=0.5)
    for tab in (host, guest):
        panel = tab.latest("stop-window")
        assert "あき" in panel and "8切り" in panel and "止める人は？" in panel
        assert f'data-deadline="{int(room.timers["-1"][1] * 1000)}"' in panel  # the same countdown for all
    assert "止める（♥3）" in guest.latest("stop-window")
    assert "止める（" not in host.latest("stop-window")  # only the holder sees that it can stop
    # while the window is open nobody is on turn: the player of the 8 sees no lit hand, no 番
    assert 'class="controls my-turn"' not in host.latest("hand-form") and "turn-mark" not in host.latest("seats")
    # the button names its version (the field comes a frame before #ver): its own values act
    index, version = re.search(r'value="pick" hx-vals=\'\{"index": "(\d+)", "window": "1", "version": "(\d+)"\}\' data-action="stop-stop"',
                               guest.latest("stop-window")).groups()
    assert int(version) == room.version
    await guest.send(act="pick", index=index, window="1", version=version)
    await guest.recv(); await guest.caught_up(); await host.caught_up()
    room = await room_of(room.id)
    assert room.state["window"]["n"] == 1 and len(room.state["window"]["chain"]) == 1
    assert "ふゆ：♥3 で無効化" in host.latest("stop-window")
    assert "ふゆ ♥3 で無効化" in host.latest("log")
    # the counter window is the full length again; the table closes it
    assert room.timers["-1"][1] - time.time() > 3.0
    await due_now(room.id, "-1")
    await host.caught_up(); await guest.caught_up()
    room = await room_of(room.id)
    assert room.state["window"] is None and room.state["field"] is None and room.state["turn"] == 1
    assert "8切りは止められました" in host.latest("log")
    assert 'id="stop-window"' not in host.latest("field")
    await host.close(); await guest.close()


async def test_window_length_and_screen_never_tell_who_holds_stoppers(make_room):
    seen = []
    for cpu_stoppers in ([], ["S3"]):
        room, toks = await table_room(make_room, eight_cut(cpu_stoppers=cpu_stoppers), names=("あき", "ふゆ"))
        host, guest = await tabs_for(room, toks)
        s8 = ids(room.state, 0, ["S8"])[0]
        t = time.time()
        await host.act("play", card=[str(s8)], mode="effect")
        await guest.caught_up(); await host.caught_up()
        room = await room_of(room.id)
        seen.append(round(room.timers["-1"][1] - t))
        panel = re.sub(r'data-(deadline|now)="\d+"', "", guest.latest("stop-window"))
        seen.append(panel)
        await host.close(); await guest.close()
        await adb(Room.objects.all().delete)()
    assert seen[0] == seen[2] == 4 and seen[1] == seen[3]


async def test_cpu_stops_through_the_driver_after_a_thinking_delay(make_room):
    room, toks = await table_room(make_room, eight_cut(cpu_stoppers=["S3"]), names=("あき",))
    host, = await tabs_for(room, toks)
    s8 = ids(room.state, 0, ["S8"])[0]
    t = time.time()
    await host.act("play", card=[str(s8)], mode="effect")
    await host.drain()
    room = await room_of(room.id)
    assert "r2" in room.timers and room.timers["r2"][0].startswith(reactions.PREFIX)
    assert t + 0.9 < room.timers["r2"][1] < t + 3.1  # inside the 4 s window
    assert room.timers["-1"][1] - t == pytest.approx(4.0, abs=0.5)
    assert not any(k.startswith("r") and k != "r2" for k in room.timers)  # nobody else would stop
    assert "r2" not in host.latest("stop-window") and "react" not in "".join(host.messages)
    assert await due_now(room.id, "r2") == 1
    await host.caught_up()
    room = await room_of(room.id)
    assert room.state["window"]["chain"][0]["seat"] == 2
    ev = await adb(lambda: RoomEvent.objects.filter(room=room).order_by("-version").first())()
    assert ev.by == "cpu" and ev.action["type"] == "stop"
    assert "CPU 2 ♠3 で無効化" in host.latest("log")  # seat 2 is the second CPU
    await host.close()


def seven_pass_state():
    return table(hands={0: ["S7", "S4", "C5", "D6", "HK"], 1: ["S6", "C7", "DK"],
                        2: ["D4", "D5", "C6", "HK"], 3: ["C4", "H5", "H6", "SK"]}, turn=0)


async def test_seven_pass_picker_through_the_socket(make_room):
    room, toks = await table_room(make_room, seven_pass_state())
    host, guest = await tabs_for(room, toks)
    s7 = ids(room.state, 0, ["S7"])[0]
    await host.act("play", card=[str(s7)], mode="effect")
    await due_now(room.id, "-1")  # nobody stops: the 7 pass resolves
    await host.caught_up(); await guest.caught_up()
    room = await room_of(room.id)
    assert room.state["pending"] == {"kind": "seven_pass", "seat": 0, "count": 1, "to": 1}
    picker = host.latest("pending-choice")
    assert "7渡し" in picker and "1枚選んで" in picker and "ふゆ に渡してください" in picker
    assert room.timers["-1"][1] - time.time() == pytest.approx(20, abs=1)
    assert 'data-deadline' in picker and "弱いカードから渡します" in picker
    assert "あき が7渡しのカードを選んでいます" in guest.latest("pending-choice")
    assert "選んで渡す (7渡し)" in host.latest("hand-form") and "選んで渡す" not in guest.latest("hand-form")
    # ヒント during the choice (try14: there was none): the engine's pick, checked in the hand
    assert 'value="hint"' in host.latest("hand-form") and 'value="hint"' not in guest.latest("hand-form")
    html = await host.act("hint")
    picked = E.hint(room.state, 0)[0]["action"]["cards"]
    assert 'data-code="hint"' in html and sorted(host.checked()) == sorted(picked)
    kc = ids(room.state, 0, ["HK"])[0]
    await host.act("exchange", kind="give", card=[str(kc)])
    await host.caught_up(); await guest.caught_up()
    room = await room_of(room.id)
    assert kc in room.state["hands"][1] and room.state["pending"] is None
    assert "あき → ふゆ に1枚渡しました" in guest.latest("log")
    assert "HK" in guest.latest("hand-form") or kc in guest.hand()
    await host.close(); await guest.close()


async def test_seven_pass_time_out_gives_the_weakest(make_room):
    room, toks = await table_room(make_room, seven_pass_state())
    host, guest = await tabs_for(room, toks)
    s7 = ids(room.state, 0, ["S7"])[0]
    await host.act("play", card=[str(s7)], mode="effect")
    await due_now(room.id, "-1")
    await due_now(room.id, "-1")  # 20 s later: the table gives the weakest card
    room = await room_of(room.id)
    assert room.state["pending"] is None and ids(room.state, 1, ["S4"])
    assert "S4" in [c["code"] for c in E.view(room.state, 1)["hand"]]
    await host.close(); await guest.close()


def interrupt_state(nines=(0,)):
    """CPU 1 (seat 2) put a single 5 on the field, CPU 2 (seat 3) is to move."""
    hands = {0: ["S4", "C5", "DK"], 1: ["D4", "C6", "SK"], 2: ["D5", "C8", "HK"], 3: ["C4", "H6", "SQ"]}
    for s, nine in zip(nines, ("S9", "H9")):
        hands[s] = [nine] + hands[s]
    return table(hands=hands, field=(2, ["H5"]), turn=3)


async def test_nine_interrupt_button_and_play(make_room):
    room, toks = await table_room(make_room, interrupt_state())
    host, guest = await tabs_for(room, toks)
    form = host.latest("hand-form")
    assert "9で割り込む（♠9）" in form and "9で割り込む" not in guest.latest("hand-form")
    await host.act("interrupt", index="0")
    await host.caught_up(); await guest.caught_up()
    room = await room_of(room.id)
    assert room.state["field"]["by"] == 0 and room.state["turn"] == 1
    assert "あき 9割り込み！" in guest.latest("log")
    await host.close(); await guest.close()


async def test_simultaneous_interrupts_go_to_the_earliest_in_turn_order(make_room):
    # turn is seat 3; in turn order from it, seat 0 comes before seat 1
    room, toks = await table_room(make_room, interrupt_state(nines=(0, 1)))
    host, guest = await tabs_for(room, toks)
    v = str(host.version)
    await guest.send(act="interrupt", version=v, index="0")  # arrives first
    await asyncio.sleep(0.02)
    await host.send(act="interrupt", version=v, index="0")
    await guest.until(lambda t: "ほかの人が先に出しました" in t.latest("msg"))
    await host.until(lambda t: t.version > int(v))  # a play went in
    room = await room_of(room.id)
    assert room.state["field"]["by"] == 0
    assert len(room.state["hands"][1]) == 4  # ふゆ kept her 9
    await host.close(); await guest.close()


async def test_cpu_interrupts_before_the_next_player(make_room):
    state = table(hands={0: ["S4", "C5", "DK"], 1: ["D4", "C6", "SK"], 2: ["S9", "C8"], 3: ["C4", "H6", "SQ"]},
                  field=(0, ["H5"]), turn=1)
    room, toks = await table_room(make_room, state, names=("あき",))
    host, = await tabs_for(room, toks)
    room = await room_of(room.id)
    if "r2" not in room.timers:
        pytest.skip("this CPU would not interrupt here")
    speed = opts.SPEEDS["normal"]
    assert room.timers["r2"][1] - time.time() < speed
    await due_now(room.id, "r2")
    room = await room_of(room.id)
    assert room.state["field"]["by"] == 2
    await host.caught_up()
    assert "CPU 2 9割り込み！" in host.latest("log")
    await host.close()


async def test_host_sets_house_rules_in_the_waiting_room(make_room):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, guest = await tabs_for(room, toks)
    lobby_html = host.latest("lobby")
    assert 'name="rule_five_skip"' in lobby_html and 'name="rule_eight_cut"' in lobby_html
    assert re.search(r'name="rule_eight_cut"[^>]*checked', lobby_html)
    assert not re.search(r'name="rule_five_skip"[^>]*checked', lobby_html)
    switches = {f"rule_{n}": "on" for n in opts.RULE_SWITCHES["daifugo"] if n not in ("eight_cut",)}
    await host.act("options", rules="1", speed="fast", **switches)
    await guest.caught_up()
    assert "5スキップ" in guest.latest("lobby") and re.search(r'なしのルール：<span class="rule off">8切り<', guest.latest("lobby"))
    await host.drain()
    await host.act("start")
    room = await room_of(room.id)
    sp = room.state["rules"]["specials"]
    assert sp["five_skip"] and sp["ten_discard"] and not sp["eight_cut"] and sp["stop"]
    await host.close(); await guest.close()


async def test_practice_windows_scale_with_cpu_speed_and_choices_have_no_limit(db):
    for speed, seconds in (("fast", 3.0), ("slow", 7.5)):  # はやい: never under speeds.PERSON_WINDOW
        room, token = await adb(lobby.practice)("あなた", None, {"speed": speed})
        tab = Tab(room.id)
        await tab.open(token)
        room = await adb(_set_state)(room.id, eight_cut())
        s8 = ids(room.state, 0, ["S8"])[0]
        t = time.time()
        await adb(actions.play)(room.id, 0, room.version, {"type": "play", "cards": [s8], "mode": "effect"})
        room = await room_of(room.id)
        assert room.timers["-1"][1] - t == pytest.approx(seconds, abs=0.3)
    room = await adb(_set_state)(room.id, seven_pass_state())
    s7 = ids(room.state, 0, ["S7"])[0]
    await adb(actions.play)(room.id, 0, room.version, {"type": "play", "cards": [s7], "mode": "effect"})
    await due_now(room.id, "-1")
    room = await room_of(room.id)
    assert room.state["pending"]["seat"] == 0 and "-1" not in room.timers  # practice: no limit
    await tab.close()


async def test_foul_waiting_player_is_shown_waiting_for_a_seven(make_room):
    state = table(hands={0: ["S4", "C5"], 1: [], 2: ["D5", "C8"], 3: ["C4", "H6"]}, turn=0, fouls=[1])
    room, toks = await table_room(make_room, state)
    host, guest = await tabs_for(room, toks)
    assert "反則上がり：7待ち" in host.latest("seats")
    assert "反則上がり：7待ち" in guest.latest("status")
    await host.close(); await guest.close()


async def test_out_of_turn_actions_are_recognised():
    assert outofturn.is_out_of_turn({"type": "stop", "card": 1})
    assert outofturn.is_out_of_turn({"type": "play", "mode": "interrupt", "cards": [1]})
    assert not outofturn.is_out_of_turn({"type": "play", "mode": "effect", "cards": [1]})


async def test_a_guest_sees_the_a_rule_the_host_chose(make_room):
    """try39: in a Guandan waiting room the guest's settings line said nothing of the A rule
    the host picked. It shows the rule's name and its line, and follows the host's change."""
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    host, guest = await tabs_for(room, toks)
    await host.act("options", game="guandan")
    await guest.caught_up()
    html = guest.latest("lobby")
    assert re.search(r'<p class="settings rule-choice">Aのルール <b>A必須 · 競技</b> <small class="rule-desc">[^<]+</small></p>', html)
    await host.drain()
    await host.act("options", a_rule="three_fail_reset")
    await guest.caught_up()
    assert "Aのルール <b>3回失敗で2に戻る</b>" in guest.latest("lobby")
    await host.close()
    await guest.close()
