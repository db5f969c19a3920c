"""The printed marks of a card face keep apart (static/tefuda.css, drawn from the marks of
tables/core/markup.py), at the hand's sizes (3.4rem upright, 3rem sideways) and the small
cards' (1.9rem): a court's framed letter never lies over the corner's suit (try35: its box
began at 22% of the width and hid half the ♥), the 1 and the 0 of "10" do not touch (try35:
-.16em of letter-spacing joined them), and Daifugō's special-card dot is clear of the
corner's rank and suit (try35: it sat on the suit), inside the strip a fanned card shows
(:data:`MIN_STRIP`) and above the next row of a hand in two rows (an upper card shows .52 of
its height). The ink is read from screenshots of the cards (the browser's own pixels, decoded
in the page), the marks' places from their text's boxes."""
from __future__ import annotations

import base64

import pytest

from tables.core.markup import card_face, hand_card
from tests.browser.steps import shoot
from tests.browser.test_browser_layout import MIN_STRIP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = ("3.4rem", "3rem", "1.9rem")
COURTS = ("SJ", "HQ", "DK", "CK")
TENS = ("S10", "H10", "D10", "C10")
SPECIALS = ("S3", "H5", "D8", "C9", "H10", "SJ", "DQ", "CK", "HA", "S2")

# the sheet of cards: one row per size, put into the page's <main> (the site's own CSS)
SHEET = """([html, sizes]) => {
  const main = document.querySelector('main');
  main.innerHTML = '';
  for (const cw of sizes) {
    const row = document.createElement('div');
    row.className = 'cards sheet';
    row.style.setProperty('--cw', cw);
    row.style.display = 'flex'; row.style.flexWrap = 'wrap'; row.style.gap = '8px'; row.style.padding = '8px';
    row.innerHTML = html;
    main.append(row);
  }
}"""

# a mark's text boxes relative to its card: the corner's rank (first line) and suit (second)
MARK_BOXES = """(card) => {
  const c = card.getBoundingClientRect(), ix = card.querySelector('.ix'), text = ix.firstChild;
  const box = (from, to) => { const r = document.createRange(); r.setStart(text, from); r.setEnd(text, to);
    const b = r.getBoundingClientRect(); return {x: b.left - c.left, y: b.top - c.top, r: b.right - c.left, b: b.bottom - c.top}; };
  const cut = text.data.indexOf('\\n'), pp = card.querySelector('.pp').getBoundingClientRect();
  return {w: c.width, h: c.height, rank: box(0, cut), suit: box(cut + 1, text.data.length),
          pp: {x: pp.left - c.left, y: pp.top - c.top, r: pp.right - c.left, b: pp.bottom - c.top}};
}"""

# the pixels of a PNG (base64), decoded in the page: columns and rows of the pixels that
# match a kind of ink, in CSS px (the screenshot is at the page's device pixel ratio)
INK = """async ([b64, kind]) => {
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const bmp = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const canvas = new OffscreenCanvas(bmp.width, bmp.height), ctx = canvas.getContext('2d');
  ctx.drawImage(bmp, 0, 0);
  const data = ctx.getImageData(0, 0, bmp.width, bmp.height).data, scale = devicePixelRatio, hits = [];
  // the dot's purple; a glyph's solid ink, black or red (not the grey of its antialiased edge)
  const inked = (r, g, b) => kind === 'purple' ? (r > 110 && r < 170 && g < 100 && b > 140 && b - g > 70)
                                               : (r + g + b < 240 || (r > 150 && g < 70 && b < 90));
  for (let y = 0; y < bmp.height; y++) for (let x = 0; x < bmp.width; x++) {
    const i = (y * bmp.width + x) * 4;
    if (inked(data[i], data[i + 1], data[i + 2])) hits.push([x / scale, y / scale]);
  }
  return hits;
}"""


def _cards(codes, make) -> str:
    return "".join(str(make(code)) for code in codes)


def _ink(page, element, kind: str, clip: dict | None = None) -> list[list[float]]:
    shot = element.screenshot() if clip is None else page.screenshot(clip=clip)
    return page.evaluate(INK, [base64.b64encode(shot).decode(), kind])


def _overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["r"] and b["x"] < a["r"] and a["y"] < b["b"] and b["y"] < a["b"]


