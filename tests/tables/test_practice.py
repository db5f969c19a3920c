"""The browser's practice table (tables/practice.py) in CPython: whole games of each kind
to the result through the socket protocol, saves that continue, and hostile messages
that change nothing."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from games import get_engine
from tables.practice import PracticeTable, YOU

GAMES = {"daifugo": {"players": "4"}, "guandan": {}, "doudizhu": {}}


def send(table, now, **msg):
    return table.receive(json.dumps(msg), now)


def play_to_result(table, now=1000.0, limit=4000):
    """Press 自動プレイ on your turns, 次へ on results, and let the CPUs' timers run; stop at
    the first finished hand. Returns the frames seen."""
    engine = get_engine(table.room.game)
    frames = send(table, now, act="hello", token=None)
    for _ in range(limit):
        if engine.is_over(table.room.state):
            return frames
        if YOU in engine.actors(table.room.state):
            frames += send(table, now, act="auto", version=str(table.room.version))
        else:
            due = table.next_due()
            assert due is not None, "the table waits for nobody"
            now = max(now, due)
            frames += table.tick(now)
    raise AssertionError("no result")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_plays_to_the_result(game):
    table = PracticeTable(game, GAMES[game], seed="whole1")
    frames = play_to_result(table)
    assert frames[0].startswith('<div id="stage"') and 'id="hand-form"' in frames[0]
    assert all('id="ver" data-version=' in f for f in frames)
    assert 'id="result"' in "".join(frames)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_continues_exactly_where_it_was(game):
    table = PracticeTable(game, GAMES[game], seed="save1")
    send(table, 1.0, act="hello")
    for t in range(2, 40):  # a few moves in
        if YOU in get_engine(game).actors(table.room.state):
            send(table, t, act="auto", version=str(table.room.version))
        else:
            table.tick(max(t, table.next_due() or t))
    saved = table.save_json()
    again = PracticeTable.restore(saved)
    assert again.room.state == table.room.state and again.room.version == table.room.version
    assert [s.name for s in again.seats] == [s.name for s in table.seats]
    first = send(again, 50.0, act="hello")[0]
    assert first == send(table, 50.0, act="hello")[0]  # the same screen, byte for byte
    with pytest.raises(ValueError):
        PracticeTable.restore('{"format": 99}')
    with pytest.raises(ValueError):
        PracticeTable.restore("not json")


def test_a_refused_play_keeps_the_cards_and_the_state():
    table = PracticeTable("daifugo", {"players": "4"}, seed="refuse1")
    send(table, 1.0, act="hello")
    while YOU not in get_engine("daifugo").actors(table.room.state):
        table.tick(table.next_due())
    before = json.dumps(table.room.state, sort_keys=True), table.room.version
    hand = table.room.state["hands"][YOU]
    frames = send(table, 2.0, act="play", version=str(table.room.version), card=[str(c) for c in hand[:3]])
    assert 'class="msg error"' in frames[0]
    assert (json.dumps(table.room.state, sort_keys=True), table.room.version) == before
    assert table.selection == hand[:3]
    stale = send(table, 2.0, act="pass", version="0")
    assert 'data-code="stale"' in stale[0] or 'data-code="malformed"' in stale[0]


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(max_size=50), st.binary(max_size=50).map(lambda b: b.decode("latin-1")),
                 st.dictionaries(st.sampled_from(["act", "version", "card", "index", "mode", "reading", "kind"]),
                                 st.one_of(st.none(), st.integers(), st.text(max_size=8), st.floats(),
                                           st.lists(st.text(max_size=3), max_size=5)), max_size=5)
                 .map(json.dumps)))
def test_hostile_messages_change_nothing(text):
    table = PracticeTable("guandan", {}, seed="hostile")
    send(table, 1.0, act="hello")
    before = json.dumps(table.room.state, sort_keys=True), table.room.version
    try:
        msg = json.loads(text)
    except ValueError:
        msg = None
    harmless = not (isinstance(msg, dict) and msg.get("act") in ("play", "pick", "auto", "exchange", "interrupt",
                                                                 "ffwd", "new_match"))
    out = table.receive(text, 2.0)
    assert isinstance(out, list)
    if harmless:
        assert (json.dumps(table.room.state, sort_keys=True), table.room.version) == before


def test_a_new_match_deals_afresh_from_zero_and_leaving_keeps_the_save():
    """新しい試合 at any time in practice (seeds/001 §21: the hand in play scores nothing);
    退出 asks once mid-game, then sends the page back to the practice screen without
    touching the save (a new game replaces it, never 退出)."""
    table = PracticeTable("doudizhu", {}, seed="newmatch")
    play_to_result(table)
    assert any(table.room.state["scores"])
    version = table.room.version
    send(table, 5000.0, act="new_match", version=str(version))
    assert table.room.state["scores"] == [0, 0, 0] and table.room.version == version + 1
    saved = table.save_json()
    first = send(table, 5001.0, act="leave")
    assert 'data-goto' not in first[0] and "退出する？" in first[0]  # armed: asks again
    assert "data-goto" not in send(table, 5001.2, act="leave", confirm="1")[0]  # a double click's second press, 0.2 s on
    assert not table.left
    second = send(table, 5002.0, act="leave", confirm="1")
    assert second == ['<div id="stage" data-goto="/practice/doudizhu/"><p class="notice">退出しました。</p></div>']
    assert table.save_json() == saved and table.next_due() is None


def test_the_practice_screens_cpu_level_plays_the_cpu_seats_and_is_saved():
    """The CPUs play at the level chosen on the practice screen (issue 16), your own
    自動プレイ at つよい; a save keeps the level; an unknown level is ふつう."""
    calls = []
    table = PracticeTable("doudizhu", {"level": "easy"}, seed="levels")
    engine = get_engine("doudizhu")
    real = engine.choose

    def spy(state, seat, level="normal"):
        calls.append((seat, level))
        return real(state, seat, level)

    engine.choose = spy
    try:
        play_to_result(table)
    finally:
        engine.choose = real
    assert {lvl for seat, lvl in calls if seat != YOU} == {"easy"}
    assert {lvl for seat, lvl in calls if seat == YOU} <= {"strong"}
    again = PracticeTable.restore(table.save_json())
    assert [s.level for s in again.seats] == ["strong", "easy", "easy"]
    assert PracticeTable("guandan", {"level": "<b>"}).seats[1].level == "normal"


@pytest.mark.parametrize("damage", [
    lambda s: "hello world", lambda s: "[1,2,3]", lambda s: json.dumps({**s, "format": 2}),
    lambda s: json.dumps({**s, "state": {"junk": 1}}), lambda s: json.dumps({**s, "version": "abc"}),
    lambda s: json.dumps({**s, "names": []}), lambda s: json.dumps({**s, "names": ["x" * 201] * 4}),
    lambda s: json.dumps({**s, "state": None}), lambda s: json.dumps({**s, "game": "chess"}),
])
def test_a_damaged_save_is_refused_with_a_reason(damage):
    """A save the page cannot continue (edited, from a future version, of no game) is
    refused with ValueError, so the page can say so and offer a new game."""
    saved = PracticeTable("daifugo", {"players": "4"}, seed="damaged").save()
    with pytest.raises(ValueError):
        PracticeTable.restore(damage(saved))


def test_a_save_of_another_game_is_not_continued_on_this_games_page():
    saved = PracticeTable("guandan", {}, seed="other").save_json()
    assert PracticeTable.restore(saved, "guandan").room.game == "guandan"
    with pytest.raises(ValueError):
        PracticeTable.restore(saved, "daifugo")
    with pytest.raises(ValueError):
        PracticeTable("daifugo", {}, name="あ" * 201)


@pytest.mark.parametrize("game", GAMES)
def test_auto_play_never_takes_back_a_leave_that_was_asked(game):
    """自動プレイ playing your turn (or the 次へ of a result) is not your own move: the
    退出する？ you were asked stays until you answer it (the next 退出 leaves); a move of
    your own takes it back (the next 退出 asks again)."""
    engine = get_engine(game)

    def to_my_turn(table, now):
        while YOU not in engine.actors(table.room.state):
            now = max(now, table.next_due())
            table.tick(now)
        return now

    table = PracticeTable(game, GAMES[game], seed="leaveauto")
    send(table, 1000.0, act="hello", token=None)
    now = to_my_turn(table, 1000.0)
    assert "退出する？" in send(table, now, act="leave")[0]
    version = table.room.version
    send(table, now, act="auto", version=str(version))
    assert table.room.version == version + 1
    assert "data-goto" in send(table, now + 1, act="leave", confirm="1")[0]

    table = PracticeTable(game, GAMES[game], seed="leaveauto")
    send(table, 1000.0, act="hello", token=None)
    now = to_my_turn(table, 1000.0)
    plays = []
    while not plays:  # (Dou Dizhu bids first)
        plays = [a for a in engine.legal_actions(table.room.state, YOU)
                 if a.get("type") == "play" and a.get("cards")]
        if not plays:
            send(table, now, act="auto", version=str(table.room.version))
            now = to_my_turn(table, now)
    send(table, now, act="leave")
    version = table.room.version
    reading = plays[0].get("reading")  # a Guandan play names its reading (seeds/003 §2)
    send(table, now, act="play", version=str(version), card=plays[0]["cards"], mode=plays[0].get("mode", "plain"),
         **({"reading": reading} if isinstance(reading, str) else {}))
    assert table.room.version == version + 1
    assert "data-goto" not in send(table, now + 1, act="leave", confirm="1")[0]


def test_a_ping_is_answered_with_the_pong_the_page_expects_and_changes_nothing():
    """room.js pings every 10 s and shows the reconnecting banner when no answer comes in
    13 s: a practice table where you think longer than that must answer (issue 13)."""
    from rooms.consumers import PONG

    table = PracticeTable("daifugo", {"players": "4"}, seed="ping1")
    send(table, 1.0, act="hello")
    before = json.dumps(table.room.state, sort_keys=True), table.room.version
    assert table.receive(json.dumps({"act": "ping"}), 30.0) == [PONG]
    assert (json.dumps(table.room.state, sort_keys=True), table.room.version) == before


def test_the_default_name_is_said_in_the_language_shown_and_a_typed_one_as_typed():
    """A name field left as it was sends no name (static/app/practice.js): the player's seat
    and the log call it あなた / You / 你 in whatever language the table is shown in, after
    a switch too (try16 saw 「1号 You」 and 「You：对6」 in Chinese); a typed name stays."""
    import re
    mine = re.compile(r'class="seat[^"]*\bme\b[^>]*>\s*<span class="name">([^<]*)</span>')
    table = PracticeTable("guandan", {}, name="", seed="names16")
    table.use_language("en")
    assert mine.search("".join(send(table, 1.0, act="hello"))).group(1).endswith(" You")
    send(table, 2.0, act="auto", version=str(table.room.version))
    now = 2.0
    for _ in range(8):  # a few CPU moves after yours: the log names you
        now = max(now, table.next_due() or now)
        table.tick(now)
    table.use_language("zh-hans")
    text = "".join(send(table, now, act="hello"))
    assert mine.search(text).group(1).endswith(" 你"), mine.search(text).group(1)
    assert "你：" in text and "You" not in text
    assert table.save()["names"][YOU] == "あなた"  # the save keeps the source text
    typed = PracticeTable("guandan", {}, name="You", seed="names16")
    typed.use_language("zh-hans")
    assert mine.search("".join(send(typed, 1.0, act="hello"))).group(1).endswith(" You")


def test_auto_play_gives_the_exchange_cards_at_once():
    """Your exchange choice (Daifugō's 大富豪 or 富豪 from game 2) is your move: the hand's
    controls are lit (.my-turn), which is what 自動プレイ waits for (static/table.js), and
    the auto move gives the cards (try17: auto-play left it to the 20 s time-out)."""
    import re
    table = PracticeTable("daifugo", {"players": "4"}, seed="exch1")
    play_to_result(table)
    engine = get_engine("daifugo")
    state = table.room.state
    table.room.state, _ = engine.apply(state, (engine.actors(state) or [None])[0], {"type": "next_game"})
    table.room.version += 1
    assert table.room.state["phase"] == "exchange" and str(YOU) in table.room.state["exchange"]
    html = "".join(send(table, 5000.0, act="hello"))
    assert re.search(r'id="hand-controls" class="controls[^"]*\bmy-turn\b', html), html[:300]
    frames = send(table, 5001.0, act="auto", version=str(table.room.version))
    assert str(YOU) not in table.room.state["exchange"]
    # the 富豪 (a CPU seat: which one depends on game 1's places) still chooses: the field
    # says so to the others, with the time left
    assert table.room.state["phase"] == "exchange" and len(table.room.state["exchange"]) == 1
    rich = next(iter(table.room.state["exchange"]))
    assert re.search(rf'id="pending-choice"[^>]*data-kind="exchange".*?カード交換：CPU {rich} が渡すカードを選んでいます…',
                     "".join(frames), re.S)
