"""The Daifugō CPU player, also the hint and the stand-in for a timed-out or disconnected
seat (rules/daifugo.md "Pitfalls": the hint and the time-out player use the same code).

It plays sensibly, not randomly: the cheapest play that wins, shedding weak cards early,
keeping jokers and the strongest number for the end, never leaving itself a hand that can
only finish with a foul (反則上がり), and making a revolution when its hand is weak.
"""
from __future__ import annotations

from collections import Counter

from .cards import JOKER, RANK, sort_key, strength
from .plays import TOP, Play


def _engine_helpers():
    from . import engine as e  # local import: engine imports this module
    return e


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
        e = _engine_helpers()
        self.state = state
        self.hand = state["hands"][seat]
        self.rev = e.reversed_order(state)
        self.counts = Counter(RANK[c] for c in self.hand if RANK[c] != JOKER)
        self.small = len(self.hand) <= 5
        self.leading = state["field"] is None
        self.size_for_revolution = state["rules"]["revolution_size"]
        self.is_foul_finish = e.is_foul_finish


def score(state: dict, seat: int, play: Play, ctx: "_Context | None" = None) -> float:
    """Cost of ``play`` for ``seat`` (lower is better): its strength, jokers and the
    strongest number spent, sets broken, cards shed; never a foul finish or a hand that
    could only end in one."""
    ctx = ctx or _Context(state, seat)
    chosen = set(play.cards)
    rest = [c for c in ctx.hand if c not in chosen]
    revolution = play.size >= ctx.size_for_revolution
    if not rest:
        return 500.0 if ctx.is_foul_finish(play, state["revolution"], state["eleven_back"]) else -1000.0
    bad = foul_ranks(state["revolution"] != revolution, state["eleven_back"] and not revolution)
    if all(RANK[c] in bad for c in rest):
        return 300.0 + len(rest)
    key = play.key(ctx.rev)
    cost = float(key if key != TOP else 18)
    strong = sum(1 for c in play.cards if RANK[c] in bad)
    cost += strong * (1.0 if ctx.small else 6.0)
    used = Counter(RANK[c] for c in play.cards if RANK[c] != JOKER)
    cost += 3.0 * sum(1 for r, k in used.items() if k < ctx.counts[r])
    if ctx.leading:
        cost -= 2.5 * (play.size - 1)
    if revolution:
        cost += _revolution_cost(rest, ctx.rev, not ctx.rev)
    return cost


def _revolution_cost(rest: list[int], rev: bool, rev_after: bool) -> float:
    """Favour a revolution when the hand left is stronger in the order it brings."""
    naturals = [c for c in rest if RANK[c] != JOKER] or rest
    before = sum(strength(RANK[c], rev) for c in naturals) / len(naturals)
    after = sum(strength(RANK[c], rev_after) for c in naturals) / len(naturals)
    return -25.0 if after > before + 0.5 else 30.0


def _urgent(state: dict, seat: int) -> bool:
    """An opponent is close to going out."""
    return any(0 < len(h) <= 2 for s, h in enumerate(state["hands"]) if s != seat)


def ranked_plays(engine, state: dict, seat: int) -> list[tuple[float, Play]]:
    """Legal plays with their cost, cheapest first."""
    plays = engine.legal_plays(state, seat)
    ctx = _Context(state, seat)
    return sorted(((score(state, seat, p, ctx), p) for p in plays), key=lambda t: (t[0], t[1].cards))


def choose(engine, state: dict, seat: int) -> dict:
    """The CPU's action for ``seat`` (always legal; raises nothing)."""
    e = _engine_helpers()
    phase = state["phase"]
    if phase == "over":
        return {"type": "next_game"}
    if phase == "exchange":
        return exchange_choice(state, seat)
    ranked = ranked_plays(engine, state, seat)
    if state["field"] is None:
        return e.play_action(ranked[0][1])
    if not ranked:
        return {"type": "pass"}
    cost, best = ranked[0]
    if cost >= 300 or (cost > 14 and not _urgent(state, seat) and len(state["hands"][seat]) > 4):
        return {"type": "pass"}
    return e.play_action(best)


def exchange_choice(state: dict, seat: int) -> dict:
    """Cards to give down in the exchange: the weakest ones, lone cards first."""
    give = state["exchange"][str(seat)]["give"]
    hand = state["hands"][seat]
    counts = Counter(RANK[c] for c in hand)
    order = sorted((c for c in hand if RANK[c] != JOKER), key=lambda c: (counts[RANK[c]] > 1, sort_key(c)))
    return {"type": "exchange", "cards": order[:give]}


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
}


def hint(engine, state: dict, seat: int, limit: int = 5) -> list[dict]:
    """Recommended actions, the CPU's choice first, each with a reason in ja and en."""
    if state["phase"] != "play" or state["turn"] != seat:
        return [{"action": choose(engine, state, seat), "ja": REASONS["cheap"][0], "en": REASONS["cheap"][1]}] \
            if seat in engine.actors(state) else []
    e = _engine_helpers()
    best = choose(engine, state, seat)
    out = []
    if best["type"] == "pass":
        out.append({"action": best, "ja": REASONS["pass"][0], "en": REASONS["pass"][1]})
    for cost, p in ranked_plays(engine, state, seat):
        why = "finish" if cost <= -1000 else "revolution" if p.size >= state["rules"]["revolution_size"] \
            else "shed" if p.size > 1 and state["field"] is None else "cheap" if not out else "other"
        out.append({"action": e.play_action(p), "ja": REASONS[why][0], "en": REASONS[why][1]})
        if len(out) >= limit:
            break
    return out
