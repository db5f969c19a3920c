"""Level rises after a hand, the A pass and the A-rule switch.

Rule source: seeds/000_03205a0e19f1fabd.txt §15–§17 and §24 example 1,
seeds/003_e92e1431ea7e2b44.txt §1, §4 and "レベル計算の例" (the A-rule switch),
rules/guandan.md "Finishing and levels".

Seats are ints 0–3 (rule seat 1 = 0); team 0 is seats 0+2, team 1 is seats 1+3. Levels are
rank names ``"2"``…``"A"``.
"""
from __future__ import annotations

from games.core.cards import RANKS

A_REQUIRED = "a_required"          # 000 §17: never falls back (default, competitive)
THREE_FAIL_RESET = "three_fail_reset"  # 003: the third failure at A resets the team to 2
A_RULES = (A_REQUIRED, THREE_FAIL_RESET)
TEAM_JA = ("1・3番組", "2・4番組")
TEAM_EN = ("seats 1+3", "seats 2+4")
DELTA_BY_PARTNER_PLACE = {1: 3, 2: 2, 3: 1}  # partner 2nd / 3rd / 4th (§16)


def team_of(seat: int) -> int:
    """Team index of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (§1)."""
    return seat % 2


def partner(seat: int) -> int:
    """The fixed partner across the table (§1)."""
    return (seat + 2) % 4


def raise_level(level: str, delta: int) -> str:
    """``level`` raised by ``delta`` steps, capped at A (§17: K+2 = A)."""
    return RANKS[min(RANKS.index(level) + delta, len(RANKS) - 1)]


def complete_order(finished: list[int], cards_left: list[int]) -> list[int]:
    """The full finishing order (4 seats) from the seats that went out, in order; the
    remaining places go to the others by fewer cards left, ties by seat order after the
    last finisher (§15: 残順位を補完). Only the winners' places matter for levels."""
    rest = [s for s in range(4) if s not in finished]
    start = finished[-1] if finished else 0
    rest.sort(key=lambda s: (cards_left[s], (s - start) % 4))
    return list(finished) + rest


def level_update(levels: list[str], hand_level: str, order: list[int],
                 a_rule: str = A_REQUIRED, a_fails: list[int] | None = None) -> dict:
    """The result of a finished hand.

    Args:
        levels: stored level of team 0 and team 1 before the hand.
        hand_level: the level this hand was played at.
        order: full finishing order, 4 distinct seats (1st … 4th).
        a_rule: :data:`A_REQUIRED` or :data:`THREE_FAIL_RESET`.
        a_fails: failures at A of each team so far (only used by the reset rule).

    Returns ``{"winner_team", "delta", "levels_after", "next_level", "match_won",
    "a_fails_after", "reset_teams", "ja", "en"}``.

    Rules (§16–§17, 003 A rule): the first finisher's team wins and rises from its *own*
    level by 3/2/1 when the partner is 2nd/3rd/4th; the losers keep their level; the stored
    level caps at A. The match is won when the winners were already at A, the hand was
    played at A, and they finished 1-2 or 1-3. Under the reset rule every team at A in a
    hand played at A that does not win the match this way counts one failure; the third
    resets it to 2 (and its count to 0).

    Raises ``ValueError`` for a malformed order, level or rule.
    """
    if sorted(order) != [0, 1, 2, 3]:
        raise ValueError(f"bad finishing order {order!r}")
    if a_rule not in A_RULES:
        raise ValueError(f"bad A rule {a_rule!r}")
    for lv in list(levels) + [hand_level]:
        if lv not in RANKS:
            raise ValueError(f"bad level {lv!r}")
    fails = list(a_fails or [0, 0])
    first = order[0]
    win = team_of(first)
    place = order.index(partner(first))
    delta = DELTA_BY_PARTNER_PLACE[place]
    after = list(levels)
    after[win] = raise_level(levels[win], delta)
    match_won = levels[win] == "A" and hand_level == "A" and delta >= 2
    reset = []
    if a_rule == THREE_FAIL_RESET:
        for t in (0, 1):
            if levels[t] == "A" and hand_level == "A" and not (match_won and t == win):
                fails[t] += 1
                if fails[t] >= 3:
                    after[t] = "2"
                    fails[t] = 0
                    reset.append(t)
    ja, en = _explain(win, delta, levels, after, match_won, hand_level, reset)
    return {"winner_team": win, "delta": delta, "levels_after": after,
            "next_level": after[win], "match_won": match_won, "a_fails_after": fails,
            "reset_teams": reset, "ja": ja, "en": en}


def _explain(win, delta, before, after, match_won, hand_level, reset) -> tuple[str, str]:
    place = {3: "2位", 2: "3位", 1: "4位"}[delta]
    place_en = {3: "2nd", 2: "3rd", 1: "4th"}[delta]
    ja = f"味方が{place}なので+{delta}: {before[win]} → {after[win]}"
    en = f"Partner finished {place_en}, so +{delta}: {before[win]} → {after[win]}"
    if match_won:
        ja += "。Aの局で1・{}位のためA突破、総合勝利".format("2" if delta == 3 else "3")
        en += "; 1-{} in an A hand passes A: match won".format("2" if delta == 3 else "3")
    elif before[win] == "A" and hand_level == "A":
        ja += "。1・4位ではA突破になりません"
        en += "; a 1-4 finish does not pass A"
    elif before[win] == "A":
        ja += f"。{hand_level}の局なのでA突破になりません"
        en += f"; the hand was played at {hand_level}, not A, so A is not passed"
    elif RANKS.index(before[win]) + delta > len(RANKS) - 1:
        ja += "（Aで上限）"
        en += " (capped at A)"
    for t in reset:
        ja += f"。{TEAM_JA[t]}はAで3回失敗し2に戻ります"
        en += f"; {TEAM_EN[t]} failed A three times and goes back to 2"
    return ja, en
