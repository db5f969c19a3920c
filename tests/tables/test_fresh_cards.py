"""Cards just received are marked in their receiver's hand (a new user: "new cards aren't
marked"): class ``fresh``, a 新 / NEW tag and 受け取ったばかり in the card's name, for the
receiving seat only, until its first play or pass — Dou Dizhu's kitty (seed 001 §2–§3, §15),
Guandan's tribute and its return (seed 000 §18–§22), Daifugō's exchange and 7渡し (seed 004
§4–§5). Each game's ``fresh_ids`` decides; :func:`tables.core.markup.hand_card` draws it."""
import re

import pytest

from games import get_engine
from games.daifugo import ENGINE as DAIFUGO
from tables.core import i18n
from tables.core.screen import table_screen
from tables.daifugo.present import fresh_ids as daifugo_fresh
from tables.doudizhu.present import fresh_ids as doudizhu_fresh
from tables.guandan.present import fresh_ids as guandan_fresh
from tables.practice import PracticeTable, YOU
from tests.daifugo.util import ids, play, table
from tests.guandan.test_engine import between_hands, deal

WORDS = {"ja": ("新", "（受け取ったばかり）"), "en": ("NEW", " (just received)"), "zh-hans": ("新", "（刚收到）")}


def marked(practice, seat: int, lang: str = "ja") -> set[int]:
    """The ids of the cards the hand part of ``seat``'s screen marks ``fresh``; each with its
    tag and its name's words in ``lang``."""
    with i18n.use(lang):
        html = str(table_screen(practice.room, practice.seats, practice.seats[seat], {YOU}).parts["hand"])
    cards = re.findall(r'<label class="card[^"]*"[^>]*id="hc(\d+)"[^>]*>.*?</label>', html, re.S)
    fresh = {int(m.group(1)) for m in re.finditer(r'<label class="card[^"]*\bfresh\b[^"]*"[^>]*id="hc(\d+)"', html)}
    tag, said = WORDS[lang]
    assert html.count('class="nw"') == len(fresh) and len(cards) >= len(fresh)
    if fresh:
        assert f'aria-hidden="true">{tag}</span>' in html and said in html
    return fresh


def on_table(game: str, state: dict, seed: str = "fresh") -> PracticeTable:
    practice = PracticeTable(game, {}, seed=seed)
    practice.room.state = state
    return practice


# --- Dou Dizhu: the kitty, the landlord's until the landlord's first play ---------------------

def test_doudizhu_marks_the_kitty_in_the_landlords_hand_until_its_first_play():
    engine = get_engine("doudizhu")
    state = engine.new({}, "fresh-ddz")
    while state["phase"] == "bidding":  # the first bidder bids 3: the landlord at once (§3)
        state, _ = engine.apply(state, state["turn"], {"type": "bid", "value": 3})
    landlord = state["landlord"]
    kitty = set(state["kitty"])
    assert len(kitty) == 3 and kitty <= set(state["hands"][landlord])
    practice = on_table("doudizhu", state)
    for lang in WORDS:
        assert marked(practice, landlord, lang) == kitty
    for seat in {0, 1, 2} - {landlord}:  # a peasant sees the kitty beside the field, never marked in a hand
        assert doudizhu_fresh(engine.view(state, seat), seat) == frozenset()
        assert marked(practice, seat) == set()
    state, _ = engine.apply(state, landlord, engine.choose(state, landlord))  # the landlord leads (§15)
    practice.room.state = state
    assert marked(practice, landlord) == set()
    assert doudizhu_fresh(engine.view(state, landlord), landlord) == frozenset()


# --- Guandan: the tribute (receiver) and its return (giver), until each one's first act -----

def test_guandan_marks_the_tribute_and_the_return_until_each_seat_acts():
    engine = get_engine("guandan")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({0: ["BJ"], 2: ["BJ"]}))
    while state["phase"] == "tribute":  # single tribute: seat 3 (last out) to seat 0 (first out)
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    assert state["phase"] == "return"
    (gift,) = [a["card"] for a in state["tribute"]["alloc"] if a["to"] == 0]
    practice = on_table("guandan", state)
    for lang in WORDS:
        assert marked(practice, 0, lang) == {gift}  # while choosing what to give back
    assert [marked(practice, s) for s in (1, 2, 3)] == [set(), set(), set()]

    back = next(a for a in engine.legal_actions(state, 0) if a["type"] == "return")
    state, _ = engine.apply(state, 0, back)
    assert state["phase"] == "play"
    practice.room.state = state
    assert marked(practice, 0) == {gift} and marked(practice, 3) == {back["card"]}
    assert marked(practice, 1) == set() and marked(practice, 2) == set()

    acted = set()
    while len(acted) < 4 and state["phase"] == "play":  # the first trick: every seat acts (§13)
        seat = state["turn"]
        state, _ = engine.apply(state, seat, engine.choose(state, seat))
        acted.add(seat)
        practice.room.state = state
        if 3 in acted:
            assert marked(practice, 3) == set()
        if 0 in acted:
            assert marked(practice, 0) == set()
        else:
            assert marked(practice, 0) == {gift}
    assert acted == {0, 1, 2, 3}
    assert all(guandan_fresh(engine.view(state, s), s) == frozenset() for s in range(4))


