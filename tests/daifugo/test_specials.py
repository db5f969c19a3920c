"""Special cards (seed 004 §5–§6; rules/daifugo.md "Special cards", "Finishing", "Time")."""
import pytest

from games.core.errors import IllegalAction
from games.daifugo import ENGINE
from games.daifugo.cards import CODE_OF_RANK, DECK

from .util import codes, ids, play, table

HOUSE = {"specials": {"five_skip": True, "ten_discard": True}}


def close(s):
    """The table closes the open window (what the server does after its seconds)."""
    w = ENGINE.window(s)
    assert w is not None
    return ENGINE.apply(s, None, w["close"])


def stop(s, seat, code):
    return ENGINE.apply(s, seat, {"type": "stop", "card": ids(s, seat, [code])[0]})


def kinds(events):
    return [e["type"] for e in events]


# --- effect or plain ------------------------------------------------------------------
def test_effect_or_plain_eight_cut():
    # 効果を使って出す／素出しで出す; 8切り flushes and the 8 player leads
    s = table(hands={0: ["S8", "H8", "S4", "S5"]}, field=(3, ["D6", "C6"]), turn=0)
    acts = [a for a in ENGINE.legal_actions(s, 0) if a["type"] == "play" and codes(a["cards"]) == ["H8", "S8"]]
    assert sorted(a["mode"] for a in acts) == ["effect", "plain"]
    plain, _ = play(s, 0, ["S8", "H8"], mode="plain")
    assert plain["turn"] == 1 and plain["field"] is not None and plain["window"] is None
    eff, ev = play(s, 0, ["S8", "H8"], mode="effect")
    assert eff["window"]["kind"] == "stop" and ENGINE.actors(eff) == []
    assert ENGINE.window(eff)["seconds"] == 4.0
    eff, ev = close(eff)
    assert "effect" in kinds(ev) and eff["field"] is None and eff["turn"] == 0


@pytest.mark.parametrize("hand, cards, field", [
    (["S6", "S4"], ["S6"], None),                               # no effect on a 6
    (["S7", "S8", "S9", "S4"], ["S7", "S8", "S9"], None),       # sequences never trigger effects
    (["S8", "H8", "D8", "C8", "S8", "S4"], ["S8", "H8", "D8", "C8", "S8"], None),  # revolution plays neither
    (["H3", "S4"], ["H3"], (3, ["D2"])),                        # ♥3 on your own turn is an ordinary card
    (["JK", "S4"], ["JK"], None),                               # a joker is no 8
    (["SA", "HA", "S4"], ["SA", "HA"], None),                   # ♠A×2 is exactly the two ♠A
])
def test_asking_for_an_effect_the_play_cannot_trigger_is_refused(hand, cards, field):
    s = table(hands={0: hand}, field=field, turn=0, revolution=field is not None)
    with pytest.raises(IllegalAction) as e:
        play(s, 0, cards, mode="effect")
    assert e.value.code == "no_effect"
    play(s, 0, cards, mode="plain")


def test_a_revolution_made_of_sevens_gives_no_seven_pass():
    # 7を5枚出すと革命は起きるが、7渡しはできない
    sevens = ["S7", "H7", "D7", "C7", "S7"]
    s = table(hands={0: sevens + ["S4", "S5"]})
    with pytest.raises(IllegalAction):
        play(s, 0, sevens, mode="effect")
    s, ev = play(s, 0, sevens)
    assert s["revolution"] and s["pending"] is None and s["window"]["kind"] == "revolution"


def test_special_cards_can_be_switched_off():
    s = table(hands={0: ["S8", "S4"]}, rules={"specials": {"eight_cut": False}})
    with pytest.raises(IllegalAction):
        play(s, 0, ["S8"], mode="effect")
    assert not ENGINE.view(s, 0)["hand"][1]["special"]


def test_special_cards_are_marked_in_the_hand():
    s = table(hands={0: ["S8", "S4", "H3", "D3", "HQ", "DQ", "SA", "HA", "S9", "SJ", "S7"]})
    marked = {c["code"] for c in ENGINE.view(s, 0)["hand"] if c["special"]}
    assert marked == {"S8", "H3", "HQ", "SA", "S9", "SJ", "S7"}


