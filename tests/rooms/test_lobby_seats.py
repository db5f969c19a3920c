"""Seats in the waiting room and at the table: the table grows with the people who enter,
a browser that comes back by passphrase gets its own seat back, おまかせ can be ended and
lasts until its person acts, a removed person stays out, and socket numbers are whole
numbers (from fresh users' reports)."""
import pytest
from channels.db import database_sync_to_async as adb

from games import get_engine
from games.core.engine import step
from rooms import actions, lobby, passphrase, tokens
from tables.core import errors, intents
from rooms.models import Room, Seat

from room_tabs import Tab

KEY = passphrase.room_key(passphrase.normalise("さくら もち 7"))


def _enter(name, browser):
    return lobby.enter(KEY, name, tokens.digest(f"browser-{browser}-" + "x" * 20))


@pytest.mark.django_db
def test_people_beyond_the_chosen_count_grow_the_table_and_all_are_dealt_in():
    for i, name in enumerate(["A", "B", "C", "D", "E"]):
        room, _ = _enter(name, i)
    room = Room.objects.get(pk=room.id)
    assert room.options["players"] == 5 and room.seats.count() == 5
    lobby.start(room.id, 0, room.version, seed="grow")
    room = Room.objects.get(pk=room.id)
    assert room.state["players"] == 5 and sorted(room.seats.values_list("order", flat=True)) == [0, 1, 2, 3, 4]
    with pytest.raises(errors.IllegalAction):
        _enter("F", 9)  # a game in progress takes nobody new


@pytest.mark.django_db
def test_up_to_the_games_maximum_only():
    for i in range(6):
        room, _ = _enter(f"P{i}", i)
    with pytest.raises(errors.IllegalAction) as exc:
        _enter("P6", 6)
    assert exc.value.code == "room_full"


@pytest.mark.django_db
def test_a_browser_entering_again_takes_back_its_own_disconnected_seat():
    room, host_token = _enter("Sam", 0)
    _enter("Kim", 1)
    again, token = _enter("Sam", 0)  # Back, then the same name + passphrase from the top page
    assert again.id == room.id and token is None  # the page takes the seat back by cookie
    assert list(Seat.objects.filter(room=room).values_list("name", "is_host")) == [("Sam", True), ("Kim", False)]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_omakase_ends_by_button_and_lasts_through_the_next_game():
    room, _ = await adb(_enter)("A", 0)
    _, tok_b = await adb(_enter)("B", 1)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version, seed="auto")
    await adb(Seat.objects.filter(room=room, name="B").update)(auto=True, timeouts=2)
    tab = Tab(room.id)
    html = await tab.open(tok_b)
    assert "おまかせをやめる" in html
    html = await tab.act("resume")
    seat = await adb(Seat.objects.get)(room=room, name="B")
    assert not seat.auto and seat.timeouts == 0 and "おまかせをやめる" not in tab.latest("leave").split('id="leave"')[-1]
    await tab.close()
    # おまかせ lasts until its person acts (rules/daifugo.md "Time"): the next game at the
    # table keeps B on it (try38: a person who walked away held every new hand up for two
    # turn limits); A, who pressed 次のゲーム, acted and is on their own
    await adb(Seat.objects.filter(room=room).update)(auto=True, timeouts=2)
    room = await adb(Room.objects.get)(pk=room.id)
    engine, state = get_engine("daifugo"), room.state
    while not engine.is_over(state):
        state, _ = step(engine, state)
    await adb(Room.objects.filter(pk=room.id).update)(state=state, version=room.version + 1)
    await adb(actions.play)(room.id, 0, room.version + 1, {"type": "next_game"})
    b = await adb(Seat.objects.get)(room=room, name="B")
    a = await adb(Seat.objects.get)(room=room, name="A")
    assert b.auto and b.timeouts == 2
    assert not a.auto and a.timeouts == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_omakase_lasts_into_a_game_started_from_the_waiting_room():
    """try39: back in the waiting room, a new game cleared おまかせ, and a person who had
    walked away cost everyone two turn limits again. It lasts (rules/daifugo.md "Time":
    until the player acts again); the waiting room shows it to everyone and offers its
    person おまかせをやめる."""
    room, _ = await adb(_enter)("A", 0)
    _, tok_b = await adb(_enter)("B", 1)
    await adb(Seat.objects.filter(room=room, name="B").update)(auto=True, timeouts=2)
    tab = Tab(room.id)
    html = await tab.open(tok_b)
    assert "おまかせをやめる" in html and 'class="badge auto"' in html
    await tab.act("resume")  # its person can end it there
    assert not (await adb(Seat.objects.get)(room=room, name="B")).auto
    assert "おまかせをやめる" not in tab.latest("leave").split('id="leave"')[-1]
    await tab.close()
    await adb(Seat.objects.filter(room=room, name="B").update)(auto=True, timeouts=2)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version, seed="s")
    assert (await adb(Seat.objects.get)(room=room, name="B")).auto


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 1.5, True, "1e3", "١٢", None, [], {}])
def test_socket_numbers_must_be_whole_numbers(value):
    for parse in (lambda: intents.version({"version": value}), lambda: intents.cards({"card": [value]}),
                  lambda: intents.small_int({"index": value}, "index")):
        with pytest.raises(errors.IllegalAction):
            parse()
    assert intents.version({"version": "12"}) == 12 and intents.cards({"card": ["5", 7]}) == [5, 7]