def test_guandan_double_tribute_marks_a_return_as_soon_as_it_is_made():
    """Double tribute (seats 0 and 2 went out 1-2): seats 1 and 3 pay; a giver's card back
    is marked once its receiver returns it, while the other receiver still chooses."""
    engine = get_engine("guandan")
    state, _ = engine.with_hands(between_hands([0, 2, 1, 3]), deal({0: ["BJ"], 2: ["BJ"]}))
    while state["phase"] == "tribute":
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    assert state["phase"] == "return" and len(state["tribute"]["alloc"]) == 2
    gifts = {a["to"]: (a["from"], a["card"]) for a in state["tribute"]["alloc"]}
    fresh = {s: guandan_fresh(engine.view(state, s), s) for s in range(4)}
    assert fresh == {0: {gifts[0][1]}, 1: set(), 2: {gifts[2][1]}, 3: set()}
    back = next(a for a in engine.legal_actions(state, 0) if a["type"] == "return")
    state, _ = engine.apply(state, 0, back)
    assert state["phase"] == "return"  # seat 2 still to return
    giver, other = gifts[0][0], gifts[2][0]
    assert guandan_fresh(engine.view(state, giver), giver) == {back["card"]}
    assert guandan_fresh(engine.view(state, other), other) == frozenset()


def test_guandan_marks_nothing_in_the_first_hand_or_under_anti_tribute():
    engine = get_engine("guandan")
    state = engine.new({}, "fresh-gd")
    assert all(guandan_fresh(engine.view(state, s), s) == frozenset() for s in range(4))
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({3: ["BJ", "BJ"]}))  # 抗贡 (§22)
    assert state["tribute"]["anti"]
    assert all(guandan_fresh(engine.view(state, s), s) == frozenset() for s in range(4))


# --- Daifugō: the exchange and 7渡し, until the receiver's first play or pass ---------------

def test_daifugo_marks_the_exchange_for_each_receiver_until_its_first_play_or_pass():
    from games.core import play_out

    s, _ = play_out(DAIFUGO, DAIFUGO.new({"players": 4}, 5))
    first, second, third, last = s["places"]
    s, _ = DAIFUGO.apply(s, last, {"type": "next_game"})
    assert s["phase"] == "exchange"
    tributes = {e["to"]: e["cards"] for e in s["log"] if e["type"] == "tribute"}
    practice = on_table("daifugo", s)
    # the 大富豪 and 富豪 see the strongest cards they were given, while choosing what to give back
    for lang in WORDS:
        assert len(marked(practice, first, lang)) == 2
    codes_of = {c["id"]: c["code"] for c in DAIFUGO.view(s, first)["hand"]}
    assert sorted(codes_of[i] for i in marked(practice, first)) == sorted(tributes[first])
    assert len(marked(practice, second)) == 1
    assert marked(practice, third) == set() and marked(practice, last) == set()  # nothing received yet

    give_first = s["hands"][first][:2]
    s, _ = DAIFUGO.apply(s, first, {"type": "exchange", "cards": give_first})
    give_second = s["hands"][second][:1]
    s, _ = DAIFUGO.apply(s, second, {"type": "exchange", "cards": give_second})
    assert s["phase"] == "play"
    practice.room.state = s
    hand_codes = {c["id"]: c["code"] for seat in range(4) for c in DAIFUGO.view(s, seat)["hand"]}
    given = {c: hand_codes[c] for c in give_first + give_second}
    assert sorted(hand_codes[i] for i in marked(practice, last)) == sorted(given[c] for c in give_first)
    assert sorted(hand_codes[i] for i in marked(practice, third)) == sorted(given[c] for c in give_second)
    # a card the 大富豪 gave back at once is no longer marked; what it kept still is
    kept = list(tributes[first])
    for c in give_first:
        if given[c] in kept:
            kept.remove(given[c])
    assert sorted(hand_codes[i] for i in marked(practice, first)) == sorted(kept)

    # each receiver's mark goes with its first play or pass, the others' stay
    gone = set()
    for _ in range(200):
        if s["phase"] != "play" or gone >= {first, second, third, last}:
            break
        seat, action = next_move(s)
        s, _ = DAIFUGO.apply(s, seat, action)
        if seat is not None and action["type"] in ("play", "pass"):
            gone.add(seat)
        practice.room.state = s
        for receiver in (first, second, third, last):
            if receiver in gone:
                assert marked(practice, receiver) == set(), receiver
    assert gone >= {first, second, third, last}


def next_move(state):
    from games.core.engine import next_move as move
    return move(DAIFUGO, state)


def test_daifugo_marks_a_seven_pass_for_its_recipient_only():
    s = table(hands={0: ["S7", "H7", "S4", "S5", "S6"], 1: ["H9", "H10", "S4"]})
    s, _ = play(s, 0, ["S7", "H7"], mode="effect")
    s, _ = DAIFUGO.apply(s, None, DAIFUGO.window(s)["close"])
    given = ids(s, 0, ["S4", "S6"])
    s, _ = DAIFUGO.apply(s, 0, {"type": "give", "cards": given})
    view = DAIFUGO.view(s, 1)
    got = daifugo_fresh(s, view, 1)
    assert {c["code"] for c in view["hand"] if c["id"] in got} == {"S4", "S6"} and len(got) == 2
    # (seat 1 held a ♠4 of the other deck already: one ♠4 is marked, the two look the same)
    assert all(daifugo_fresh(s, DAIFUGO.view(s, seat), seat) == frozenset() for seat in (0, 2, 3))
    practice = on_table("daifugo", s)
    for lang in WORDS:
        assert marked(practice, 1, lang) == set(got)
    s, _ = DAIFUGO.apply(s, 1, {"type": "pass"})
    assert daifugo_fresh(s, DAIFUGO.view(s, 1), 1) == frozenset()
