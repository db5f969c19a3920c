"""The Daifugō CPU player, also the hint and the stand-in for a timed-out or disconnected
seat (rules/daifugo.md "Pitfalls": the hint and the time-out player use the same code).

It plays sensibly, not randomly: the cheapest play that wins, shedding weak cards early,
keeping jokers and the strongest number for the end, never leaving itself a hand that can
only finish with a foul (反則上がり), and making a revolution when its hand is weak.

Foul avoidance looks past the trick (issue 16): 11バック ends with the trick, so a hand
left with only 2s is judged by the order that comes back; 7渡し / 10捨て never give away
the last card that can finish cleanly; a 9 interrupt never leaves only foul cards; the
only 2 is given away after weak pairs, not before.

Levels (:func:`choose`): ふつう is the above; つよい searches over it
(:mod:`games.daifugo.strong`); やさしい sometimes takes a lesser candidate
(:mod:`games.core.beginner`). Out-of-turn play is the same at every level.
"""
from __future__ import annotations

from collections import Counter

from games.core import beginner
from games.core.engine import DEFAULT_LEVEL, check_level

from . import specials
from .moves import is_foul_finish, play_action, reversed_order
from .cards import HEART_3, JOKER, RANK, sort_key, strength
from .plays import TOP, Play


def foul_ranks(revolution: bool, eleven_back: bool) -> set[int]:
    """Ranks that make a finishing play a foul under these flags (jokers always do)."""
    if revolution:
        return {3, JOKER}
    if eleven_back:
        return {JOKER}
    return {15, JOKER}


class _Context:
    """What every play's cost needs, computed once per decision."""

    def __init__(self, state: dict, seat: int):
        self.state = state
        self.hand = state["hands"][seat]
        self.rev = reversed_order(state)
        self.counts = Counter(RANK[c] for c in self.hand if RANK[c] != JOKER)
        self.small = len(self.hand) <= 5
        self.leading = state["field"] is None
        self.size_for_revolution = state["rules"]["revolution_size"]
        self.specials = state["rules"]["specials"]
        # the foul ranks without / with a revolution made by the play, and how many cards
        # of the hand are of them (a hand left with only those can only finish foul);
        # 11-back is left out: it ends with the trick, long before the hand does
        self.bad = {made: foul_ranks(state["revolution"] != made, False) for made in (False, True)}
        self.bad_in_hand = {made: sum(1 for c in self.hand if RANK[c] in bad) for made, bad in self.bad.items()}


def score(state: dict, seat: int, play: Play, ctx: "_Context | None" = None) -> float:
    """Cost of ``play`` for ``seat`` (lower is better): its strength, jokers and the
    strongest number spent, sets broken, cards shed; never a foul finish or a hand that
    could only end in one."""
    ctx = ctx or _Context(state, seat)
    left = len(ctx.hand) - play.size
    if not left:
        return 500.0 if is_foul_finish(play, state["revolution"], state["eleven_back"]) else -1000.0
    revolution = play.size >= ctx.size_for_revolution
    effect = specials.effect_of(play, ctx.specials, ctx.size_for_revolution) if not revolution else None
    if effect and effect["name"] in ("seven_pass", "ten_discard") and effect["k"] >= left:
        return -900.0  # going out by giving or discarding the rest is a normal finish
    bad = ctx.bad[revolution]
    strong = sum(1 for c in play.cards if RANK[c] in bad)
    if ctx.bad_in_hand[revolution] - strong == left:
        return 300.0 + left
    key = play.key(ctx.rev)
    cost = float(key if key != TOP else 18)
    cost += strong * (1.0 if ctx.small else 6.0)
    cost += 3.0 * _sets_broken(play, ctx.counts)
    if ctx.leading:
        cost -= 2.5 * (play.size - 1)
    if revolution or effect:
        rest = [c for c in ctx.hand if c not in play.cards]
        if revolution:
            cost += _revolution_cost(rest, ctx.rev, not ctx.rev)
        if effect:
            cost += _effect_bonus(effect, rest, ctx)
    return cost


def _sets_broken(play: Play, counts: Counter) -> int:
    """How many ranks the play takes only part of (a set broken up)."""
    if play.shape != "sequence":
        naturals = play.size - play.jokers
        return int(0 < naturals < counts[play.rank])
    have = {RANK[c] for c in play.cards if RANK[c] != JOKER}
    return sum(1 for r in have if counts[r] > 1)


