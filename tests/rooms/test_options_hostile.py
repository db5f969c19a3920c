"""Hostile waiting-room ``options`` messages: every field checked by type and range
(tables.core.options.validate), NaN/Infinity refused when the message is decoded. Each is answered
with a refusal by the hand, changes nothing and logs no error (issue 15 #6: lists, objects,
±Infinity and 1e400 used to raise, 159 tracebacks from 1,020 messages)."""
import json
import logging

import pytest
from channels.db import database_sync_to_async as adb

from tables.core import options as opts
from tables.core.errors import Refused
from rooms.models import Room

from room_tabs import Tab

HOSTILE = [
    {"speed": ["fast"]}, {"speed": {"a": 1}}, {"game": ["daifugo"]}, {"game": {"x": 1}},
    {"a_rule": ["a_required"]}, {"a_rule": {"x": 1}}, {"players": [4]}, {"players": {"n": 4}},
    {"players": 1e400}, {"turn_limit": 1e400}, {"players": 4.5}, {"turn_limit": 30.0},
    {"players": "99999999999999999999"}, {"turn_limit": "１２"}, {"players": True},
    {"rules": ["1"]}, {"rule_stop": {"on": 1}}, {"rule_stop": "x" * 100}, {"speed": "warp"},
]
RAW = ['{"act": "options", "version": "%d", "players": NaN}',
       '{"act": "options", "version": "%d", "turn_limit": Infinity}',
       '{"act": "options", "version": "%d", "players": -Infinity}']


@pytest.mark.parametrize("data", HOSTILE, ids=lambda d: json.dumps(d)[:40])
def test_validate_refuses_wrong_types_and_ranges(data):
    with pytest.raises(Refused) as exc:
        opts.validate(data)
    assert exc.value.code == "bad_option" and next(iter(data)) in exc.value.ja


def test_validate_accepts_what_the_waiting_room_sends():
    form = {"game": "guandan", "players": "4", "speed": "fast", "turn_limit": "0", "rules": "1",
            "rule_stop": "on", "a_rule": "three_fail_reset"}
    assert opts.validate(form) is form
    assert opts.validate({"players": 6, "turn_limit": 60, "rule_eight_cut": True}) is not None


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_hostile_options_are_refused_in_place_and_log_nothing(make_room, caplog):
    room, toks = await adb(make_room)(("あき", "ふゆ"))
    tab = Tab(room.id)
    await tab.open(toks["あき"])
    await tab.drain()
    before = await adb(Room.objects.get)(pk=room.id)
    caplog.set_level(logging.ERROR)
    messages = [json.dumps({"act": "options", "version": str(before.version), **d}) for d in HOSTILE]
    messages += [raw % before.version for raw in RAW]
    for text in messages:
        await tab.comm.send_to(text_data=text)
        reply = await tab.recv()
        assert 'id="msg"' in reply and "error" in reply, text
        await tab.drain(0.05)
    after = await adb(Room.objects.get)(pk=room.id)
    assert (after.version, after.options, after.game) == (before.version, before.options, before.game)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # a proper change still goes through
    await tab.send(act="options", version=str(after.version), speed="fast", turn_limit="30")
    await tab.until(lambda t: t.version > after.version)  # its reply
    changed = await adb(Room.objects.get)(pk=room.id)
    assert changed.options["speed"] == "fast" and changed.options["turn_limit"] == 30
    await tab.close()


@pytest.mark.parametrize("lang,data,said", [
    ("ja", {"game": ["x"]}, "設定「ゲーム」の値が正しくありません。"),
    ("en", {"turn_limit": 7}, "The setting 'Time per turn' has an invalid value."),
    ("en", {"rule_eight_cut": {"x": 1}}, "The setting '8-cut (hachi-giri)' has an invalid value."),
    ("zh-hans", {"speed": "warp"}, "设置“电脑速度”的值不正确。"),
    ("en", {"rule_nothing": {"x": 1}}, "The setting 'rule_nothing' has an invalid value."),
])
def test_the_refusal_names_the_setting_as_the_waiting_room_does(lang, data, said):
    from tables.core import i18n
    from tables.core.words import notice_text
    with pytest.raises(Refused) as exc:
        opts.validate(data)
    notice = exc.value.as_dict()
    with i18n.use(lang):
        assert notice_text("daifugo", notice) == said