# --- 7渡し ----------------------------------------------------------------------------
def test_seven_pass_gives_k_chosen_cards_to_the_next_player():
    s = table(hands={0: ["S7", "H7", "S4", "S5", "S6"], 1: ["H9", "H10"]})
    s, _ = play(s, 0, ["S7", "H7"], mode="effect")
    s, _ = close(s)
    assert s["pending"] == {"kind": "seven_pass", "seat": 0, "count": 2, "to": 1}
    assert ENGINE.actors(s) == [0] and ENGINE.window(s)["seconds"] == 20.0
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, {"type": "give", "cards": ids(s, 0, ["S4"])})
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "pass"})
    s, ev = ENGINE.apply(s, 0, {"type": "give", "cards": ids(s, 0, ["S4", "S6"])})
    assert codes(s["hands"][1]) == ["H10", "H9", "S4", "S6"] and codes(s["hands"][0]) == ["S5"]
    assert s["turn"] == 1
    # the recipient alone sees which cards (a private event)
    v2 = ENGINE.view(s, 2)
    assert not any("♠6" in line["ja"] for line in v2["log"])
    assert any("♠6" in line["ja"] for line in ENGINE.view(s, 1)["log"])


def test_seven_pass_time_out_gives_the_weakest():
    s = table(hands={0: ["S7", "S2", "SK", "S4"], 1: ["H9", "H10"]})
    s, _ = play(s, 0, ["S7"], mode="effect")
    s, _ = close(s)
    s, _ = close(s)  # 20 s pass: the time-out
    assert "S4" in codes(s["hands"][1])


def test_only_natural_sevens_count_and_k_is_capped_by_the_cards_left():
    s = table(hands={0: ["S7", "JK", "S4", "S5"]})
    s, _ = play(s, 0, ["S7", "JK"], mode="effect")
    s, _ = close(s)
    assert s["pending"]["count"] == 1
    s = table(hands={0: ["S7", "H7", "D7", "S4"]})
    s, _ = play(s, 0, ["S7", "H7", "D7"], mode="effect")
    s, _ = close(s)
    assert s["pending"]["count"] == 1


def test_going_out_by_a_seven_pass_is_a_normal_finish():
    s = table(hands={0: ["S7", "S2"]}, game_no=2, prev_places=[3, 0, 1, 2])
    s, _ = play(s, 0, ["S7"], mode="effect")
    s, _ = close(s)
    s, ev = ENGINE.apply(s, 0, {"type": "give", "cards": ids(s, 0, ["S2"])})
    assert s["finished"] == [0] and "foul" not in kinds(ev) and "ochi" in kinds(ev)


def test_seven_pass_revives_a_foul_waiting_player():
    # 7でカードを渡されると復帰
    s = table(hands={0: ["JK"], 1: ["S7", "S4", "S5"], 2: ["D9", "D10"], 3: ["C9", "C10"]})
    s, _ = play(s, 0, ["JK"])                      # foul finish: waits
    assert s["fouls"] == [0]
    for seat in (1, 2, 3):
        s, _ = ENGINE.apply(s, seat, {"type": "pass"})
    assert s["turn"] == 1
    s, _ = stop_free_play(s, 1, ["S7"])
    s, _ = ENGINE.apply(s, 1, {"type": "give", "cards": ids(s, 1, ["S4"])})
    assert s["pending"] is None
    s2 = s
    for seat in (2, 3):
        s2, _ = ENGINE.apply(s2, seat, {"type": "pass"})
    # seat 0 got the card from the left? no: the recipient is the next player not finished
    # legitimately after seat 1, which is seat 2; so check on a table where it is seat 0
    t = table(hands={3: ["S7", "S4", "S5"], 1: ["D9", "D10"], 2: ["C9", "C10"]}, turn=3, fouls=[0])
    t["hands"][0] = []
    t, _ = stop_free_play(t, 3, ["S7"])
    assert t["pending"]["to"] == 0
    t, ev = ENGINE.apply(t, 3, {"type": "give", "cards": ids(t, 3, ["S4"])})
    assert "revived" in kinds(ev) and t["fouls"] == [] and len(t["hands"][0]) == 1
    assert t["turn"] == 0  # back in the game: it is seat 0's turn to follow


def stop_free_play(s, seat, cards):
    """Play with effect and let the stop window pass unopposed."""
    s, _ = play(s, seat, cards, mode="effect")
    return close(s)


