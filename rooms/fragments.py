"""The hot loops of the Daifugō table rendered from Python: the hand, the log and the
graveyard. Even as Jinja2 loops (the fragments' templates, :mod:`rooms.jinja`) they cost
2–2.7× (hand), ~4× (log) and 5–9× (graveyard) these functions plus their template, over
real views of random games; each printed value costs a Jinja2 loop an escape, while these
keep a card's markup and a table's log and graveyard once per distinct content. (The seat
rows came back to their template: the Jinja2 loop is within ~15–25 % of the function.)

Each function returns exactly what its template loop rendered, as a ``SafeString`` built
only from escaped values (:func:`django.utils.html.escape` on every string that comes from
the view; numbers through ``int``). The inputs are this seat's own context (its
``engine.view`` and players), so nothing here can show another seat more than the template
did. A card's markup is memoised by the card's own values: the output is a pure function of
the key, whichever seat asked first.
"""
from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

_cards: dict[tuple, tuple[str, str]] = {}


def _num(value) -> str:
    """What ``{{ value }}`` shows for an int (no thousands separator) or None."""
    return str(int(value)) if isinstance(value, int) and not isinstance(value, bool) else escape(value)


def _card(c: dict) -> tuple[str, str]:
    key = (c["id"], c.get("code"), c.get("label"), bool(c.get("special")), c.get("suit") in ("H", "D"))
    got = _cards.get(key)
    if got is None:
        if len(_cards) > 1024:  # a few decks' worth
            _cards.clear()
        got = (f'<label class="card{" special" if key[3] else ""}{" red" if key[4] else ""}" '
               f'data-code="{escape(key[1])}"><input type="checkbox" name="card" value="{_num(key[0])}"',
               f'><span>{escape(key[2])}</span></label>')
        _cards[key] = got
    return got


def hand_cards(hand: list, selected) -> SafeString:
    """The ``<label class="card">`` checkboxes of a hand (``selected``: ids shown checked)."""
    if not hand:
        return mark_safe('<span class="muted">手札はありません</span>')
    out = []
    for c in hand:
        head, tail = _card(c)
        out.append(head + (" checked" if c["id"] in selected else "") + tail)
    return mark_safe("".join(out))


_memo: dict[tuple, str] = {}


def memoised(key: tuple, build) -> SafeString:
    """``build()`` once per distinct ``key`` (content, not who asked: the four seats of a
    table render the same log and graveyard once per version)."""
    got = _memo.get(key)
    if got is None:
        if len(_memo) >= 1024:
            _memo.clear()
        got = _memo[key] = build()
    return mark_safe(got)


def log_items(lines: list[tuple[str, str]]) -> str:
    """The ``<li>`` lines of ``rooms/tables/daifugo/log.html`` from ``(ja, en)`` pairs."""
    return "".join(f'<li lang="ja" title="{escape(en)}">{escape(ja)}</li>' for ja, en in lines)


def graveyard_cards(cards: list) -> SafeString:
    """The face-up cards of ``rooms/tables/daifugo/graveyard.html`` (keyed by the cards'
    codes: a code has one label)."""
    if not cards:
        return mark_safe('<span class="muted">まだありません</span>')
    key = ("graveyard", *(c["code"] for c in cards))
    return memoised(key, lambda: "".join(f'<span class="card face" data-code="{escape(c["code"])}">'
                                         f'{escape(c["label"])}</span>' for c in cards))