def _effect_bonus(effect: dict, rest: list[int], ctx: "_Context") -> float:
    """How much an available effect is worth (negative = good)."""
    name = effect["name"]
    if name == "eight_cut":
        return -6.0
    if name in ("seven_pass", "ten_discard"):
        return -2.5 * min(effect["k"], len(rest))
    if name == "eleven_back":
        return -4.0 if _revolution_cost(rest, ctx.rev, not ctx.rev) < 0 else 0.0
    if name == "five_skip":
        return -1.0
    return 0.0


def want_effect(state: dict, seat: int, play: Play) -> bool:
    """Use the effect of ``play`` (効果を使って出す) rather than play it plain?"""
    rules = state["rules"]
    effect = specials.effect_of(play, rules["specials"], rules["revolution_size"])
    if effect is None:
        return False
    rest = [c for c in state["hands"][seat] if c not in play.cards]
    name = effect["name"]
    if name == "redeal":
        others = [len(h) for s, h in enumerate(state["hands"]) if s != seat and h]
        return bool(others) and len(rest) > sum(others) / len(others) + 1 \
            and specials.redeal_possible(state, seat, play) and bool(rest)
    if name == "eleven_back":
        rev = reversed_order(state)
        return bool(rest) and _revolution_cost(rest, rev, not rev) < 0
    return True


def _revolution_cost(rest: list[int], rev: bool, rev_after: bool) -> float:
    """Favour a revolution when the hand left is stronger in the order it brings."""
    naturals = [c for c in rest if RANK[c] != JOKER] or rest
    before = sum(strength(RANK[c], rev) for c in naturals) / len(naturals)
    after = sum(strength(RANK[c], rev_after) for c in naturals) / len(naturals)
    return -25.0 if after > before + 0.5 else 30.0


def _urgent(state: dict, seat: int) -> bool:
    """An opponent is close to going out."""
    return any(0 < len(h) <= 2 for s, h in enumerate(state["hands"]) if s != seat)


def ranked_plays(engine, state: dict, seat: int) -> tuple[tuple[float, Play], ...]:
    """Legal plays with their cost, cheapest first (without sequences that spend a joker
    on a rank the hand holds: never cheaper than the same play with the natural).

    Memoised on everything the list depends on (:func:`_ranked_key`): the つよい search's
    rollouts meet the same hand on the same field again and again (a third of the calls);
    hence a tuple, shared between callers."""
    key = _ranked_key(state, seat)
    got = _RANKED.get(key)
    if got is None:
        if len(_RANKED) >= _RANKED_MAX:
            _RANKED.clear()
        got = _RANKED[key] = tuple(_ranked_plays(engine, state, seat))
    return got


_RANKED: dict = {}
_RANKED_MAX = 1 << 11  # about ten searches' worth; leads list a few hundred plays


def _ranked_key(state: dict, seat: int) -> tuple:
    """What :func:`ranked_plays` reads of a state: whether it is the seat's own turn, its
    hand, the field's play, the order flags, the bind and the rules."""
    field, bind, rules = state["field"], state["bind"], state["rules"]
    return (own_turn(state, seat), tuple(state["hands"][seat]),
            field and (tuple(field["cards"]), field["shape"], field["rank"], field["jokers"], field["suit"]),
            state["revolution"], state["eleven_back"],
            bind and tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(bind.items())),
            rules["revolution_size"], tuple(rules["specials"].items()))


def _ranked_plays(engine, state: dict, seat: int) -> list[tuple[float, Play]]:
    plays = engine.legal_plays(state, seat, substitutes=False)
    ctx = _Context(state, seat)
    return sorted(((score(state, seat, p, ctx), p) for p in plays), key=lambda t: (t[0], t[1].cards))


def choose(engine, state: dict, seat: int, level: str = DEFAULT_LEVEL) -> dict:
    """The CPU's action for ``seat`` at ``level`` (games.core.engine.LEVELS; always legal;
    ``ValueError`` only for an unknown level). Levels differ only on the seat's own turn."""
    check_level(level)
    if level != DEFAULT_LEVEL and own_turn(state, seat):
        from . import strong
        if level == "strong":
            return strong.choose(state, seat)
        return beginner.pick(state, seat, strong.ADAPTER.candidates(state, seat))
    return choose_normal(engine, state, seat)


def own_turn(state: dict, seat: int) -> bool:
    """``seat`` plays or passes now (no exchange, card choice or window)."""
    return (state["phase"] == "play" and not state["pending"] and not state["window"]
            and state["turn"] == seat)


