"""The Guandan match state machine: deal, tribute and return, tricks, finishing, levels,
successive hands until the match is won.

Rule source: seeds/000_03205a0e19f1fabd.txt (all sections; § below), seeds/003_…txt (A-rule
switch, return suggestion, "7扱い"), rules/guandan.md.

State (plain JSON data)::

    {"game": "guandan", "seed", "rng_n", "step", "players": 4,
     "config": {"a_rule": "a_required" | "three_fail_reset"},
     "phase": "tribute" | "return" | "play" | "hand_over" | "match_over",
     "hand_no": 1, "levels": ["2", "2"], "a_fails": [0, 0],
     "hand_level": "2", "level_team": None | 0 | 1,
     "hands": [[card ids] × 4], "pile": [ids played this hand],
     "turn": seat | None, "finished": [seats in finishing order],
     "trick": {"leader": seat, "last": None | play, "passed": [seats], "plays": [...]},
     "tribute": None | {"mode", "anti", "big_jokers", "givers", "receivers",
                        "gifts": {giver: card}, "alloc": [{"from","to","card"}],
                        "returns": {receiver: card}, "leader"},
     "prev_order": None | [4 seats], "results": [hand results], "winner": None | team}

Seats are 0–3 (rule seat 1 = 0), teams 0 (seats 0+2) and 1 (seats 1+3). A play on the
table is ``{"seat", "cards", "reading": "straight:9", "r": [tier, key, type, size, rank,
subs, suit], "wilds": {id: "7"}}``.

Actions: ``{"type": "play", "cards": [ids], "reading"?: token}``, ``{"type": "pass"}``,
``{"type": "tribute", "card": id}``, ``{"type": "return", "card": id}``,
``{"type": "next_hand"}``.
"""
from __future__ import annotations

from games.core import rng
from games.core import search
from games.core.engine import Engine, clone

from . import errors as E
from . import levels as L
from . import tribute as T
from .cards import BJ, CODE, LJ, N_CARDS, RANK, SUIT, label, level_index
from .combos import Reading, classify, describe, wild_labels
from .legal import Play, generate, readings_for

CONFIG_KEYS = {"a_rule", "start_levels"}


def reading_of(play: dict | None) -> Reading | None:
    """The :class:`Reading` of a play stored on the table (None for an empty trick)."""
    if play is None:
        return None
    t, k, ty, n, rk, subs, suit = play["r"]
    return Reading(t, k, ty, n, rk, tuple(subs), suit)


def level_of(state: dict) -> int:
    """The natural index of the hand's level (§3)."""
    return level_index(state["hand_level"])


def holders(state: dict) -> list[int]:
    """Seats still holding cards, in seat order."""
    return [s for s in range(4) if state["hands"][s]]


def next_holder(state: dict, seat: int) -> int:
    """The next seat after ``seat`` (turn order 1→2→3→4) that still holds cards (§13)."""
    for d in range(1, 5):
        s = (seat + d) % 4
        if state["hands"][s]:
            return s
    return seat