@pytest.fixture
def sheet(browser, live_server_url):
    page = browser.new_context(viewport={"width": 900, "height": 700}, device_scale_factor=2).new_page()
    page.goto(live_server_url + "/")
    yield page
    page.context.close()


def test_a_courts_letter_leaves_the_corners_suit_whole(sheet):
    sheet.evaluate(SHEET, [_cards(COURTS, lambda c: card_face(c, c)), list(SIZES)])
    shoot(sheet, "card-faces-courts")
    for card in sheet.query_selector_all(".sheet .card"):
        got = card.evaluate(MARK_BOXES)
        label = (card.get_attribute("data-code"), got["w"])
        assert not _overlaps(got["suit"], got["pp"]), f"{label}: the court's frame {got['pp']} lies over the suit {got['suit']}"
        assert not _overlaps(got["rank"], got["pp"]), label
        assert got["pp"]["r"] <= got["w"] and got["pp"]["b"] <= got["h"], label


def test_the_one_and_the_zero_of_ten_stand_apart(sheet):
    sheet.evaluate(SHEET, [_cards(TENS, lambda c: card_face(c, c)), list(SIZES)])
    shoot(sheet, "card-faces-tens")
    for card in sheet.query_selector_all(".sheet .card"):
        got = card.evaluate(MARK_BOXES)
        box = card.bounding_box()
        rank = got["rank"]
        clip = {"x": box["x"] + rank["x"], "y": box["y"] + rank["y"], "width": rank["r"] - rank["x"], "height": rank["b"] - rank["y"]}
        columns = sorted({round(x * 2) for x, _ in _ink(sheet, card, "ink", clip)})  # half-px columns with ink
        runs = 1 + sum(1 for a, b in zip(columns, columns[1:]) if b - a > 1)
        assert runs >= 2, f"{card.get_attribute('data-code')} at {got['w']:.0f} px: the 1 and the 0 touch (one run of ink)"


def test_the_special_dot_is_seen_and_clear_of_the_corner(sheet):
    sheet.evaluate(SHEET, [_cards(SPECIALS, lambda c: hand_card(1, c, c, cls=" special")), list(SIZES)])
    shoot(sheet, "card-faces-specials")
    for card in sheet.query_selector_all(".sheet .card"):
        got = card.evaluate(MARK_BOXES)
        label = f"{card.get_attribute('data-code')} at {got['w']:.0f} px"
        dots = _ink(sheet, card, "purple")
        assert len(dots) >= 4, f"{label}: no purple dot"
        dot = {"x": min(x for x, _ in dots), "r": max(x for x, _ in dots), "y": min(y for _, y in dots), "b": max(y for _, y in dots)}
        assert dot["r"] - dot["x"] < got["w"] * .25, f"{label}: purple beyond the dot {dot}"
        for mark in ("rank", "suit"):
            assert not _overlaps(dot, got[mark]), f"{label}: the dot {dot} lies on the corner's {mark} {got[mark]}"
        if got["w"] > 40:  # a hand's card: seen in a fanned strip and above the next row
            assert dot["r"] <= MIN_STRIP, f"{label}: the dot {dot} is past the strip a fanned card shows"
            assert dot["b"] <= got["h"] * .52, f"{label}: the dot {dot} is under the next row"


def test_a_dimmed_guandan_card_and_the_result_panel_hide_what_lies_under_them(sheet, live_server_url):
    """A new user's run (2026-12-04): Guandan's columns that cannot beat the field were
    drawn at opacity .38, so the card under each showed through (three Q frames in one);
    the result panel at 95 % let the seats and cards behind it read through. Both opaque."""
    sheet.evaluate("""(href) => new Promise((done) => { const l = document.createElement('link');
        l.rel = 'stylesheet'; l.href = href; l.onload = done; document.head.append(l); })""",
                   live_server_url + "/static/guandan.css")
    got = sheet.evaluate("""(html) => { const main = document.querySelector('main');
        main.innerHTML = '<div class="gd-cols"><div class="gd-col dim">' + html + '</div></div><div class="result">r</div>';
        const card = main.querySelector('.gd-col.dim .card'), style = getComputedStyle(card);
        return {opacity: style.opacity, filter: style.filter, result: getComputedStyle(main.querySelector('.result')).backgroundColor}; }""",
                         str(card_face("HQ", "♥Q")))
    assert got["opacity"] == "1" and got["filter"] != "none", got
    assert got["result"].startswith("rgb("), got  # no alpha
