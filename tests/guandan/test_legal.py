"""Legal play generation against brute force: every subset of small random hands is
classified (seeds/000 §4–§12) and must match :func:`games.guandan.legal.generate`
exactly, up to suits that cannot matter (straight flushes keep their suit)."""
import random
from itertools import combinations

import pytest

from games.guandan.cards import DECK, RANK, SUIT
from games.guandan.combos import beats, classify
from games.guandan.legal import generate

from .helpers import ids


def identity(cards, reading, level):
    real = sorted(RANK[c] for c in cards if not (SUIT[c] == "H" and RANK[c] == level))
    wild = len(cards) - len(real)
    return (reading.type, reading.rank, reading.suit, tuple(real), wild)


def brute(hand, level, table=None):
    out = set()
    for k in range(1, min(len(hand), 10) + 1):
        for sub in combinations(hand, k):
            for r in classify(sub, level):
                if beats(r, table):
                    out.add(identity(sub, r, level))
    return out


def random_hand(rnd, n, level):
    """A hand dense in a few ranks (so sequences, bombs and wilds happen)."""
    lo = rnd.randrange(0, 9)
    ranks = set(range(lo, lo + 5)) | {12, level}
    pool = [c.id for c in DECK.cards if c.suit and RANK[c.id] in ranks]
    hand = rnd.sample(pool, n - 1)
    wilds = [c.id for c in DECK.cards if c.suit == "H" and RANK[c.id] == level]
    hand = [c for c in hand if c not in wilds]
    hand += wilds[:rnd.randrange(0, 3)]
    if rnd.random() < 0.3:
        hand += [c.id for c in DECK.cards if not c.suit][:rnd.randrange(1, 5)]
    return sorted(set(hand))


@pytest.mark.parametrize("seed", range(40))
def test_generate_matches_brute_force_on_lead(seed):
    rnd = random.Random(seed)
    level = rnd.randrange(13)
    hand = random_hand(rnd, rnd.randrange(6, 12), level)
    plays = generate(hand, level, None)
    got = [identity(p.cards, p.reading, level) for p in plays]
    assert len(got) == len(set(got)), "a play is listed twice"
    for p in plays:
        assert set(p.cards) <= set(hand)
        assert p.reading in classify(p.cards, level)
    assert set(got) == brute(hand, level)


@pytest.mark.parametrize("seed", range(30))
def test_generate_matches_brute_force_when_following(seed):
    rnd = random.Random(1000 + seed)
    level = rnd.randrange(13)
    hand = random_hand(rnd, rnd.randrange(6, 11), level)
    other = random_hand(rnd, 9, level)
    tables = [r for k in (1, 2, 3, 4, 5, 6) for sub in list(combinations(other, k))[:40]
              for r in classify(sub, level)]
    table = rnd.choice(tables)
    got = {identity(p.cards, p.reading, level) for p in generate(hand, level, table)}
    assert got == brute(hand, level, table)


def test_pitfall_sequences_generated():
    # AA2233, AAA222 and sequences through the level card (rules/guandan.md "Pitfalls")
    hand = ids("SA", "DA", "CA", "S2", "D2", "C2", "S3", "D3", "S4", "D5", "S6", "D7")
    types = {(p.reading.type, p.reading.rank) for p in generate(hand, 3, None)}
    assert ("tube", "3") in types and ("plate", "2") in types
    assert ("straight", "5") in types and ("straight", "7") in types   # 3-7 through level 3


def test_following_lists_only_beating_plays():
    hand = ids("S3", "S4", "D9", "SK", "BJ", "S5", "D5", "C5", "H5")
    table = classify(ids("SQ"), 0)[0]
    got = sorted((p.reading.type, p.reading.rank) for p in generate(hand, 0, table))
    assert got == [("bomb", "5"), ("single", "BJ"), ("single", "K")]
