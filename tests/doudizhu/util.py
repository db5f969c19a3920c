"""Helpers for the Dou Dizhu tests: rank notation → physical ids, crafted deals."""
from __future__ import annotations

from games.doudizhu import ENGINE
from games.doudizhu.combos import classify, rank_of
from games.doudizhu.engine import DECK, RANK_OF, sort_ids


def cards(text: str) -> list[int]:
    """Rank indices of ``"3 3 4 LJ"``."""
    return [rank_of(t) for t in text.split()]


def kind(text: str):
    """The strongest reading of ``"3 3 3 8"`` or ``None`` when invalid."""
    r = classify(cards(text))
    return r[0] if r else None


def deal(hands: list[str], kitty: str | None = None, first: int = 0, seed="t") -> dict:
    """A bidding state whose hands (rank notation) are as given; the rest of the 54 cards
    fill hands up to 17 and the kitty up to 3, lowest ranks first."""
    free = sorted(range(54), key=lambda i: (RANK_OF[i], i))
    def take(text):
        out = []
        for t in (text or "").split():
            r = rank_of(t)
            i = next(i for i in free if RANK_OF[i] == r)
            free.remove(i)
            out.append(i)
        return out
    hs = [take(h) for h in hands]
    kit = take(kitty)
    for h in hs:
        while len(h) < 17:
            h.append(free.pop())
    while len(kit) < 3:
        kit.append(free.pop())
    state = ENGINE.new({}, seed)
    state.update(hands=[sort_ids(h) for h in hs], kitty=sort_ids(kit), first_bidder=first,
                 turn=first)
    return state


def ids_of(state: dict, seat: int, text: str) -> list[int]:
    """Physical ids in ``seat``'s hand for the ranks ``"3 3"``."""
    pool = list(state["hands"][seat])
    out = []
    for t in text.split():
        r = rank_of(t)
        i = next(i for i in pool if RANK_OF[i] == r)
        pool.remove(i)
        out.append(i)
    return out


def act(state: dict, seat: int, action) -> dict:
    """Apply ``action`` (a dict, ``"pass"``, a bid int, or rank text to play)."""
    if action == "pass":
        action = {"type": "pass"}
    elif isinstance(action, int):
        action = {"type": "bid", "value": action}
    elif isinstance(action, str):
        action = {"type": "play", "cards": ids_of(state, seat, action)}
    new, _ = ENGINE.apply(state, seat, action)
    return new


def codes(ids) -> list[str]:
    return [DECK.cards[i].rank for i in ids]


def table(hands: list[str], landlord: int = 0, bid: int = 1, turn: int | None = None) -> dict:
    """A play-phase state with exactly these (possibly short) hands, ``landlord`` having
    won the bidding at ``bid`` and taken the kitty; ``turn`` defaults to the landlord."""
    state = deal(["", "", ""])
    free = sorted(range(54), key=lambda i: (RANK_OF[i], i))
    hs = []
    for text in hands:
        h = []
        for t in text.split():
            r = rank_of(t)
            i = next(i for i in free if RANK_OF[i] == r)
            free.remove(i)
            h.append(i)
        hs.append(sort_ids(h))
    state.update(hands=hs, kitty=free[:3], phase="play", landlord=landlord, bid=bid,
                 bidder=landlord, bids=[[landlord, bid]],
                 turn=landlord if turn is None else turn)
    return state
