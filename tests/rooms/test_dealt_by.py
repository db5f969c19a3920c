"""Who dealt the next hand is told to the others (try48: a friend's 次の局へ closed the
result a person was reading, with no word why): 「ふゆ が次の局を始めました。」 under their
hand, in the news colour, until their own first move of that hand; never to the dealer,
never in a match's first hand (tables.core.history.dealt_by, tables.core.screen)."""
import json
import re

import pytest
from django.utils import timezone

from games import get_engine
from games.core.engine import next_move
from games.core.record import HAND_ENDS
from rooms import actions, lobby, tokens
from rooms.models import Room
from rooms.render import screen, stage
from tables.core import history, i18n

PLAYERS = {"daifugo": 4, "doudizhu": 3, "guandan": 4}
NEXT = {"daifugo": "next_game", "doudizhu": "next_hand", "guandan": "next_hand"}


def msg(room, order: int, lang: str = "ja") -> tuple[str, str]:
    """The #msg part of seat ``order``'s table: (its class, its text)."""
    seats = list(room.seats.all())
    me = next(s for s in seats if s.order == order)
    with i18n.use(lang):
        html = stage(screen(room, seats, me, timezone.now()))
    m = re.search(r'<div id="msg" class="([^"]*)"[^>]*>([^<]*)', html, re.S)
    assert m, "the table has its message part"
    return m.group(1), m.group(2).strip()  # its words (前の結果を見る's button and dialog follow)


def play(room_id, until) -> Room:
    """Every seat played by the CPU (rooms.actions.play) until ``until(room)``."""
    for _ in range(5000):
        room = Room.objects.get(pk=room_id)
        if until(room):
            return room
        seat, action = next_move(get_engine(room.game), room.state)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError("the condition never came")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["daifugo", "doudizhu", "guandan"])
def test_the_others_are_told_who_dealt_until_their_first_move(make_room, game):
    room, _ = make_room(("あき", "ふゆ"))
    if game != "daifugo":
        lobby.set_options(room.id, 0, {"game": game}, Room.objects.get(pk=room.id).version)
    for _ in range(PLAYERS[game] - 2):
        lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    assert history.dealt_by(room.hand, 0) is None  # the match's first hand: the host started it
    assert msg(room, 0)[1] == ""

    room = play(room.id, lambda r: r.state["phase"] in HAND_ENDS)
    fuyu = next(s.order for s in room.seats.all() if s.name == "ふゆ")
    aki = next(s.order for s in room.seats.all() if s.name == "あき")
    actions.play(room.id, fuyu, room.version, {"type": NEXT[game]})
    room = Room.objects.get(pk=room.id)

    words = "次の局" if game != "daifugo" else "次のラウンド"
    cls, text = msg(room, aki)
    assert text == f"ふゆ が{words}を始めました。" and "error" not in cls.split()
    assert msg(room, aki, "en")[1] == f"ふゆ started the next {'round' if game == 'daifugo' else 'hand'}."
    assert msg(room, aki, "zh-hans")[1] == "ふゆ 开始了下一局。"
    assert msg(room, fuyu)[1] == ""  # the dealer knows
    with i18n.use("en"):  # beside it, the way to the result it closed (static/table.js fills it)
        seats = list(room.seats.all())
        html = stage(screen(room, seats, next(s for s in seats if s.order == aki), timezone.now()))
    assert "data-last-result hidden>See the last result</button>" in html and '<dialog class="last-result"' in html
    cpus = [s.order for s in room.seats.all() if not s.is_human]
    assert all(history.dealt_by(room.hand, c) == (fuyu, NEXT[game]) for c in cpus)

    room = play(room.id, lambda r: any(s == aki for s, _ in r.hand["actions"][1:]))
    assert msg(room, aki)[1] == ""  # gone with her first move of the hand


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_two_friends_dealing_at_once_the_later_is_shown_the_new_hand_quietly(make_room):
    """try52: あき and ふゆ pressed 次の局へ at the same moment; the slower press was refused
    with "画面が古くなっていました…もう一度どうぞ", though the hand it asked for was already
    dealt. Its button says it deals (``"deal": "1"``), so it is shown the new hand quietly,
    told who dealt (tables.core.moves.repeats)."""
    from channels.db import database_sync_to_async as adb

    from room_tabs import Tab

    def at_the_result():
        room, toks = make_room(("あき", "ふゆ"))
        lobby.set_options(room.id, 0, {"game": "doudizhu"}, Room.objects.get(pk=room.id).version)
        lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
        lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
        room = play(room.id, lambda r: r.state["phase"] in HAND_ENDS)
        return room, toks

    room, toks = await adb(at_the_result)()
    tabs = {n: Tab(room.id) for n in ("あき", "ふゆ")}
    for n, t in tabs.items():
        await t.open(toks[n])
        await t.caught_up()
    deal = re.search(r'hx-vals=\'(\{[^\']*"deal": "1"\})\' data-action="next_hand"', tabs["あき"].latest("result"))
    assert deal, "次の局へ says it deals"
    fields = json.loads(deal.group(1))
    version = str(tabs["ふゆ"].version)
    await tabs["ふゆ"].send(act="pick", version=version, **fields)
    await tabs["ふゆ"].recv()
    assert (await adb(Room.objects.get)(pk=room.id)).state["hand_no"] == 2  # ふゆ dealt
    n = len(tabs["あき"].messages)
    await tabs["あき"].send(act="pick", version=version, **fields)  # the same moment: one version behind
    await tabs["あき"].ping()  # its press answered
    seen = "".join(tabs["あき"].messages[n:])
    assert 'data-code="stale"' not in seen and "画面が古く" not in seen, seen[-400:]
    assert "ふゆ が次の局を始めました。" in tabs["あき"].latest("msg")
    assert (await adb(Room.objects.get)(pk=room.id)).state["hand_no"] == 2  # one deal, not two
    for t in tabs.values():
        await t.close()


