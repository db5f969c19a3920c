"""The CPU player and the hints of Dou Dizhu.

Rules it plays by: seeds/001_9746b962cdb0cd4a.txt (bidding §3, play §15–§16); its
strategy is ours, not the seed's:

- The hand is split into as few turns as possible (chains, airplanes, trios with their
  kickers, pairs, singles; bombs and the rocket kept apart): :func:`plan`.
- Bidding: a strength score (rocket, bombs, 2s, jokers, aces, fewer turns) decides
  0–3 (§3).
- Leading: finish when possible; lead what leaves the fewest turns, low cards first;
  keep what the opponents can no longer beat for last; never lead a single into an
  opponent with one card left when anything else will do; feed a partner who has one
  or two cards left.
- Following: peasants let a partner's play stand, except that the peasant just before
  the landlord presses (顶) a partner's low play with a higher card that also shortens
  its own hand; a peasant contests the landlord's play whenever the cheapest answer
  costs at most one more turn and spends no 2 or joker on a low card; otherwise play the
  answer that costs the hand least when it shortens the hand; bombs and the rocket only
  when they matter (an opponent close to going out, or they let this seat go out soon).
  (bench/cpu_arena.py, deals arena:10000…11999: peasants against RLCard's rule agent
  72.4 → 81.3 %, against the earlier ふつう landlord 54.4 → 62.1 %.)
- The landlord leads a combination of three cards or more before a single or a pair
  when both leave as few turns (:func:`_landlord_order`).
- A bomb or the rocket is control, not one more turn: a play that breaks one (a 7 of
  7777 as a single, one joker of the rocket) costs :data:`BREAK_COST` turns (issue 16).
- Levels (:func:`choose`): ふつう is the above; つよい searches over it
  (:mod:`games.doudizhu.strong`); やさしい sometimes takes a lesser candidate
  (:mod:`games.core.beginner`).

Everything is deterministic: the same state gives the same choice.
"""
from __future__ import annotations

from functools import lru_cache

from games.core import beginner, search
from games.core.engine import DEFAULT_LEVEL, check_level

from .combos import BJ, LJ, RANKS, TWO, Combo
from .engine import RANK_OF, hand_counts, pick_ids, trick_combo
from .legal import runs, moves

# --- hand planning ------------------------------------------------------------------------


def _rest_cost(c: tuple, wings: int) -> tuple[int, int]:
    """Turns and loose-low-cards for a hand with no chains left: trios carry a single or
    a pair each; ``wings`` extra kicker slots come from airplanes already taken."""
    trios = pairs = singles = low = 0
    for r in range(15):
        x = c[r]
        if x == 3:
            trios += 1
        elif x == 2:
            pairs += 1
            low += r < 8
        elif x == 1:
            singles += 1
            low += r < 8
    absorb = min(trios + wings, pairs + singles)
    return trios + pairs + singles - absorb, max(0, low - (trios + wings))


@lru_cache(maxsize=1 << 17)
def _best(c: tuple, wings: int = 0) -> tuple[int, int]:
    """Fewest turns (then fewest loose low cards) to play ranks ``c`` (no bombs or rocket
    in it), trying every way to split off straights, pair chains and airplanes; ``wings``
    kicker slots come from airplanes split off before."""
    best = _rest_cost(c, wings)
    for need, minlen in ((1, 5), (2, 3), (3, 2)):
        for st, ln in runs(c, need, minlen, 0, 0):
            rest = list(c)
            for r in range(st, st + ln):
                rest[r] -= need
            sub = _best(tuple(rest), wings + (ln if need == 3 else 0))
            if (sub[0] + 1, sub[1]) < best:
                best = (sub[0] + 1, sub[1])
    return best


def plan(c) -> tuple[int, int]:
    """``(turns, loose low cards)`` of rank counts ``c``: how many plays the hand needs at
    best, each bomb and the rocket counting one turn. Lower is better."""
    c = list(c)
    turns = 0
    if c[LJ] and c[BJ]:
        c[LJ] = c[BJ] = 0
        turns += 1
    for r in range(TWO + 1):
        if c[r] == 4:
            c[r] = 0
            turns += 1
    t, low = _best(tuple(c))
    return turns + t, low


def strength(c) -> float:
    """A bidding score for rank counts ``c`` (higher is stronger)."""
    s = 0.0
    if c[LJ] and c[BJ]:
        s += 8
    else:
        s += 3 * c[BJ] + 2 * c[LJ]
    s += 2 * c[TWO] + 0.5 * c[11]
    s += sum(4 for r in range(TWO + 1) if c[r] == 4)
    turns, _ = plan(c)
    return s - 0.8 * turns


#: Turns a play costs for each bomb or rocket it breaks up (a bomb left whole is a trick
#: taken back when needed; broken, it is kickers).
BREAK_COST = 2


