"""The hot loops of the Daifugō table rendered from Python: the hand, the seat rows, the
log and the graveyard. Even as Jinja2 loops they cost 2–2.7× (hand), ~4× (log) and 5–9×
(graveyard) these functions plus their template, over real views of random games; each
printed value costs a Jinja2 loop an escape, while these keep a card's markup and a
table's log and graveyard once per distinct content. The seat rows, built anew, were
within ~15–25 % of their Jinja2 loop; kept once per distinct row (a table's four seats
share three of their four rows) they cost ~8 µs a seat against ~26 µs.

A card is written by the one card markup of the three games (:mod:`tables.core.markup`:
``card_open``/``card_close``, ``card_face``), memoised here per card. Each function
returns what a template loop over the same values would render, as ``Markup`` built only
from escaped values (:func:`tables.core.markup.escape`, Django's escaping, on every
string that comes from the view; numbers through ``num``). The inputs are this seat's own
context (its ``engine.view`` and players), so nothing here can show another seat more
than the template did. A card's markup is memoised by the card's own values: the output
is a pure function of the key, whichever seat asked first.
"""
from __future__ import annotations

from operator import itemgetter

from markupsafe import Markup

from ..core.i18n import current as _language, gettext as _, ngettext
from ..core.markup import YOU, card_face, escape, hand_card, kept, memoised, name_span, num as _num, you_first

_cards: dict[tuple, tuple[str, str]] = {}


#: what a hand card shows, its key in ``_cards`` (with whether it is ``fresh``)
_card_key = itemgetter("id", "code", "label", "special", "suit")


def _card(key: tuple) -> tuple[str, str]:
    """A hand card's markup before and after its ``checked`` (:data:`_card_key` and whether
    it was just received: :func:`tables.daifugo.present.fresh_ids`)."""
    card_id, code, label, special, _suit, fresh = key
    whole = str(hand_card(card_id, code, label, False, " special" if special else "", fresh=fresh))
    cut = whole.index(f' value="{_num(card_id)}"') + len(f' value="{_num(card_id)}"')
    return whole[:cut], whole[cut:]


def hand_cards(hand: list, selected, fresh=frozenset()) -> Markup:
    """The ``<label class="card">`` checkboxes of a hand (``selected``: ids shown checked;
    ``fresh``: ids marked as just received)."""
    if not hand:
        return Markup('<span class="muted">%s</span>' % escape(_("手札はありません")))
    out = []
    for c in hand:
        key = (*_card_key(c), c["id"] in fresh)
        head, tail = _cards.get(key) or kept(_cards, key, lambda: _card(key))
        out.append(head + " checked" + tail if key[0] in selected else head + tail)
    return Markup("".join(out))


def seat_rows(players: list, last=None) -> Markup:
    """The ``<li class="seat">`` rows of ``daifugo/seats.html``, this seat's own first and
    the others in the order of play (the CSS seats them around the table, you at the
    bottom), each built once per distinct row (keyed by everything the row shows, like
    :func:`memoised`: the four seats of a table differ only in their own row's ``me``; a
    move changes a row or two; and by the language of the render). ``last``: the seat
    whose play lies on the field."""
    lang = _language()
    return Markup("".join([kept(_rows, _row_key(p) + (p["seat"] == last, lang), lambda: _seat_row(p, p["seat"] == last))
                           for p in you_first(players)]))


#: what a seat row shows, its key in ``_rows`` (counts, places, points, deadlines are ints)
_row_key = itemgetter("seat", "name", "is_me", "turn", "away", "count", "title", "place", "foul", "ochi",
                      "passed", "cpu", "auto", "deadline_ms", "span_ms", "total")
_rows: dict[tuple, str] = {}


