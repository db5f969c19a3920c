"""Guandan's resisted tribute said at the table (a new user's report: the log simply
began with the first play): in the hand's first trick every seat's log opens with who
resisted it (003 §21: the givers hold both big jokers), in each language."""
import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU
from tests.guandan.test_engine import between_hands, deal


def log_of(table, seat):
    html = table_screen(table.room, table.seats, table.seats[seat], {YOU}).parts["log"]
    return [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)]


@pytest.fixture
def anti_table():
    engine = get_engine("guandan")
    table = PracticeTable("guandan", {}, seed="anti")
    state, events = engine.with_hands(between_hands([0, 1, 2, 3]), deal({3: ["BJ", "BJ"]}))
    assert state["tribute"]["anti"] and state["phase"] == "play"
    assert any(e["type"] == "anti_tribute" for e in events)
    table.room.state = state
    return table


@pytest.mark.parametrize("lang, said", [
    ("ja", "抗貢：献上する側（{name}）が大ジョーカーを2枚持っているので献上なし"),
    ("en", "Tribute resisted: the giving side ({name}) holds both big jokers, so no tribute"),
    ("zh-hans", "抗贡：进贡方（{name}）有两张大王，不用进贡"),
])
def test_every_seat_reads_that_the_tribute_was_resisted(anti_table, lang, said):
    giver = anti_table.seats[3].name
    with i18n.use(lang):
        for seat in range(4):
            assert log_of(anti_table, seat)[:1] == [said.format(name=giver)], seat


def test_the_line_stays_through_the_first_trick_only(anti_table):
    engine = get_engine("guandan")
    state = anti_table.room.state
    leader = state["turn"]
    lead = min((a for a in engine.legal_actions(state, leader) if a["type"] == "play"), key=lambda a: len(a["cards"]))
    state, _ = engine.apply(state, leader, lead)
    anti_table.room.state = state
    assert log_of(anti_table, YOU)[0].startswith("抗貢")
    for _ in range(3):  # the others pass: the leader wins the trick
        state, _ = engine.apply(state, state["turn"], {"type": "pass"})
    anti_table.room.state = state
    assert state["trick"]["last"] is None and state["pile"]
    assert not any(line.startswith("抗貢") for line in log_of(anti_table, YOU))


def test_a_tribute_paid_says_nothing_of_resisting():
    engine = get_engine("guandan")
    table = PracticeTable("guandan", {}, seed="paid")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({3: ["BJ"]}))
    assert not state["tribute"]["anti"]
    table.room.state = state
    assert not any(line.startswith("抗貢") for seat in range(4) for line in log_of(table, seat))


@pytest.fixture
def paid_table():
    """Hand 2 in play after a single tribute and its return, played by the engine's CPUs."""
    engine = get_engine("guandan")
    table = PracticeTable("guandan", {}, seed="paid")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({3: ["BJ"]}))
    while state["phase"] != "play":
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.choose(state, seat))
    table.room.state = state
    return table


@pytest.mark.parametrize("lang, given, back", [
    ("ja", "献上：{a} → {b} {card}", "お返し：{b} → {a} {card}"),
    ("en", "Tribute: {a} → {b} {card}", "Return: {b} → {a} {card}"),
    ("zh-hans", "进贡：{a} → {b} {card}", "还贡：{b} → {a} {card}"),
])
def test_every_seat_reads_the_tribute_and_the_return(paid_table, lang, given, back):
    """try48: at a fast table the return went by in moments, and a player found a new card
    in the hand with nothing saying who gave it. The first trick's log opens with each card
    given and given back, giver → receiver, in every seat's log."""
    from tables.guandan.present import card_text

    tr = paid_table.room.state["tribute"]
    (a_seat, b_seat), = [(a["from"], a["to"]) for a in tr["alloc"]]
    engine = get_engine("guandan")
    view = engine.view(paid_table.room.state, 0)["tribute"]
    with i18n.use(lang):
        gift = card_text(view["transfers"][0]["card"]["label"])
        ret = card_text(view["returns"][0]["card"]["label"])
        giver = paid_table.seats[a_seat].name  # a CPU: its name is the same in every language
        assert a_seat != YOU and b_seat == YOU, tr["alloc"]  # (the deal: you were first, CPU 3 last)
        for seat in range(4):  # every seat's log; the receiver is named as that seat's log names you
            lines = log_of(paid_table, seat)[:2]
            you = re.fullmatch(re.escape(given.format(a=giver, b="@", card=gift)).replace("@", "(.+)"), lines[0])
            assert you, (seat, lines)
            assert lines[1] == back.format(a=giver, b=you.group(1), card=ret), (seat, lines)