def choose_normal(engine, state: dict, seat: int) -> dict:
    """The ふつう CPU's action for ``seat`` (see the module doc)."""
    phase = state["phase"]
    if phase == "over":
        return {"type": "next_game"}
    if phase == "exchange":
        return exchange_choice(state, seat)
    if state["pending"]:
        return pending_choice(state, seat)
    if state["window"] or state["turn"] != seat:
        return react(engine, state, seat)
    ranked = ranked_plays(engine, state, seat)
    if state["field"] is None:
        return _play(state, seat, ranked[0][1])
    if not ranked:
        return {"type": "pass"}
    cost, best = ranked[0]
    if cost >= 300 or (cost > 14 and not _urgent(state, seat) and len(state["hands"][seat]) > 4):
        return {"type": "pass"}
    return _play(state, seat, best)


def _play(state: dict, seat: int, play: Play) -> dict:
    return play_action(play, "effect" if want_effect(state, seat, play) else "plain")


def react(engine, state: dict, seat: int) -> dict | None:
    """Out of turn: stop or counter an effect, stop a revolution, or interrupt with 9s;
    None to let the moment pass. Never uses its last card to stop (a foul finish)."""
    moves = engine.legal_actions(state, seat)
    if not moves:
        return None
    hand = state["hands"][seat]
    w = state["window"]
    if w is None:
        return _interrupt_choice(state, seat, moves)
    if len(hand) <= len(moves[0].get("cards", [moves[0].get("card")])):
        return None
    if _wants_stopped(state, seat) == (len(w["chain"]) % 2 == 0):
        hearts = [m for m in moves if m.get("card") in HEART_3]
        return (hearts or moves)[0] if w["kind"] == "stop" else moves[0]
    return None


def _wants_stopped(state: dict, seat: int) -> bool:
    """Would ``seat`` rather see the window's effect (or revolution) cancelled?"""
    w = state["window"]
    if w["seat"] == seat:
        return False
    hand = state["hands"][seat]
    if w["kind"] == "revolution":
        rev = reversed_order(state)
        return _revolution_cost(hand, rev, not rev) < 0  # the order before it suited me
    mine, theirs = len(hand), len(state["hands"][w["seat"]])
    return theirs <= mine or theirs <= 5


def _interrupt_choice(state: dict, seat: int, moves: list[dict]) -> dict | None:
    """Interrupt with 9s when it sheds them without breaking a larger set, or when an
    opponent is about to go out."""
    hand = state["hands"][seat]
    nines = sum(1 for c in hand if RANK[c] == 9)
    bad = foul_ranks(state["revolution"], False)
    for m in moves:
        if m["type"] == "play" and m.get("mode") == "interrupt":
            rest = [c for c in hand if c not in m["cards"]]
            if rest and all(RANK[c] in bad for c in rest):
                continue  # a lone 2 (or joker) left can only finish foul (issue 16)
            if len(m["cards"]) == nines and len(hand) > nines or _urgent(state, seat):
                return m
    return None


def pending_choice(state: dict, seat: int, timed_out: bool = False) -> dict:
    """The 7渡し / 10捨て cards: the weakest ones (at a time-out, strictly the weakest in
    the effective order, rules/daifugo.md "Time"); the CPU gives lone weak cards first."""
    pending = state["pending"]
    kind = "give" if pending["kind"] == "seven_pass" else "discard"
    hand = state["hands"][seat]
    rev = reversed_order(state)
    if timed_out:
        return {"type": kind, "cards": specials.weakest(hand, pending["count"], rev)}
    return {"type": kind, "cards": keep_clean_finish(
        _lone_weak(hand, rev, _stoppers(state)), pending["count"], foul_ranks(state["revolution"], False))}


def _lone_weak(hand: list[int], rev: bool, keep: frozenset = frozenset()) -> list[int]:
    """Hand order for giving away: weakest first in the effective order, a card of a set
    counting 5 ranks stronger (sets are kept together), a card of ``keep`` 8 ranks
    stronger (a stop card, ♥3/♠3, while the stop rule is on: seed 004 §6 無効化; a lone
    ♠3 goes after lone cards up to a 10); the strongest number and jokers last, so a
    lone 2 goes after weak pairs (issue 16)."""
    counts = Counter(RANK[c] for c in hand)
    top = 3 if rev else 15
    return sorted(hand, key=lambda c: (RANK[c] == JOKER, RANK[c] == top,
                                       strength(RANK[c], rev) + 5 * (counts[RANK[c]] > 1) + 8 * (c in keep), c))


