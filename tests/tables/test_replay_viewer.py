"""The replay viewer's screen (tables.core.replay; issue 17): a record replayed by the
engine, every hand face up at each step, the table's own templates, a tampered file refused
with its reason, names only when the player kept them."""
import copy
import json
import re

import pytest

from games import get_engine
from games.core.engine import next_move
from tables.core import history, replay
from tables.core import options as opts


def one_hand(game: str, seed: str = "v1") -> tuple[dict, list]:
    engine = get_engine(game)
    config = opts.engine_config(game, opts.defaults(game))
    state, hand = engine.new(config, seed), history.deal(game, config, seed)
    seen = [state]
    for _ in range(5000):
        seat, action = next_move(engine, state)
        state, _, hand, done = history.apply(engine, hand, state, seat, action)
        seen.append(state)
        if done:
            return done, seen
    raise AssertionError("no hand ended")


def card_ids(html: str, seat: int) -> set[int]:
    part = re.search(rf'data-seat-hand="{seat}".*?(?=data-seat-hand="|\Z)', html, re.S).group(0)
    return {int(i) for i in re.findall(r'name="card" value="(\d+)"', part)}


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_every_hand_is_face_up_at_every_step_shown(game):
    record, seen = one_hand(game)
    players = seen[0]["players"]
    for k in (0, 1, len(record["actions"]) // 2):
        html = replay.viewer(replay.file_of(record), k)
        assert f'data-step="{k}"' in html and "検証済み" in html
        for seat in range(players):
            assert card_ids(html, seat) == set(seen[k]["hands"][seat]), (k, seat)
    end = replay.viewer(record, None)
    assert re.search(r'data-step="(\d+)" data-last="\1"', end)  # None: the end of the hand
    assert replay.viewer(record, 10_000).count('aria-current="step"') == 1  # clamped


def test_a_tampered_file_is_refused_with_its_reason():
    record, _ = one_hand("daifugo")
    bad = copy.deepcopy(record)
    i = next(i for i, (_, a) in enumerate(bad["actions"]) if a.get("cards"))
    bad["actions"][i][1]["cards"] = [bad["actions"][i][1]["cards"][0] ^ 1]
    html = replay.viewer(json.dumps(replay.file_of(bad)), 0)
    assert 'class="replay-error"' in html and "再生できません" in html and "data-verified" not in html
    assert 'data-code="format"' in replay.viewer("{not json", 0)
    assert 'data-code="commitment"' in replay.viewer({**record, "secret": "0" * 32}, 0)


def test_seat_labels_unless_the_names_were_kept():
    record, _ = one_hand("doudizhu")
    plain = replay.viewer(replay.file_of(record), 3)
    assert "席1" in plain and "data-keep-names" not in plain
    named = replay.viewer(json.dumps(replay.file_of(record, ["Ann", "Bo", "Cy"])), 3)
    assert "Bo" in named and "data-keep-names" in named
    evil = replay.viewer(replay.file_of(record, ["<i>zz", "x", "y"]), 3)
    assert "<i>zz" not in evil and "&lt;i&gt;zz" in evil  # names are escaped


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_the_side_numbers_run_on_from_the_deal_to_the_last_step(game):
    """The list of moves is numbered 0 (the deal) … the last step (that the table's log
    under it shows no numbers of its own is checked in the browser: test_browser_replay)."""
    record, _ = one_hand(game)
    html = replay.viewer(record, None)
    side = re.search(r'<aside class="replay-side">.*?</aside>', html, re.S).group(0)
    numbers = [int(n) for n in re.findall(r'<button type="button" data-step="\d+">(\d+)\. ', side)]
    assert numbers == list(range(len(record["actions"]) + 1))


def test_a_bid_of_nothing_reads_as_no_bid_alone():
    """Dou Dizhu's list of moves: a pass in the bidding is "P：入札しない" (not "入札 入札しない",
    "Bid No bid"), a bid is "入札 2", a play names its cards."""
    record, _ = one_hand("doudizhu")
    html = replay.viewer(replay.file_of(record, ["Ann", "Bo", "Cy"]), 3)
    said = re.findall(r'<button type="button" data-step="\d+">\d+\. (.*?)</button>', html)
    bids = [a for _, a in record["actions"] if a.get("type") == "bid"]
    assert any(b.get("bid", b.get("value")) == 0 for b in bids)  # the deal has a pass in the bidding
    assert not [s for s in said if "入札 入札しない" in s]
    assert any(s.endswith("：入札しない") for s in said)
    assert any(re.search(r"：出す \S", s) for s in said)


def two_hands(game: str, seed: str = "v2") -> tuple[dict, list]:
    """The record of a match's second hand (dealt from the first one's end: ``before``) and
    the states of that hand, from the end of the first one on."""
    engine = get_engine(game)
    config = opts.engine_config(game, opts.defaults(game))
    state, hand = engine.new(config, seed), history.deal(game, config, seed)
    seen, finished = [], 0
    for _ in range(10_000):
        seat, action = next_move(engine, state)
        state, _, hand, done = history.apply(engine, hand, state, seat, action)
        if finished:
            seen.append(state)
        if done:
            finished += 1
            if finished == 2:
                return done, seen
            seen = [state]
    raise AssertionError("no second hand ended")


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_step_0_of_a_later_hand_is_its_own_deal(game):
    """try14: a replay's step 0 of every hand after the first showed the previous hand's
    final table under 配札 (the record starts from it: ``before``, then the deal action);
    the deal itself came at step 1. Step 0 is this hand's deal, the moves after it are
    numbered 1… and the last step is the hand's end."""
    record, seen = two_hands(game)
    assert record["before"] is not None and record["actions"][0][1]["type"] in ("next_game", "next_hand")
    dealt, players = seen[1], seen[1]["players"]
    html = replay.viewer(record, 0)
    assert 'data-step="0"' in html
    for seat in range(players):
        assert card_ids(html, seat) == set(dealt["hands"][seat]), seat
    assert any(card_ids(html, seat) != set(seen[0]["hands"][seat]) for seat in range(players))
    last = len(record["actions"]) - 1  # the deal action is step 0 itself
    assert f'data-step="0" data-last="{last}"' in html
    for k in (1, last // 2):
        at_k = replay.viewer(record, k)
        for seat in range(players):
            assert card_ids(at_k, seat) == set(seen[k + 1]["hands"][seat]), (k, seat)
    side = re.search(r'<aside class="replay-side">.*?</aside>', replay.viewer(record, None), re.S).group(0)
    numbers = [int(n) for n in re.findall(r'<button type="button" data-step="\d+">(\d+)\. ', side)]
    assert numbers == list(range(last + 1))
    assert "配る" not in side  # the deal is step 0 (配札), not a move of its own


#: each game's hand as its table's status bar says it, with the game's name (try50)
TITLES = {"daifugo": "オリジナル大富豪　第%sゲーム", "guandan": "掼蛋　第%s局", "doudizhu": "闘地主　第%s局"}


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_the_title_says_the_number_the_table_showed(game):
    """try14: the viewer titled a hand by the room's count of hands (the record's no),
    above the game's own count on its status bar. A new match's first hand in a room that
    played one before is its hand 1 (第1ゲーム / 第1局 on the table), titled so with its
    game's name (try50: 第1局 for Daifugō's 第1ゲーム, and no game), and its match."""
    record, _ = one_hand(game)
    later = {**record, "no": 8}  # the room's 8th hand; no is not part of what is replayed
    html = replay.viewer(later, 0)
    title = re.search(r"<h2>(.*?)</h2>", html).group(1)
    assert TITLES[game] % 1 + "の再生" in title and "第8局" not in html and "第1試合" in title
    assert replay.number(later) == 1 and replay.title(later) == TITLES[game] % 1 + "の再生"
    second, _ = two_hands(game)
    assert TITLES[game] % 2 + "の再生" in re.search(r"<h2>(.*?)</h2>", replay.viewer({**second, "no": 9}, 0)).group(1)
    assert replay.number({**second, "no": 9}) == 2 == history.count(replay.replayed(second)[-1])
    english = {"daifugo": "Replay: Tycoon (original Daifugō) · Round 2", "guandan": "Replay: Guandan · Hand 2",
               "doudizhu": "Replay: Dou Dizhu · Hand 2"}
    chinese = {"daifugo": "大富豪（原创规则）　第2局回放", "guandan": "掼蛋　第2局回放", "doudizhu": "斗地主　第2局回放"}
    assert english[game] + ' <small class="muted" data-match>Match 1</small>' in replay.viewer(second, 0, lang="en")
    assert chinese[game] + ' <small class="muted" data-match>第1场比赛</small>' in replay.viewer(second, 0, lang="zh-hans")


def test_a_stop_window_closing_says_what_it_came_to():
    """try50: a 「締め切り」 / 「时限结束」 step followed every special card, as if someone had
    run out of time; it is the stop window closing. The step says what it came to (nobody
    stopped the effect, a stop stands, a counter stands), in each language, with no seat's
    name."""
    record, seen = one_hand("daifugo", "v4")  # its step 11 closes a window with a stop and a counter
    closing = {i + 1: len(seen[i]["window"]["chain"]) for i, (seat, a) in enumerate(record["actions"])
               if a["type"] == "close_window"}
    assert set(closing.values()) == {0, 1, 2} and closing[11] == 2
    assert all(record["actions"][i - 1][0] is None for i in closing)
    words = {"ja": ("誰も止めなかった", "止めが決まった", "止め返しが決まった"),
             "en": ("No one stopped it", "The stop stands", "The counter stands"),
             "zh-hans": ("无人阻止", "阻止成立", "反制成立")}
    for lang, said_for in words.items():
        html = replay.viewer(record, 0, lang=lang)
        said = dict(re.findall(r'<button type="button" data-step="(\d+)">\d+\. (.*?)</button>', html))
        assert all(said[str(i)] == said_for[0 if n == 0 else 1 if n % 2 else 2] for i, n in closing.items()), lang
        assert not any(w in html for w in ("締め切り", "Window closed", "时限结束"))


def test_the_cpus_are_named_in_a_replay_the_person_by_label():
    """try50: a replay called the CPUs 席3, 席4. A record keeps its CPUs' own names
    (history.with_cpus: CPU n, never a person's, nor a person's seat a CPU took over), and
    the viewer names those seats so, in a saved file too; a person's seat keeps 席N."""
    from dataclasses import dataclass

    @dataclass
    class Seat:
        order: int
        name: str
        is_human: bool

    record, _ = one_hand("doudizhu")
    kept = history.with_cpus(record, [Seat(2, "CPU 2", False), Seat(0, "あき", True), Seat(1, "ふゆ (CPU)", False)])
    assert kept["cpus"] == [None, None, "CPU 2"]
    html = replay.viewer(replay.file_of(kept), 0, you=0)
    assert "<h3>席1（あなた）</h3>" in html and "<h3>席2</h3>" in html and "<h3>CPU 2</h3>" in html
    assert "ふゆ" not in html and "あき" not in html
    assert "<h3>Seat 2</h3>" in replay.viewer(kept, 0, lang="en") and "<h3>CPU 2</h3>" in replay.viewer(kept, 0, lang="en")
    # a kept name wins; a forged cpus entry that is not a CPU's name is not shown
    assert "<h3>Bo</h3>" in replay.viewer(replay.file_of(kept, ["Ann", "Bo", "Cy"]), 0)
    assert "<h3>席3</h3>" in replay.viewer({**kept, "cpus": [None, None, "<b>x</b>"]}, 0)


def test_hands_are_listed_by_match_and_named_by_game():
    """try50: これまでの局 read 第1局の再生, 第2局の再生, 第1局の再生… with no game or match.
    history.listed groups the hands by match (newest first), names each by its game and
    number; a summary from before matches were kept is placed by its numbers."""
    older = [{"no": 1, "count": 1, "commitment": "a"}, {"no": 2, "count": 2, "commitment": "b"},
             {"no": 3, "count": 1, "commitment": "c"}, {"no": 4, "count": 1, "game": "guandan", "commitment": "d"}]
    assert history.matches(older) == [1, 1, 2, 3]
    assert history.matches([*older, {"no": 5, "count": 2, "game": "guandan", "match": 3}]) == [1, 1, 2, 3, 3]
    got = history.listed(older, "daifugo")
    assert [(g["title"], [h["title"] for h in g["hands"]]) for g in got] == [
        ("第3試合", ["掼蛋　第1局"]), ("第2試合", ["オリジナル大富豪　第1ゲーム"]),
        ("第1試合", ["オリジナル大富豪　第2ゲーム", "オリジナル大富豪　第1ゲーム"])]
    assert history.listed(older[:2], "daifugo")[0]["title"] is None  # one match: no heading
    from tables.core import i18n
    with i18n.use("en"):
        assert history.listed(older, "daifugo")[0]["title"] == "Match 3"
        assert history.hand_labels(["guandan"]) == {"guandan": {"hand": "Guandan · Hand {n}",
                                                               "in_match": "Guandan · Hand {n} (Match {m})"}}
    with i18n.use("zh-hans"):
        assert history.listed(older, "daifugo")[1]["hands"][0]["title"] == "大富豪（原创规则）　第1局"
        assert history.hand_labels(["doudizhu"])["doudizhu"]["in_match"] == "斗地主　第{n}局（第{m}场比赛）"


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_a_record_carries_the_number_its_table_showed(game):
    """The browser's list of its practice hands (/replay/, static/replay.js) labels each
    record by its "count", the game's own number that history.apply puts in the record
    (the same as the table's これまでの局 and the viewer's title), not worked out again in
    JavaScript."""
    first, _ = one_hand(game)
    second, _ = two_hands(game)
    assert first["count"] == 1 and second["count"] == 2
    assert second["count"] == replay.number(second) == history.count(replay.replayed(second)[-1])



def test_a_redeal_after_three_passes_is_said_in_the_list_of_moves():
    """Dou Dizhu: everyone passes the first deal's bidding and the cards are dealt again
    (seeds/001 §3): the list of moves says so after the third pass, not three passes and
    then a bid as if one bidding (try35); in each language."""
    engine = get_engine("doudizhu")
    config = opts.engine_config("doudizhu", opts.defaults("doudizhu"))
    state, hand = engine.new(config, "redeal-1"), history.deal("doudizhu", config, "redeal-1")
    done = None
    for n in range(5000):
        seat, action = next_move(engine, state)
        if n < 3:
            action = {"type": "bid", "value": 0}
        state, _, hand, done = history.apply(engine, hand, state, seat, action)
        if done:
            break
    assert done and done["actions"][2][1] == {"type": "bid", "value": 0}
    expected = {"ja": "入札しない（全員が入札しなかったので配り直し）", "en": "No bid (nobody bid: dealt again)",
                "zh-hans": "（都不叫，重新发牌）"}
    for lang, words in expected.items():
        html = replay.viewer(replay.file_of(done), 3, lang=lang)
        said = re.findall(r'<button type="button" data-step="(\d+)">\d+\. (.*?)</button>', html)
        noted = [int(step) for step, text in said if words in text]
        assert noted == [3], (lang, said[:5])


def test_a_practice_hand_says_which_seat_was_yours():
    """try38: a practice hand of this browser showed 席1, 席2, 席3 and nobody could tell which
    had been theirs. ``you`` (static/replay.js: tables/practice.py YOU) is said after its
    label, in the seats, the hands and the moves, in each language; a file says nobody's."""
    record, _ = one_hand("doudizhu")
    html = replay.viewer(record, 3, you=0)
    assert "席1（あなた）" in html and "席2（あなた）" not in html
    assert html.count("席1（あなた）") >= 3  # its seat, its hand's heading, its moves
    assert "Seat 1 (you)" in replay.viewer(record, 3, you=0, lang="en")
    assert "（あなた）" not in replay.viewer(record, 3) and "（あなた）" not in replay.viewer(record, 3, you=7)


def test_guandan_seats_in_a_replay_say_their_number_once():
    """try39: a Guandan replay's seats read 「1番 席1（あなた）」, the seat's number twice (the
    table puts 1番 before a name; a replay without names has 席1 for one). Without names the
    seat reads 席1 alone; with names kept, 1番 stands before each, as at the table."""
    record, _ = one_hand("guandan")
    seats = lambda html: re.findall(r'<span class="name">(.*?)</span>', html.split('data-seat-hand=')[0])
    plain = seats(replay.viewer(record, 3, you=0))
    assert "席1（あなた）" in plain and not any("番" in s for s in plain), plain
    named = seats(replay.viewer(replay.file_of(record, ["Ann", "Bo", "Cy", "Di"]), 3))
    assert "1番 Ann" in named and "2番 Bo" in named, named
