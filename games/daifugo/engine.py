"""The Daifugō state machine: deal, exchange, tricks, flushes, finishing, the match.

Sources: seed 004 §4 (ルール) and rules/daifugo.md. The state is a JSON dict:

``{"game": "daifugo", "seed", "rng_n", "step", "players": n, "rules": {...},
"game_no": int, "phase": "exchange" | "play" | "over", "hands": [[id…]…],
"surplus": [id…] (face down, next to reveal first), "graveyard": [id…], "turn": seat,
"field": None | {"by": seat, "cards": [id…], "shape", "rank", "jokers", "suit"},
"passed": [bool…], "revolution": bool, "eleven_back": bool, "bind": None | {...},
"finished": [seat…] (legitimate finishes in order), "fouls": [seat…], "ochi": seat | None,
"places": None | [seat…] (when over), "prev_places": None | [seat…],
"totals": [int…], "exchange": {"<seat>": {"give": k, "to": seat}}, "log": [event…],
"logged": int}`` (``log`` keeps the last :data:`LOG_KEEP` events; ``logged`` counts every
event ever recorded, so an event's number stays the same as older ones are dropped:
:func:`games.daifugo.present.visible_events`; a state without it counts from ``len(log)``)
"""
from __future__ import annotations

from itertools import combinations

from games.core.engine import Engine
from games.core.errors import IllegalAction, game_over, malformed, not_in_hand, not_your_turn
from games.core.rng import draw

from . import cpu, present, specials
from .cards import DIAMOND_3, HEART_3, N_CARDS, RANK, code, sort_key, step_above
from .legal import legal_plays
from .plays import SEQUENCE, Play, as_shape, beats, default_reading, next_bind, readings, satisfies_bind
from .moves import field_play, is_foul_finish, play_action, reversed_order
from .rules import HAND_SIZE, WINDOW_SECONDS, make_rules

LOG_KEEP = 24


# --- refusals (stable codes, ja + en) -----------------------------------------------------
def _refuse(code_: str, ja: str, en: str, **details) -> IllegalAction:
    return IllegalAction(code_, ja, en, **details)


NOT_A_PLAY = ("not_a_play", "その組み合わせでは出せません（1枚・同じ数字・同じマークの階段）。",
              "Those cards are not a play (a single, a set of one rank, or a same-suit sequence).")
WRONG_SHAPE = ("wrong_shape", "場と同じ枚数・同じ形で出してください。",
               "Play the same number of cards in the same shape as the field.")
TOO_WEAK = ("too_weak", "場より強いカードを出してください。", "Your play must be stronger than the field.")
BOUND = ("bound", "縛りがあるので出せません。", "The bind does not allow that play.")
PASSED = ("passed", "パスしたので、場が流れるまで出せません。",
          "You passed: wait until the field is flushed.")
LEADER_PASS = ("leader_cannot_pass", "親はパスできません。", "The leader cannot pass.")
NO_EFFECT = ("no_effect", "この出し方には使える効果がありません。素出しで出してください。",
             "This play has no effect to use; play it plain.")
REDEAL_TOO_FEW = ("redeal_too_few", "残りのカードが少なく、配り直しできません。",
                  "Too few cards are left to redeal to everyone.")
WINDOW_OPEN = ("window_open", "無効化の受付中です。少しお待ちください。",
               "A stop window is open; wait a moment.")
NO_WINDOW = ("no_window", "今は止められる効果がありません。", "There is nothing to stop now.")
CANNOT_STOP = ("cannot_stop", "そのカードでは止められません。", "That card cannot stop this.")
NO_INTERRUPT = ("no_interrupt", "9の割り込みはできません。", "You cannot interrupt with 9s now.")
CHOOSING = ("choosing", "カードを選んでいる人がいます。少しお待ちください。",
            "Someone is choosing cards; wait a moment.")