def test_the_foul_waiting_players_wait_ends_in_the_last_free_place():
    s = table(hands={0: ["JK"], 1: ["S9"], 2: ["D5", "D6"], 3: ["C7", "C8"]})
    s, _ = play(s, 0, ["JK"])
    for seat in (1, 2, 3):
        s, _ = ENGINE.apply(s, seat, {"type": "pass"})
    s, _ = play(s, 1, ["S9"])
    s, _ = ENGINE.apply(s, 2, {"type": "pass"})
    s, _ = ENGINE.apply(s, 3, {"type": "pass"})
    s, _ = play(s, 2, ["D5"])
    s, _ = ENGINE.apply(s, 3, {"type": "pass"})
    s, _ = play(s, 2, ["D6"])
    assert s["places"] == [1, 2, 3, 0]


# --- 11バック -------------------------------------------------------------------------
def test_eleven_back_reverses_until_the_trick_ends():
    s = table(hands={0: ["SJ", "S4"], 1: ["H10", "HQ", "H5"]}, field=(3, ["D9"]), turn=0)
    s, _ = stop_free_play(s, 0, ["SJ"])
    assert s["eleven_back"]
    with pytest.raises(IllegalAction):
        play(s, 1, ["HQ"])
    s, _ = play(s, 1, ["H10"])
    for seat in (2, 3, 0):
        s, _ = ENGINE.apply(s, seat, {"type": "pass"})
    assert not s["eleven_back"]


def test_joker_standing_for_a_jack_does_not_count_but_a_natural_jack_does():
    # S07
    s = table(hands={0: ["HJ", "JK", "S4"]}, field=(3, ["D10", "C10"]), turn=0)
    s, _ = stop_free_play(s, 0, ["HJ", "JK"])
    assert s["eleven_back"]


# --- 9割り込み -------------------------------------------------------------------------
def interrupt(s, seat, cards):
    return ENGINE.apply(s, seat, {"type": "play", "cards": ids(s, seat, cards), "mode": "interrupt"})


def test_nine_interrupt_out_of_turn():
    s = table(hands={2: ["S9", "H9", "S4"], 3: ["D9", "C4"]}, field=(0, ["D6", "C6"]), turn=1)
    assert ENGINE.reactions(s) == [2]
    assert {"type": "play", "cards": ids(s, 2, ["S9", "H9"]), "mode": "interrupt"} in ENGINE.legal_actions(s, 2)
    s, ev = interrupt(s, 2, ["S9", "H9"])
    assert "interrupt" in kinds(ev) and s["field"]["by"] == 2 and s["turn"] == 3


@pytest.mark.parametrize("field, flags, who, cards, ok", [
    (["D8"], {}, 3, ["H9"], False),                          # 8 is out of range (≤7)
    (["D7"], {}, 3, ["H9"], True),
    (["D7"], {"revolution": True}, 3, ["H9"], False),        # reversed: ≥10 only
    (["D10"], {"revolution": True}, 3, ["H9"], True),
    (["CK"], {"eleven_back": True}, 3, ["S9"], True),        # 11-back counts as reversal
    (["D6", "C6"], {}, 3, ["H9"], False),                    # same count
    (["D6"], {}, 1, ["H9"], False),                          # the player to move plays normally
    (["D6"], {}, 0, ["H9"], False),                          # not onto your own play
    (["D6"], {"passed": [3]}, 3, ["H9"], False),             # not after passing in this trick
    (["D6"], {"bind": {"next": "7"}}, 3, ["H9"], False),     # binds are respected
    (["D6"], {"bind": {"suits": ["D"]}}, 3, ["H9"], False),
    (["D6"], {"bind": {"suits": ["H"]}}, 3, ["H9"], True),
    (["D6"], {"rules": {"specials": {"nine_interrupt": False}}}, 3, ["H9"], False),
])
def test_nine_interrupt_eligibility(field, flags, who, cards, ok):
    flags = dict(flags)
    passed = flags.pop("passed", ())
    s = table(hands={who: cards + ["S4"]}, field=(0, field), turn=1, passed=passed, **flags)
    if ok:
        interrupt(s, who, cards)
    else:
        with pytest.raises(IllegalAction):
            interrupt(s, who, cards)


def test_sequence_fields_cannot_be_interrupted():
    s = table(hands={3: ["S9", "H9", "D9", "S4"]}, field=(0, ["H4", "H5", "H6"]), turn=1)
    with pytest.raises(IllegalAction):
        interrupt(s, 3, ["S9", "H9", "D9"])