class GuandanEngine(Engine):
    """Guandan (掼蛋) for 4 seats in fixed pairs 0+2 / 1+3; a state is a whole match.

    See the module docstring for the state and action shapes. :meth:`is_over` is true once
    the match is won (A pass, §17); :func:`hand_over` tells that the current hand ended.
    Every refusal is an :class:`games.core.errors.IllegalAction` (codes in
    :mod:`games.guandan.errors`) and leaves the given state unchanged.
    """

    name = "guandan"
    min_players = 4
    max_players = 4

    # --- set-up ----------------------------------------------------------------------
    def new(self, config: dict | None = None, seed=0) -> dict:
        """A new match (§2): both teams at level 2, hand 1 dealt 27 cards each from
        ``seed``, no tribute, seat 0 leads.

        ``config``: ``{"a_rule": "a_required" (default, 000 §17) | "three_fail_reset"
        (003 house rule), "start_levels": ["2", "2"] (practice: levels to start from; the
        first hand is played at team 0's), "players": 4 (optional, as the rooms pass it)}``.
        Unknown keys or values (another player count) raise ``ValueError``.
        """
        config = dict(config or {})
        if config.get("players", 4) != 4:
            raise ValueError("Guandan is for exactly 4 players")
        config.pop("players", None)
        unknown = set(config) - CONFIG_KEYS
        if unknown:
            raise ValueError(f"unknown config keys {sorted(unknown)}")
        a_rule = config.get("a_rule", L.A_REQUIRED)
        if a_rule not in L.A_RULES:
            raise ValueError(f"bad a_rule {a_rule!r}")
        start = list(config.get("start_levels", ["2", "2"]))
        if len(start) != 2:
            raise ValueError("start_levels needs two levels")
        for lv in start:
            level_index(lv)
        state = {"game": "guandan", "seed": seed, "rng_n": 0, "step": 0, "players": 4,
                 "config": {"a_rule": a_rule},
                 "phase": "play", "hand_no": 1, "levels": start, "a_fails": [0, 0],
                 "hand_level": start[0], "level_team": None,
                 "hands": [[], [], [], []], "pile": [], "turn": 0, "finished": [],
                 "trick": {"leader": 0, "last": None, "passed": [], "plays": []},
                 "tribute": None, "prev_order": None, "results": [], "winner": None}
        self._deal(state)
        return state

    def _deal(self, state: dict) -> None:
        deck = list(range(N_CARDS))
        rng.draw(state).shuffle(deck)
        state["hands"] = [sorted(deck[i * 27:(i + 1) * 27]) for i in range(4)]
        state["pile"] = []
        state["finished"] = []

    # --- queries ---------------------------------------------------------------------
    def actors(self, state: dict) -> list[int]:
        """Who may act: the seat to play; the givers yet to give; the receivers yet to
        return; anyone between hands (``next_hand``); nobody once the match is won."""
        ph = state["phase"]
        if ph == "play":
            return [state["turn"]]
        if ph == "tribute":
            tr = state["tribute"]
            return [g for g in sorted(tr["givers"]) if str(g) not in tr["gifts"]]
        if ph == "return":
            tr = state["tribute"]
            return [a["to"] for a in sorted(tr["alloc"], key=lambda a: a["to"])
                    if str(a["to"]) not in tr["returns"]]
        if ph == "hand_over":
            return [0, 1, 2, 3]
        return []

    def is_over(self, state: dict) -> bool:
        """True once a team has won the match (§17)."""
        return state["phase"] == "match_over"

    def table(self, state: dict) -> Reading | None:
        """The reading to beat now (None when the trick is empty)."""
        return reading_of(state["trick"]["last"])

    def legal_plays(self, state: dict, seat: int) -> list[Play]:
        """Distinct legal plays (see :mod:`games.guandan.legal`) of ``seat`` now, cheapest
        first; ``[]`` when it is not that seat's turn to play."""
        if state["phase"] != "play" or state["turn"] != seat:
            return []
        plays = generate(state["hands"][seat], level_of(state), self.table(state))
        plays.sort(key=Play.cost)
        return plays

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Every distinct action of ``seat`` now (plays cheapest first, then pass). Plays
        that differ only in suits that cannot matter (outside straight flushes) are listed
        once; :meth:`apply` accepts any of the equivalent card choices."""
        ph = state["phase"]
        if ph == "play":
            if state["turn"] != seat:
                return []
            acts = [{"type": "play", "cards": list(p.cards), "reading": p.reading.token}
                    for p in self.legal_plays(state, seat)]
            if state["trick"]["last"] is not None:
                acts.append({"type": "pass"})
            return acts
        if ph == "tribute":
            if seat not in self.actors(state):
                return []
            return [{"type": "tribute", "card": c}
                    for c in _distinct(T.tribute_choices(state["hands"][seat], level_of(state)))]
        if ph == "return":
            if seat not in self.actors(state):
                return []
            return [{"type": "return", "card": c} for c in _distinct(self.return_choices(state, seat))]
        if ph == "hand_over":
            return [{"type": "next_hand"}]
        return []

    def readings(self, state: dict, seat: int, cards: list[int]) -> list[dict]:
        """The ways ``seat`` may play exactly ``cards`` now, strongest first (the default),
        for the choice chips of 003 §2: ``[{"reading": token, "ja", "en", "wilds": {id:
        "7"}}]``. ``[]`` when the cards are not in that seat's hand, form no combination,
        or do not beat the table (000 §4, §12)."""
        if state["phase"] != "play" or state["turn"] != seat:
            return []
        if len(set(cards)) != len(cards) or not set(cards) <= set(state["hands"][seat]):
            return []
        lv = level_of(state)
        out = []
        for r in readings_for(cards, lv, self.table(state)):
            ja, en = describe(r)
            out.append({"reading": r.token, "ja": ja, "en": en,
                        "wilds": {str(k): v for k, v in wild_labels(cards, r, lv).items()}})
        return out

    def return_choices(self, state: dict, seat: int) -> list[int]:
        """Cards ``seat`` may return now (§20); ``[]`` when it owes no return."""
        tr = state["tribute"]
        if state["phase"] != "return" or not tr:
            return []
        for a in tr["alloc"]:
            if a["to"] == seat and str(seat) not in tr["returns"]:
                return T.return_choices(state["hands"][seat], a["card"], level_of(state))
        return []

    def suggested_return(self, state: dict, seat: int) -> int | None:
        """The preselected return of ``seat`` (003 §4), or None."""
        tr = state["tribute"]
        for a in (tr or {}).get("alloc", []):
            if a["to"] == seat and state["phase"] == "return" and str(seat) not in tr["returns"]:
                return T.suggest_return(state["hands"][seat], a["card"], level_of(state),
                                        to_partner=L.team_of(a["from"]) == L.team_of(seat))
        return None

    # --- apply -----------------------------------------------------------------------
    def _apply(self, state: dict, seat, action: dict, events: list) -> None:
        kind = action["type"]
        ph = state["phase"]
        if ph == "match_over":
            raise E.game_over()
        if kind == "next_hand":
            if ph != "hand_over":
                raise E.wrong_phase(ph)
            self._next_hand(state, events)
            return
        if seat is None:
            raise E.not_your_turn()
        if kind in ("play", "pass"):
            if ph != "play":
                raise E.wrong_phase(ph)
            if seat != state["turn"]:
                raise E.not_your_turn()
            if kind == "pass":
                self._pass(state, seat, events)
            else:
                self._play(state, seat, action, events)
            return
        if kind == "tribute":
            if ph != "tribute":
                raise E.wrong_phase(ph)
            self._tribute(state, seat, action, events)
            return
        if kind == "return":
            if ph != "return":
                raise E.wrong_phase(ph)
            self._return(state, seat, action, events)
            return
        raise E.malformed("type")

    def _play(self, state, seat, action, events):
        cards = action.get("cards")
        if cards == []:
            raise E.no_cards()
        if not isinstance(cards, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in cards):
            raise E.malformed("cards")
        hand = state["hands"][seat]
        if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
            raise E.not_in_hand()
        lv = level_of(state)
        table = self.table(state)
        allr = classify(cards, lv)
        if not allr:
            raise E.not_a_combination()
        ok = readings_for(cards, lv, table)
        if not ok:
            ja, en = describe(table)
            raise E.too_weak(ja, en, table.token, state["trick"]["last"]["cards"])
        token = action.get("reading")
        if token is not None:
            pick = next((r for r in ok if r.token == token), None)
            if pick is None:
                raise E.bad_reading(str(token))
        else:
            pick = ok[0]
        cards = sorted(cards)
        chosen = set(cards)
        state["hands"][seat] = [c for c in hand if c not in chosen]
        state["pile"].extend(cards)
        wl = {str(k): v for k, v in wild_labels(cards, pick, lv).items()}
        play = {"seat": seat, "cards": cards, "reading": pick.token, "r": [*pick[:5], list(pick.subs), pick.suit],
                "wilds": wl}
        tr = state["trick"]
        tr["last"] = play
        tr["passed"] = []
        tr["plays"].append(play)
        events.append({"type": "play", **play})
        if not state["hands"][seat]:
            state["finished"].append(seat)
            events.append({"type": "finish", "seat": seat, "place": len(state["finished"])})
            if self._hand_ends(state):
                self._end_hand(state, events)
                return
        state["turn"] = next_holder(state, seat)

    def _pass(self, state, seat, events):
        tr = state["trick"]
        if tr["last"] is None:
            raise E.must_lead()
        tr["passed"].append(seat)
        tr["plays"].append({"seat": seat, "pass": True})
        events.append({"type": "pass", "seat": seat})
        last = tr["last"]["seat"]
        if all(s in tr["passed"] for s in holders(state) if s != last):
            # the trick is won (§13, §14): its last player leads, else the partner (接風)
            lead = last if state["hands"][last] else L.partner(last)
            events.append({"type": "trick_won", "seat": last, "leader": lead,
                           "jiefeng": lead != last})
            state["trick"] = {"leader": lead, "last": None, "passed": [], "plays": []}
            state["turn"] = lead
        else:
            state["turn"] = next_holder(state, seat)

    def _hand_ends(self, state) -> bool:
        fin = state["finished"]
        return len(fin) >= 3 or L.partner(fin[0]) in fin

    def _end_hand(self, state, events):
        order = L.complete_order(state["finished"], [len(h) for h in state["hands"]])
        res = L.level_update(state["levels"], state["hand_level"], order,
                             state["config"]["a_rule"], state["a_fails"])
        result = {"hand_no": state["hand_no"], "level": state["hand_level"],
                  "level_team": state["level_team"], "order": order,
                  "levels_before": list(state["levels"]), **res}
        state["results"].append(result)
        state["levels"] = res["levels_after"]
        state["a_fails"] = res["a_fails_after"]
        state["prev_order"] = order
        state["turn"] = None
        events.append({"type": "hand_over", **result})
        if res["match_won"]:
            state["phase"] = "match_over"
            state["winner"] = res["winner_team"]
            events.append({"type": "match_won", "team": res["winner_team"]})
        else:
            state["phase"] = "hand_over"
            state["level_team"] = res["winner_team"]
            state["hand_level"] = res["next_level"]

    # --- next hand, tribute and return (§18–§22) -------------------------------------
    def with_hands(self, state: dict, hands: list[list[int]]) -> tuple[dict, list]:
        """Start the next hand of a state between hands (phase ``hand_over``) with the
        given 4 hands instead of a shuffled deal (tests, puzzles, replays). The hands must
        hold all 108 cards exactly once; raises ``ValueError`` otherwise, and
        :class:`IllegalAction` ``wrong_phase`` outside ``hand_over``."""
        if state["phase"] != "hand_over":
            raise E.wrong_phase(state["phase"])
        if sorted(c for h in hands for c in h) != list(range(N_CARDS)) or len(hands) != 4:
            raise ValueError("hands must hold the 108 cards exactly once")
        new = clone(state)
        events: list = []
        new["hand_no"] += 1
        new["hands"] = [sorted(h) for h in hands]
        new["pile"], new["finished"] = [], []
        self._setup_hand(new, events)
        new["step"] += 1
        return new, events

    def _next_hand(self, state, events):
        state["hand_no"] += 1
        self._deal(state)
        self._setup_hand(state, events)

    def _setup_hand(self, state, events):
        state["trick"] = {"leader": 0, "last": None, "passed": [], "plays": []}
        order = state["prev_order"]
        plan = T.plan(order, state["hands"])
        tr = {**plan, "gifts": {}, "alloc": [], "returns": {}, "leader": None}
        state["tribute"] = tr
        events.append({"type": "deal", "hand_no": state["hand_no"], "level": state["hand_level"]})
        if plan["anti"]:
            tr["leader"] = T.leader_after(order, None)
            events.append({"type": "anti_tribute", "givers": plan["givers"],
                           "big_jokers": plan["big_jokers"], "leader": tr["leader"]})
            self._start_play(state, tr["leader"])
        else:
            state["phase"] = "tribute"
            state["turn"] = None

    def _start_play(self, state, leader):
        state["phase"] = "play"
        state["turn"] = leader
        state["trick"] = {"leader": leader, "last": None, "passed": [], "plays": []}

    def _card(self, action) -> int:
        c = action.get("card")
        if not isinstance(c, int) or isinstance(c, bool):
            raise E.malformed("card")
        return c

    def _tribute(self, state, seat, action, events):
        tr = state["tribute"]
        if seat not in tr["givers"] or str(seat) in tr["gifts"]:
            raise E.not_your_turn()
        c = self._card(action)
        hand = state["hands"][seat]
        if c not in hand:
            raise E.not_in_hand()
        if c not in T.tribute_choices(hand, level_of(state)):
            raise E.tribute_not_highest()
        hand.remove(c)
        tr["gifts"][str(seat)] = c
        if len(tr["gifts"]) < len(tr["givers"]):
            return
        gifts = {int(g): card for g, card in sorted(tr["gifts"].items())}
        tr["alloc"] = T.allocate(state["prev_order"], gifts, level_of(state))
        for a in tr["alloc"]:
            state["hands"][a["to"]] = sorted(state["hands"][a["to"]] + [a["card"]])
            events.append({"type": "tribute", **a})
        state["phase"] = "return"

    def _return(self, state, seat, action, events):
        tr = state["tribute"]
        alloc = next((a for a in tr["alloc"] if a["to"] == seat), None)
        if alloc is None or str(seat) in tr["returns"]:
            raise E.not_your_turn()
        c = self._card(action)
        hand = state["hands"][seat]
        if c not in hand:
            raise E.not_in_hand()
        if c == alloc["card"]:
            raise E.bad_return(True)
        if c not in T.return_choices(hand, alloc["card"], level_of(state)):
            raise E.bad_return(False)
        hand.remove(c)
        giver = alloc["from"]
        state["hands"][giver] = sorted(state["hands"][giver] + [c])
        tr["returns"][str(seat)] = c
        events.append({"type": "return", "from": seat, "to": giver, "card": c})
        if len(tr["returns"]) == len(tr["alloc"]):
            tr["leader"] = T.leader_after(state["prev_order"], tr["alloc"])
            self._start_play(state, tr["leader"])
            events.append({"type": "lead", "seat": tr["leader"]})

    # --- what a seat sees --------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator). Never another seat's hand.

        ``{"seat", "phase", "hand_no", "a_rule", "hand_level", "level_team",
        "teams": [{"seats", "level", "a_fails"}], "hand": [card dicts] (own, by id),
        "counts": [cards left per seat], "turn", "trick": {"leader", "last", "plays",
        "passed"}, "finished", "tribute": {...} | None, "unseen": {"BJ", "LJ", "wild",
        "level"}, "played": [ids played this hand], "results", "winner", "to_beat": {"ja", "en"} | None}``. Plays carry
        ``"wilds": {id: "7扱い"}`` (003 wild display)."""
        lv = level_of(state)
        own = state["hands"][seat] if seat is not None else []

        def card(c):
            return {"id": c, "code": CODE[c], "label": label(c),
                    "wild": SUIT[c] == "H" and RANK[c] == lv, "level": RANK[c] == lv}

        def show(play):
            if play.get("pass"):
                return {"seat": play["seat"], "pass": True}
            rd = reading_of(play)
            ja, en = describe(rd)
            return {"seat": play["seat"], "cards": [card(c) for c in play["cards"]],
                    "reading": play["reading"], "ja": ja, "en": en,
                    "wilds": {k: {"ja": f"{v}扱い", "en": f"as {v}", "as": v}
                              for k, v in play["wilds"].items()}}

        others = [c for s in range(4) if s != seat for c in state["hands"][s]]
        if seat is not None and state["tribute"] and state["phase"] in ("tribute", "return"):
            others += [c for g, c in state["tribute"]["gifts"].items()
                       if not state["tribute"]["alloc"] and int(g) != seat]
        unseen = {"BJ": sum(1 for c in others if RANK[c] == BJ),
                  "LJ": sum(1 for c in others if RANK[c] == LJ),
                  "wild": sum(1 for c in others if RANK[c] == lv and SUIT[c] == "H"),
                  "level": sum(1 for c in others if RANK[c] == lv and SUIT[c] != "H")}
        tr = state["trick"]
        table = self.table(state)
        to_beat = None
        if table is not None:
            ja, en = describe(table)
            to_beat = {"ja": f"{ja}より強い役か爆弾", "en": f"beat {en} or bomb"}
        trib = None
        if state["tribute"]:
            t = state["tribute"]
            trib = {"mode": t["mode"], "anti": t["anti"], "big_jokers": t["big_jokers"],
                    "givers": t["givers"], "receivers": t["receivers"],
                    "given": sorted(int(g) for g in t["gifts"]),
                    "transfers": [{"from": a["from"], "to": a["to"], "card": card(a["card"])}
                                  for a in t["alloc"]],
                    "returns": [{"from": int(r), "card": card(c)} for r, c in t["returns"].items()],
                    "leader": t["leader"],
                    "suggested_return": (self.suggested_return(state, seat)
                                         if seat is not None else None)}
        return {"game": "guandan", "seat": seat, "phase": state["phase"],
                "hand_no": state["hand_no"], "a_rule": state["config"]["a_rule"],
                "hand_level": state["hand_level"], "level_team": state["level_team"],
                "teams": [{"seats": [t, t + 2], "level": state["levels"][t],
                           "a_fails": state["a_fails"][t]} for t in (0, 1)],
                "hand": [card(c) for c in own],
                "counts": [len(h) for h in state["hands"]],
                "turn": state["turn"],
                "trick": {"leader": tr["leader"], "last": show(tr["last"]) if tr["last"] else None,
                          "plays": [show(p) for p in tr["plays"]], "passed": list(tr["passed"])},
                "to_beat": to_beat,
                "finished": list(state["finished"]),
                "tribute": trib, "unseen": unseen, "played": list(state["pile"]),
                "results": state["results"], "winner": state["winner"],
                "actors": self.actors(state)}

    # --- hints and CPU -----------------------------------------------------------------
    def hint(self, state: dict, seat: int) -> list[dict]:
        """Legal actions of ``seat``, the つよい CPU's first, then cheapest first, each
        ``{"action", "ja", "en", "why"}`` (``why``: the reason as a code for the table to
        word: ``{"code": "wild", "subs": [ranks the wilds stand for]}``, ``"keep"`` /
        ``"partner"`` (a pass when the table's play is one's partner's) / ``"bombs_only"`` (on
        an opponent's play only bombs beat: 003 §11, the special ladder) / ``"nothing"``
        (a pass), ``"highest"`` (a tribute), ``"suggested"`` (a return), or ``{}``)
        (003 §2 ヒント). When following, a pass closes the list; with nothing that beats
        the table it is the only hint. Tribute: the highest card; return: the suggested
        card first."""
        ph = state["phase"]
        out = []
        if ph == "play" and state["turn"] == seat:
            plays = self.legal_plays(state, seat)
            only_bombs = all(p.reading.special for p in plays)
            for p in plays:
                ja, en = describe(p.reading)
                why = {}
                if p.reading.subs:
                    subs = "・".join(p.reading.subs)
                    ja += f"（ワイルドを{subs}扱い）"
                    en += f" (wild as {', '.join(p.reading.subs)})"
                    why = {"code": "wild", "subs": list(p.reading.subs)}
                out.append({"action": {"type": "play", "cards": list(p.cards),
                                       "reading": p.reading.token}, "ja": ja, "en": en, "why": why})
            if state["trick"]["last"] is not None:
                if out and state["trick"]["last"]["seat"] == L.partner(seat):  # 003 §2: the pair plays as one
                    out.append({"action": {"type": "pass"}, "ja": "パス（味方の札を通す）",
                                "en": "Pass (let your partner's play stand)", "why": {"code": "partner"}})
                elif out and only_bombs:
                    out.append({"action": {"type": "pass"}, "ja": "パス（勝てるのは爆弾だけなので温存）",
                                "en": "Pass (only a bomb beats it: keep your bombs)", "why": {"code": "bombs_only"}})
                elif out:
                    out.append({"action": {"type": "pass"}, "ja": "パス（この機会は見送る）",
                                "en": "Pass (let this one go)", "why": {"code": "keep"}})
                else:
                    out.append({"action": {"type": "pass"}, "ja": "場に勝てる役がないのでパス",
                                "en": "Nothing beats the table: pass", "why": {"code": "nothing"}})
            from .cpu import choose  # the つよい CPU's action first (issue 16)
            out = search.first_of(out, choose(self, state, seat, "strong"))
        elif ph == "tribute":
            for a in self.legal_actions(state, seat):
                out.append({"action": a, "ja": f"{label(a['card'])}を献上（ワイルド以外で最強）",
                            "en": f"Give {label(a['card'])} (highest card but the wilds)", "why": {"code": "highest"}})
        elif ph == "return":
            sug = self.suggested_return(state, seat)
            acts = self.legal_actions(state, seat)
            acts.sort(key=lambda a: (CODE[a["card"]] != CODE[sug] if sug is not None else 0))
            for a in acts:
                tag = ("おすすめ", "suggested") if sug is not None and CODE[a["card"]] == CODE[sug] else ("", "")
                out.append({"action": a, "ja": f"{label(a['card'])}を返す{('（' + tag[0] + '）') if tag[0] else ''}",
                            "en": f"Return {label(a['card'])}{(' (' + tag[1] + ')') if tag[1] else ''}",
                            "why": {"code": "suggested"} if tag[0] else {}})
        elif ph == "hand_over":
            out.append({"action": {"type": "next_hand"}, "ja": "次の局へ", "en": "Next hand"})
        return out

    def choose(self, state: dict, seat: int, level: str = "normal") -> dict:
        """The CPU's action for ``seat`` at ``level`` (:mod:`games.guandan.cpu`); always
        legal. ``ValueError`` when the seat cannot act or the level is unknown."""
        from .cpu import choose
        return choose(self, state, seat, level)


def hand_over(state: dict) -> bool:
    """True between hands and once the match is won."""
    return state["phase"] in ("hand_over", "match_over")


def _distinct(cards: list[int]) -> list[int]:
    """One card of each code (two decks hold two ♠7s that are interchangeable here)."""
    seen, out = set(), []
    for c in sorted(cards):
        if CODE[c] not in seen:
            seen.add(CODE[c])
            out.append(c)
    return out