def broken(c, ranks) -> int:
    """How many bombs and rockets of rank counts ``c`` playing ``ranks`` breaks (uses
    part of, not all)."""
    used = {}
    for r in ranks:
        used[r] = used.get(r, 0) + 1
    n = sum(1 for r, k in used.items() if r <= TWO and c[r] == 4 and k < 4)
    if c[LJ] and c[BJ] and used.get(LJ, 0) + used.get(BJ, 0) == 1:
        n += 1
    return n


# --- reading the table --------------------------------------------------------------------


class _Table:
    """What one seat knows: its hand, the counts, roles, and the unseen cards."""

    def __init__(self, state, seat):
        self.state = state
        self.seat = seat
        self.hand = state["hands"][seat]
        self.c = hand_counts(self.hand)
        self.n = len(self.hand)
        self.landlord = state["landlord"]
        self.counts = [len(h) for h in state["hands"]]
        others = [s for s in (0, 1, 2) if s != seat]
        if seat == self.landlord:
            self.opps, self.partner = others, None
        else:
            self.opps = [self.landlord]
            self.partner = next(s for s in others if s != self.landlord)
        self.unseen = self._unseen()
        self.min_opp = min(self.counts[s] for s in self.opps)
        self.next_seat = (seat + 1) % 3
        # bombs and the rocket a play could break (most hands have none: no check then)
        self.whole = any(x == 4 for x in self.c[:TWO + 1]) or bool(self.c[LJ] and self.c[BJ])

    def _unseen(self) -> list[int]:
        """Rank counts of the cards this seat has not seen: every card neither in its hand
        nor played (once the landlord holds the kitty, exactly the other two hands' cards;
        while bidding, those and the kitty)."""
        c = [4] * 13 + [1, 1]
        for i, x in enumerate(self.c):
            c[i] -= x
        for h in self.state["history"]:
            for i in h.get("cards", ()):
                c[RANK_OF[i]] -= 1
        return c

    def after(self, ranks) -> tuple[int, int]:
        """``plan`` of the hand left after playing ``ranks``, plus :data:`BREAK_COST` for
        each bomb or rocket the play breaks."""
        c = list(self.c)
        for r in ranks:
            c[r] -= 1
        turns, low = plan(c)
        if self.whole:
            turns += BREAK_COST * broken(self.c, ranks)
        return turns, low

    def ranked(self, prev: Combo | None) -> list[tuple]:
        """Every play of this hand (answers to ``prev``), best first by the planner:
        ``(combo, ranks)``; bombs and the rocket last."""
        scored = []
        for cb, ranks in moves(self.c, prev):
            turns, low = self.after(ranks)
            scored.append(((cb.power, turns, low, cb.key, -len(ranks)), cb, ranks))
        scored.sort(key=lambda s: s[0])
        return [(cb, ranks) for _, cb, ranks in scored]

    def beatable(self, combo: Combo) -> bool:
        """Could the unseen cards answer ``combo`` with the same type (bombs aside)?"""
        return any(not m[0].power for m in moves(self.unseen, combo))


def _lead(t: _Table) -> tuple:
    """The move to lead: go out if possible; feed a partner about to go out; with two
    turns left lead what cannot be answered; keep singles/pairs away from an opponent
    holding that many cards; else what leaves the fewest turns, low cards first."""
    options = moves(t.c, None)
    for m in options:
        if len(m[1]) == t.n:
            return m
    base = plan(t.c)[0]
    scored = []
    for cb, ranks in options:
        turns, low = t.after(ranks)
        scored.append((turns, cb.power, low, cb.key, -len(ranks), cb, ranks))
    scored.sort(key=lambda x: x[:5])
    best_turns = scored[0][0]
    good = [s for s in scored if s[0] <= best_turns]
    # Feed a partner who is about to go out (§16: peasants share victory).
    if t.partner is not None and t.counts[t.partner] <= 2 and t.min_opp > 1:
        size = t.counts[t.partner]
        feed = [s for s in scored if s[5].type == ("single" if size == 1 else "pair")]
        if feed:
            feed.sort(key=lambda s: s[5].key)
            return feed[0][5], feed[0][6]
    ordered = _landlord_order(t, good)
    # Two turns left: lead the unbeatable part first, then go out.
    if base <= 2:
        for s in ordered:
            if not s[5].power and not t.beatable(s[5]):
                return s[5], s[6]
    danger = t.min_opp <= 2
    if danger:
        safe = [s for s in good if s[5].size != t.min_opp or not t.beatable(s[5])]
        if not safe:
            safe = [s for s in scored if s[5].size != t.min_opp and not s[5].power]
        if safe:
            return safe[0][5], safe[0][6]
        # only singles/pairs of the feared size: lead the strongest one
        same = [s for s in scored if not s[5].power]
        same.sort(key=lambda s: -s[5].key)
        if same:
            return same[0][5], same[0][6]
    nonbomb = [s for s in ordered if not s[5].power] or good
    return nonbomb[0][5], nonbomb[0][6]


