"""Classification of a set of cards into Guandan combinations, with every wild reading.

Rule source: seeds/000_03205a0e19f1fabd.txt §4 (wild), §5–§11 (the ten types and the
special ladder), seeds/003_e92e1431ea7e2b44.txt (wild example ♠5 ♠6 ♠8 ♠9 + ♥2),
rules/guandan.md "Combinations" and "Pitfalls".

A :class:`Reading` is one legal way to read the cards. :func:`classify` lists them all,
strongest first; ``[]`` means the cards are no combination. Types:
``single pair triple full_house straight tube plate bomb straight_flush joker_bomb``.

The special ladder (§11) is the ``tier``: 0 for every normal play, then
4-card bomb 1 < 5-card bomb 2 < straight flush 3 < 6-card bomb 4 < … < 10-card bomb 8 <
four jokers 9.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from .cards import ACE, BJ, LJ, RANK, RANK_NAMES, SUIT, position, power, rank_at

TYPES = ("single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb",
         "straight_flush", "joker_bomb")
NORMAL_TYPES = TYPES[:7]
SPECIAL_TYPES = TYPES[7:]
# tie-break between readings of the same tier when listing strongest first
_PREF = {t: i for i, t in enumerate(("single", "pair", "triple", "straight", "full_house",
                                     "tube", "plate", "bomb", "straight_flush", "joker_bomb"))}
SF_TIER = 3
JOKER_TIER = 9

#: The one table of play names the screens use (field, log, seats, buttons, chips, hints):
#: seed 003 §18's terms (階段, 3連ペア, 鋼板, 爆弾, ストレートフラッシュ, 4ジョーカー爆弾).
TYPE_JA = {"single": "シングル", "pair": "ペア", "triple": "スリーカード", "full_house": "フルハウス",
           "straight": "階段", "tube": "3連ペア", "plate": "鋼板", "bomb": "爆弾",
           "straight_flush": "ストレートフラッシュ", "joker_bomb": "4ジョーカー爆弾"}
TYPE_EN = {"single": "single", "pair": "pair", "triple": "triple", "full_house": "full house",
           "straight": "straight", "tube": "tube", "plate": "plate", "bomb": "bomb",
           "straight_flush": "straight flush", "joker_bomb": "four jokers"}
SEQ_LEN = {"straight": 5, "straight_flush": 5, "tube": 3, "plate": 2}


def bomb_tier(size: int) -> int:
    """Ladder tier of a bomb of ``size`` cards (4 → 1, 5 → 2, 6 → 4 … 10 → 8; §11)."""
    return size - 3 if size <= 5 else size - 2


class Reading(NamedTuple):
    """One reading of a set of cards.

    - ``tier``: special ladder step (0 normal; see module doc).
    - ``key``: comparison key inside the type/tier: level-promoted power
      (:func:`cards.power`) for single, pair, triple, full house (its triple) and bomb; top
      natural position (5 for A2345 … 14 for 10JQKA) for sequences; 0 for four jokers.
    - ``type``: one of :data:`TYPES`; ``size``: number of cards.
    - ``rank``: the conformance ``rank_key`` (``"9"``, ``"A"``, ``"BJ"``, ``"JOKERS"``).
    - ``subs``: what each wild stands for, in the order of the wild ids (``"7"``, or
      ``"S7"`` in a straight flush).
    - ``suit``: the suit of a straight flush, else ``""``.
    """

    tier: int
    key: int
    type: str
    size: int
    rank: str
    subs: tuple = ()
    suit: str = ""

    @property
    def token(self) -> str:
        """The stable reading id used in actions: ``"straight:9"``, ``"bomb:7"``."""
        return f"{self.type}:{self.rank}"

    @property
    def special(self) -> bool:
        """Bomb, straight flush or four jokers (§10, §11)."""
        return self.tier > 0

    def sort_key(self) -> tuple:
        """Orders readings weakest → strongest (for listing and hints)."""
        return (self.tier, _PREF[self.type], self.key)


def beats(play: Reading, table: Reading | None) -> bool:
    """May ``play`` be made on ``table`` (None = leading an empty trick)? (000 §12, §11)

    Same normal type and size with a higher key, or a higher step of the special ladder,
    or the same step with a higher key. Equal never beats; four jokers are never beaten."""
    if table is None:
        return True
    if play.tier != table.tier:
        return play.tier > table.tier
    if play.tier == 0:
        return play.type == table.type and play.size == table.size and play.key > table.key
    if play.tier == JOKER_TIER:
        return False
    return play.key > table.key


def _single(rank: int, level: int, subs=()) -> Reading:
    return Reading(0, power(rank, level), "single", 1, RANK_NAMES[rank], subs)


def _set(kind: str, rank: int, n: int, level: int, w: int) -> Reading:
    subs = (RANK_NAMES[rank],) * w
    if kind == "bomb":
        return Reading(bomb_tier(n), power(rank, level), "bomb", n, RANK_NAMES[rank], subs)
    return Reading(0, power(rank, level), kind, n, RANK_NAMES[rank], subs)


def _windows(real_ranks: dict, width: int, per: int, w: int):
    """Yield ``(top_position, missing_positions)`` for every window of ``width``
    consecutive natural positions (A low or high, never wrapping) into which the real
    cards fit with at most ``per`` cards a position; wilds fill the rest."""
    if any(c > per for c in real_ranks.values()):
        return
    aces = (False, True) if ACE in real_ranks else (True,)
    for high_ace in aces:
        ps = [position(r, high_ace) for r in real_ranks]
        lo, hi = min(ps), max(ps)
        for top in range(max(hi, width), min(lo + width - 1, 14) + 1):
            missing = []
            for p in range(top - width + 1, top + 1):
                missing.extend([p] * (per - real_ranks.get(rank_at(p), 0)))
            if len(missing) == w:
                yield top, missing


def classify_parts(real: list[tuple[int, str]], wilds: int, jokers: list[int],
                   level: int) -> list[Reading]:
    """Readings of ``real`` (natural rank, suit) non-wild suited cards plus ``wilds`` heart
    level cards plus ``jokers`` (rank 13/14). Strongest first; ``[]`` if none."""
    n = len(real) + wilds + len(jokers)
    if n == 0:
        return []
    if jokers:
        if n == 1:
            return [_single(jokers[0], level)]
        if n == 2 and len(jokers) == 2 and jokers[0] == jokers[1]:
            return [_set("pair", jokers[0], 2, level, 0)]
        if n == 4 and sorted(jokers) == [LJ, LJ, BJ, BJ]:
            return [Reading(JOKER_TIER, 0, "joker_bomb", 4, "JOKERS")]
        return []  # a wild never stands for a joker; jokers join no other combination
    if not real:
        # wilds alone are plain level cards (000 §4: 単札なら級札のままです)
        lvl = RANK_NAMES[level]
        if wilds == 1:
            return [_single(level, level)]
        return [Reading(0, power(level, level), "pair", 2, lvl)]
    if n == 1:
        return [_single(real[0][0], level)]
    cnt: dict[int, int] = {}
    for r, _ in real:
        cnt[r] = cnt.get(r, 0) + 1
    if len(cnt) > 1 and n != 5 and n != 6:
        return []  # pairs, triples and bombs are one rank; only 5 and 6 cards mix ranks
    out: list[Reading] = []
    if len(cnt) == 1:
        (r,) = cnt
        if n == 2:
            out.append(_set("pair", r, 2, level, wilds))
        elif n == 3:
            out.append(_set("triple", r, 3, level, wilds))
        elif 4 <= n <= 10:
            out.append(_set("bomb", r, n, level, wilds))
    if n == 5:
        # full house: triple + pair of another rank; wilds may fill either side (§6)
        ranks = list(cnt)
        if len(ranks) == 2:
            for t, p in ((ranks[0], ranks[1]), (ranks[1], ranks[0])):
                if cnt[t] <= 3 and cnt[p] <= 2:
                    subs = (RANK_NAMES[t],) * (3 - cnt[t]) + (RANK_NAMES[p],) * (2 - cnt[p])
                    out.append(Reading(0, power(t, level), "full_house", 5, RANK_NAMES[t], subs))
        elif len(ranks) == 1 and cnt[ranks[0]] == 3:
            t = ranks[0]
            p = 0 if t != 0 else 1  # the two wilds form the pair; its rank does not matter
            out.append(Reading(0, power(t, level), "full_house", 5, RANK_NAMES[t],
                               (RANK_NAMES[p],) * 2))
        # straight / straight flush: five consecutive natural positions (§7, §11)
        if all(c == 1 for c in cnt.values()):
            suits = {s for _, s in real}
            for top, missing in _windows(cnt, 5, 1, wilds):
                names = tuple(RANK_NAMES[rank_at(p)] for p in missing)
                if len(suits) == 1:
                    (s,) = suits
                    out.append(Reading(SF_TIER, top, "straight_flush", 5, RANK_NAMES[rank_at(top)],
                                       tuple(s + x for x in names), s))
                if len(suits) > 1 or wilds:
                    out.append(Reading(0, top, "straight", 5, RANK_NAMES[rank_at(top)], names))
    elif n == 6:
        for kind, width, per in (("tube", 3, 2), ("plate", 2, 3)):
            for top, missing in _windows(cnt, width, per, wilds):
                names = tuple(RANK_NAMES[rank_at(p)] for p in missing)
                out.append(Reading(0, top, kind, 6, RANK_NAMES[rank_at(top)], names))
    if len(out) > 1:
        out.sort(key=Reading.sort_key, reverse=True)
    return out


def split(cards: Iterable[int], level: int) -> tuple[list[tuple[int, str]], list[int], list[int]]:
    """``(real, wild_ids, jokers)`` of card ids: real non-wild suited cards as
    ``(rank, suit)``, the ids of the heart level cards, and joker ranks."""
    real, wild, jokers = [], [], []
    for c in cards:
        r = RANK[c]
        if r > ACE:
            jokers.append(r)
        elif r == level and SUIT[c] == "H":
            wild.append(c)
        else:
            real.append((r, SUIT[c]))
    return real, wild, jokers


def classify(cards: Iterable[int], level: int) -> list[Reading]:
    """Every legal reading of the physical cards ``cards`` (ids) in a hand of level
    ``level`` (natural index), strongest first; ``[]`` when they are no combination.

    Never reads a wild as a joker, never uses one card in two places (000 §4)."""
    real, wild, jokers = split(cards, level)
    return classify_parts(real, len(wild), jokers, level)


def wild_labels(cards: Iterable[int], reading: Reading, level: int) -> dict[int, str]:
    """``{wild id: what it stands for}`` for display ("7扱い", 003 wild example).

    The ids are sorted; ``reading.subs`` lists the substitutes in the same order. A wild
    in a single or in an all-wild pair stands for itself and is not listed."""
    wilds = sorted(c for c in cards if RANK[c] == level and SUIT[c] == "H")
    return {c: s for c, s in zip(wilds, reading.subs)}


def describe(reading: Reading) -> tuple[str, str]:
    """A short ja/en name of a reading for buttons and hints (003 §2: "9のペア",
    "階段 5–9")."""
    t, r = reading.type, reading.rank
    rj = {"LJ": "小ジョーカー", "BJ": "大ジョーカー"}.get(r, r)
    re_ = {"LJ": "small joker", "BJ": "big joker"}.get(r, r)
    if t == "joker_bomb":
        return TYPE_JA[t], TYPE_EN[t]
    if t in SEQ_LEN:
        n = SEQ_LEN[t]
        top = {"J": 11, "Q": 12, "K": 13, "A": 14}.get(r) or int(r)
        low = top - n + 1
        lo = "A" if low == 1 else RANK_NAMES[rank_at(low)]
        suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(reading.suit, "")
        return (f"{TYPE_JA[t]} {suit}{lo}–{r}", f"{TYPE_EN[t]} {suit}{lo}–{r}")
    if t == "bomb":
        return f"{r}の{reading.size}枚{TYPE_JA[t]}", f"{reading.size}-card bomb of {r}"
    if t == "full_house":
        return f"{r}のフルハウス", f"full house, {r}s"
    return f"{rj}の{TYPE_JA[t]}", f"{TYPE_EN[t]} of {re_}"
