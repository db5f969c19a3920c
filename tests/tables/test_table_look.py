"""The table's look (issue 13), pure: one card markup for the three games (faces drawn
from data attributes, the label kept as text), seats listed from your own, the practice
name not doubled, and the Daifugō result without the hand's 11バック and 縛り."""
from __future__ import annotations

import re

import pytest

from tables.core import env
from tables.core.markup import card_back, card_face, hand_card, you_first
from tables.daifugo import markup as daifugo


def render(name: str, **ctx) -> str:
    return env.default().get_template(name).render(**ctx)


@pytest.mark.parametrize("code,label,classes,attrs,marks", [
    ("H10", "♥10", {"red"}, ('data-r="10"', 'data-s="♥"'), ("10\n♥", "♥")),
    ("D3", "♦3", {"red"}, ('data-r="3"', 'data-s="♦"'), ("3\n♦", "♦")),
    ("SQ", "♠Q", {"court"}, ('data-r="Q"', 'data-s="♠"'), ("Q\n♠", "Q")),
    ("CA", "♣A", set(), ('data-r="A"', 'data-s="♣"'), ("A\n♣", "♣")),
    ("BJ", "大王", {"joker", "big", "red"}, ('data-r="大"',), ("大", "★")),
    ("LJ", "小王", {"joker", "little"}, ('data-r="小"',), ("小", "☆")),
    ("JK", "JK", {"joker", "red"}, ('data-r="JK"',), ("JK", "★")),
])
def test_a_face_is_drawn_from_its_code_and_reads_as_its_label(code, label, classes, attrs, marks):
    html = str(card_face(code, label))
    cls = set(re.search(r'class="([^"]+)"', html).group(1).split())
    assert {"card", "face"} | classes <= cls
    assert ("red" in cls) == (code[0] in "HD" or code in ("BJ", "JK"))
    for a in attrs:
        assert a in html
    # the printed marks, hidden from screen readers: the corner index and the centre
    index, pip = marks
    assert f'<span class="ix" aria-hidden="true">{index}</span><span class="pp" aria-hidden="true">{pip}</span>' in html
    assert f'<span class="lb">{label}</span>' in html and html.count(f'data-code="{code}"') == 1


def test_a_hand_card_has_the_same_marks_and_no_marks_for_an_unknown_code():
    html = str(hand_card(7, "H10", "♥10"))
    assert '<input type="checkbox" aria-label="♥10" name="card" value="7"><span class="ix" aria-hidden="true">10\n♥</span>' in html
    # said once, by its checkbox (try35: the label's text was said again after it)
    assert '<span class="lb" aria-hidden="true">♥10</span>' in html
    assert 'class="ix"' not in str(card_face("XX", "?")) and 'class="ix"' not in str(card_back("x"))


def test_marks_level_wild_special_and_notes_are_escaped():
    assert "level" in str(card_face("S7", "♠7", level="7")).split('"')[1]
    assert "level" not in str(card_face("BJ", "大王", level="J")).split('"')[1]  # a joker is never a level card
    assert "wild" in str(card_face("H7", "♥7", " wild")).split('"')[1]
    assert '<small class="as">&lt;b&gt;</small>' in str(card_face("JK", "JK", note="<b>"))
    checked = str(hand_card(5, "S3", "♠3", True, " special", rank="3"))
    assert checked.startswith('<label class="card special" data-code="S3"')
    assert 'data-rank="3"><input type="checkbox" aria-label="♠3" name="card" value="5" checked>' in checked
    assert 'aria-label="&lt;b&gt;"' in str(hand_card(5, "S3", "<b>"))
    assert " checked" not in str(hand_card(5, "S3", "♠3"))
    assert 'class="card back"' in str(card_back()) and "data-code" not in str(card_back())


def test_daifugo_hot_path_writes_the_shared_markup():
    hand = [{"id": 7, "code": "H10", "label": "♥10", "special": False, "suit": "H"},
            {"id": 9, "code": "S8", "label": "♠8", "special": True, "suit": "S"}]
    html = str(daifugo.hand_cards(hand, {9}))
    assert html == str(hand_card(7, "H10", "♥10")) + str(hand_card(9, "S8", "♠8", True, " special"))
    assert str(daifugo.field_cards([{"code": "JK", "label": "JK", "as": "5"}])) == str(card_face("JK", "JK", note="(5)"))


