"""Markup helpers shared by the games' tables: Django-compatible escaping and memos of
markup kept once per distinct content (the four seats of a table mostly render the same
log, graveyard and rows). Pure: strings in, strings out."""
from __future__ import annotations

import html
import re

from markupsafe import Markup

from . import i18n


def escape(text) -> str:
    """What :func:`django.utils.html.escape` writes (``html.escape`` of ``str(text)``), as a
    plain ``str`` (~0.3 µs; a graveyard of ~90 cards escapes ~180 values). Callers mark
    their whole result safe once."""
    return html.escape(str(text))


def num(value) -> str:
    """What ``{{ value }}`` shows for an int (no thousands separator) or None."""
    return str(int(value)) if isinstance(value, int) and not isinstance(value, bool) else escape(value)


def kept(cache: dict, key, build, most: int = 1024):
    """``cache[key]`` in the language of the render (:func:`tables.core.i18n.current`: three
    people at one table may read it in three), made by ``build()`` the first time;
    ``cache`` is emptied when it holds ``most`` entries (a few decks', tables' or logs'
    worth). Every memo of markup in the tables goes through this."""
    key = (i18n.current(), key)
    got = cache.get(key)
    if got is None:
        if len(cache) >= most:
            cache.clear()
        got = cache[key] = build()
    return got


_memo: dict[tuple, str] = {}


def memoised(key: tuple, build) -> Markup:
    """``build()`` once per distinct ``key`` (content, not who asked: the four seats of a
    table render the same log and graveyard once per version)."""
    return Markup(kept(_memo, key, build))


# ---------------------------------------------------------------------------------------
# Cards: the one markup of a card, face or back, for the three games' hands, fields,
# graveyards, kitties and results (issue 13). The face is drawn by static/tefuda.css from
# the marks written here (the corner index and the centre pip or court letter, hidden
# from screen readers) and the data attributes (``data-r`` the rank, ``data-s`` the suit:
# the four-colour deck); the label itself stays in the element's text (what a screen
# reader reads).

#: the practice's default name (templates/rooms/practice.html) in each language: a seat so
#: named is not followed by "（あなた）" again (``name in YOU`` in the templates)
YOU = frozenset(i18n.catalog(code).gettext("あなた") for code in i18n.CODES)


def whole(text) -> Markup:
    """``text`` (escaped) as one unbroken piece of a line: ``<span class="whole">``
    (static/tefuda.css: no break inside). A play's name with its rank ("Chain 7–K",
    「三连对 Q–A」, "Full house K") wraps as a whole after the player's name, never between
    its name and its rank or inside its range (try43)."""
    return Markup(f'<span class="whole">{escape(text)}</span>')


_LAST_BRACKETS = re.compile(r"(.*?)([（(][^（）()]*[）)])$", re.S)


def brackets_whole(text) -> Markup:
    """``text`` (escaped) with its closing bracketed words (「（あなたの負け）」, "(you
    lose)", 「（你输了）」) one unbroken piece (:func:`whole`): a result's title breaks
    before them, never inside (try46: 「…（你输」 / 「了）」, 「（あなたの」 / 「負け）」)."""
    m = _LAST_BRACKETS.match(str(text))
    if not m:
        return Markup(escape(text))
    return Markup(escape(m.group(1))) + whole(m.group(2))


def within(name):
    """``name`` where a sentence names a seat after its start (its object, an arrow's
    receiver, a list in brackets): the practice's seat named あなた reads "you" there in
    English, not "You" ("CPU 2 passed 1 card to you"; 你 and あなた read as they are). A
    seat at a sentence's start keeps its name ("You: on lead")."""
    return i18n.pgettext("seat within a sentence", "あなた") if name in YOU else name


#: suit letter of a card's code → its mark
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: jokers' codes → (corner, centre) marks; BJ (big) red, LJ (small) black, Daifugō's JK one
#: (the big and small jokers' corners are words: :func:`_joker_corner`)
JOKER_MARKS = {"JK": ("JK", "★"), "BJ": ("大", "★"), "LJ": ("小", "☆")}


def _joker_corner(code: str) -> str:
    """The corner mark of a joker in the current language (大 / 小 in Chinese and Japanese)."""
    if code == "BJ":
        return i18n.pgettext("joker corner", "大")
    if code == "LJ":
        return i18n.pgettext("joker corner", "小")
    return JOKER_MARKS[code][0]
_COURTS = ("J", "Q", "K")