def _seat_row(p: dict, last: bool = False) -> str:
    """One seat's tile (an absent span leaves its line's indent) in the current language.
    The practice name "あなた" is not followed by "（あなた）" again."""
    turn = p["turn"]
    mark = ""
    if turn:
        mark = '<span class="turn-mark">%s</span>' % escape(_("番"))
        if p["deadline_ms"]:
            mark += f' <b data-deadline="{_num(p["deadline_ms"])}" data-span="{_num(p["span_ms"])}"></b>'
    place = escape(_("%(n)s位") % {"n": _num(p["place"])}) if p["place"] else ""
    spans = (
        f'<span class="title-badge">{escape(_(p["title"]))}</span>' if p["title"] else "",
        f'<span class="place">{place}</span>' if p["place"] else "",
        '<span class="flag foul">%s</span>' % escape(_("反則上がり：7待ち")) if p["foul"] else "",
        '<span class="flag ochi">%s</span>' % escape(_("都落ち")) if p["ochi"] else "",
        '<span class="passed">%s</span>' % escape(_("パス")) if p["passed"] else "",
        '<span class="badge cpu">CPU</span>' if p["cpu"] else "",
        ('<span class="badge away">%s</span>' % escape(_("通信待ち")) if p["away"]
         else '<span class="badge auto">%s</span>' % escape(_("おまかせ")) if p["auto"] else ""),
        mark,
    )
    cls = ("seat" + (" turn" if turn else "") + (" me" if p["is_me"] else "") + (" away" if p["away"] else "")
           + (" last" if last else ""))
    you = "<small>%s</small>" % escape(_("（あなた）")) if p["is_me"] and p["name"] not in YOU else ""
    count_title = escape(_("手札の枚数"))
    count = escape(ngettext("%(n)s枚", "%(n)s枚", p["count"]) % {"n": _num(p["count"])})
    points = escape(ngettext("%(n)s点", "%(n)s点", p["total"]) % {"n": _num(p["total"])})
    seat = _num(p["seat"])
    return (f'\n  <!--p:seat-{seat}--><li id="seat-{seat}" class="{cls}" data-seat="{seat}">\n'
            f'    {name_span(p["name"])}{you}\n'
            f'    <span class="fan" aria-hidden="true"></span><span class="count" title="{count_title}">{count}</span>\n'
            + "".join(f"    {span}\n" for span in spans)
            + f'    <span class="points">{points}</span>\n  </li><!--/p-->\n  ')


def log_item(line: str, en: str, lang: str, number: int) -> str:
    """One ``<li>`` of ``daifugo/log.html``: ``line`` in ``lang``; a Japanese one has the
    engine's English line ``en`` as its title, as it always had. Its id names the event's
    ``number`` (:func:`games.daifugo.present.visible_events`): the page morphs the log,
    keeping the lines it has (tables/core/frames.py)."""
    if lang == "ja":
        return f'<li id="lg{int(number)}" lang="ja" title="{escape(en)}">{escape(line)}</li>'
    return f'<li id="lg{int(number)}">{escape(line)}</li>'


def field_cards(cards: list) -> Markup:
    """The face-up cards on the field in ``daifugo/field.html`` (a joker with
    the rank it stands for)."""
    return Markup("".join(card_face(c["code"], c["label"], note=f'({c["as"]})' if c.get("as") else "") for c in cards))


#: the graveyard's rank groups, weakest first in the normal order (seed 004 §4), jokers last
GRAVE_ORDER = {r: i for i, r in enumerate(("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK"))}


def _rank(code: str) -> str:
    return "JK" if code == "JK" else code[1:]


def graveyard_cards(cards: list) -> Markup:
    """The face-up cards of ``daifugo/graveyard.html``, grouped by rank (issue 13: a
    ``<span class="grave-rank" data-rank>`` per rank, weakest first, with its count);
    keyed by the cards' codes (a code has one label)."""
    if not cards:
        return Markup('<span class="muted">%s</span>' % escape(_("まだありません")))
    key = ("graveyard", *(c["code"] for c in cards))
    return memoised(key, lambda: _graveyard(cards))


def _graveyard(cards: list) -> str:
    groups: dict[str, list] = {}
    for c in cards:
        groups.setdefault(_rank(c["code"]), []).append(c)
    out = []
    for rank in sorted(groups, key=lambda r: GRAVE_ORDER.get(r, 99)):
        faces = "".join(card_face(c["code"], c["label"]) for c in groups[rank])
        piece = f"grave-{escape(rank)}"  # a piece of the part (tables/core/frames.py)
        out.append(f'<!--p:{piece}--><span id="{piece}" class="grave-rank" data-rank="{escape(rank)}"><b class="grave-count">'
                   f'{_num(len(groups[rank]))}</b>{faces}</span><!--/p-->')
    return "".join(out)
