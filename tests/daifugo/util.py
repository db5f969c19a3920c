"""Build Daifugō positions from card codes for the rule tests."""
from __future__ import annotations

from games.daifugo import ENGINE
from games.daifugo.cards import DECK, N_CARDS, RANK_OF_CODE
from games.daifugo.plays import default_reading, readings
from games.daifugo.rules import make_rules


class Deal:
    """Hands out physical cards by code without reusing an id."""

    def __init__(self):
        self.used: set[int] = set()

    def take(self, codes) -> list[int]:
        out = []
        for code in codes:
            i = next(i for i in DECK.by_code[code] if i not in self.used)
            self.used.add(i)
            out.append(i)
        return out

    def spare(self, k: int) -> list[int]:
        """k unused non-special-looking filler cards (4s, 5s and 6s first)."""
        order = sorted((i for i in range(N_CARDS) if i not in self.used),
                       key=lambda i: (DECK.cards[i].rank not in ("4", "5", "6"), i))
        out = order[:k]
        self.used.update(out)
        return out


def table(players=4, hands=None, field=None, turn=0, revolution=False, eleven_back=False,
          bind=None, passed=(), surplus=3, game_no=1, prev_places=None, rules=None, **extra):
    """A play-phase state: ``hands`` maps seat → codes (other seats get 5 filler cards),
    ``field`` is ``(by, codes)`` read as a set where possible else the strongest sequence,
    ``bind`` is ``{"suits": [...], "next": "7"}``-style shorthand."""
    d = Deal()
    hs = [[] for _ in range(players)]
    for seat, codes in (hands or {}).items():
        hs[seat] = d.take(codes)
    f = None
    if field:
        by, codes = field
        p = default_reading(readings(tuple(d.take(codes))))
        f = {"by": by, "cards": list(p.cards), "shape": p.shape, "rank": p.rank, "jokers": p.jokers, "suit": p.suit}
    for s in range(players):
        if s not in (hands or {}):
            hs[s] = d.spare(5)
    b = None
    if bind:
        b = {"suits": sorted(bind["suits"]) if bind.get("suits") else None,
             "number": "next" in bind, "next": RANK_OF_CODE.get(bind.get("next"))}
    state = {"game": "daifugo", "seed": 1, "rng_n": 0, "step": 0, "players": players,
             "rules": make_rules(players, rules), "game_no": game_no, "phase": "play", "hands": hs,
             "surplus": d.spare(surplus), "graveyard": [], "field": f,
             "passed": [s in passed for s in range(players)], "revolution": revolution,
             "eleven_back": eleven_back, "bind": b, "finished": [], "fouls": [], "ochi": None,
             "places": None, "prev_places": prev_places, "totals": [0] * players, "exchange": {},
             "turn": turn, "log": [], "window": None, "pending": None}
    state.update(extra)
    return state


def ids(state, seat, codes):
    """The ids of ``codes`` in ``seat``'s hand."""
    return DECK.parse(codes, prefer=state["hands"][seat])


def play(state, seat, codes, **kw):
    """Apply a play of ``codes`` by ``seat``; returns (state, events)."""
    return ENGINE.apply(state, seat, {"type": "play", "cards": ids(state, seat, codes), **kw})


def codes(cards):
    return sorted(DECK.codes(cards))