def _face_attrs(code: str) -> tuple[str, str, str]:
    """``(class suffix, attributes, marks)`` of a face for the code ``"S10"``, ``"HQ"``,
    ``"JK"``, ``"BJ"`` or ``"LJ"`` (an unknown code draws a blank face; the label still reads).
    ``marks``: the printed marks as elements (:func:`_marks`)."""
    if code in JOKER_MARKS:
        corner, pip = _joker_corner(code), JOKER_MARKS[code][1]
        red = code != "LJ"
        return (" joker" + (" red" if red else "") + (" big" if code == "BJ" else " little" if code == "LJ" else ""),
                f' data-r="{corner}" data-s=""', _marks(corner, "", pip))
    suit, rank = code[:1], code[1:]
    mark = SUIT_MARKS.get(suit)
    if mark is None:
        return "", "", ""
    court = rank in _COURTS
    return ((" red" if suit in "HD" else "") + (" court" if court else ""),
            f' data-r="{escape(rank)}" data-s="{mark}"', _marks(rank, mark, rank if court else mark))


def _marks(rank: str, suit: str, pip: str) -> str:
    """A face's printed marks: the corner index (``rank`` over ``suit``) in
    ``<span class="ix">`` and the centre mark (``pip``: the suit, a court's letter, a
    joker's star) in ``<span class="pp">``, both hidden from screen readers (the card's
    label reads). Elements, not generated content (``content: attr()``): bench/table_page.py
    measured a hand's cards styled in half the time this way (a style that reads an
    attribute is computed afresh for every card)."""
    index = escape(rank) + ("\n" + suit if suit else "")
    return f'<span class="ix" aria-hidden="true">{index}</span><span class="pp" aria-hidden="true">{escape(pip)}</span>'


def card_open(code: str, cls: str = "", tag: str = "span") -> tuple[str, str]:
    """``(opening, marks)`` of a card: its element's opening up to (not including) its
    closing ``>`` (``<span class="card face red" data-code="H10" data-r="10" data-s="♥"``)
    and its face's printed marks (:func:`_marks`; ``""`` for an unknown code), both from one
    reading of the code. ``cls``: extra classes, each with its leading space (``" face"``,
    ``" wild"``, ``" level"``, ``" special"``). Finish with :func:`card_close`, given the marks."""
    extra, attrs, marks = _face_attrs(code)
    return f'<{tag} class="card{cls}{extra}" data-code="{escape(code)}"{attrs}', marks


def card_close(label: str, tag: str = "span", note: str = "", marks: str = "", said: bool = True) -> str:
    """The rest of a card opened by :func:`card_open`: ``>``, the face's ``marks`` (as
    :func:`card_open` returned them), its label in ``<span class="lb">`` and a ``note`` in
    ``<small class="as">`` (what a joker or a wild stands for), both escaped here.
    ``said=False``: the label is hidden from screen readers (a hand's card: its checkbox
    already says it, :func:`hand_card`)."""
    hidden = "" if said else ' aria-hidden="true"'
    return (f'>{marks}<span class="lb"{hidden}>{escape(label)}</span>' + (f'<small class="as">{escape(note)}</small>' if note else "")
            + f'</{tag}>')


def card_face(code: str, label: str, cls: str = "", note: str = "", level: str = "") -> Markup:
    """A face-up card (field, graveyard, kitty, transfers): ``<span class="card face…">``.
    ``level``: Guandan's level rank (``"2"``…``"A"``): a suited card of that rank is marked
    ``level``. The templates call it as ``card_face(c.code, c.label, " wild", note=…)``."""
    if level and code[1:] == level and code[:1] in SUIT_MARKS:
        cls += " level"
    opening, marks = card_open(code, " face" + cls)
    return Markup(opening + card_close(label, note=note, marks=marks))


def card_back(label: str | None = None) -> Markup:
    """A face-down card (the kitty before bidding, the seats' fans); ``label`` (what a
    screen reader says) defaults to 伏せ札 in the current language."""
    said = escape(label or i18n.gettext("伏せ札"))
    return Markup(f'<span class="card back" aria-label="{said}"></span>')


def fresh_tag() -> str:
    """The printed tag of a card just received (:func:`hand_card` ``fresh``): 「新」 / "NEW" /
    「新」, in ``<span class="nw">``, hidden from screen readers (the checkbox says it,
    :func:`fresh_label`). static/tefuda.css draws it in the strip a fanned card shows."""
    return f'<span class="nw" aria-hidden="true">{escape(i18n.pgettext("new card tag", "新"))}</span>'


def fresh_label(label: str) -> str:
    """A card just received as a screen reader says it: ``"♠10（受け取ったばかり）"`` /
    ``"♠10 (just received)"`` / ``"♠10（刚收到）"``."""
    return i18n.pgettext("new card", "%(card)s（受け取ったばかり）") % {"card": label}