def _players(n: int, me: int, name: str = "あなた") -> list[dict]:
    base = {"turn": False, "away": False, "count": 5, "title": None, "place": None, "foul": False, "ochi": False,
            "passed": False, "auto": False, "deadline_ms": None, "span_ms": 0, "total": 0, "role": None, "role_label": "",
            "bid": None, "team": 0, "partner": False, "last": None}
    return [dict(base, seat=s, name=name if s == me else f"CPU {s}", is_me=s == me, cpu=s != me) for s in range(n)]


@pytest.mark.parametrize("game", ["daifugo", "doudizhu", "guandan"])
def test_seats_start_from_yours_and_the_practice_name_is_not_doubled(game):
    players = _players(3 if game == "doudizhu" else 4, me=2)
    if game == "daifugo":
        html = str(daifugo.seat_rows(players))
    else:
        view = {"trick": None, "phase": "play"}
        html = render(f"{game}/seats.html", players=players, view=view, **{"you_first": you_first, "YOU": "あなた"})
    order = [int(s) for s in re.findall(r'data-seat="(\d+)"', html)]
    assert order[0] == 2 and order == [p["seat"] for p in you_first(players)]
    assert "あなた" in html and "（あなた）" not in html
    named = _players(4, me=0, name="Aki")
    html = str(daifugo.seat_rows(named)) if game == "daifugo" else render(
        f"{game}/seats.html", players=named[:3] if game == "doudizhu" else named, view={"trick": None, "phase": "play"})
    assert "Aki</span><small>（あなた）</small>" in html


def test_the_daifugo_result_drops_eleven_back_and_bind():
    view = {"game_no": 2, "phase": "play", "revolution": False, "eleven_back": True,
            "bind": {"suit": ["S"], "next_rank": None}, "surplus_count": 0}
    playing = render("daifugo/status.html", view=view, over=False, words={"bind_suits": "♠"})
    assert "11バック" in playing and "縛り ♠" in playing
    result = render("daifugo/status.html", view=view, over=True, words={"bind_suits": "♠"})
    assert "11バック" not in result and "縛り" not in result


def test_a_bind_names_its_suits_by_their_marks():
    """The engine's bind suits are letters (["C", "S"]); the status shows ♣♠, never "CS"
    (a new user read "縛り CS 次は7")."""
    from tables.daifugo.present import _words

    view = {"game_no": 1, "surplus_count": 0, "graveyard": [], "field": None, "exchange": None,
            "bind": {"suit": ["C", "S"], "next_rank": "7"}}
    words = _words(view, [], {"turn_player": None, "pending": None, "field_by": ""})
    assert words["bind_suits"] == "♣♠"
    html = render("daifugo/status.html", view={**view, "phase": "play", "revolution": False, "eleven_back": False},
                  over=False, words=words)
    assert "縛り ♣♠ 次は7" in re.sub(r"\s+", " ", html) and "CS" not in html


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_play_lies_in_front_of_its_player(n):
    from tables.core.markup import AREAS, area_of

    players = _players(n, me=1)
    assert area_of(players, 1) == "b"
    assert area_of(players, 2 % n) == "r"  # the next to play sits on your right
    assert area_of(players, 0) == "l"  # the one before you on your left
    assert sorted(area_of(players, s) for s in range(n)) == sorted(AREAS[n])
    assert area_of(players, None) == ""
    view = {"field": {"by": 0, "cards": [], "shape": "single"}, "turn": 1}
    html = render("daifugo/field.html", view=view, players=players, field_cards="", field_by="CPU 0",
                  over=False, area_of=area_of)
    assert 'data-from="l"' in html


