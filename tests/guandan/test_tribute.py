"""Tribute, anti-tribute, double-tribute ties, returns and the lead after them:
seeds/000 §18–§22, §24 examples; seeds/003 §4."""
from games.guandan import tribute as T
from games.guandan.cards import CODE, level_index

from .helpers import ids


def codes(cs):
    return [CODE[c] for c in cs]


def test_single_tribute_4th_to_1st_s18():
    p = T.plan([0, 1, 2, 3], {3: ids("SA", "SK"), 0: []})
    assert p["mode"] == "single" and p["givers"] == [3] and p["receivers"] == [0]


def test_single_tribute_even_to_partner_s18():
    p = T.plan([1, 0, 3, 2], {2: ids("SA"), 1: []})   # 4th (seat 3 of the rules) is 1st's partner?
    assert p["mode"] == "single" and p["givers"] == [2]
    p = T.plan([0, 1, 3, 2], {2: ids("S3"), 0: []})   # 1st seat 1, its partner seat 3 last
    assert p["givers"] == [2] and p["receivers"] == [0]


def test_tribute_is_highest_non_wild_s18():
    lv = level_index("7")
    assert codes(T.tribute_choices(ids("H7", "S7", "SA", "S3"), lv)) == ["S7"]
    assert codes(T.tribute_choices(ids("H7", "H7", "SA", "DA", "S3"), lv)) == ["SA", "DA"]
    assert codes(T.tribute_choices(ids("LJ", "BJ", "SA"), lv)) == ["BJ"]


def test_double_tribute_higher_card_to_first_s19():
    order = [0, 2, 1, 3]
    gifts = {1: ids("S7")[0], 3: ids("LJ")[0]}
    alloc = T.allocate(order, gifts, level_index("7"))
    assert [(a["from"], a["to"]) for a in alloc] == [(3, 0), (1, 2)]
    assert T.leader_after(order, alloc) == 3


def test_double_tribute_tie_seat_order_s19():
    # 1st seat 1, 2nd seat 3, seats 2 and 4 both give an A: 2 → 1, 4 → 3
    order = [0, 2, 1, 3]
    alloc = T.allocate(order, {1: ids("SA")[0], 3: ids("DA")[0]}, 0)
    assert [(a["from"], a["to"]) for a in alloc] == [(1, 0), (3, 2)]
    # 1st seat 3 (index 2), givers 2 and 4: going round from seat 3, seat 4 comes first
    order = [2, 0, 1, 3]
    alloc = T.allocate(order, {1: ids("SA")[0], 3: ids("DA")[0]}, 0)
    assert [(a["from"], a["to"]) for a in alloc] == [(3, 2), (1, 0)]
    assert T.leader_after(order, alloc) == 3


def test_anti_tribute_s21():
    assert T.plan([0, 1, 2, 3], {3: ids("BJ", "BJ", "S3")})["anti"]
    assert not T.plan([0, 1, 2, 3], {3: ids("BJ", "S3")})["anti"]
    # double: 1 + 1 between the givers
    assert T.plan([0, 2, 1, 3], {1: ids("BJ", "SA"), 3: ids("BJ", "SK")})["anti"]
    # receivers' big jokers and small jokers never count
    hands = {1: ids("BJ", "SA"), 3: ids("SK", "SQ"), 0: ids("BJ")}
    assert not T.plan([0, 2, 1, 3], hands)["anti"]
    assert not T.plan([0, 1, 2, 3], {3: ids("LJ", "LJ", "SA")})["anti"]
    assert T.leader_after([0, 2, 1, 3], None) == 0


def test_example2_s24():
    # 1/3 finished 1-2; 2 holds a big joker, 4 gives an A → BJ to 1, A to 3; 2 leads
    order = [0, 2, 1, 3]
    hands = {1: ids("BJ", "S3"), 3: ids("SA", "S4")}
    p = T.plan(order, hands)
    assert p["mode"] == "double" and not p["anti"]
    gifts = {g: T.tribute_choices(hands[g], 4)[0] for g in p["givers"]}
    alloc = T.allocate(order, gifts, 4)
    assert [(a["from"], a["to"], CODE[a["card"]]) for a in alloc] == [(1, 0, "BJ"), (3, 2, "SA")]
    assert T.leader_after(order, alloc) == 1


def test_returns_s20():
    lv = level_index("7")
    hand = ids("S3", "S7", "S8", "S10", "SJ", "BJ")
    assert codes(T.return_choices(hand, hand[-1], lv)) == ["S3", "S8", "S10"]
    lv2 = level_index("2")
    assert codes(T.return_choices(ids("S2", "D2", "SA", "SK"), None, lv2)) == ["SK"]


def test_never_the_received_card_s20():
    hand = ids("SJ", "SK", "S10")
    assert codes(T.return_choices(hand, hand[2], level_index("7"))) == ["SJ"]   # GD187
    two = ids("S10", "S10", "SK")
    assert codes(T.return_choices(two, two[0], level_index("7"))) == ["S10"]
    assert T.return_choices(two, two[0], level_index("7")) == [two[1]]


def test_fallback_lowest_returnable_s20():
    assert codes(T.return_choices(ids("SA", "S5", "SK", "SQ"), ids("SA")[0], level_index("5"))) == ["SQ"]
    hand = ids("BJ", "S10", "SJ", "DJ", "SQ")
    assert codes(T.return_choices(hand, hand[0], level_index("J"))) == ["S10"]


def test_suggestion_is_allowed_and_keeps_pairs_003():
    hand = ids("S3", "D3", "S6", "S9", "SK", "BJ")
    s = T.suggest_return(hand, hand[-1], 0)
    assert CODE[s] == "S6"
    s = T.suggest_return(hand, hand[-1], 0, to_partner=True)
    assert CODE[s] == "S9"