def test_simultaneous_interrupts_go_to_the_earliest_in_turn_order():
    s = table(players=5, hands={2: ["S9", "S4"], 4: ["H9", "S5"], 0: ["D9", "S6"]}, field=(1, ["D6"]), turn=3)
    requests = [(2, {"type": "play", "cards": ids(s, 2, ["S9"]), "mode": "interrupt"}),
                (0, {"type": "play", "cards": ids(s, 0, ["D9"]), "mode": "interrupt"}),
                (4, {"type": "play", "cards": ids(s, 4, ["H9"]), "mode": "interrupt"})]
    order = ENGINE.simultaneous(s, requests)
    assert [seat for seat, _ in order] == [4, 0, 2]  # from seat 3, the player to move
    s, _ = ENGINE.apply(s, *order[0])
    for seat, action in order[1:]:
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, seat, action)


def test_an_interrupt_cannot_be_stopped():
    s = table(hands={2: ["S9", "S4"], 3: ["H3", "S3", "C4"]}, field=(0, ["D6"]), turn=1)
    s, _ = interrupt(s, 2, ["S9"])
    assert s["window"] is None and s["turn"] == 3


# --- stops (無効化) --------------------------------------------------------------------
def eight_cut_table(**hands):
    base = {0: ["S8", "S4", "S5"], 1: ["D4", "D5"], 2: ["C4", "C5"], 3: ["H6", "H7"]}
    base.update({int(k[1:]): v for k, v in hands.items()})
    s = table(hands=base)
    s, _ = play(s, 0, ["S8"], mode="effect")
    return s


def test_spade_three_stops_without_a_flush():
    s = eight_cut_table(p2=["S3", "C4", "C5"])
    s, ev = stop(s, 2, "S3")
    assert "stop" in kinds(ev) and "S3" in codes(s["graveyard"])
    s, ev = close(s)
    assert "effect_stopped" in kinds(ev) and s["field"] is not None and s["turn"] == 1


def test_heart_three_stop_flushes_and_its_player_leads():
    s = eight_cut_table(p2=["H3", "C4", "C5"])
    s, _ = stop(s, 2, "H3")
    s, ev = close(s)
    assert s["field"] is None and s["turn"] == 2 and "flush" in kinds(ev)


def test_heart_three_counters_a_stop_and_the_effect_resolves():
    s = eight_cut_table(p2=["S3", "C4", "C5"], p3=["H3", "H6", "H7"])
    s, _ = stop(s, 2, "S3")
    s, ev = stop(s, 3, "H3")
    assert "counter" in kinds(ev)
    s, ev = close(s)
    assert "effect" in kinds(ev) and s["field"] is None and s["turn"] == 0


def test_chain_spade_three_heart_three_heart_three():
    # ♥3は2枚あるので、♥3を♥3で止め返すこともできる (at most 3 actions)
    s = eight_cut_table(p1=["S3", "D4", "D5"], p2=["H3", "C4", "C5"], p3=["H3", "H6", "H7"])
    s, _ = stop(s, 1, "S3")
    s, _ = stop(s, 2, "H3")
    s, ev = stop(s, 3, "H3")     # the third action closes the window at once
    assert s["window"] is None and "effect_stopped" in kinds(ev)
    assert s["field"] is None and s["turn"] == 3   # the cancelling ♥3 flushes, its player leads
    assert codes(s["graveyard"]).count("H3") == 2


def test_who_may_stop_and_counter():
    s = eight_cut_table(p0=["S8", "S3", "H3", "S5"], p1=["S3", "D4"], p2=["JK", "C4"])
    with pytest.raises(IllegalAction):
        stop(s, 0, "S3")          # not your own effect
    with pytest.raises(IllegalAction) as e:
        ENGINE.apply(s, 2, {"type": "stop", "card": ids(s, 2, ["JK"])[0]})
    assert e.value.code == "cannot_stop"  # jokers never stop
    s, _ = stop(s, 1, "S3")
    with pytest.raises(IllegalAction):
        stop(s, 0, "S3")          # ♠3 cannot counter
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "pass"})  # nothing but stops while the window is open
    s, ev = stop(s, 0, "H3")      # the effect's own player may counter with ♥3
    s, ev = close(s)
    assert "effect" in kinds(ev)


def test_the_stop_window_opens_whoever_holds_stoppers():
    # the window length never depends on who holds a stopper
    nobody = eight_cut_table()
    someone = eight_cut_table(p2=["S3", "C4", "C5"])
    assert ENGINE.window(nobody) == ENGINE.window(someone)
    assert ENGINE.reactions(nobody) == [] and ENGINE.reactions(someone) == [2]
    v = ENGINE.view(nobody, 1)
    assert v["window"]["kind"] == "stop"


