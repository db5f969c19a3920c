"""The hot loops of the Daifugō table rendered from Python (bench/ws_load.py: a template
loop over 13 cards and four seat rows was most of a seat's render).

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


def seat_rows(players: list) -> SafeString:
    """The ``<li class="seat">`` rows of ``rooms/tables/daifugo/seats.html``."""
    out = []
    for p in players:
        cls = "seat" + (" turn" if p["turn"] else "") + (" me" if p["is_me"] else "") + (" away" if p["away"] else "")
        row = [f'\n  <li class="{cls}" data-seat="{_num(p["seat"])}">\n'
               f'    <span class="name">{escape(p["name"])}</span>{"<small>（あなた）</small>" if p["is_me"] else ""}\n'
               f'    <span class="count" title="手札の枚数">{_num(p["count"])}枚</span>\n    ']
        if p.get("title"):
            row.append(f'<span class="title-badge">{escape(p["title"])}</span>')
        row.append("\n    ")
        if p.get("place"):
            row.append(f'<span class="place">{_num(p["place"])}位</span>')
        row.append("\n    ")
        if p.get("foul"):
            row.append('<span class="flag foul">反則上がり：7待ち</span>')
        row.append("\n    ")
        if p.get("ochi"):
            row.append('<span class="flag ochi">都落ち</span>')
        row.append("\n    ")
        if p.get("passed"):
            row.append('<span class="passed">パス</span>')
        row.append("\n    ")
        if p["cpu"]:
            row.append('<span class="badge cpu">CPU</span>')
        row.append("\n    ")
        if p["away"]:
            row.append('<span class="badge away">通信待ち</span>')
        elif p["auto"]:
            row.append('<span class="badge auto">おまかせ</span>')
        row.append("\n    ")
        if p["turn"]:
            row.append('<span class="turn-mark">番</span>')
            if p.get("deadline_ms"):
                row.append(f' <b data-deadline="{_num(p["deadline_ms"])}"></b>')
        row.append(f'\n    <span class="points">{_num(p.get("total"))}点</span>\n  </li>\n  ')
        out.append("".join(row))
    return mark_safe("".join(out))


_memo: dict[tuple, str] = {}


def _memoised(key: tuple, build) -> SafeString:
    """``build()`` once per distinct ``key`` (content, not who asked: the four seats of a
    table render the same log and graveyard once per version)."""
    got = _memo.get(key)
    if got is None:
        if len(_memo) >= 1024:
            _memo.clear()
        got = _memo[key] = build()
    return mark_safe(got)


def log_items(entries: list) -> SafeString:
    """The ``<li>`` lines of ``rooms/tables/daifugo/log.html`` (``{"ja", "en"}`` each)."""
    key = ("log", *((e.get("ja"), e.get("en")) for e in entries))
    return _memoised(key, lambda: "".join(f'<li lang="ja" title="{escape(en)}">{escape(ja)}</li>'
                                          for ja, en in key[1:]))


def graveyard_cards(cards: list) -> SafeString:
    """The face-up cards of ``rooms/tables/daifugo/graveyard.html``."""
    key = ("graveyard", *((c.get("code"), c.get("label")) for c in cards))
    if not cards:
        return mark_safe('<span class="muted">まだありません</span>')
    return _memoised(key, lambda: "".join(f'<span class="card face" data-code="{escape(code)}">{escape(label)}</span>'
                                          for code, label in key[1:]))