@pytest.mark.django_db
def test_a_removed_person_cannot_join_the_room_again():
    """try38: the host removed 小陈 in the waiting room and 小陈 was straight back in with the
    same name and passphrase. The removed browser is refused by passphrase and by the link,
    in the waiting room and after a match it was removed from; other browsers still join."""
    room, _ = _enter("Host", 0)
    _enter("小陈", 1)
    lobby.remove(room.id, 0, 1, Room.objects.get(pk=room.id).version)
    for again in (lambda: _enter("小陈", 1), lambda: lobby.join(room.id, "小陈", tokens.digest("browser-1-" + "x" * 20))):
        with pytest.raises(errors.IllegalAction) as exc:
            again()
        assert exc.value.code == "removed_here"
    assert list(Seat.objects.filter(room=room).values_list("name", flat=True)) == ["Host"]
    _enter("Ben", 2)  # another browser still joins
    lobby.remove(room.id, 0, 1, Room.objects.get(pk=room.id).version)  # (Ben's seat)
    _enter("Kim", 3)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="out")
    lobby.remove(room.id, 0, 1, Room.objects.get(pk=room.id).version)  # Kim, mid-match: a CPU plays on
    room = Room.objects.get(pk=room.id)
    engine, state = get_engine("daifugo"), room.state
    while not engine.is_over(state):
        state, _ = step(engine, state)
    Room.objects.filter(pk=room.id).update(state=state, version=room.version + 1)
    lobby.to_lobby(room.id, 0, room.version + 1)
    for browser, name in ((1, "小陈"), (2, "Ben"), (3, "Kim")):
        with pytest.raises(errors.IllegalAction) as exc:
            _enter(name, browser)
        assert exc.value.code == "removed_here"
    room, token = _enter("Mei", 4)
    assert token and Room.objects.get(pk=room.id).removed == [tokens.digest(f"browser-{b}-" + "x" * 20) for b in (1, 2, 3)]



@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_removed_persons_browser_at_the_door_is_told_so():
    """try39: opening the room's link mid-game after being removed showed the general "a game
    is under way: wait, or open it in the browser you played on to get your seat back",
    which they cannot. Their browser is told it was removed, and nothing else; another
    browser still gets the general words."""
    room, _ = await adb(_enter)("Host", 0)
    await adb(_enter)("Bob", 1)
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version, seed="door")
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.remove)(room.id, 0, 1, room.version)
    bob = Tab(room.id, bid="browser-1-" + "x" * 20)
    html = await bob.open()
    assert "ホストにこの部屋から外されたので、この部屋にはもう入れません。" in html and "自分の席に戻れます" not in html
    await bob.close()
    other = Tab(room.id, bid="browser-9-" + "x" * 20)
    html = await other.open()
    assert "自分の席に戻れます" in html and "外されたので" not in html
    await other.close()