def test_plain_plays_cannot_be_stopped():
    s = table(hands={0: ["S8", "S4"], 2: ["S3", "C4"]})
    s, _ = play(s, 0, ["S8"], mode="plain")
    assert s["window"] is None
    with pytest.raises(IllegalAction) as e:
        stop(s, 2, "S3")
    assert e.value.code == "no_window"


def test_stopping_with_the_last_card_is_a_foul_finish():
    s = eight_cut_table(p2=["S3"])
    s, ev = stop(s, 2, "S3")
    assert "foul" in kinds(ev) and 2 in s["fouls"]


# --- ♥Q×2 -----------------------------------------------------------------------------
def revolution_table(**hands):
    base = {0: ["S6", "H6", "D6", "C6", "S6", "S4"], 1: ["D4", "D5"], 2: ["C4", "C5"], 3: ["H8", "H9"]}
    base.update({int(k[1:]): v for k, v in hands.items()})
    s = table(hands=base)
    s, _ = play(s, 0, ["S6", "H6", "D6", "C6", "S6"])
    return s


def test_heart_queen_pair_stops_a_revolution_right_after_it():
    s = revolution_table(p2=["HQ", "HQ", "C5"])
    assert s["revolution"] and s["window"]["kind"] == "revolution"
    s, _ = ENGINE.apply(s, 2, {"type": "revolution_stop", "cards": ids(s, 2, ["HQ", "HQ"])})
    s, ev = close(s)
    assert not s["revolution"] and "revolution_stopped" in kinds(ev)
    assert s["field"]["by"] == 0 and s["turn"] == 1  # the cards stay as an ordinary play


def test_heart_three_counters_the_heart_queens_and_the_other_heart_three_counters_that():
    s = revolution_table(p2=["HQ", "HQ", "C5"], p3=["H3", "H8"], p1=["H3", "D4"])
    s, _ = ENGINE.apply(s, 2, {"type": "revolution_stop", "cards": ids(s, 2, ["HQ", "HQ"])})
    s, _ = stop(s, 3, "H3")
    s2, _ = close(s)
    assert s2["revolution"]          # countered: the revolution stands
    s3, ev = stop(s, 1, "H3")
    assert s3["window"] is None and not s3["revolution"]


def test_heart_queens_only_right_after_a_revolution():
    s = table(hands={2: ["HQ", "HQ", "C5"]}, field=(0, ["DJ", "CJ"]), turn=2)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 2, {"type": "revolution_stop", "cards": ids(s, 2, ["HQ", "HQ"])})
    s, _ = play(s, 2, ["HQ", "HQ"])   # R14: a plain ♥Q pair is a normal Q pair
    assert s["window"] is None


def test_revolution_window_is_switchable():
    s = table(hands={0: ["S6", "H6", "D6", "C6", "S6", "S4"]}, rules={"specials": {"revolution_stop": False}})
    s, _ = play(s, 0, ["S6", "H6", "D6", "C6", "S6"])
    assert s["window"] is None and s["turn"] == 1


