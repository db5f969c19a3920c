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
        free = [c for c in range(len(DECK)) if c not in taken]
        h = DECK.parse(codes, prefer=free)
        # DECK.parse does not know what other hands took: pick unused copies
        fixed = []
        for code, cid in zip(codes, h):
            cands = [i for i in DECK.by_code[code] if i not in taken and i not in fixed]
            fixed.append(cands[0])
        taken.extend(fixed)
        hands.append(sorted(fixed))
    st["hands"] = hands
    st["hand_level"] = level
    st["turn"] = turn
    st["trick"] = {"leader": turn, "last": None, "passed": [], "plays": []}
    return st
