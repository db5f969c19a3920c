"""The Dou Dizhu state machine: deal, bidding, play, settlement, match to 30 points.

Source: seeds/001_9746b962cdb0cd4a.txt (§ below) and rules/doudizhu.md.

State (a plain JSON dict; seats are ``0``–``2`` in turn order)::

    {"game": "doudizhu", "seed", "rng_n", "step", "players": 3,
     "config": {"target": 30},
     "phase": "bidding" | "play" | "hand_over" | "match_over",
     "hand_no": 1, "deals": 1,            # deals of this hand (all-pass redeals count)
     "hands": [[id, …] × 3],             # sorted by rank
     "kitty": [id × 3],                   # hidden until the landlord takes it (§2)
     "first_bidder": seat, "bids": [[seat, value], …], "bid": 0…3, "bidder": seat|None,
     "landlord": seat|None, "turn": seat|None,
     "trick": None | {"seat", "cards", "type", "key", "size"},   # the play to beat
     "passes": 0|1,                       # consecutive passes since that play
     "plays": [n × 3],                    # successful plays this hand (spring, §19)
     "bombs": int,                        # bombs and rockets played this hand (§18)
     "history": [{"seat", "cards"} | {"seat", "pass": true}, …],   # this hand
     "result": None | {...}, "results": [...], "scores": [int × 3], "winners": [seat, …]}

Actions: ``{"type": "bid", "value": 0..3}`` (0 = pass), ``{"type": "play", "cards": [ids]}``,
``{"type": "pass"}``, ``{"type": "next_hand"}``. Refusals raise
:class:`games.core.errors.IllegalAction` (codes listed in :mod:`games.doudizhu.errors`).
"""
from __future__ import annotations

from typing import Any

from games.core.cards import Deck
from games.core.engine import Engine
from games.core.errors import game_over, malformed, no_cards, not_in_hand, not_your_turn
from games.core.rng import draw

from . import errors as E
from .combos import RANKS, Combo, choose_reading, counts_of, readings
from .legal import moves

DECK = Deck(1, ("LJ", "BJ"))
#: rank index of each physical card id (0–53)
RANK_OF = tuple(RANKS.index(c.rank) for c in DECK.cards)
SEATS = (0, 1, 2)
DEFAULT_CONFIG = {"target": 30}


def sort_ids(ids) -> list[int]:
    """Card ids sorted by rank (then id), the order a hand is shown in."""
    return sorted(ids, key=lambda i: (RANK_OF[i], i))


def hand_counts(ids) -> list[int]:
    """Rank counts (15-long) of physical card ids."""
    return counts_of(RANK_OF[i] for i in ids)


def pick_ids(hand, ranks) -> list[int]:
    """Physical ids from ``hand`` realising the rank multiset ``ranks`` (lowest id of each
    rank first). ``ValueError`` if the hand lacks a card."""
    pool: dict[int, list[int]] = {}
    for i in sorted(hand, reverse=True):
        pool.setdefault(RANK_OF[i], []).append(i)
    try:
        return sort_ids(pool[r].pop() for r in ranks)
    except (KeyError, IndexError):
        raise ValueError("hand lacks a card for %r" % (ranks,)) from None


def card_info(ids) -> list[dict]:
    """``[{"id", "code", "rank", "label"}]`` for display (rank codes as in §4)."""
    return [{"id": i, "code": DECK.cards[i].code, "rank": DECK.cards[i].rank,
             "label": DECK.cards[i].label} for i in ids]


def trick_combo(state) -> Combo | None:
    """The combination the player to move must beat (``None``: a free lead, §15)."""
    t = state["trick"]
    return None if t is None else Combo(t["type"], t["key"], t["size"])