def hand_card(card_id: int, code: str, label: str, checked: bool = False, cls: str = "", rank: str = "",
              fresh: bool = False) -> Markup:
    """A card of one's hand: a ``<label class="card">`` around a checkbox named ``card``
    (value: the card's id), checked when selected; ``rank`` is written as ``data-rank``
    (Dou Dizhu's 整理 sorts by it, static/table.js). The label's id is ``hc`` + the card's id:
    the page morphs the hand by it (tables/core/frames.py). The checkbox carries the card's
    name (``aria-label``) and the label's text is hidden from screen readers: each card is
    said once, as a checkbox (it was said again as text after it, try35).

    ``fresh``: the card was just received (the kitty, a tribute or its return, the
    exchange, a 7渡し: each game's presenter decides, its ``fresh`` ids): class ``fresh``, a
    printed tag (:func:`fresh_tag`) and its name said with 受け取ったばかり (:func:`fresh_label`),
    so the mark is never colour alone."""
    opening, marks = card_open(code, cls + " fresh" if fresh else cls, "label")
    if fresh:
        marks += fresh_tag()
    said = escape(fresh_label(label) if fresh else label)
    return Markup(opening + f' id="hc{num(card_id)}"' + (f' data-rank="{escape(rank)}"' if rank else "")
                  + f'><input type="checkbox" aria-label="{said}" name="card" value="{num(card_id)}"'
                  + (" checked" if checked else "") + card_close(label, "label", marks=marks, said=False))


#: a name's last word when it is a number in brackets: what rooms.lobby.unique_name adds to
#: a name already taken in the room ("Taro", "Taro (2)"), kept whole when the name is cut
#: ("CPU 1", with no brackets, stays one span)
_DUP = re.compile(r"^(.+?)( \([0-9]{1,3}\))$", re.S)


def name_span(name, prefix: str = "", cls: str = "name") -> Markup:
    """A seat's name as ``<span class="name">``, cut with an ellipsis by the CSS when it is
    too long (static/tefuda.css ``.seat .name``). When the name ends in a number in brackets
    (``"<img src=x> (2)"``: two people with one name, rooms.lobby.unique_name) only the part
    before it is cut: ``<span class="name split"><span>…</span><span> (2)</span></span>``,
    so two cut names still differ (try16). ``prefix`` (Guandan's seat label) comes first,
    inside the part that is cut."""
    got = _DUP.match(str(name))
    if not got:
        return Markup(f'<span class="{cls}">{escape(f"{prefix} {name}" if prefix else name)}</span>')
    base = f"{prefix} {got.group(1)}" if prefix else got.group(1)
    return Markup(f'<span class="{cls} split"><span>{escape(base)}</span>'
                  f'<span>\u00a0{escape(got.group(2).strip())}</span></span>')


def you_first(players: list) -> list:
    """The players from this seat's own on, in the order of play (the CSS seats them
    around the table from the bottom: you, then the next to play on your right)."""
    k = next((i for i, p in enumerate(players) if p["is_me"]), 0)
    return players[k:] + players[:k]


#: where each seat sits around the table (the felt's grid areas in static/tefuda.css), from
#: yours at the bottom on in the order of play: b(ottom), r(ight), t(op), l(eft), tr, tl
AREAS = {2: ("b", "t"), 3: ("b", "r", "l"), 4: ("b", "r", "t", "l"), 5: ("b", "r", "tr", "tl", "l"),
         6: ("b", "r", "tr", "t", "tl", "l")}


def area_of(players: list, seat) -> str:
    """The area (:data:`AREAS`) of ``seat`` at this seat's table; "" for no seat (the field
    then shows a play in its middle)."""
    order = [p["seat"] for p in you_first(players)]
    if seat not in order or len(order) not in AREAS:
        return ""
    return AREAS[len(order)][order.index(seat)]


#: the card markup as the table's templates call it (their context carries no globals)
def hint_ring(hint_action: dict, kind: str) -> Markup:
    """`` class="hinted" aria-describedby="msg"`` for a button of action type ``kind`` when
    the hint shown now recommends that action (``hint_action``: :func:`tables.core.screen.hint_action`,
    ``{}`` when no hint shows), else nothing: the three games' パス is ringed as a play's
    hint selects its cards (try47: 「过。这次先不出」 left the button unmarked)."""
    return Markup(' class="hinted" aria-describedby="msg"' if (hint_action or {}).get("type") == kind else "")


CARD_MARKUP = {"card_face": card_face, "card_back": card_back, "hand_card": hand_card, "YOU": YOU, "name_span": name_span,
               "you_first": you_first, "area_of": area_of, "hint_ring": hint_ring}
