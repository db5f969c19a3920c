"""Guandan's table as rendered for one seat (seeds/003 screens, 000 §23): the A-rule
switch reaches the engine, rank columns with k枚 badges, the Play button naming the play,
wild-reading chips, dimmed columns and the target while following, the result card, and
per-seat privacy over a whole hand and a tribute."""
import re
from collections import Counter

import pytest
from django.utils import timezone

from games.guandan.cards import CODE, RANK
import tables
from rooms import lobby
from tables.core import options as opts
from rooms.presence import live_orders
from tables.core import pacing
from rooms.models import Room
from rooms.render import screen, stage

from guandan_plan import E, SEED, first_hand

pytestmark = pytest.mark.django_db


def gd_room(make_room, names=("あき",), **options):
    room, toks = make_room(names)
    lobby.set_options(room.id, 0, {"game": "guandan", **options}, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    lobby.start(room.id, 0, room.version)
    return Room.objects.get(pk=room.id), toks


def render(room, order=0, selected=None):
    seats = list(room.seats.all())
    me = next(s for s in seats if s.order == order)
    return stage(screen(room, seats, me, timezone.now(), selected=selected or []))


def test_guandan_is_a_game_with_four_seats_and_the_a_rule_switch(make_room):
    assert "guandan" in opts.GAMES and opts.PLAYERS["guandan"] == (4, 4)
    room, _ = gd_room(make_room, a_rule="three_fail_reset")
    assert room.options["a_rule"] == "three_fail_reset"
    assert room.state["config"]["a_rule"] == "three_fail_reset"
    assert room.seats.count() == 4 and room.options["players"] == 4
    html = render(room)
    assert "3回失敗で2に戻る" in html and "第1局" in html and "レベル <b>2</b>" in html


def test_columns_badges_play_name_and_wild_chips(make_room):
    room, _ = gd_room(make_room)
    hand = room.state["hands"][0]
    html = render(room)
    assert len(re.findall(r'class="gd-col[ "]', html)) == len({("W" if CODE[c] == "H2" else RANK[c]) for c in hand})
    pair = next((a["cards"] for a in E.legal_actions(room.state, 0) if a["reading"].startswith("pair:")), None)
    html = render(room, selected=pair)
    assert "2枚" in html and re.search(r"出す：(<span data-play-label>)?[^<\s]+のペア", html)
    # a wild and two pairs: two readings, the strongest preselected
    state, special = first_hand()
    assert special and len(special["readings"]) >= 2


def test_following_dims_columns_and_names_the_target(make_room):
    room, _ = gd_room(make_room)
    state = room.state
    state, _ = E.apply(state, 0, E.legal_actions(state, 0)[0])  # seat 0 leads its lowest single
    for seat in (1, 2, 3):
        state, _ = E.apply(state, seat, {"type": "pass"})
    # seat 0 leads again; play a pair, then CPUs until it is seat 0's turn to follow
    while not (state["turn"] == 0 and state["trick"]["last"]):
        seat = state["turn"]
        state, _ = E.apply(state, seat, E.choose(state, seat))
    Room.objects.filter(pk=room.id).update(state=state)
    html = render(Room.objects.get(pk=room.id))
    assert "より強い役か爆弾" in html
    plays = E.legal_plays(state, 0)
    if plays and len({RANK[c] for p in plays for c in p.cards}) < len({RANK[c] for c in state["hands"][0]}):
        assert 'gd-col dim' in html


def test_result_card_next_hand_not_pressed_by_cpus(make_room):
    room, _ = gd_room(make_room)
    state, _ = first_hand()
    Room.objects.filter(pk=room.id).update(state=state)
    room = Room.objects.get(pk=room.id)
    html = render(room)
    res = state["results"][-1]
    assert "第1局の結果" in html and "1位" in html and "4位" in html
    assert f"+{res['delta']}" in html and "gd-float" in html
    assert "次の局へ" in html and "あとで続ける" not in html  # online room
    assert tables.presenter("guandan").actors(E, state) == []
    seats = list(room.seats.all())
    now = timezone.now()
    assert pacing.compute(room, seats, live_orders(seats, now), now.timestamp()) == {}


def codes(html: str) -> Counter:
    return Counter(re.findall(r'data-code="([^"]+)"', html))


def test_every_seat_sees_only_its_own_cards_through_a_hand_and_a_tribute(make_room):
    room, _ = gd_room(make_room, names=("あき", "ふゆ"))
    state = E.new({"players": 4}, SEED)
    seats = list(room.seats.all())
    steps = 0
    while steps < 400 and state["phase"] != "match_over":
        room.state = state
        transfers = Counter()
        if state["tribute"]:
            transfers = Counter(CODE[a["card"]] for a in state["tribute"]["alloc"])
        for me in seats:
            html = stage(screen(room, seats, me, timezone.now()))
            allowed = Counter(CODE[c] for c in state["hands"][me.order]) + Counter(CODE[c] for c in state["pile"]) + transfers
            extra = codes(html) - allowed
            assert not extra, (me.order, state["phase"], extra)
        actor = E.actors(state)[0]
        state, _ = E.apply(state, actor, E.choose(state, actor))
        steps += 1
        if state["hand_no"] == 2 and state["phase"] == "play":
            break
    assert state["hand_no"] == 2
