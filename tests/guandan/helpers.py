"""Shared helpers for the Guandan tests: cards by conformance code, readings, states."""
from games.guandan import ENGINE
from games.guandan.cards import DECK, level_index
from games.guandan.combos import beats, classify


def ids(*codes, prefer=()):
    """Physical ids for codes (``"S9"``, ``"BJ"``); a code given twice takes both copies."""
    return DECK.parse(codes, prefer)


def readings(level, *codes):
    """``[(type, rank_key)]`` of every reading, strongest first."""
    return [(r.type, r.rank) for r in classify(ids(*codes), level_index(level))]


def top(level, *codes):
    rs = classify(ids(*codes), level_index(level))
    return (rs[0].type, rs[0].rank) if rs else None


def can_beat(level, previous, play):
    lv = level_index(level)
    table = classify(ids(*previous), lv)[0]
    return any(beats(r, table) for r in classify(ids(*play), lv))


def table_state(hands_codes, level="2", turn=0):
    """A play-phase state of hand 1 whose hands are given by codes (small hands are fine:
    the engine never assumes 27 cards)."""
    st = ENGINE.new({}, "fixture")
    taken = []
    hands = []
    for codes in hands_codes:
        fixed = []
        for code in codes:
            cands = [i for i in DECK.by_code[code] if i not in taken and i not in fixed]
            fixed.append(cands[0])
        taken.extend(fixed)
        hands.append(sorted(fixed))
    st["hands"] = hands
    st["hand_level"] = level
    st["turn"] = turn
    st["trick"] = {"leader": turn, "last": None, "passed": [], "plays": []}
    return st


FILL = ["C4", "C6", "C8", "CQ", "D4", "D6", "D8", "DQ", "H4", "H6", "H8", "HQ"]


def filler(n, start=0):
    """``n`` distinct low-ish codes for opponents' hands (start at ``start``)."""
    return FILL[start:start + n]