def _landlord_order(t: _Table, rows: list[tuple]) -> list[tuple]:
    """The landlord's choice among leads that leave as few turns: a combination of three
    cards or more before a single or a pair (two peasants answer those most easily;
    ``rows`` are :func:`_lead`'s, in the planner's order, which stays within each group;
    measured, bench/cpu_arena.py: against RLCard's rule agent 71.7 →
    77.2 % of 2,000 deals as landlord, against ふつう's peasants 38.0 → 42.2 %). A peasant
    keeps the planner's order (leading singles there did worse)."""
    if t.partner is not None:
        return rows
    return sorted(rows, key=lambda s: (s[0], s[1], s[5].size <= 2))


def _follow(t: _Table, prev: Combo):
    """A move to beat ``prev``, or ``None`` to pass."""
    by = t.state["trick"]["seat"]
    options = moves(t.c, prev)
    if not options:
        return None
    for m in options:
        if len(m[1]) == t.n:
            return m  # goes out: the hand ends at once (§16)
    if t.partner is not None and by == t.partner:
        pressed = _press(t, prev, options)
        if pressed is not None:
            return pressed
        # Let the partner's play stand (§16: not forced, but wise), unless the landlord
        # moves next, is about to go out and could answer it: then block from above.
        if (t.next_seat == t.landlord and t.counts[t.landlord] <= 2
                and prev.size <= t.counts[t.landlord] and t.beatable(prev)):
            normal = [m for m in options if not m[0].power]
            if normal:
                return max(normal, key=lambda m: m[0].key)
        return None
    base = plan(t.c)[0]
    urgent = t.counts[by] <= 4 or t.min_opp <= 2
    scored = []
    for cb, ranks in options:
        turns, low = t.after(ranks)
        scored.append((cb.power, turns, low, cb.key, cb, ranks))
    scored.sort(key=lambda x: x[:4])
    normal = [s for s in scored if not s[0]]
    peasant = t.partner is not None
    if normal:
        s = normal[0]
        delta = s[1] - base
        control = s[3] >= TWO and prev.key < (10 if peasant else 8) and t.n > 8
        if peasant and delta <= 1 and not control:
            return s[4], s[5]  # a peasant contests the landlord's play (see the module doc)
        if urgent or (delta <= -1 and not control) or (delta <= 0 and t.counts[by] <= 8):
            return s[4], s[5]
    bombs = [s for s in scored if s[0]]
    if bombs and (urgent or bombs[0][1] <= 2):
        s = bombs[0]
        return s[4], s[5]
    return None


def _press(t: _Table, prev: Combo, options: list[tuple]):
    """A peasant just before the landlord presses (顶) its partner's low play (below a J)
    that the landlord could answer: with the highest answer below an A that leaves its own
    hand a turn shorter (the landlord must then answer higher or let it go); ``None`` when
    there is none. Measured with :func:`_follow`'s contesting of the landlord's plays, see
    the module doc."""
    if t.next_seat != t.landlord or prev.key >= 8 or not t.beatable(prev):
        return None
    base = plan(t.c)[0]
    best = None
    for cb, ranks in options:
        if cb.power or cb.key >= 11 or t.after(ranks)[0] - base > -1:
            continue
        if best is None or cb.key > best[0].key:
            best = (cb, ranks)
    return best


def choose(state: dict, seat: int, level: str = DEFAULT_LEVEL) -> dict:
    """The CPU's action for ``seat`` at ``level`` (games.core.engine.LEVELS): always one of
    the engine's legal actions.

    Raises ``ValueError`` when ``seat`` may not act now or the level is unknown.
    """
    check_level(level)
    if level != DEFAULT_LEVEL and state["phase"] == "play" and state["turn"] == seat:
        from . import strong
        if level == "strong":
            return strong.choose(state, seat)
        return beginner.pick(state, seat, strong.ADAPTER.candidates(state, seat))
    return choose_normal(state, seat)


def choose_normal(state: dict, seat: int) -> dict:
    """The ふつう CPU's action (see the module doc); ``ValueError`` when ``seat`` may not
    act now."""
    phase = state["phase"]
    if phase == "hand_over":
        return {"type": "next_hand"}
    if phase not in ("bidding", "play") or state["turn"] != seat:
        raise ValueError("seat %r may not act now" % (seat,))
    if phase == "bidding":
        return {"type": "bid", "value": bid_value(state, seat)}
    t = _Table(state, seat)
    prev = trick_combo(state)
    m = _lead(t) if prev is None else _follow(t, prev)
    if m is None:
        return {"type": "pass"}
    return {"type": "play", "cards": pick_ids(t.hand, m[1])}


