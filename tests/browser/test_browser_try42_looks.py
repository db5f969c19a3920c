"""What a new user (try42) saw, measured in Chromium: the brand's two words apart
("手札Tefuda" read as one); a Guandan seat's last play inside its seat, clear of its CPU
badge, on a phone in English and Chinese ("三带二 8" ran into "CPU", "4-card bomb of A" out
to the seat's edge); the waiting room's rule chips read as labels, not as buttons; a
joker's stand-in note under a straight on Daifugō's field ("(J)") inside the strip its card
shows, on its own background, never under the next card of the fan."""
from __future__ import annotations

import pytest

from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import enter, shoot
from tests.browser.test_browser_axe import serious
from tests.browser.test_browser_layout import DESKTOP, PORTRAIT, boxes, open_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# --- 1. the brand -------------------------------------------------------------------------

BRAND_GAP = """() => {
  const a = document.querySelector('.topbar .brand'), small = a.querySelector('small');
  const node = [...a.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
  const start = node.textContent.indexOf(node.textContent.trim());
  const range = document.createRange();
  range.setStart(node, start); range.setEnd(node, start + node.textContent.trim().length);
  return [range.getBoundingClientRect().right, small.getBoundingClientRect().left, getComputedStyle(small).display];
}"""


def test_the_brands_two_words_stand_apart(live_server_url, browser):
    page = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}).new_page()
    page.goto(live_server_url + "/")
    text_right, small_left, shown = page.evaluate(BRAND_GAP)
    assert shown != "none"
    assert small_left - text_right >= 4, f"手札 ends at {text_right}, Tefuda starts at {small_left}"
    shoot(page, "try42-brand-desktop")


# --- 2. a Guandan seat's last play ---------------------------------------------------------

def guandan_long_plays_save(seed: str) -> str:
    """A Guandan practice save at your turn in hand 1 where each CPU's last play in the trick
    is a long name (gdlong22: two bombs and a straight flush; gdlong5: a full house and two
    bombs): every seat played by the engine's CPU (deterministic), the CPUs slow."""
    from tables.practice import PracticeTable
    from tests.tables.playthrough import fixed_deals

    with fixed_deals(seed):
        table = PracticeTable("guandan", {"speed": "slow"}, seed=seed)
        engine = table.engine
        for _ in range(400):
            state = table.room.state
            seat = engine.actors(state)[0]
            if seat == 0:
                last = {}
                for p in state["trick"]["plays"]:
                    last[p["seat"]] = None if p.get("pass") else p["reading"]
                if all(last.get(s) for s in (1, 2, 3)) and any(
                        last[s].split(":")[0] in ("bomb", "straight_flush", "full_house") for s in (1, 2, 3)):
                    return table.save_json()
            table._apply(seat, engine.choose(state, seat), 0)
    raise AssertionError(f"no such turn in {seed}")


SEAT_LAST = """() => [...document.querySelectorAll('#seats .seat')].flatMap(s => {
  const last = s.querySelector('.gd-last');
  if (!last) return [];
  const r = s.getBoundingClientRect(), q = last.getBoundingClientRect(), st = getComputedStyle(s);
  // the seat's box inside its borders (the team's coloured left edge is a border)
  const inner = {left: r.left + parseFloat(st.borderLeftWidth), right: r.right - parseFloat(st.borderRightWidth),
                 top: r.top + parseFloat(st.borderTopWidth), bottom: r.bottom - parseFloat(st.borderBottomWidth)};
  const badges = [...s.querySelectorAll('.badge')].map(b => b.getBoundingClientRect())
    .filter(b => b.width && Math.min(b.right, q.right) - Math.max(b.left, q.left) > 0.5
                 && Math.min(b.bottom, q.bottom) - Math.max(b.top, q.top) > 0.5);
  const rects = [...last.getClientRects()].map(c => [c.left, c.right]);
  return [{seat: s.id, text: last.textContent, box: [q.left, q.top, q.right, q.bottom], inner: [inner.left, inner.top, inner.right, inner.bottom],
           scroll: last.scrollWidth - last.clientWidth, overBadge: badges.length, rects}];
})"""


@pytest.mark.parametrize("locale,seed", [("en-US", "gdlong22"), ("zh-CN", "gdlong5"), ("en-US", "gdlong5"), ("zh-CN", "gdlong22")])
def test_a_guandan_seats_last_play_stays_inside_its_seat_on_a_phone(live_server_url, browser, locale, seed):
    save = guandan_long_plays_save(seed)
    page = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}, locale=locale).new_page()
    page.goto(live_server_url + "/practice/guandan/")
    page.evaluate("s => localStorage.setItem('tefuda.practice.guandan', s)", save)
    page.reload()
    page.click("#continue")
    page.wait_for_selector("#hand-form .my-turn", timeout=BOOT_TIMEOUT)
    page.wait_for_timeout(800)
    shoot(page, f"try42-gd-seats-{locale[:2]}-{seed}")
    seats = page.evaluate(SEAT_LAST)
    assert len(seats) >= 3, f"{locale}: the CPUs' last plays {seats}"
    for s in seats:
        left, top, right, bottom = s["box"]
        i_left, i_top, i_right, i_bottom = s["inner"]
        assert i_left - 0.5 <= left and right <= i_right + 0.5 and i_top - 0.5 <= top and bottom <= i_bottom + 0.5, \
            f"{locale}: {s['seat']}'s last play {s['text']!r} {s['box']} outside its seat {s['inner']}"
        assert s["scroll"] <= 0, f"{locale}: {s['seat']}'s last play {s['text']!r} is cut"
        assert s["overBadge"] == 0, f"{locale}: {s['seat']}'s last play {s['text']!r} runs into a badge"