class DoudizhuEngine(Engine):
    """Dou Dizhu for exactly three seats (seed 001). See the module doc for state and
    actions; every public method follows :class:`games.core.engine.Engine`."""

    name = "doudizhu"
    min_players = 3
    max_players = 3

    # --- creation ---------------------------------------------------------------------
    def new(self, config: dict | None = None, seed: Any = 0) -> dict:
        """A new match (all totals 0, §23) with its first hand dealt from ``seed``.

        ``config``: ``{"target": 30}`` (match target, §23) and optionally ``"players": 3``.
        Unknown keys or another player count raise ``ValueError``.
        """
        cfg = dict(DEFAULT_CONFIG)
        for k, v in (config or {}).items():
            if k == "players":
                if v != 3:
                    raise ValueError("Dou Dizhu is for exactly 3 players")
            elif k == "target":
                if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                    raise ValueError("target must be a positive int")
                cfg["target"] = v
            else:
                raise ValueError(f"unknown config key {k!r}")
        state = {
            "game": "doudizhu", "seed": seed, "rng_n": 0, "step": 0, "players": 3,
            "config": cfg, "phase": "bidding", "hand_no": 1, "deals": 0,
            "results": [], "scores": [0, 0, 0], "winners": [],
        }
        self._deal(state, [])
        return state

    def _deal(self, state: dict, events: list) -> None:
        """Shuffle and deal 17 each and a 3-card kitty; random first bidder (§2, §3)."""
        rng = draw(state)
        ids = list(range(54))
        rng.shuffle(ids)
        first = rng.randrange(3)
        state.update({
            "phase": "bidding", "deals": state["deals"] + 1,
            "hands": [sort_ids(ids[17 * s:17 * s + 17]) for s in SEATS],
            "kitty": sort_ids(ids[51:]), "first_bidder": first, "bids": [], "bid": 0,
            "bidder": None, "landlord": None, "turn": first, "trick": None, "passes": 0,
            "plays": [0, 0, 0], "bombs": 0, "history": [], "result": None,
        })
        events.append({"type": "deal", "hand_no": state["hand_no"], "deal": state["deals"],
                       "first_bidder": first})

    # --- queries ----------------------------------------------------------------------
    def actors(self, state: dict) -> list[int]:
        """The seat to move while bidding or playing; every seat once the hand is over
        (any may start the next hand); nobody once the match is over."""
        if state["phase"] in ("bidding", "play"):
            return [state["turn"]]
        if state["phase"] == "hand_over":
            return list(SEATS)
        return []

    def is_over(self, state: dict) -> bool:
        """True once the current hand is settled (phase ``hand_over`` or ``match_over``)."""
        return state["phase"] in ("hand_over", "match_over")

    def match_over(self, state: dict) -> bool:
        """True once someone reached the target (§23); ``winners`` then lists them."""
        return state["phase"] == "match_over"

    def legal_bids(self, state: dict, seat: int) -> list[int]:
        """Bid values ``seat`` may choose now: 0 (pass) and each value above the highest
        bid (§3); ``[]`` when it is not that seat's bidding turn."""
        if state["phase"] != "bidding" or state["turn"] != seat:
            return []
        return [0] + list(range(state["bid"] + 1, 4))

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Every action ``seat`` may take now. Plays list one action per distinct rank
        multiset (which physical card of a rank is used never matters, §4); a pass is
        listed when following (§15). Empty when the seat may not act."""
        phase = state["phase"]
        if phase == "hand_over":
            return [{"type": "next_hand"}]
        if phase == "bidding":
            return [{"type": "bid", "value": v} for v in self.legal_bids(state, seat)]
        if phase != "play" or state["turn"] != seat:
            return []
        hand = state["hands"][seat]
        prev = trick_combo(state)
        out = [{"type": "play", "cards": pick_ids(hand, ranks)}
               for _, ranks in moves(hand_counts(hand), prev)]
        if prev is not None:
            out.append({"type": "pass"})
        return out

    # --- apply ------------------------------------------------------------------------
    def _apply(self, state: dict, seat: int | None, action: dict, events: list) -> None:
        kind = action["type"]
        phase = state["phase"]
        if phase == "match_over":
            raise game_over()
        if kind == "next_hand":
            if phase != "hand_over":
                raise E.hand_not_over()
            state["hand_no"] += 1
            state["deals"] = 0
            self._deal(state, events)
            return
        if kind not in ("bid", "play", "pass"):
            raise malformed("type")
        if seat is None:  # the table acts for the seat to move (e.g. a time-out)
            seat = state["turn"]
        if phase == "hand_over" or seat != state["turn"]:
            raise not_your_turn() if phase != "hand_over" else E.hand_over()
        if kind == "bid":
            if phase != "bidding":
                raise E.wrong_phase()
            self._bid(state, seat, action, events)
        elif phase != "play":
            raise E.wrong_phase()
        elif kind == "pass":
            self._pass(state, seat, events)
        else:
            self._play(state, seat, action, events)

    def _bid(self, state, seat, action, events) -> None:
        """§3: once each in seat order; 3 ends at once; all pass → redeal."""
        value = action.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise malformed("value")
        if value and value <= state["bid"]:
            raise E.bid_too_low(state["bid"])
        state["bids"].append([seat, value])
        events.append({"type": "bid", "seat": seat, "value": value})
        if value:
            state["bid"], state["bidder"] = value, seat
        if value == 3 or len(state["bids"]) == 3:
            if state["bidder"] is None:
                events.append({"type": "redeal", "hand_no": state["hand_no"]})
                self._deal(state, events)
                return
            self._make_landlord(state, state["bidder"], events)
        else:
            state["turn"] = (seat + 1) % 3

    def _make_landlord(self, state, seat, events) -> None:
        """The landlord takes the kitty, shown to all, and leads (§2, §15)."""
        state["landlord"] = seat
        state["hands"][seat] = sort_ids(state["hands"][seat] + state["kitty"])
        state["phase"] = "play"
        state["turn"] = seat
        events.append({"type": "landlord", "seat": seat, "bid": state["bid"],
                       "kitty": list(state["kitty"])})

    def _pass(self, state, seat, events) -> None:
        """§15: a leader may not pass; after two consecutive passes the last player
        leads freely."""
        if state["trick"] is None:
            raise E.cannot_pass()
        state["history"].append({"seat": seat, "pass": True})
        events.append({"type": "pass", "seat": seat})
        state["passes"] += 1
        state["turn"] = (seat + 1) % 3
        if state["passes"] == 2:
            state["trick"], state["passes"] = None, 0
            events.append({"type": "lead", "seat": state["turn"]})

    def _play(self, state, seat, action, events) -> None:
        cards = action.get("cards")
        if (not isinstance(cards, list) or not cards
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in cards)):
            raise no_cards() if cards == [] else malformed("cards")
        hand = state["hands"][seat]
        held = set(hand)
        if len(set(cards)) != len(cards) or not held.issuperset(cards):
            raise not_in_hand()
        options = readings(hand_counts(cards))
        if not options:
            raise E.not_a_combination()
        prev = trick_combo(state)
        combo = choose_reading(options, prev)
        if combo is None:
            same = any(o.type == prev.type and o.size == prev.size for o in options)
            raise E.too_weak(prev) if same or prev.power else E.type_mismatch(prev)
        played = set(cards)
        state["hands"][seat] = [i for i in hand if i not in played]
        cards = sort_ids(cards)
        state["trick"] = {"seat": seat, "cards": cards, "type": combo.type,
                          "key": combo.key, "size": combo.size}
        state["passes"] = 0
        state["plays"][seat] += 1
        if combo.power:
            state["bombs"] += 1
        state["history"].append({"seat": seat, "cards": cards})
        events.append({"type": "play", "seat": seat, "cards": cards, "combo": combo.type,
                       "rank_key": combo.rank_key, "left": len(state["hands"][seat])})
        if not state["hands"][seat]:
            self._settle(state, seat, events)
        else:
            state["turn"] = (seat + 1) % 3

    def _settle(self, state, out, events) -> None:
        """§16–§19, §23: P = B × 2^N; landlord ±2P, each peasant ∓P; totals; match."""
        landlord = state["landlord"]
        peasants = [s for s in SEATS if s != landlord]
        landlord_won = out == landlord
        spring = landlord_won and all(state["plays"][s] == 0 for s in peasants)
        anti = not landlord_won and state["plays"][landlord] == 1
        n = state["bombs"] + (1 if spring or anti else 0)
        p = state["bid"] * 2 ** n
        sign = 1 if landlord_won else -1
        delta = [(2 * p if s == landlord else -p) * sign for s in SEATS]
        scores = [a + b for a, b in zip(state["scores"], delta)]
        result = {
            "hand_no": state["hand_no"], "landlord": landlord, "out": out,
            "winner": "landlord" if landlord_won else "peasants",
            "winners": [landlord] if landlord_won else peasants,
            "bid": state["bid"], "bombs": state["bombs"], "spring": spring,
            "anti_spring": anti, "doublings": n, "points": p, "delta": delta,
            "scores": scores, "left": [len(h) for h in state["hands"]],
        }
        state["result"] = result
        state["results"].append(result)
        state["scores"] = scores
        state["turn"] = None
        state["phase"] = "hand_over"
        events.append({"type": "hand_over", "result": result})
        winners = [s for s in SEATS if scores[s] >= state["config"]["target"]]
        if winners:
            state["winners"] = winners
            state["phase"] = "match_over"
            events.append({"type": "match_over", "winners": winners, "scores": scores})

    # --- what a seat sees ---------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator): its own hand, everyone's card
        counts, bids, the kitty only once the landlord took it (§2), the trick, whose
        turn, B and N so far (§17, §18), results and totals (§23). Never another hand."""
        landlord = state["landlord"]
        trick = state["trick"]
        tv = None
        if trick is not None:
            ja, en = Combo(trick["type"], trick["key"], trick["size"]).names()
            tv = {"seat": trick["seat"], "cards": card_info(trick["cards"]),
                  "type": trick["type"], "rank_key": RANKS[trick["key"]], "ja": ja, "en": en}
        mine = seat is not None and state["phase"] in ("bidding", "play")
        bids = [{"seat": s, "value": v} for s, v in state["bids"]]
        return {
            "game": "doudizhu", "seat": seat, "phase": state["phase"],
            "hand_no": state["hand_no"], "deal": state["deals"],
            "hand": card_info(state["hands"][seat]) if seat is not None else None,
            "counts": [len(h) for h in state["hands"]],
            "roles": [None if landlord is None else
                      ("landlord" if s == landlord else "peasant") for s in SEATS],
            "first_bidder": state["first_bidder"], "bids": bids,
            "highest_bid": state["bid"], "highest_bidder": state["bidder"],
            "legal_bids": self.legal_bids(state, seat) if mine else [],
            "landlord": landlord,
            "kitty": card_info(state["kitty"]) if landlord is not None else None,
            "kitty_count": len(state["kitty"]),
            "trick": tv, "passes": state["passes"], "turn": state["turn"],
            "your_turn": mine and state["turn"] == seat,
            "leading": state["phase"] == "play" and trick is None,
            "can_pass": state["phase"] == "play" and trick is not None,
            "plays": list(state["plays"]),
            "history": [dict(h, cards=card_info(h["cards"])) if "cards" in h else dict(h)
                        for h in state["history"]],
            "B": state["bid"], "N": state["bombs"], "bombs": state["bombs"],
            "multiplier": 2 ** state["bombs"], "stake": state["bid"] * 2 ** state["bombs"],
            "result": state["result"], "results": state["results"],
            "scores": list(state["scores"]), "target": state["config"]["target"],
            "winners": list(state["winners"]), "match_over": state["phase"] == "match_over",
        }

    # --- advice ---------------------------------------------------------------------------
    def hint(self, state: dict, seat: int) -> list[dict]:
        """Suggested actions, the つよい CPU's choice first, then cheapest first, each
        ``{"action", "ja", "en"}`` with a reason (§21: a hint selects, it never submits).
        ``[]`` when the seat may not act."""
        from .cpu import hints
        return hints(state, seat)

    def choose(self, state: dict, seat: int, level: str = "normal") -> dict:
        """The CPU's action for ``seat`` at ``level`` (always legal; see
        :mod:`games.doudizhu.cpu`). Raises ``ValueError`` when the seat may not act or the
        level is unknown."""
        from .cpu import choose
        return choose(state, seat, level)
