"""Tribute, anti-tribute, allocation of a double tribute, returns and the lead after them.

Rule source: seeds/000_03205a0e19f1fabd.txt §18 (single tribute), §19 (double tribute and
ties), §20 (returns), §21 (anti-tribute), §22 (who leads), §24 examples;
seeds/003_e92e1431ea7e2b44.txt §4 (the suggested return is preselected);
rules/guandan.md "Tribute and return".

Seats are ints 0–3; ``order`` is the previous hand's full finishing order.
"""
from __future__ import annotations

from .cards import ACE, BJ, RANK, SUIT, power
from .levels import team_of

TEN = 8  # natural index of "10": a normal return is 2…10 (§20)


def plan(order: list[int], hands: dict[int, list[int]] | list[list[int]]) -> dict:
    """Who gives and who receives, and whether the givers' big jokers cancel it.

    Returns ``{"mode": "single"|"double"|None, "givers": [seat…], "receivers": [seat…],
    "anti": bool, "big_jokers": int}``. Single (winners 1-3 or 1-4): 4th gives to 1st,
    even when 4th is 1st's partner (§18). Double (winners 1-2): 3rd and 4th give (§19).
    Anti-tribute (§21) when the givers together hold both big jokers; receivers' jokers,
    small jokers and wilds never count. ``mode`` is None when cancelled.
    """
    first, second = order[0], order[1]
    if team_of(second) == team_of(first):
        givers, receivers, mode = [order[2], order[3]], [first, second], "double"
    else:
        givers, receivers, mode = [order[3]], [first], "single"
    bj = sum(1 for g in givers for c in hands[g] if RANK[c] == BJ)
    anti = bj >= 2
    return {"mode": None if anti else mode, "givers": givers, "receivers": receivers,
            "anti": anti, "big_jokers": bj}


def tribute_choices(hand: list[int], level: int) -> list[int]:
    """The cards a giver may hand over: its highest cards in level-promoted order, never a
    heart level wild (§18: 大王>小王>他スートの級札>普通札; suits never matter).

    Raises ``ValueError`` if the hand holds nothing but wilds."""
    cands = [c for c in hand if not (SUIT[c] == "H" and RANK[c] == level)]
    if not cands:
        raise ValueError("no card to give")
    top = max(power(RANK[c], level) for c in cands)
    return sorted(c for c in cands if power(RANK[c], level) == top)


def allocate(order: list[int], gifts: dict[int, int], level: int) -> list[dict]:
    """Match the tribute cards with receivers: ``[{"from", "to", "card"}]``, the gift to
    1st first. Single: 4th → 1st. Double (§19): the higher card goes to 1st, the other to
    2nd; equal cards: go round from the 1st-place seat in seat order, the first giver met
    gives to 1st (1st = seat 3, givers 2 and 4 → 4 gives to 1st)."""
    first = order[0]
    if len(gifts) == 1:
        ((g, c),) = gifts.items()
        return [{"from": g, "to": first, "card": c}]
    (g1, c1), (g2, c2) = gifts.items()
    p1, p2 = power(RANK[c1], level), power(RANK[c2], level)
    if p1 == p2:
        d1, d2 = (g1 - first) % 4, (g2 - first) % 4
        high = g1 if d1 < d2 else g2
    else:
        high = g1 if p1 > p2 else g2
    low = g2 if high == g1 else g1
    return [{"from": high, "to": first, "card": gifts[high]},
            {"from": low, "to": order[1], "card": gifts[low]}]


def leader_after(order: list[int], gifts: list[dict] | None) -> int:
    """Who leads the hand after tribute (§22): the giver to 1st (single: the 4th; double:
    the giver of the higher card, ties by the seat-order rule); after an anti-tribute
    (``gifts`` None or empty) the previous 1st."""
    if not gifts:
        return order[0]
    return next(g["from"] for g in gifts if g["to"] == order[0])


def return_choices(hand: list[int], received: int | None, level: int) -> list[int]:
    """Cards the receiver may return (§20), from its hand *after* receipt.

    Normally any non-level card of natural rank 2…10 (never a joker, never a level card,
    so 2s do not count in a level-2 hand). Never the very card received (by id; another
    copy of the same code is fine). With no such card: the lowest returnable card(s) in
    level-promoted order (still never a joker or the card received)."""
    pool = [c for c in hand if c != received]
    normal = [c for c in pool if RANK[c] <= TEN and RANK[c] != level]
    if normal:
        return sorted(normal)
    suited = [c for c in pool if RANK[c] <= ACE] or pool
    low = min(power(RANK[c], level) for c in suited)
    return sorted(c for c in suited if power(RANK[c], level) == low)


def suggest_return(hand: list[int], received: int | None, level: int,
                   to_partner: bool = False) -> int:
    """The preselected return (003 §4): to an opponent the lowest card that breaks no pair
    or set (a lone low card), to one's own partner the highest allowed lone card (it helps
    the team). Always one of :func:`return_choices`."""
    allowed = return_choices(hand, received, level)
    counts: dict[int, int] = {}
    for c in hand:
        counts[RANK[c]] = counts.get(RANK[c], 0) + 1

    def cost(c):
        pw = power(RANK[c], level)
        lone = 0 if counts[RANK[c]] == 1 else 1
        return (lone, -pw if to_partner else pw, c)
    return min(allowed, key=cost)
