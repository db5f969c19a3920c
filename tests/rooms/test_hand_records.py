"""A room's finished hands are recorded through the one recorder (tables.core.history) as
the server applies actions (rooms.actions.play), replay with the engine alone, keep the
deal's seed and secret out of every page while the hand is played, and go with the room
(issue 17)."""
import datetime
import asyncio
import re
import json

import pytest
from django.utils import timezone

from games import get_engine
from games.core.engine import next_move
from games.core.record import commitment, replay, states
from rooms import actions, driver, lobby
from rooms.models import HandRecord, Room
from rooms.render import screen, stage

from tests.rooms.test_forget_on_disk import readable


def play_until(room_id, hands: int, check=None) -> Room:
    """Play every seat by the CPU through rooms.actions.play until ``hands`` records exist."""
    for _ in range(5000):
        room = Room.objects.get(pk=room_id)
        if HandRecord.objects.filter(room=room).count() >= hands:
            return room
        if check:
            check(room)
        seat, action = next_move(get_engine(room.game), room.state)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError("the hands did not end")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["daifugo", "doudizhu"])
def test_finished_hands_are_kept_and_replay_to_their_final_state(make_room, game):
    room, _ = make_room(("あき",))
    if game != "daifugo":
        lobby.set_options(room.id, 0, {"game": game}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    first = Room.objects.get(pk=room.id).hand
    assert first["commitment"] == commitment(first["secret"], first["seed"])

    def secrets_stay_hidden(room):
        seats = list(room.seats.all())
        html = stage(screen(room, seats, seats[0], timezone.now()))
        assert room.hand["secret"] not in html and str(room.hand["seed"]) not in html

    room = play_until(room.id, 2, secrets_stay_hidden)
    records = [h.record for h in HandRecord.objects.filter(room=room).order_by("no")]
    assert [r["no"] for r in records] == [1, 2]
    assert records[0]["seed"] == first["seed"] and records[0]["commitment"] == first["commitment"]
    assert records[1]["seed"] != records[0]["seed"]
    for r in records:
        assert replay(r, get_engine)["game"] == game
    assert [p["no"] for p in room.hand["past"]] == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_a_rooms_records_are_gone_after_it_expires(make_room):
    from django.db import connection
    room, _ = make_room(("あき",))
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    play_until(room.id, 1)
    secret = HandRecord.objects.get().record["secret"]
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        assert readable(secret)  # the test can see it while the room lives
    Room.objects.update(empty_since=timezone.now() - datetime.timedelta(hours=1))
    driver.housekeeping()
    assert not Room.objects.exists() and not HandRecord.objects.exists()
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        assert readable(secret) == []


def hosted_and_played(client, passphrase: str, hands: int) -> Room:
    """あき enters a room by ``passphrase`` through the top page, starts it alone with CPUs,
    and ``hands`` hands are played to their end (:func:`play_until`): the room then."""
    client.post("/rooms/enter/", {"name": "あき", "passphrase": passphrase})
    room = Room.objects.get()
    lobby.start(room.id, 0, room.version)
    return play_until(room.id, hands)


@pytest.mark.django_db
def test_a_seat_holder_opens_a_finished_hand_and_nobody_else_can(client):
    from rooms import tokens
    room = hosted_and_played(client, "再生 みる", 1)
    version = room.version
    page = client.get(f"/rooms/{room.id}/hands/1/")
    html = page.content.decode()
    assert page.status_code == 200 and "検証済み" in html and 'id="replay-file"' in html
    names = html.split('id="replay-names" type="application/json">')[1].split("</script>")[0]
    assert json.loads(names)[0] == "あき"  # offered for 名前を残す, never in the record itself
    assert "あき" not in html.split('id="replay-file"')[1].split("</script>")[0]
    assert "\\u3042\\u304d" not in html.split('id="replay-file"')[1].split("</script>")[0]
    frag = client.get(f"/rooms/{room.id}/hands/1/?frag=1&step=3")
    assert frag.content.decode().startswith('<section id="replay"') and 'data-step="3"' in frag.content.decode()
    assert "あき" in frag.content.decode() and "席1" not in frag.content.decode()  # the room's people see names
    assert page["Referrer-Policy"] == "same-origin"  # (the language switch's POST keeps its origin)
    assert Room.objects.get(pk=room.id).version == version  # seeing a replay changes nothing
    stranger = type(client)()
    stranger.cookies[tokens.BROWSER_COOKIE] = tokens.new_token()
    assert stranger.get(f"/rooms/{room.id}/hands/1/").status_code == 404
    assert client.get(f"/rooms/{room.id}/hands/2/").status_code == 404


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_socket_shows_the_commitment_then_lists_the_finished_hand(make_room):
    """Over the room socket: the deal's commitment is on the table while the hand is played
    (its seed and secret never are); once the hand ends its record exists, the table lists
    it under これまでの局を再生 with a link to its replay, and the record's commitment is the
    one the table showed."""
    from channels.db import database_sync_to_async as adb

    from rooms.models import Seat
    from room_tabs import Tab, tick_due

    room, toks = await adb(make_room)(("あき",))
    room = await adb(Room.objects.get)(pk=room.id)
    await adb(lobby.start)(room.id, 0, room.version)
    await adb(Seat.objects.filter(name="あき").update)(auto=True)  # the CPU plays for her too
    room = await adb(Room.objects.get)(pk=room.id)
    tab = Tab(room.id)
    first = await tab.open(toks["あき"])
    shown = re.search(r"data-commitment>([0-9a-f]{64})<", first).group(1)
    assert shown == room.hand["commitment"]
    loop = asyncio.get_running_loop()
    until = loop.time() + 120  # by the clock, not by a count of ticks: under a full run's load a
    while loop.time() < until:  # tick can find nothing due yet (800 ticks once ended before the hand did)
        room = await adb(Room.objects.get)(pk=room.id)
        if await adb(HandRecord.objects.filter(room_id=room.id).exists)():
            break
        await tick_due(room)
        await tab.drain(0.01)
    await tab.caught_up()  # the hand's end shown
    record = (await adb(HandRecord.objects.get)(room_id=room.id)).record
    everything = "".join(tab.messages)
    assert record["commitment"] == shown and f'href="/rooms/{room.id}/hands/1/"' in everything
    before_end = everything.split(f'href="/rooms/{room.id}/hands/1/"')[0]
    assert record["secret"] not in before_end and f">{record['seed']}<" not in before_end
    # the history part that lists the finished hand no longer calls its commitment this hand's (try35)
    listing = everything[everything.rindex('id="history"'):]
    assert f'href="/rooms/{room.id}/hands/1/"' in listing and f"data-commitment>{shown}<" not in listing
    await tab.close()


@pytest.mark.django_db
def test_a_replay_never_names_a_seat_after_someone_who_sat_there_later(client):
    """try14: after the roster changed, a replay named CPU 2's seat after a friend who
    came later. The record keeps the ids of the seats that played it: a seat still in the
    room is named, a CPU's seat gone since keeps the CPU's own name the record kept (try50:
    席3, 席4 for the CPUs removed to change the game)."""
    from rooms import tokens

    room = hosted_and_played(client, "再生 なまえ", 1)
    names = [s.name for s in room.seats.order_by("order")]
    assert names[0] == "あき" and len(names) == 4
    lobby.to_lobby(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.remove(room.id, 0, 1, Room.objects.get(pk=room.id).version)  # names[1]'s seat goes
    key = Room.objects.get(pk=room.id).key
    lobby.enter(key, "かず", tokens.digest("browser-kazu-" + "x" * 20))
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)  # renumbered: かず sits in a seat of hand 1
    assert "かず" in [s.name for s in Room.objects.get(pk=room.id).seats.all()]
    frag = client.get(f"/rooms/{room.id}/hands/1/?frag=1").content.decode()
    page = client.get(f"/rooms/{room.id}/hands/1/").content.decode()
    shown = json.loads(page.split('id="replay-names" type="application/json">')[1].split("</script>")[0])
    assert names[1] == "CPU 1" and shown == names  # CPU 1's seat is gone: the record named it
    assert "かず" not in frag and "かず" not in page
    assert ">CPU 1<" in frag and "席2" not in frag


@pytest.mark.django_db
def test_step_0_of_a_rooms_later_hand_is_its_deal(client):
    """try14: the room's second hand opened on the first one's final table under 配札."""
    room = hosted_and_played(client, "再生 はいさつ", 2)
    record = HandRecord.objects.get(room=room, no=2).record
    dealt = states(record, get_engine)[1]  # after the deal action (states[0]: hand 1's end)
    frag = client.get(f"/rooms/{room.id}/hands/2/?frag=1").content.decode()
    assert f'data-step="0" data-last="{len(record["actions"]) - 1}"' in frag
    for seat in range(4):
        part = re.search(rf'data-seat-hand="{seat}".*?(?=data-seat-hand="|\Z)', frag, re.S).group(0)
        assert {int(i) for i in re.findall(r'name="card" value="(\d+)"', part)} == set(dealt["hands"][seat])


def _viewer_title(html: str) -> str:
    return re.search(r'<section id="replay".*?<h2>(.*?)</h2>', html, re.S).group(1)


@pytest.mark.django_db
def test_a_hand_is_numbered_as_the_table_showed_it(client):
    """try14: after a new match the room's 3rd hand is the match's first (第1ゲーム on the
    table); its replay was titled 第3局 above the table's 第1ゲーム, and the table's link
    said 第3局の再生. The page, the viewer and the table's link say 1 in the game's own
    words (try50: 第Nゲーム for Daifugō, with the game's name); the address keeps the room's
    count, and the list tells the matches apart (try50: 第1局, 第2局, 第1局 read as one)."""
    from rooms.render import screen

    room = hosted_and_played(client, "再生 ばんごう", 2)
    lobby.new_match(room.id, 0, Room.objects.get(pk=room.id).version)
    room = play_until(room.id, 3)
    assert HandRecord.objects.get(room=room, no=3).record["no"] == 3
    assert [HandRecord.objects.get(room=room, no=n).record["match"] for n in (1, 2, 3)] == [1, 1, 2]
    page = client.get(f"/rooms/{room.id}/hands/3/").content.decode()
    assert "<title>オリジナル大富豪　第1ゲームの再生" in page
    assert "オリジナル大富豪　第1ゲームの再生" in _viewer_title(page) and "第2試合" in _viewer_title(page)
    assert "第3局" not in page and "第3ゲーム" not in page
    second = client.get(f"/rooms/{room.id}/hands/2/").content.decode()
    assert "<title>オリジナル大富豪　第2ゲームの再生" in second and "第1試合" in _viewer_title(second)
    seats = list(room.seats.all())
    html = stage(screen(room, seats, seats[0], timezone.now()))
    listing = html[html.index('id="history"'):]
    # newest match first, each hand named by its game and number; the commitment only in the title
    assert re.findall(r'<h4 class="past-match"[^>]*>([^<]+)<|data-hand="(\d)"[^>]*>([^<]+)<', listing) == [
        ("第2試合", "", ""), ("", "3", "オリジナル大富豪　第1ゲーム"),
        ("第1試合", "", ""), ("", "2", "オリジナル大富豪　第2ゲーム"), ("", "1", "オリジナル大富豪　第1ゲーム")]
    first = HandRecord.objects.get(room=room, no=1).record["commitment"]
    assert f'title="コミットメント {first}"' in listing and f"<code>{first[:12]}" not in listing
    english = client.get(f"/rooms/{room.id}/hands/3/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<title>Replay: Tycoon (original Daifugō) · Round 1" in english and "Match 2" in _viewer_title(english)
    chinese = client.get(f"/rooms/{room.id}/hands/3/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "<title>大富豪（原创规则）　第1局回放" in chinese and "第2场比赛" in _viewer_title(chinese)
    from tables.core import i18n
    for lang, words in (("en", ["Match 2", "Tycoon (original Daifugō) · Round 1", "Match 1"]),
                        ("zh-hans", ["第2场比赛", "大富豪（原创规则）　第1局", "第1场比赛"])):
        with i18n.use(lang):
            listing = stage(screen(room, seats, seats[0], timezone.now()))
        listing = listing[listing.index('id="history"'):]
        assert all(w in listing for w in words), lang


@pytest.mark.django_db
def test_hands_of_two_games_are_named_by_game_and_keep_their_cpus_names(client):
    """try50: a room played Daifugō with 4, went back to the waiting room, removed a CPU
    and played Dou Dizhu. Its list read 第1局の再生 twice with no game, and the Daifugō
    hand's replay called the CPUs 席3, 席4 once their seats had gone."""
    from rooms.render import screen

    room = hosted_and_played(client, "再生 ふたつ", 1)
    lobby.to_lobby(room.id, 0, Room.objects.get(pk=room.id).version)
    for order in (3, 2, 1):  # the CPUs go (Dou Dizhu seats 3: the host adds them back)
        lobby.remove(room.id, 0, order, Room.objects.get(pk=room.id).version)
    lobby.set_options(room.id, 0, {"game": "doudizhu"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    room = play_until(room.id, 2)
    assert [s.name for s in room.seats.order_by("order")] == ["あき", "CPU 1", "CPU 2"]  # new seats
    frag = client.get(f"/rooms/{room.id}/hands/1/?frag=1").content.decode()
    assert all(f"<h3>CPU {n}</h3>" in frag for n in (1, 2, 3)) and "席" not in frag
    seats = list(room.seats.all())
    html = stage(screen(room, seats, seats[0], timezone.now()))
    listing = html[html.index('id="history"'):]
    assert re.findall(r'data-hand="(\d)"[^>]*>([^<]+)<', listing) == [("2", "闘地主　第1局"),
                                                                        ("1", "オリジナル大富豪　第1ゲーム")]
    assert "第2試合" in listing and "第1試合" in listing


@pytest.mark.django_db
def test_the_replay_links_back_to_the_room_and_says_whether_the_seat_is_held(client):
    """try14: the replay page had no way back to the room. It links to the room's page
    (which finds the seat again); ?held=1 tells the page's script whether a live tab holds
    this browser's seat (then 部屋に戻る closes the replay's tab: test_browser_replay)."""
    from rooms.models import Seat

    room = hosted_and_played(client, "再生 もどる", 1)
    page = client.get(f"/rooms/{room.id}/hands/1/").content.decode()
    back = re.search(r'<a class="button" href="([^"]+)" data-back-to-room>([^<]+)</a>', page)
    assert back and back.group(1) == f"/rooms/{room.id}/" and "部屋に戻る" in back.group(2)
    assert client.get(f"/rooms/{room.id}/hands/1/?held=1").content == b"0"  # no tab holds it
    Seat.objects.filter(room=room, name="あき").update(channel_name="x.room-tab", seen_at=timezone.now())
    held = client.get(f"/rooms/{room.id}/hands/1/?held=1")
    assert held.content == b"1" and held["Cache-Control"] == "no-store"
    Seat.objects.filter(room=room, name="あき").update(seen_at=timezone.now() - datetime.timedelta(minutes=5))
    assert client.get(f"/rooms/{room.id}/hands/1/?held=1").content == b"0"  # its lease lapsed
    english = client.get(f"/rooms/{room.id}/hands/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Back to the room" in english


@pytest.mark.django_db
def test_a_record_older_than_its_seat_ids_labels_every_seat(client):
    """A record kept before hands kept their seat ids (seats []), or with fewer ids than
    seats, names no seat from the room: 席N for each one it lacks (the CPU's own name when
    the record keeps it, ``cpus``)."""
    room = hosted_and_played(client, "再生 ふるい", 1)
    hand = HandRecord.objects.get(room=room)

    def shown():
        page = client.get(f"/rooms/{room.id}/hands/1/").content.decode()
        return json.loads(page.split('id="replay-names" type="application/json">')[1].split("</script>")[0])

    names = [s.name for s in room.seats.order_by("order")]
    assert hand.record["cpus"] == [None, "CPU 1", "CPU 2", "CPU 3"]  # あき's name is never in it
    HandRecord.objects.filter(pk=hand.pk).update(seats=[])
    assert shown() == ["席1", "CPU 1", "CPU 2", "CPU 3"]
    older = {k: v for k, v in hand.record.items() if k != "cpus"}  # a record from before cpus
    HandRecord.objects.filter(pk=hand.pk).update(seats=[], record=older)
    assert shown() == ["席1", "席2", "席3", "席4"]
    HandRecord.objects.filter(pk=hand.pk).update(seats=hand.seats[:2])
    assert shown() == [names[0], names[1], "席3", "席4"]