def test_on_omakase_the_pages_own_auto_play_is_not_offered_beside_stop_auto():
    """Two time-outs put a seat on おまかせ (the 退出 part offers おまかせをやめる); the hand's
    自動プレイ toggle and its interval are hidden meanwhile (a new user saw "Stop auto" and
    "Auto-play" side by side), and the hidden buttons the page sends with stay."""
    intervals = [(1000, "1秒")]
    on = render("parts/auto_play.html", me_player={"auto": True}, auto_intervals=intervals)
    off = render("parts/auto_play.html", me_player={"auto": False}, auto_intervals=intervals)
    assert re.search(r"<button[^>]*data-auto-toggle[^>]*hidden", on) and re.search(r"<select[^>]*hidden", on)
    assert not re.search(r"<button[^>]*data-auto-toggle[^>]*hidden", off) and not re.search(r"<select[^>]*hidden", off)
    assert 'id="auto-send"' in on and 'id="select-send"' in on


def test_a_numbered_long_name_is_cut_before_its_number():
    """rooms.lobby.unique_name's "name (2)" keeps its number outside the part the CSS cuts
    (try16: two long names of one person read the same at 375 px); names without it and
    CPUs ("CPU 1": a bare number, not unique_name's) stay one span; everything is escaped."""
    from tables.core.markup import name_span

    assert name_span("CPU 1") == '<span class="name">CPU 1</span>'
    assert name_span("Player 12") == '<span class="name">Player 12</span>'
    assert name_span("Taro") == '<span class="name">Taro</span>'
    twin = name_span("<img src=x> (2)", prefix="2番")
    assert twin == ('<span class="name split"><span>2番 &lt;img src=x&gt;</span>'
                    '<span>\u00a0(2)</span></span>')
    assert name_span("Bo (12)") == '<span class="name split"><span>Bo</span><span>\u00a0(12)</span></span>'
    assert name_span("<b>") == '<span class="name">&lt;b&gt;</span>'


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_on_omakase_your_turn_says_the_cpu_plays_it(game):
    """try40: a seat on おまかせ read あなたの番です and its person could not tell who would
    play; the field says おまかせ中：CPUが出します then (and あなたの番です without it)."""
    from games import get_engine
    from tables.core import options as opts
    from tables.core.replay import ReplayRoom, ReplaySeat
    from tables.core.screen import table_screen

    engine = get_engine(game)
    state = engine.new(opts.engine_config(game, opts.defaults(game)), "omakase-line")
    room = ReplayRoom(game, opts.defaults(game), state)
    turn = state["turn"]
    for auto, line in ((False, "あなたの番です"), (True, "おまかせ中：CPUが出します")):
        seats = [ReplaySeat(i, f"P{i}", auto=auto and i == turn) for i in range(state["players"])]
        field = str(table_screen(room, seats, seats[turn], set(range(len(seats))), only=("field",)).parts["field"])
        assert re.search(r'class="whose-turn">(<span class="on-auto">)?' + line + "<", field), (game, auto, field[-400:])


def test_an_empty_guandan_hand_offers_no_sorting():
    """try48: at a result, 排序：按点数 stood beside 没有手牌. An empty hand has no 並べ替え;
    a hand with cards has it."""
    def hand(columns, phase):
        return render("guandan/hand.html", view={"hand_no": 2, "actors": [], "phase": phase}, me={"order": 0},
                      gd={"columns": columns, "result": None, "readings": [], "fmt": {"count": "%(n)s枚"},
                          "tributes": [], "returns": []}, hint_action={})

    empty = hand([], "hand_over")
    assert "手札はありません" in empty and "data-gd-sort" not in empty
    assert "data-gd-sort" in hand([{"key": "3", "label": "3", "n": 1, "cards": []}], "play")


def test_a_dim_guandan_column_says_why():
    """try48: grey columns had no word of explanation. A dimmed column's tap button says
    what the dimming means (its title, read by a screen reader too); the others say how to tap."""
    html = render("guandan/hand.html", view={"hand_no": 1, "actors": [0], "phase": "play"}, me={"order": 0},
                  gd={"columns": [{"key": "3", "label": "3", "n": 1, "cards": [], "dim": True},
                                  {"key": "4", "label": "4", "n": 1, "cards": []}],
                      "result": None, "readings": [], "fmt": {"count": "%(n)s枚"}, "tributes": [], "returns": []},
                  hint_action={})
    titles = re.findall(r'class="gd-tap" data-tap title="([^"]*)"', html)
    assert titles == ["暗い列：場の札に勝つ役に使えない札", "タップで1枚ずつ選ぶ"], titles