class DaifugoEngine(Engine):
    """Original Daifugō for 4–6 players (seed 004; rules/daifugo.md)."""

    name = "daifugo"
    min_players = 4
    max_players = 6

    # --- setup ---------------------------------------------------------------------------
    def new(self, config: dict | None = None, seed=0) -> dict:
        """A match's first game. ``config``: ``{"players": 4|5|6, "rules": {...}}``
        (see :func:`games.daifugo.rules.make_rules`); raises ``ValueError`` otherwise."""
        config = dict(config or {})
        players = config.pop("players", 4)
        rules = make_rules(players, config.pop("rules", None))
        if config:
            raise ValueError(f"unknown config keys {sorted(config)}")
        state = {"game": "daifugo", "seed": seed, "rng_n": 0, "step": 0, "players": players,
                 "rules": rules, "game_no": 0, "totals": [0] * players, "places": None,
                 "prev_places": None, "log": []}
        self._deal(state, [])
        return state

    def _deal(self, state: dict, events: list) -> None:
        """Shuffle and deal (seed 004 §4 「カードと配り方」); from game 2 the exchange."""
        n = state["players"]
        deck = list(range(N_CARDS))
        draw(state).shuffle(deck)
        size = HAND_SIZE[n]
        state.update({
            "game_no": state["game_no"] + 1,
            "hands": [sorted(deck[i * size:(i + 1) * size], key=sort_key) for i in range(n)],
            "surplus": deck[n * size:], "graveyard": [], "field": None, "passed": [False] * n,
            "revolution": False, "eleven_back": False, "bind": None, "finished": [], "fouls": [],
            "ochi": None, "exchange": {}, "turn": None, "window": None, "pending": None,
        })
        if state["places"]:
            state["prev_places"] = state["places"]
        state["places"] = None
        self._event(state, events, {"type": "deal", "game_no": state["game_no"]})
        if state["prev_places"]:
            self._start_exchange(state, events)
        else:
            self._start_play(state, events)

    def _start_exchange(self, state: dict, events: list) -> None:
        """Game 2+: 大貧民 → 大富豪 the 2 strongest, 貧民 → 富豪 the strongest 1
        (automatic); then 大富豪 and 富豪 choose what to give back (seed 004 §4 カード交換)."""
        places = state["prev_places"]
        state["phase"] = "exchange"
        for k, (rich, poor) in ((2, (places[0], places[-1])), (1, (places[1], places[-2]))):
            best = sorted(state["hands"][poor], key=sort_key)[-k:]
            self._move(state, poor, rich, best)
            self._event(state, events, {"type": "tribute", "from": poor, "to": rich,
                                        "cards": [code(c) for c in best]}, private=[poor, rich])
            state["exchange"][str(rich)] = {"give": k, "to": poor}

    def _start_play(self, state: dict, events: list) -> None:
        """First leader: the holder of ♦3; both ♦3 in one hand → that player; split or
        nobody → random (seed 004 §4 「最初の親」)."""
        holders = sorted({s for s, h in enumerate(state["hands"]) for c in h if c in DIAMOND_3})
        rng = draw(state)
        if len(holders) == 1:
            leader = holders[0]
        else:
            leader = rng.choice(holders or list(range(state["players"])))
        state["phase"] = "play"
        state["turn"] = leader
        self._event(state, events, {"type": "lead", "seat": leader, "reason": "d3" if len(holders) == 1 else "random"})

    # --- queries -----------------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def actors(self, state: dict) -> list[int]:
        """Seats the game waits for: the exchange givers, the player choosing 7-pass or
        10-discard cards, the player to move. Empty while a timed window is open (it
        closes by the table's ``close`` action; see :meth:`window`)."""
        if state["phase"] == "exchange":
            return sorted(int(s) for s in state["exchange"])
        if state["phase"] == "over":
            return list(range(state["players"]))
        if state["pending"]:
            return [state["pending"]["seat"]]
        if state["window"]:
            return []
        return [state["turn"]]

    def reactions(self, state: dict) -> list[int]:
        """Seats that may act out of turn now: stops and counters in a window, 9
        interrupts otherwise (server-side only: never shown to other seats)."""
        return [s for s in range(state["players"])
                if s not in self.actors(state) and self._out_of_turn(state, s)]

    def window(self, state: dict) -> dict | None:
        """The timed window: a stop / ♥Q×2 window (4 s), the 7-pass or 10-discard choice
        (20 s) and the exchange (20 s), each with the action that closes it."""
        if state["phase"] == "exchange":
            return {"kind": "exchange", "seconds": WINDOW_SECONDS["exchange"], "close": {"type": "timeout"}}
        if state["pending"]:
            kind = state["pending"]["kind"]
            return {"kind": kind, "seconds": WINDOW_SECONDS[kind], "close": {"type": "timeout"}}
        w = state["window"]
        if w:
            return {"kind": w["kind"], "seconds": WINDOW_SECONDS[w["kind"]],
                    "close": {"type": "close_window", "n": w["n"]}}
        return None

    def legal_plays(self, state: dict, seat: int, substitutes: bool = True) -> list[Play]:
        """The legal :class:`Play` readings for ``seat``'s own turn (empty otherwise;
        ``substitutes``: see :func:`games.daifugo.legal.legal_plays`)."""
        if state["phase"] != "play" or state["turn"] != seat or state["window"] or state["pending"]:
            return []
        return legal_plays(state["hands"][seat], field_play(state["field"]),
                           reversed_order(state), state["bind"], substitutes)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        phase = state["phase"]
        if phase == "over":
            return [{"type": "next_game"}]
        if phase == "exchange":
            return cpu.exchange_options(state, seat)
        pending = state["pending"]
        if pending:
            return [cpu.pending_choice(state, seat)] if pending["seat"] == seat else []
        if state["window"] or state["turn"] != seat:
            return self._out_of_turn(state, seat)
        actions = []
        rules = state["rules"]
        for p in self.legal_plays(state, seat):
            actions.append(play_action(p))
            effect = specials.effect_of(p, rules["specials"], rules["revolution_size"])
            if effect and (effect["name"] != "redeal" or specials.redeal_possible(state, seat, p)):
                actions.append(play_action(p, "effect"))
        if state["field"] is not None:
            actions.append({"type": "pass"})
        return actions

    def _out_of_turn(self, state: dict, seat: int) -> list[dict]:
        """Stops and counters in an open window; 9 interrupts otherwise."""
        if state["phase"] != "play" or state["pending"] or not state["hands"][seat]:
            return []
        w = state["window"]
        if w:
            return self._window_moves(state, seat)
        return self._interrupts(state, seat)

    def _window_moves(self, state: dict, seat: int) -> list[dict]:
        w, hand = state["window"], state["hands"][seat]
        chain = w["chain"]
        if len(chain) >= 3 or (chain and chain[-1]["seat"] == seat) or (not chain and seat == w["seat"]):
            return []
        if w["kind"] == "revolution" and not chain:
            queens = [c for c in hand if c in specials.HEART_Q]
            return [{"type": "revolution_stop", "cards": queens}] if len(queens) == 2 else []
        allowed = specials.COUNTER_CARDS if chain else specials.STOP_CARDS
        seen, out = set(), []
        for c in hand:
            if c in allowed and code(c) not in seen:
                seen.add(code(c))
                out.append({"type": "stop", "card": c})
        return out

    def _interrupts(self, state: dict, seat: int) -> list[dict]:
        field = field_play(state["field"])
        if not self._may_interrupt(state, seat, field):
            return []
        nines = [c for c in state["hands"][seat] if RANK[c] == 9]
        if len(nines) < field.size:
            return []
        out, seen = [], set()
        for combo in combinations(nines, field.size):
            key = tuple(sorted(code(c) for c in combo))
            if key in seen:
                continue
            seen.add(key)
            play = readings(combo)[0]
            if satisfies_bind(play, state["bind"], reversed_order(state)):
                out.append({"type": "play", "cards": list(combo), "mode": "interrupt"})
        return out

    def interrupt_open(self, state: dict, seat: int) -> bool:
        """Whether ``seat`` may 9-interrupt now by the public facts alone (the rule, the
        field, turn, passes, cards left), whatever its hand: the table keeps the moment
        open for a person without telling anyone who holds 9s (rules/daifugo.md "Time")."""
        if state["phase"] != "play" or state["pending"] or state["window"]:
            return False
        return self._may_interrupt(state, seat, field_play(state["field"]))

    def _may_interrupt(self, state: dict, seat: int, field: Play | None) -> bool:
        """9割り込み eligibility (rules/daifugo.md table, seed 004 §6): the rule is on; a
        single or set of rank ≤7 (≥10 when the order is reversed) is on the field; the
        seat holds cards, is not the one to move, did not put the field there and has
        not passed in this trick."""
        if not state["rules"]["specials"]["nine_interrupt"] or field is None:
            return False
        if field.shape == SEQUENCE or field.joker_only or field.size >= state["rules"]["revolution_size"]:
            return False
        in_range = field.rank >= 10 if reversed_order(state) else field.rank <= 7
        return (in_range and seat != state["turn"] and seat != state["field"]["by"]
                and not state["passed"][seat] and bool(state["hands"][seat]))

    def simultaneous(self, state: dict, requests: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
        """Order out-of-turn requests that arrived together: the earliest in turn order
        from the player to move wins (seed 004 §6 「同時なら順番が先の人」). Apply them in
        the returned order; the later ones are then refused if no longer legal."""
        n, turn = state["players"], state["turn"] or 0
        return sorted(requests, key=lambda r: (r[0] - turn) % n)

    def view(self, state: dict, seat: int | None, public: dict | None = None) -> dict:
        return present.view(self, state, seat, public)

    def public_view(self, state: dict) -> dict:
        return present.public_view(self, state)

    def hint(self, state: dict, seat: int) -> list[dict]:
        return cpu.hint(self, state, seat)

    def choose(self, state: dict, seat: int, level: str = "normal") -> dict:
        """The CPU's action at ``level`` (:func:`games.daifugo.cpu.choose`)."""
        return cpu.choose(self, state, seat, level)

    def react(self, state: dict, seat: int, level: str = "normal") -> dict | None:
        """The CPU's out-of-turn action (the same at every level; :func:`games.daifugo.cpu.react`)."""
        return cpu.react(self, state, seat)

    # --- actions -----------------------------------------------------------------------
    def _apply(self, state: dict, seat, action: dict, events: list) -> None:
        kind = action["type"]
        if kind == "next_game":
            if state["phase"] != "over":
                raise _refuse("not_over", "まだゲームの途中です。", "The game is still going on.")
            return self._deal(state, events)
        if state["phase"] == "over":
            raise game_over()
        if seat is None:
            return self._system(state, action, events)
        if action.get("timed_out") is True:  # the table plays a turn whose limit ran out (rules "Time")
            self._event(state, events, {"type": "timeout", "seat": seat})
        handler = {"exchange": self._exchange, "pass": self._pass, "play": self._play,
                   "stop": self._stop, "revolution_stop": self._revolution_stop,
                   "give": self._give, "discard": self._give}.get(kind)
        if handler is None:
            raise malformed("type")
        if kind != "exchange" and state["phase"] != "play":
            raise _refuse("exchange_first", "カード交換が終わるまでお待ちください。",
                          "Wait until the card exchange is done.")
        return handler(state, seat, action, events)

    def _system(self, state: dict, action: dict, events: list) -> None:
        """Actions of the table itself (seat None): a window's or a choice's time-out."""
        kind = action["type"]
        if kind == "close_window" and state["window"] and action.get("n") == state["window"]["n"]:
            return self._close_window(state, events)
        if kind == "timeout" and state["phase"] == "exchange":
            for seat in sorted(int(s) for s in state["exchange"]):
                self._event(state, events, {"type": "timeout", "seat": seat})
                self._exchange(state, seat, cpu.exchange_choice(state, seat, timed_out=True), events)
            return
        if kind == "timeout" and state["pending"]:
            seat = state["pending"]["seat"]
            self._event(state, events, {"type": "timeout", "seat": seat})
            return self._give(state, seat, cpu.pending_choice(state, seat, timed_out=True), events)
        raise _refuse("stale", "その操作は期限切れです。", "That action is out of date.")

    def _exchange(self, state: dict, seat: int, action: dict, events: list) -> None:
        pending = state["exchange"].get(str(seat))
        if state["phase"] != "exchange" or pending is None:
            raise not_your_turn()
        cards = self._cards_from_hand(state, seat, action)
        if len(cards) != pending["give"]:
            raise _refuse("exchange_count", f"{pending['give']}枚選んでください。",
                          f"Choose {pending['give']} card(s).", count=pending["give"])
        self._move(state, seat, pending["to"], cards)
        del state["exchange"][str(seat)]
        self._event(state, events, {"type": "exchange", "from": seat, "to": pending["to"],
                                    "cards": [code(c) for c in cards]}, private=[seat, pending["to"]])
        if not state["exchange"]:
            self._start_play(state, events)

    def _check_turn(self, state: dict, seat: int) -> None:
        if state["pending"]:
            raise _refuse(*CHOOSING)
        if state["window"]:
            raise _refuse(*WINDOW_OPEN)
        if state["turn"] != seat:
            raise not_your_turn()

    def _pass(self, state: dict, seat: int, action: dict, events: list) -> None:
        self._check_turn(state, seat)
        if state["field"] is None:
            raise _refuse(*LEADER_PASS)
        state["passed"][seat] = True
        self._event(state, events, {"type": "pass", "seat": seat})
        self._advance(state, seat, events)

    def _play(self, state: dict, seat: int, action: dict, events: list) -> None:
        mode = action.get("mode", "plain")
        if mode not in ("plain", "effect", "interrupt"):
            raise malformed("mode")
        if mode == "interrupt":
            return self._interrupt(state, seat, action, events)
        self._check_turn(state, seat)
        if state["passed"][seat]:
            raise _refuse(*PASSED)
        cards = self._cards_from_hand(state, seat, action)
        play = self.judge(state, cards, action.get("reading"))
        effect = None
        if mode == "effect":
            rules = state["rules"]
            effect = specials.effect_of(play, rules["specials"], rules["revolution_size"])
            if effect is None:
                raise _refuse(*NO_EFFECT)
            if effect["name"] == "redeal" and not specials.redeal_possible(state, seat, play):
                raise _refuse(*REDEAL_TOO_FEW)
            effect["seat"] = seat
        self._put(state, seat, play, events, effect)

    def _interrupt(self, state: dict, seat: int, action: dict, events: list) -> None:
        """9割り込み: natural 9s, the field's count, binds kept (seed 004 §6)."""
        if state["window"] or state["pending"]:
            raise _refuse(*WINDOW_OPEN)
        field = field_play(state["field"])
        if seat == state["turn"] and field is not None:
            raise _refuse("own_turn", "自分の番です。普通に出してください。", "It is your turn: play normally.")
        if not self._may_interrupt(state, seat, field):
            raise _refuse(*NO_INTERRUPT)
        cards = self._cards_from_hand(state, seat, action)
        if len(cards) != field.size or any(RANK[c] != 9 for c in cards):
            raise _refuse("interrupt_cards", "場と同じ枚数の9で割り込んでください。",
                          "Interrupt with as many 9s as the field holds.")
        play = readings(tuple(cards))[0]
        if not satisfies_bind(play, state["bind"], reversed_order(state)):
            raise _refuse(*BOUND)
        self._event(state, events, {"type": "interrupt", "seat": seat})
        self._put(state, seat, play, events, None)

    def judge(self, state: dict, cards: list[int], reading: dict | None = None) -> Play:
        """The reading of ``cards`` that may be played now, or :class:`IllegalAction` with
        the first reason that stops it. ``reading`` (optional ``{"shape": "sequence",
        "low": rank}``) picks among several; by default a set where possible, else the
        strongest sequence (rules/daifugo.md "Strength and plays")."""
        options = readings(tuple(cards))
        if not options:
            raise _refuse(*NOT_A_PLAY)
        field = field_play(state["field"])
        rev = reversed_order(state)
        if field is not None and field.shape == SEQUENCE and options[0].joker_only:
            options = [as_shape(options[0], SEQUENCE, field)]
        if reading is not None:
            if not isinstance(reading, dict):
                raise malformed("reading")
            options = [p for p in options if p.shape == reading.get("shape")
                       and (p.shape != SEQUENCE or p.rank == reading.get("low"))]
            if not options:
                raise _refuse(*NOT_A_PLAY)
        if field is not None and not any(p.size == field.size and (p.shape == field.shape or p.joker_only) for p in options):
            raise _refuse(*WRONG_SHAPE)
        strong = [p for p in options if beats(p, field, rev)]
        if not strong:
            raise _refuse(*TOO_WEAK)
        bound = [p for p in strong if satisfies_bind(p, state["bind"], rev)]
        if not bound:
            raise _refuse(*BOUND)
        return default_reading(bound, rev)

    def _put(self, state: dict, seat: int, play: Play, events: list, effect: dict | None) -> None:
        """Put a judged play on the field: revolution, binds, finishing; then a window
        (♥Q×2 after a revolution, stops after an effect), the effect, or the next turn."""
        rev_before, revolution_before = reversed_order(state), state["revolution"]
        prev = field_play(state["field"])
        hand = state["hands"][seat]
        for c in play.cards:
            hand.remove(c)
        if prev is not None:
            state["graveyard"].extend(prev.cards)
        revolution = play.size >= state["rules"]["revolution_size"]
        if revolution:
            state["revolution"] = not state["revolution"]
        state["bind"] = next_bind(prev, play, state["bind"], rev_before, reversed_order(state))
        state["field"] = {"by": seat, "cards": list(play.cards), "shape": play.shape,
                          "rank": play.rank, "jokers": play.jokers, "suit": play.suit}
        self._event(state, events, {"type": "play", "seat": seat, "cards": [code(c) for c in play.cards],
                                    "shape": play.shape, "as": play.stands_for(),
                                    "revolution": revolution, "effect": effect and effect["name"]})
        if not hand:
            foul = is_foul_finish(play, revolution_before, state["eleven_back"]) \
                or bool(effect and effect["name"] == "redeal")
            self._finish(state, seat, foul, events)
        if state["phase"] != "play":
            return
        specials_on = state["rules"]["specials"]
        if revolution and specials_on["revolution_stop"] and self._others_holding(state, seat):
            return self._open_window(state, "revolution", seat, None, events)
        if effect:
            if specials_on["stop"] and self._others_holding(state, seat):
                return self._open_window(state, "stop", seat, effect, events)
            return self._resolve(state, effect, events)
        self._advance(state, seat, events)

    # --- windows, stops and effects ------------------------------------------------------
    def _others_holding(self, state: dict, seat: int) -> bool:
        return any(h for s, h in enumerate(state["hands"]) if s != seat)

    def _open_window(self, state: dict, kind: str, seat: int, effect: dict | None, events: list) -> None:
        """A fixed-length window for stops (無効化) or ♥Q×2; it opens whatever anyone
        holds, so its length never tells who holds a stopper."""
        state["window"] = {"kind": kind, "seat": seat, "effect": effect, "chain": [], "n": 0}
        self._event(state, events, {"type": "window", "kind": kind, "seat": seat,
                                    "effect": effect and effect["name"]})

    def _stop(self, state: dict, seat: int, action: dict, events: list) -> None:
        """無効化 with ♥3/♠3, or a ♥3 counter (止め返し), in the open window."""
        w = state["window"]
        if not w:
            raise _refuse(*NO_WINDOW)
        card = action.get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            raise malformed("card")
        if card not in state["hands"][seat]:
            raise not_in_hand()
        allowed = {code(m["card"]) for m in self._window_moves(state, seat) if m["type"] == "stop"}
        if code(card) not in allowed:
            raise _refuse(*CANNOT_STOP)
        self._chain(state, seat, [card], events)

    def _revolution_stop(self, state: dict, seat: int, action: dict, events: list) -> None:
        """♥Q×2 right after a revolution (seed 004 §4 革命; §6)."""
        w = state["window"]
        if not w or w["kind"] != "revolution" or w["chain"]:
            raise _refuse(*NO_WINDOW)
        cards = self._cards_from_hand(state, seat, action)
        if not specials.is_heart_queen_pair(cards) or seat == w["seat"]:
            raise _refuse(*CANNOT_STOP)
        self._chain(state, seat, cards, events)

    def _chain(self, state: dict, seat: int, cards: list[int], events: list) -> None:
        """Add a stop or counter to the window; the cards go to the graveyard; a hand
        emptied by a stop card is a foul finish (rules/daifugo.md "Finishing")."""
        w = state["window"]
        for c in cards:
            state["hands"][seat].remove(c)
        state["graveyard"].extend(cards)
        w["chain"].append({"seat": seat, "cards": cards})
        w["n"] += 1
        self._event(state, events, {"type": "stop" if len(w["chain"]) % 2 else "counter",
                                    "seat": seat, "cards": [code(c) for c in cards], "window": w["kind"]})
        if not state["hands"][seat]:
            self._finish(state, seat, True, events)
        if state["phase"] == "play" and len(w["chain"]) >= 3:
            self._close_window(state, events)

    def _close_window(self, state: dict, events: list) -> None:
        """Resolve the window: an odd number of stop actions cancels, an even number lets
        it stand (rules/daifugo.md "Stopping"). A cancelling ♥3 flushes the field and its
        player leads; a stopped revolution leaves the cards as an ordinary play."""
        w = state["window"]
        state["window"] = None
        stopped = len(w["chain"]) % 2 == 1
        if w["kind"] == "revolution":
            if stopped:
                state["revolution"] = not state["revolution"]
                self._rebind(state)
                self._event(state, events, {"type": "revolution_stopped", "seat": w["chain"][0]["seat"]})
            return self._advance(state, w["seat"], events)
        if not stopped:
            return self._resolve(state, w["effect"], events)
        last = w["chain"][-1]
        self._event(state, events, {"type": "effect_stopped", "effect": w["effect"]["name"], "seat": last["seat"]})
        if last["cards"][0] in HEART_3:
            leader = last["seat"] if state["hands"][last["seat"]] else self._next_active(state, last["seat"])
            return self._flush(state, leader, events)
        self._advance(state, w["seat"], events)

    def _resolve(self, state: dict, effect: dict, events: list) -> None:
        """Carry out an effect that was not stopped (specials module table)."""
        name, seat, k = effect["name"], effect["seat"], effect["k"]
        self._event(state, events, {"type": "effect", "effect": name, "seat": seat, "k": k})
        if name == "eight_cut":
            leader = seat if state["hands"][seat] else self._next_active(state, seat)
            return self._flush(state, leader, events)
        if name == "eleven_back":
            state["eleven_back"] = not state["eleven_back"]
            self._rebind(state)
            return self._advance(state, seat, events)
        if name == "five_skip":
            return self._advance(state, seat, events, skip=k)
        if name == "redeal":
            return self._redeal(state, seat, events)
        count = min(k, len(state["hands"][seat]))
        to = specials.recipient(state, seat) if name == "seven_pass" else None
        if count == 0 or (name == "seven_pass" and to is None):
            return self._advance(state, seat, events)
        state["pending"] = {"kind": name, "seat": seat, "count": count, "to": to}

    def _give(self, state: dict, seat: int, action: dict, events: list) -> None:
        """7渡し (give to the recipient) or 10捨て (discard): the pending choice. A
        foul-waiting recipient is back in the game; going out this way is a normal
        finish (rules/daifugo.md "Finishing")."""
        pending = state["pending"]
        want = {"seven_pass": "give", "ten_discard": "discard"}
        if not pending or pending["seat"] != seat or action["type"] != want[pending["kind"]]:
            raise not_your_turn()
        cards = self._cards_from_hand(state, seat, action)
        if len(cards) != pending["count"]:
            raise _refuse("choose_count", f"{pending['count']}枚選んでください。",
                          f"Choose {pending['count']} card(s).", count=pending["count"])
        state["pending"] = None
        to = pending["to"]
        if pending["kind"] == "seven_pass":
            self._move(state, seat, to, cards)
            self._event(state, events, {"type": "seven_pass", "seat": seat, "to": to, "count": len(cards)})
            self._event(state, events, {"type": "received", "from": seat, "to": to,
                                        "cards": [code(c) for c in cards]}, private=[seat, to])
            if to in state["fouls"]:
                state["fouls"].remove(to)
                self._event(state, events, {"type": "revived", "seat": to})
        else:
            for c in cards:
                state["hands"][seat].remove(c)
            state["graveyard"].extend(cards)
            self._event(state, events, {"type": "discard", "seat": seat, "cards": [code(c) for c in cards]})
        if not state["hands"][seat]:
            self._finish(state, seat, False, events)
        if state["phase"] == "play":
            self._advance(state, seat, events)

    def _redeal(self, state: dict, seat: int, events: list) -> None:
        """♠A×2 配り直し: pool the receivers' hands, deal equal counts, the remainder to
        the surplus, flush, the ♠A player leads (rules/daifugo.md table)."""
        receivers = specials.redeal_receivers(state)
        pool = [c for s in receivers for c in state["hands"][s]]
        each = len(pool) // len(receivers)
        if each == 0:
            return self._advance(state, seat, events)
        draw(state).shuffle(pool)
        for i, s in enumerate(receivers):
            state["hands"][s] = sorted(pool[i * each:(i + 1) * each], key=sort_key)
        state["surplus"].extend(pool[len(receivers) * each:])
        revived = [s for s in state["fouls"] if s in receivers]
        state["fouls"] = [s for s in state["fouls"] if s not in receivers]
        self._event(state, events, {"type": "redeal", "seat": seat, "each": each, "revived": revived})
        self._flush(state, seat, events)

    def _rebind(self, state: dict) -> None:
        """After the order flips mid-trick, the number bind's next rank follows it. A
        joker-only field stands at the rank its jokers stood for (``bind["at"]``), not at
        the joker's own rank (a ♥Q×2-stopped revolution of jokers keeps its bind)."""
        bind = state["bind"]
        if bind and bind.get("number") and state["field"]:
            rev = reversed_order(state)
            play = field_play(state["field"])
            step = bind.get("at") if play.joker_only else play.measure_rank(rev)
            bind["next"] = None if step is None else step_above(step, rev)

    # --- turn order, flush, finishing ----------------------------------------------------
    def _active(self, state: dict, seat: int) -> bool:
        return bool(state["hands"][seat])

    def _advance(self, state: dict, seat: int, events: list, skip: int = 0) -> None:
        """Next turn after ``seat`` acted: the next player still holding cards who has not
        passed; reaching the field's owner (or nobody) flushes the field (seed 004 §4
        「全員がパスすると場が流れ、最後に出した人から次の場」). ``skip`` passes over that
        many players first (5スキップ); skipping round to the owner flushes too."""
        n = state["players"]
        owner = state["field"]["by"] if state["field"] else seat
        for i in range(1, n + 1):
            s = (seat + i) % n
            if s == owner and self._active(state, s):
                return self._flush(state, owner, events)
            if self._active(state, s) and not state["passed"][s] and s != owner:
                if skip:
                    skip -= 1
                    self._event(state, events, {"type": "skipped", "seat": s})
                    continue
                state["turn"] = s
                return
        self._flush(state, self._next_active(state, owner), events)

    def _next_active(self, state: dict, seat: int) -> int:
        n = state["players"]
        return next(s for s in ((seat + i) % n for i in range(1, n + 1)) if self._active(state, s))

    def _flush(self, state: dict, leader: int, events: list) -> None:
        """場が流れる: field cards to the graveyard, one surplus card revealed to it, passes
        and binds and 11-back cleared; ``leader`` leads (rules/daifugo.md "Strength")."""
        if state["field"]:
            state["graveyard"].extend(state["field"]["cards"])
        revealed = state["surplus"].pop(0) if state["surplus"] else None
        if revealed is not None:
            state["graveyard"].append(revealed)
        state.update({"field": None, "bind": None, "eleven_back": False,
                      "passed": [False] * state["players"], "turn": leader})
        self._event(state, events, {"type": "flush", "leader": leader,
                                    "revealed": code(revealed) if revealed is not None else None})

    def _finish(self, state: dict, seat: int, foul: bool, events: list) -> None:
        """A player is out: a legitimate finish takes the next place (and may trigger 都落ち);
        a foul finish waits, skipped, for the lowest free place (seed 004 §4 「上がりと順位」)."""
        if foul:
            state["fouls"].append(seat)
            self._event(state, events, {"type": "foul", "seat": seat})
        else:
            state["finished"].append(seat)
            self._event(state, events, {"type": "finish", "seat": seat, "place": len(state["finished"])})
            self._maybe_ochi(state, seat, events)
        if sum(1 for h in state["hands"] if h) <= 1:
            self._end_game(state, events)

    def _maybe_ochi(self, state: dict, seat: int, events: list) -> None:
        """都落ち: from game 2, someone other than the previous 大富豪 finishing first
        (legitimately) sends the previous 大富豪 out at once as 大貧民; the hand goes face
        down to the graveyard. Fouls never trigger it (seed 004 §4)."""
        prev = state["prev_places"]
        if not prev or len(state["finished"]) != 1:
            return
        king = prev[0]
        if king == seat or not state["hands"][king]:
            return
        state["graveyard"].extend(state["hands"][king])
        state["hands"][king] = []
        state["ochi"] = king
        state["passed"][king] = True
        self._event(state, events, {"type": "ochi", "seat": king})

    def _end_game(self, state: dict, events: list) -> None:
        """The last player holding cards takes the highest free place; fouls take the lowest
        free places (earlier fouls lower); 都落ち is last. Points n−1…0 (seed 004 §4)."""
        n = state["players"]
        places = list(state["finished"])
        places += [s for s in range(n) if state["hands"][s]]
        bottom = ([state["ochi"]] if state["ochi"] is not None else []) + state["fouls"]
        places += [s for s in reversed(bottom)]
        assert sorted(places) == list(range(n)), places
        for i, s in enumerate(places):
            state["totals"][s] += n - 1 - i
        if state["field"]:
            state["graveyard"].extend(state["field"]["cards"])
        for s in range(n):
            state["graveyard"].extend(state["hands"][s])
            state["hands"][s] = []
        state.update({"phase": "over", "places": places, "turn": None, "field": None,
                      "window": None, "pending": None})
        self._event(state, events, {"type": "game_over", "places": places, "totals": list(state["totals"])})

    # --- helpers -----------------------------------------------------------------------
    def _cards_from_hand(self, state: dict, seat: int, action: dict) -> list[int]:
        cards = action.get("cards")
        if cards == []:
            raise _refuse("no_cards", "カードを選んでください。", "Select the cards first.")
        if not isinstance(cards, list) or len(cards) > N_CARDS \
                or not all(isinstance(c, int) and not isinstance(c, bool) for c in cards):
            raise malformed("cards")
        hand = state["hands"][seat]
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise not_in_hand()
        return cards

    def _move(self, state: dict, src: int, dst: int, cards: list[int]) -> None:
        for c in cards:
            state["hands"][src].remove(c)
        state["hands"][dst] = sorted(state["hands"][dst] + list(cards), key=sort_key)

    def _event(self, state: dict, events: list, event: dict, private: list[int] | None = None) -> None:
        """Record an event: returned to the caller and kept in the public log (a private
        event is kept only for the seats in ``private``)."""
        if private is not None:
            event["private"] = private
        events.append(event)
        state["logged"] = state.get("logged", len(state["log"])) + 1
        state["log"].append(event)
        del state["log"][:-LOG_KEEP]