@pytest.mark.django_db
def test_the_others_are_told_who_left_until_their_next_move(make_room):
    """try52: a friend leaving mid-game showed only as "ぼたん (CPU)" on their seat. The others
    read who left, in the news colour, until their own next move of that hand; never once
    another hand is dealt (rooms.lobby.leave, tables.core.screen._left_notice)."""
    room, _ = make_room(("あき", "ふゆ"))
    for _ in range(2):
        lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    aki = next(s.order for s in room.seats.all() if s.name == "あき")
    fuyu = next(s.order for s in room.seats.all() if s.name == "ふゆ")
    assert msg(room, aki)[1] == ""
    lobby.leave(room.id, fuyu)
    room = Room.objects.get(pk=room.id)
    cls, text = msg(room, aki)
    assert text == "ふゆ が退出しました。この席はCPUが最後まで打ちます。" and "error" not in cls.split()
    assert msg(room, aki, "en")[1] == "ふゆ left. A CPU plays their seat to the end."
    assert msg(room, aki, "zh-hans")[1] == "ふゆ 已退出。该座位由CPU打到最后。"
    room = play(room.id, lambda r: any(s == aki for s, _ in r.hand["actions"]))
    assert msg(room, aki)[1] == ""  # gone with her next move


@pytest.mark.django_db
def test_a_removed_person_is_said_removed_and_a_stand_in_goes_at_the_lobby(make_room):
    """try53: a person the host removed was announced as having left; and a friend who had
    left found the waiting room full after the match (3 / 3, "ふゆ (CPU)" still seated). The
    others read that the host removed them; the stand-ins go when the host ends the match,
    and the friend who left comes back in."""
    room, _ = make_room(("あき", "ふゆ", "なつ"))
    lobby.set_options(room.id, 0, {"game": "doudizhu"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    order = {s.name: s.order for s in room.seats.all()}
    lobby.remove(room.id, order["あき"], order["なつ"], room.version)
    room = Room.objects.get(pk=room.id)
    assert msg(room, order["あき"])[1] == "なつ はホストに外されました。この席はCPUが最後まで打ちます。"
    assert msg(room, order["ふゆ"], "en")[1] == "The host removed なつ. A CPU plays their seat to the end."
    lobby.leave(room.id, order["ふゆ"])
    room = play(room.id, lambda r: r.state["phase"] in HAND_ENDS)
    lobby.to_lobby(room.id, order["あき"], room.version)
    room = Room.objects.get(pk=room.id)
    assert [s.name for s in room.seats.all()] == ["あき"]  # ふゆ (CPU) and なつ (CPU) gone
    key = room.key
    back, _ = lobby.enter(key, "ふゆ", tokens.digest("browser-1-" + "x" * 20))
    assert sorted(s.name for s in Room.objects.get(pk=room.id).seats.all()) == ["あき", "ふゆ"]