def bid_value(state: dict, seat: int) -> int:
    """The CPU's bid: by hand strength, only if higher than the current bid (§3)."""
    s = strength(hand_counts(state["hands"][seat]))
    want = 3 if s >= 7 else 2 if s >= 3 else 1 if s >= 0 else 0
    return want if want > state["bid"] else 0


# --- hints --------------------------------------------------------------------------------


def _describe(cb: Combo, ranks) -> tuple[str, str]:
    ja, en = cb.names()
    cards = " ".join(RANKS[r] for r in sorted(ranks))
    return f"{ja} {cards}", f"{en} {cards}"


def hints(state: dict, seat: int) -> list[dict]:
    """Suggested actions for ``seat``, cheapest first, each ``{"action", "ja", "en", "why"}``
    (``why``: the reason as a code for the table to word, ``{"code": "lead" | "bomb" |
    "beat" | "out" | "keep" | "nothing" | "bid", …}``; a bid's also has ``turns`` (plays
    the hand needs at best), ``high`` (jokers and 2s), ``bombs`` and ``recommended``).

    Bidding: pass, then each legal bid, with the hand's strength in the reason. Playing:
    the つよい CPU's action first, then leading the lowest combinations (bombs and the
    rocket last). Following: the cheapest
    answers first, bombs and the rocket after, then a pass. Empty when the seat may not
    act. Never more than 30 entries.
    """
    phase = state["phase"]
    if phase == "hand_over":
        return [{"action": {"type": "next_hand"}, "ja": "次の局へ進みます。", "en": "Start the next hand."}]
    if phase not in ("bidding", "play") or state["turn"] != seat:
        return []
    if phase == "bidding":
        c = hand_counts(state["hands"][seat])
        rec = bid_value(state, seat)
        turns = plan(c)[0]
        # what the bid weighs (:func:`strength`): the big cards and the plays the hand needs
        # (try43: "5 plays at best" alone did not say why not to bid)
        high, bombs = c[LJ] + c[BJ] + c[TWO], sum(1 for r in range(TWO + 1) if c[r] == 4)
        out = []
        for v in [0] + list(range(state["bid"] + 1, 4)):
            tag_ja = "（おすすめ）" if v == rec else ""
            tag_en = " (recommended)" if v == rec else ""
            what_ja = "入札しない" if v == 0 else f"{v}で入札"
            what_en = "Pass" if v == 0 else f"Bid {v}"
            out.append({"action": {"type": "bid", "value": v},
                        "ja": f"{what_ja}{tag_ja}。ジョーカーと2が{high}枚、ボム{bombs}組、最短{turns}手で出し切れます。",
                        "en": f"{what_en}{tag_en}: jokers and 2s ×{high}, bombs ×{bombs}, out in {turns} plays at best.",
                        "why": {"code": "bid", "turns": turns, "high": high, "bombs": bombs, "recommended": v == rec}})
        return out
    hand = state["hands"][seat]
    prev = trick_combo(state)
    ms = moves(hand_counts(hand), prev)
    ms.sort(key=lambda m: (m[0].power, m[0].key, -len(m[1]), m[1]))
    out = []
    for cb, ranks in ms[:30]:
        desc_ja, desc_en = _describe(cb, ranks)
        if prev is None:
            why, why_ja, why_en = "lead", "先手なので好きな役を出せます。", "You lead, so any combination is allowed."
        elif cb.power and prev.power == 0:
            why, why_ja, why_en = ("bomb", "ボム・ロケットは通常役に勝ち、倍付けになります。",
                                   "Bombs and the rocket beat any ordinary play and double the stake.")
        else:
            why, why_ja, why_en = "beat", "場より強い同じ役で上回ります。", "Beats the table with a higher play of the same type."
        if len(ranks) == len(hand):
            why, why_ja, why_en = "out", "これで上がりです。", "This plays out your hand."
        out.append({"action": {"type": "play", "cards": pick_ids(hand, ranks)},
                    "ja": f"{desc_ja}。{why_ja}", "en": f"{desc_en}: {why_en}", "why": {"code": why}})
    if prev is not None:
        if out:
            out.append({"action": {"type": "pass"}, "ja": "パス。上回れますが、温存もできます。",
                        "en": "Pass: you could beat it but may keep your cards.", "why": {"code": "keep"}})
        else:
            out.append({"action": {"type": "pass"}, "ja": "パス。場に勝てる組合せがありません。",
                        "en": "Pass: nothing in your hand beats the table.", "why": {"code": "nothing"}})
    return search.first_of(out, choose(state, seat, "strong"))

