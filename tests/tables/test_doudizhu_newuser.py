"""Dou Dizhu as a new user read it (a tester's report, in Chinese and the others): while
bidding your seat's tag is a bidding word (叫分, not 出牌); a deal everyone passed says it
was dealt again; a result says "you lost" to the losers as it says "you won" to the
winners (pure presentation: the practice table's renders)."""
import re

import pytest

from games import get_engine
from tables.core import i18n
from tables.core.screen import table_screen
from tables.practice import PracticeTable, YOU


def parts(table):
    return table_screen(table.room, table.seats, table.seats[YOU], {YOU}).parts


def my_seat(html: str) -> str:
    return re.search(r'<li id="seat-\d+" class="seat[^"]*\bme\b.*?</li>', html, re.S).group(0)


def bid_round(table, values):
    """Every seat bids ``values`` in turn from the first bidder (0 = no bid)."""
    engine = get_engine("doudizhu")
    state = table.room.state
    for v in values:
        state, _ = engine.apply(state, state["turn"], {"type": "bid", "value": v})
    table.room.state = state


def your_bid_turn(table):
    """Bids 0 until it is your turn to bid (the first bidder is drawn)."""
    engine = get_engine("doudizhu")
    state = table.room.state
    while state["turn"] != YOU:
        state, _ = engine.apply(state, state["turn"], {"type": "bid", "value": 0})
    table.room.state = state


@pytest.mark.parametrize("lang, word, not_word", [("zh-hans", "叫分", "出牌"), ("en", "Bidding", "Turn"),
                                                  ("ja", "入札の番", None)])
def test_your_seat_says_bidding_while_you_bid(lang, word, not_word):
    table = PracticeTable("doudizhu", {}, seed="bidword")
    your_bid_turn(table)
    assert table.room.state["phase"] == "bidding"
    with i18n.use(lang):
        seat = my_seat(parts(table)["seats"])
    mark = re.search(r'<span class="turn-mark">([^<]*)</span>', seat).group(1)
    assert mark == word and mark != not_word


def test_your_seat_says_turn_while_you_play():
    table = PracticeTable("doudizhu", {}, seed="bidword")
    your_bid_turn(table)
    bid_round(table, [3])  # you are the landlord and lead
    with i18n.use("zh-hans"):
        seat = my_seat(parts(table)["seats"])
    assert '<span class="turn-mark">出牌</span>' in seat


@pytest.mark.parametrize("lang, said", [
    ("ja", "2回目の配り：前の配りで全員が入札しなかったので配り直しました"),
    ("en", "Deal 2: nobody bid on the last deal, so the cards were dealt again"),
    ("zh-hans", "第2次发牌：上一副都不叫，重新发牌"),
])
def test_a_deal_everyone_passed_says_it_was_dealt_again(lang, said):
    table = PracticeTable("doudizhu", {}, seed="redeal")
    with i18n.use(lang):
        assert said not in parts(table)["log"]
    bid_round(table, [0, 0, 0])
    assert table.room.state["deals"] == 2 and table.room.state["bids"] == []
    with i18n.use(lang):
        log = parts(table)["log"]
    assert said in log


@pytest.mark.parametrize("lang, said", [
    ("ja", "2回目の配り：前の配りで全員が入札しなかったので配り直しました"),
    ("en", "Deal 2: nobody bid on the last deal, so the cards were dealt again"),
    ("zh-hans", "第2次发牌：上一副都不叫，重新发牌"),
])
def test_a_redeal_is_said_on_the_field_where_a_phone_shows_it(lang, said):
    """On a phone the log is one cut line: the field (where the bids are) says it too,
    while the new deal is bid on."""
    table = PracticeTable("doudizhu", {}, seed="redeal")
    with i18n.use(lang):
        assert said not in parts(table)["field"]
    bid_round(table, [0, 0, 0])
    with i18n.use(lang):
        assert said in parts(table)["field"]
    bid_round(table, [1])
    with i18n.use(lang):
        assert said in parts(table)["field"]
    bid_round(table, [3])
    assert table.room.state["phase"] == "play"
    with i18n.use(lang):
        assert said not in parts(table)["field"]


@pytest.mark.parametrize("lang, won, lost", [
    ("ja", "（あなたの勝ち）", "（あなたの負け）"),
    ("en", "(you win)", "(you lose)"),
    ("zh-hans", "（你赢了）", "（你输了）"),
])
@pytest.mark.parametrize("landlord_wins", [True, False])
def test_a_result_tells_the_reader_whether_they_won_or_lost(lang, won, lost, landlord_wins):
    table = PracticeTable("doudizhu", {}, seed="result")
    your_bid_turn(table)
    bid_round(table, [3])  # you are the landlord
    engine = get_engine("doudizhu")
    state = table.room.state
    for _ in range(500):
        if state["phase"] != "play":
            break
        seat = state["turn"]
        legal = engine.legal_actions(state, seat)
        plays = [a for a in legal if a["type"] == "play"]
        if landlord_wins == (seat == YOU):  # the side to win plays its longest play
            action = max(plays, key=lambda a: len(a["cards"])) if plays else {"type": "pass"}
        else:  # the other passes when it may, else plays its shortest
            action = next((a for a in legal if a["type"] == "pass"), None) or \
                min((a for a in legal if a["type"] == "play"), key=lambda a: len(a["cards"]))
        state, _ = engine.apply(state, seat, action)
    table.room.state = state
    result = state["result"]
    assert result and (result["winner"] == "landlord") == landlord_wins
    with i18n.use(lang):
        title = re.search(r"<h2>(.*?)</h2>", parts(table)["result"]).group(1)
    assert (won in title) == landlord_wins and (lost in title) != landlord_wins, title


def test_a_scored_hands_status_bar_shows_its_settled_stake():
    # try16: after a hand scored with a bomb and an anti-spring the bar still read
    # N＝1 · P＝2 above the result's N＝2 · P＝4; a spring counts as a doubling (§17–§19)
    from tests.doudizhu.util import act, table as dealt
    table = PracticeTable("doudizhu", {}, seed="settled")
    state = dealt(["3 3 3 3 4", "5 6 7 8 9 10 J", "5 6 7 8 9 10 J"], landlord=YOU, bid=1, turn=YOU)
    state = act(state, YOU, "3 3 3 3")
    playing = dict(table.room.state, **state)
    table.room.state = playing
    with i18n.use("ja"):
        during = parts(table)["status"]
    assert '<b data-n>1</b>' in during and '<b>2</b>' in during, during
    for seat in (1, 2):
        state = act(state, (YOU + seat) % 3, "pass")
    state = act(state, YOU, "4")
    assert state["result"]["spring"] and state["result"]["points"] == 4
    table.room.state = dict(table.room.state, **state)
    with i18n.use("ja"):
        done = parts(table)
    assert '<b data-n>2</b>' in done["status"] and '<b>4</b>' in done["status"], done["status"]
    assert "＝4" in done["result"]
