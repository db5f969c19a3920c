"""Cards just received, as a hand marks them (class ``fresh``: :func:`tables.core.markup.hand_card`).

Each game's presenter decides which cards its seat has just received and until when (the
kitty, Guandan's tribute and return, Daifugō's exchange and 7渡し: ``tables/<game>/present.py``,
each game's ``fresh_ids``), from that seat's own view or its own private events, so no seat
learns another's cards; this module only turns what was received into ids of the seat's own
hand. Pure Python (it runs in the browser's practice too)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def held(hand: list[dict], ids: Iterable[int] = (), codes: Iterable[str] = ()) -> frozenset[int]:
    """The ids of the cards of ``hand`` (the view's ``[{"id", "code", …}]``) that were
    received: each of ``ids`` still in the hand, and for each of ``codes`` (a game whose
    events name cards by their code: Daifugō's two decks, seed 004 §4) one card of that code
    not yet marked, in the hand's order (two cards of one code look the same: either says
    which card came). A card no longer in the hand (played, given back) marks nothing."""
    ids = set(ids)
    wanted = Counter(codes)
    out = set()
    for c in hand:
        if c["id"] in ids:
            out.add(c["id"])
        elif wanted[c["code"]] > 0:
            wanted[c["code"]] -= 1
            out.add(c["id"])
    return frozenset(out)
