"""The Daifugō state machine: deal, exchange, tricks, flushes, finishing, the match.

Sources: seed 004 §4 (ルール) and rules/daifugo.md. The state is a JSON dict:

``{"game": "daifugo", "seed", "rng_n", "step", "players": n, "rules": {...},
"game_no": int, "phase": "exchange" | "play" | "over", "hands": [[id…]…],
"surplus": [id…] (face down, next to reveal first), "graveyard": [id…], "turn": seat,
"field": None | {"by": seat, "cards": [id…], "shape", "rank", "jokers", "suit"},
"passed": [bool…], "revolution": bool, "eleven_back": bool, "bind": None | {...},
"finished": [seat…] (legitimate finishes in order), "fouls": [seat…], "ochi": seat | None,
"places": None | [seat…] (when over), "prev_places": None | [seat…],
"totals": [int…], "exchange": {"<seat>": {"give": k, "to": seat}}, "log": [event…]}``
"""
from __future__ import annotations

from games.core.engine import Engine
from games.core.errors import IllegalAction, game_over, malformed, not_in_hand, not_your_turn
from games.core.rng import draw

from . import cpu, present
from .cards import DIAMOND_3, JOKER, N_CARDS, RANK, code, sort_key, strength
from .legal import legal_plays
from .plays import Play, beats, next_bind, readings, satisfies_bind
from .rules import HAND_SIZE, make_rules

LOG_KEEP = 24


# --- refusals (stable codes, ja + en) -----------------------------------------------------
def _refuse(code_: str, ja: str, en: str) -> IllegalAction:
    return IllegalAction(code_, ja, en)


NOT_A_PLAY = ("not_a_play", "その組み合わせでは出せません（1枚・同じ数字・同じマークの階段）。",
              "Those cards are not a play (a single, a set of one rank, or a same-suit sequence).")
WRONG_SHAPE = ("wrong_shape", "場と同じ枚数・同じ形で出してください。",
               "Play the same number of cards in the same shape as the field.")
TOO_WEAK = ("too_weak", "場より強いカードを出してください。", "Your play must be stronger than the field.")
BOUND = ("bound", "縛りがあるので出せません。", "The bind does not allow that play.")
PASSED = ("passed", "パスしたので、場が流れるまで出せません。",
          "You passed: wait until the field is flushed.")
LEADER_PASS = ("leader_cannot_pass", "親はパスできません。", "The leader cannot pass.")
NO_EFFECT = ("effect_unavailable", "特殊効果はまだ使えません。素出しで出してください。",
             "Special effects are not available yet; play it plain.")


def field_play(field: dict | None) -> Play | None:
    """The :class:`Play` stored in ``state["field"]``."""
    if field is None:
        return None
    return Play(tuple(field["cards"]), field["shape"], field["rank"], field["jokers"], field["suit"])


def reversed_order(state: dict) -> bool:
    """Effective order reversal: revolution XOR 11-back (rules/daifugo.md "Strength")."""
    return state["revolution"] != state["eleven_back"]