# --- ♠A×2 ----------------------------------------------------------------------------
def test_spade_ace_pair_redeals_everyone_not_legitimately_finished():
    s = table(hands={0: ["SA", "SA", "S4", "S5", "S6"], 1: ["D4", "D5", "D6", "D7"], 2: ["JK"], 3: ["C4"]},
              surplus=2)
    s, _ = play(s, 2, ["JK"], turn=None) if False else (s, None)
    s["fouls"] = [2]
    s["hands"][2] = []
    s["finished"] = [3]
    s["hands"][3] = []
    pool = 3 + 4  # seat 0 after the ♠A×2 and seat 1; seat 2 (foul-waiting) receives too; seat 3 finished
    s, _ = stop_free_play(s, 0, ["SA", "SA"])
    counts = [len(h) for h in s["hands"]]
    assert counts == [pool // 3, pool // 3, pool // 3, 0]
    assert s["fouls"] == []                       # the foul-waiting player is dealt back in
    assert len(s["surplus"]) == 2 - 1 + pool % 3  # one revealed at the flush, the remainder added
    assert s["field"] is None and s["turn"] == 0
    all_cards = sorted([c for h in s["hands"] for c in h] + s["surplus"] + s["graveyard"])
    assert len(all_cards) == len(set(all_cards))


def test_redeal_needs_a_card_for_every_receiver():
    # N13
    s = table(hands={0: ["SA", "SA"], 1: [], 2: ["C4"], 3: []}, fouls=[1, 3])
    with pytest.raises(IllegalAction) as e:
        play(s, 0, ["SA", "SA"], mode="effect")
    assert e.value.code == "redeal_too_few"
    play(s, 0, ["SA", "SA"], mode="plain")


def test_spade_ace_pair_with_effect_as_the_last_cards_is_a_foul():
    s = table(hands={0: ["SA", "SA"], 1: ["D4", "D5", "D6"], 2: ["C4", "C5"], 3: ["H4", "H5"]})
    s, ev = play(s, 0, ["SA", "SA"], mode="effect")
    assert "foul" in kinds(ev)
    s, _ = close(s)
    assert s["fouls"] == [] and len(s["hands"][0]) == 7 // 4   # dealt back in by its own redeal
    t = table(hands={0: ["SA", "SA"]})
    t, ev = play(t, 0, ["SA", "SA"], mode="plain")
    assert "finish" in kinds(ev)                           # 素出しで上がるのはOK


# --- house rules ----------------------------------------------------------------------
def test_house_rules_are_off_by_default():
    s = table(hands={0: ["S5", "S4"]})
    with pytest.raises(IllegalAction):
        play(s, 0, ["S5"], mode="effect")


def test_five_skip_skips_the_next_k_players():
    s = table(players=5, hands={0: ["S5", "H5", "S4"]}, rules=HOUSE)
    s, _ = stop_free_play(s, 0, ["S5", "H5"])
    assert s["turn"] == 3


def test_ten_discard_discards_k_chosen_cards():
    s = table(hands={0: ["S10", "S4", "S6", "SK"]}, rules=HOUSE)
    s, _ = stop_free_play(s, 0, ["S10"])
    assert s["pending"]["kind"] == "ten_discard"
    s, _ = ENGINE.apply(s, 0, {"type": "discard", "cards": ids(s, 0, ["S4"])})
    assert "S4" in codes(s["graveyard"]) and codes(s["hands"][0]) == ["S6", "SK"]


def test_a_stopped_joker_revolution_keeps_the_number_bind():
    # 5 players (revolution at 4+): on 5555 with the bind wanting 6, JK×4 stands for 6666
    # and makes a revolution; ♥Q×2 stops it, so the order is normal again and the bind
    # wants 7 (the rank after what the jokers stood for), not nothing (a joker's own rank).
    s = table(players=5, hands={0: ["JK", "JK", "JK", "JK", "S9"], 1: ["HQ", "HQ", "C5"],
                                2: ["S7", "H7", "D7", "C7", "D4"]},
              field=(4, ["S5", "H5", "D5", "C5"]), bind={"next": "6"})
    s, _ = play(s, 0, ["JK", "JK", "JK", "JK"])
    assert s["revolution"] and s["window"]["kind"] == "revolution"
    s, _ = ENGINE.apply(s, 1, {"type": "revolution_stop", "cards": ids(s, 1, ["HQ", "HQ"])})
    s, _ = close(s)
    assert not s["revolution"] and s["bind"]["number"] and CODE_OF_RANK[s["bind"]["next"]] == "7"
    # nothing beats jokers, but the table shows the bind as it stands (縛り 次は7)
    assert ENGINE.view(s, 2)["bind"]["next_rank"] == "7"


def test_cpu_only_play_orders_simultaneous_interrupts_by_turn_order_too():
    # games.core.step (CPU-only games, benches) asks every seat that may react and applies
    # the engine's simultaneous() order, not seat numbers: from seat 3, seat 4 comes first.
    from games.core.engine import step
    s = table(players=5, hands={2: ["S9", "S4"], 4: ["H9", "S5"], 0: ["D9", "S6"]}, field=(1, ["D6"]), turn=3)
    wanted = [seat for seat in ENGINE.reactions(s) if ENGINE.react(s, seat) is not None]
    if len(wanted) < 2:
        pytest.skip("the CPU does not want to interrupt here")
    s2, events = step(ENGINE, s)
    mover = next(e["seat"] for e in events if e["type"] == "play")
    assert mover == ENGINE.simultaneous(s, [(w, {}) for w in wanted])[0][0]