def _stoppers(state: dict) -> frozenset:
    """The stop cards (♥3, ♠3) when the table plays the stop rule (seed 004 §6), else none:
    what the CPU keeps rather than gives away."""
    return specials.STOP_CARDS if state["rules"]["specials"].get("stop") else frozenset()


def keep_clean_finish(order: list[int], k: int, bad: set[int]) -> list[int]:
    """The first ``k`` cards of ``order`` to give away, unless that would keep only cards
    of the ``bad`` (foul) ranks: then the best clean card is kept and the first foul card
    not yet chosen goes instead (issue 16: giving ♣3 ♣8 and keeping ♠3 ♣3 under a
    revolution)."""
    give = order[:k]
    rest = order[k:]
    if not rest or any(RANK[c] not in bad for c in rest):
        return give
    clean = [c for c in give if RANK[c] not in bad]
    if not clean:
        return give  # the hand holds no clean card at all
    keep = clean[-1]
    swap = rest[0]
    return [swap if c == keep else c for c in give]


def exchange_choice(state: dict, seat: int, timed_out: bool = False) -> dict:
    """Cards to give down in the exchange: the weakest ones (lone cards first for the CPU,
    a stop card kept: :func:`_lone_weak`; strictly the weakest at a time-out)."""
    give = state["exchange"][str(seat)]["give"]
    hand = state["hands"][seat]
    if timed_out:
        return {"type": "exchange", "cards": specials.weakest(hand, give, False)}
    return {"type": "exchange", "cards": _lone_weak(hand, False, _stoppers(state))[:give]}


def exchange_options(state: dict, seat: int) -> list[dict]:
    """Legal exchange actions are any k cards; the list offers the CPU's choice only
    (enumerating every k-subset would be pointless)."""
    if str(seat) not in state["exchange"]:
        return []
    return [exchange_choice(state, seat)]


REASONS = {
    "finish": ("これで上がれます。", "This play finishes your hand."),
    "revolution": ("革命で強さを逆転します。", "A revolution turns the order around in your favour."),
    "cheap": ("出せる中でいちばん安い出し方です。", "The cheapest play that works."),
    "shed": ("弱いカードをまとめて減らせます。", "Sheds several weak cards at once."),
    "pass": ("強いカードは後に取っておきましょう。", "Keep your strong cards for later."),
    "other": ("ほかの候補です。", "Another option."),
    "best": ("先の展開まで読んで選んだ一手です。", "The pick that plays out best, looking ahead."),
    "none": ("場に出せる札がありません。パスしましょう。", "Nothing you hold beats the field: pass."),
    "react": ("今なら割り込み・無効化が使えます。", "You can interrupt or stop right now."),
    "give": ("手元に残しても使いにくいカードから渡します。", "Gives the cards least useful to keep."),
    "discard": ("手元に残しても使いにくいカードから捨てます。", "Discards the cards least useful to keep."),
}


def hint(engine, state: dict, seat: int, limit: int = 5) -> list[dict]:
    """Recommended actions, the つよい CPU's choice first, each with a reason in ja and en."""
    if state["phase"] != "play" or state["turn"] != seat or state["pending"] or state["window"]:
        if seat in engine.actors(state):  # the exchange, a 7-pass or 10-discard choice
            action = choose(engine, state, seat)
            kind = action.get("type")
            why = REASONS["discard" if kind == "discard" else "give" if kind in ("exchange", "give") else "cheap"]
            return [{"action": action, "ja": why[0], "en": why[1]}]
        move = react(engine, state, seat)
        return [{"action": move, "ja": REASONS["react"][0], "en": REASONS["react"][1]}] if move else []
    best = choose(engine, state, seat, "strong")
    items = []
    for cost, p in ranked_plays(engine, state, seat):
        why = "finish" if cost <= -1000 else "revolution" if p.size >= state["rules"]["revolution_size"] \
            else "shed" if p.size > 1 and state["field"] is None else "cheap" if not items else "other"
        items.append((why, _play(state, seat, p)))
    out = []
    if best["type"] == "pass":
        why = REASONS["pass" if items else "none"]  # holding back, or nothing to play at all
        out.append({"action": best, "ja": why[0], "en": why[1]})
    items.sort(key=lambda item: item[1].get("cards") != best.get("cards"))  # つよい's play first
    if items and items[0][0] == "other" and items[0][1].get("cards") == best.get("cards"):
        items[0] = ("best", items[0][1])  # つよい's pick is not "another option" (try12)
    for why, action in items[:max(0, limit - len(out))]:
        out.append({"action": action, "ja": REASONS[why][0], "en": REASONS[why][1]})
    return out