def is_foul_finish(play: Play, revolution: bool, eleven_back: bool) -> bool:
    """A finishing play that is a foul finish (反則上がり, seed 004 §4 「上がりと順位」):
    it holds a joker, or the strongest number — 2 normally, 3 during revolution (11-back on
    top of it too), neither when only 11-back is active. The flags before the play decide.
    (Stop cards and ♠A×2 with effect are fouls too; they come with the special cards.)"""
    if play.jokers:
        return True
    if revolution:
        strongest = 3
    elif eleven_back:
        return False
    else:
        strongest = 15
    return any(RANK[c] == strongest for c in play.cards)


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
            "ochi": None, "exchange": {}, "turn": None,
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
        if state["phase"] == "exchange":
            return sorted(int(s) for s in state["exchange"])
        if state["phase"] == "play":
            return [state["turn"]]
        return list(range(state["players"]))

    def legal_plays(self, state: dict, seat: int) -> list[Play]:
        """The legal :class:`Play` readings for ``seat`` now (empty if it may not play)."""
        if state["phase"] != "play" or state["turn"] != seat:
            return []
        return legal_plays(state["hands"][seat], field_play(state["field"]),
                           reversed_order(state), state["bind"])

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        phase = state["phase"]
        if phase == "over":
            return [{"type": "next_game"}]
        if phase == "exchange":
            return cpu.exchange_options(state, seat)
        if state["turn"] != seat:
            return []
        actions = [play_action(p) for p in self.legal_plays(state, seat)]
        if state["field"] is not None:
            actions.append({"type": "pass"})
        return actions

    def view(self, state: dict, seat: int | None) -> dict:
        return present.view(self, state, seat)

    def hint(self, state: dict, seat: int) -> list[dict]:
        return cpu.hint(self, state, seat)

    def choose(self, state: dict, seat: int) -> dict:
        return cpu.choose(self, state, seat)

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
            raise malformed("seat")
        if kind == "exchange":
            return self._exchange(state, seat, action, events)
        if state["phase"] != "play":
            raise _refuse("exchange_first", "カード交換が終わるまでお待ちください。",
                          "Wait until the card exchange is done.")
        if kind == "pass":
            return self._pass(state, seat, events)
        if kind == "play":
            return self._play(state, seat, action, events)
        raise malformed("type")

    def _exchange(self, state: dict, seat: int, action: dict, events: list) -> None:
        pending = state["exchange"].get(str(seat))
        if state["phase"] != "exchange" or pending is None:
            raise not_your_turn()
        cards = self._cards_from_hand(state, seat, action)
        if len(cards) != pending["give"]:
            raise _refuse("exchange_count", f"{pending['give']}枚選んでください。",
                          f"Choose {pending['give']} card(s).")
        self._move(state, seat, pending["to"], cards)
        del state["exchange"][str(seat)]
        self._event(state, events, {"type": "exchange", "from": seat, "to": pending["to"],
                                    "cards": [code(c) for c in cards]}, private=[seat, pending["to"]])
        if not state["exchange"]:
            self._start_play(state, events)

    def _pass(self, state: dict, seat: int, events: list) -> None:
        if state["turn"] != seat:
            raise not_your_turn()
        if state["field"] is None:
            raise _refuse(*LEADER_PASS)
        state["passed"][seat] = True
        self._event(state, events, {"type": "pass", "seat": seat})
        self._advance(state, seat, events)

    def _play(self, state: dict, seat: int, action: dict, events: list) -> None:
        if state["turn"] != seat:
            raise not_your_turn()
        if state["passed"][seat]:
            raise _refuse(*PASSED)
        mode = action.get("mode", "plain")
        if mode not in ("plain", "effect", "interrupt"):
            raise malformed("mode")
        if mode != "plain":
            raise _refuse(*NO_EFFECT)
        cards = self._cards_from_hand(state, seat, action)
        play = self.judge(state, cards, action.get("reading"))
        self._put(state, seat, play, events)

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
        if field is not None and field.shape == "sequence" and options[0].joker_only:
            from .plays import as_shape
            options = [as_shape(options[0], "sequence", field)]
        if reading is not None:
            if not isinstance(reading, dict):
                raise malformed("reading")
            options = [p for p in options if p.shape == reading.get("shape")
                       and (p.shape != "sequence" or p.rank == reading.get("low"))]
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
        sets = [p for p in bound if p.shape != "sequence"]
        return sets[0] if sets else max(bound, key=lambda p: p.key(rev))

    def _put(self, state: dict, seat: int, play: Play, events: list) -> None:
        """Put a judged play on the field: revolution, binds, finishing, next turn."""
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
                                    "revolution": revolution, "bind": state["bind"]})
        if not hand:
            foul = is_foul_finish(play, revolution_before, state["eleven_back"])
            self._finish(state, seat, foul, events)
        if state["phase"] == "play":
            self._advance(state, seat, events)

    # --- turn order, flush, finishing ----------------------------------------------------
    def _active(self, state: dict, seat: int) -> bool:
        return bool(state["hands"][seat])

    def _advance(self, state: dict, seat: int, events: list) -> None:
        """Next turn after ``seat`` acted: the next player still holding cards who has not
        passed; reaching the field's owner (or nobody) flushes the field (seed 004 §4
        「全員がパスすると場が流れ、最後に出した人から次の場」)."""
        n = state["players"]
        owner = state["field"]["by"] if state["field"] else seat
        for i in range(1, n + 1):
            s = (seat + i) % n
            if s == owner and self._active(state, s):
                return self._flush(state, owner, events)
            if self._active(state, s) and not state["passed"][s] and s != owner:
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
        state.update({"phase": "over", "places": places, "turn": None, "field": None})
        self._event(state, events, {"type": "game_over", "places": places, "totals": list(state["totals"])})

    # --- helpers -----------------------------------------------------------------------
    def _cards_from_hand(self, state: dict, seat: int, action: dict) -> list[int]:
        cards = action.get("cards")
        if not isinstance(cards, list) or not cards or len(cards) > N_CARDS \
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
        state["log"].append(event)
        del state["log"][:-LOG_KEEP]


def play_action(play: Play) -> dict:
    """The action dict that makes ``play`` (with its reading, so the same reading is used)."""
    reading = {"shape": play.shape}
    if play.shape == "sequence":
        reading["low"] = play.rank
    return {"type": "play", "cards": list(play.cards), "mode": "plain", "reading": reading}