# --- 3. the waiting room's rule chips ----------------------------------------------------

def test_the_waiting_rooms_rule_chips_read_as_labels(live_server_url, browser):
    phrase = "try42-rule-chips"
    host = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    enter(host, live_server_url, "Host", phrase)
    guest = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    enter(guest, live_server_url, "Guest", phrase)
    guest.wait_for_selector("#lobby .rule-list .rule.on")
    shoot(guest, "try42-rule-chips-guest")
    looks = guest.evaluate("""() => {
      const look = e => { const s = getComputedStyle(e);
        return {border: s.borderTopStyle === 'none' ? 0 : parseFloat(s.borderTopWidth), bg: s.backgroundColor,
                radius: parseFloat(s.borderTopLeftRadius), h: e.getBoundingClientRect().height, cursor: s.cursor}; };
      return {chips: [...document.querySelectorAll('#lobby .rule-list .rule')].map(look),
              button: look(document.querySelector('#leave button, button'))};
    }""")
    assert looks["chips"], "no rule chips"
    button = looks["button"]
    for chip in looks["chips"]:
        assert chip["border"] == 0, f"a rule chip has a border, as if to press: {chip}"
        assert chip["bg"] != button["bg"] and chip["cursor"] != "pointer", f"a rule chip looks like a button: {chip} {button}"
        assert chip["radius"] <= 6, f"a rule chip is a rounded pill: {chip}"
        assert chip["h"] < 44 - 0.5, f"a rule chip is as tall as a tap target: {chip}"
    assert serious(guest) == [], "a guest's waiting room"


# --- 4. a joker's note under a straight on the field -------------------------------------

def joker_straight() -> str:
    """The field's cards of ♠8 9 10 JK(J) Q K A as the Daifugō table renders them."""
    from tables.daifugo.markup import field_cards

    cards = [{"code": f"S{r}", "label": f"♠{r}"} for r in ("8", "9", "10")] + [{"code": "JK", "label": "JK", "as": "J"}] \
        + [{"code": f"S{r}", "label": f"♠{r}"} for r in ("Q", "K", "A")]
    return str(field_cards(cards))


NOTE = """html => {
  const play = document.createElement('div');
  play.className = 'field-play'; play.id = 'try42-play';
  play.innerHTML = '<div class="field-cards" style="--n:7" data-from="r">' + html + '</div>';
  document.getElementById('field').prepend(play);
  const note = play.querySelector('.as'), card = note.closest('.card'), next = card.nextElementSibling;
  const n = note.getBoundingClientRect(), c = card.getBoundingClientRect(), x = next.getBoundingClientRect();
  const hit = document.elementFromPoint((n.left + n.right) / 2, (n.top + n.bottom) / 2);
  const out = {note: [n.left, n.top, n.right, n.bottom], card: [c.left, c.top, c.right, c.bottom], next: x.left,
               hit: hit === note || hit === card, hitWhat: hit && hit.outerHTML.slice(0, 60), text: note.textContent,
               bg: getComputedStyle(note).backgroundColor, cut: note.scrollWidth - note.clientWidth};
  return out;
}"""


@pytest.mark.parametrize("size", [PORTRAIT, DESKTOP])
def test_a_jokers_note_shows_whole_in_its_cards_strip(live_server_url, browser, size):
    page = open_table(browser, live_server_url, "daifugo", 4, size=size)
    got = page.evaluate(NOTE, joker_straight())
    shoot(page, f"try42-joker-note-{size[0]}")
    page.evaluate("document.getElementById('try42-play')?.remove()")  # (a swap may have replaced the field since)
    left, top, right, bottom = got["note"]
    c_left, c_top, c_right, c_bottom = got["card"]
    assert got["text"] == "(J)"
    assert c_left - 0.5 <= left and right <= c_right + 0.5 and c_top - 0.5 <= top and bottom <= c_bottom + 0.5, \
        f"the note {got['note']} outside its card {got['card']}"
    assert right <= got["next"] + 0.5, f"the next card (from {got['next']}) covers the note {got['note']}"
    assert got["hit"], f"the note's centre shows {got['hitWhat']}"
    assert got["cut"] <= 0, f"the note is cut: {got}"
    assert got["bg"] not in ("rgba(0, 0, 0, 0)", "transparent"), "the note has no background of its own"
