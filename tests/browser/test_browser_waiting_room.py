"""The host's waiting room on a phone (375×812), in Japanese, English and Chinese, measured
with Playwright's bounding boxes: every option's label keeps its words whole (at most two
lines: never a column of one character a line such as 9/插/队), the rule checkboxes are all
the same size and line up in one column, the selects are sized to their content (never the
panel's full width) and show their choice whole, every control is a tap target of at least 44×44 px, and the whole
waiting room of each game, every option shown, fits in two screens. On a desktop too, the
share link's コピー button lines up with its address box (it sat 8 px low: the label's
margin)."""
from __future__ import annotations

import pytest

from tests.browser.steps import enter, on_server, shoot
from tests.browser.test_browser_layout import DESKTOP, PORTRAIT, boxes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the language switch's button of each language (templates/parts/language.html)
LANGS = ("ja", "en", "zh-hans")
GAMES = ("daifugo", "guandan", "doudizhu")

#: each option's own words (a label's, a rule's name: the label's direct text) as lines of
#: text, and each description's box, measured with a Range over the text itself
WORDS_JS = """() => {
  const lines = node => { const r = document.createRange(); r.selectNodeContents(node);
    return new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top))).size; };
  const words = [...document.querySelectorAll('#options-form label, #options-form legend, #options-form .rule-name')].flatMap(l =>
    [...l.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim())
      .map(n => ({text: n.textContent.trim(), lines: lines(n)})));
  const descs = [...document.querySelectorAll('#options-form .rule-desc')].map(d => {
    const r = d.getBoundingClientRect();
    return {text: d.innerText.slice(0, 30), w: r.width, em: parseFloat(getComputedStyle(d).fontSize)}; });
  return {words, descs};
}"""


#: each select's chosen words: the width they need (the text in the select's font, its
#: padding and 16 px of the drop-down arrow) and the select's own (try16: オリジナル大富
#: was cut in half a row at 375 px)
SELECTED_JS = """() => [...document.querySelectorAll('#lobby select')].filter(s => s.offsetParent).map(s => {
  const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.font;
  const text = s.options[s.selectedIndex].text;
  return {text, have: s.clientWidth,
          need: Math.ceil(ctx.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 16)};
})"""


def host_room(browser, url: str, lang: str, phrase: str):
    """The host's waiting room at 375×812 in ``lang``, two CPUs added (their level selects)."""
    page = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    enter(page, url, "ホスト", phrase)
    if lang != "ja":
        page.click(f".lang-switch button[value={lang}]")
        page.wait_for_selector(f"html[lang={lang}] #lobby")
    for _ in range(2):
        version = page.get_attribute("#ver", "data-version")
        page.click("#lobby button[value=add_cpu]")
        page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    return page


def choose_game(page, game: str) -> None:
    """Switch the room's game (the waiting room is swapped in anew)."""
    if page.input_value("select[name=game]") == game:
        return
    version = page.get_attribute("#ver", "data-version")
    page.select_option("select[name=game]", game)
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    page.wait_for_function(f"() => document.querySelector('select[name=game]').value == '{game}'")


def check_tidy(page, label: str) -> None:
    """The measurements of the module's docstring, on the waiting room shown now."""
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= 2 * PORTRAIT[1], f"{label}: the waiting room is {height} px tall"
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PORTRAIT[0], f"{label}: the waiting room is {width} px wide"
    got = page.evaluate(WORDS_JS)
    assert got["words"], f"{label}: no option's words found"
    for words in got["words"]:
        assert words["lines"] <= 2, f"{label}: an option's words wrap into a column: {words}"
    for desc in got["descs"]:
        assert desc["w"] >= 8 * desc["em"], f"{label}: a description squeezed into a column: {desc}"
    checks = boxes(page, "#options-form input[type=checkbox]")
    if checks:
        assert len({(round(c["w"]), round(c["h"])) for c in checks}) == 1, f"{label}: checkboxes differ: {checks}"
        assert len({round(c["x"]) for c in checks}) == 1, f"{label}: checkboxes not in one column: {checks}"
    panel = boxes(page, "#lobby")[0]
    for sel in boxes(page, "#lobby select"):
        assert sel["w"] < 0.75 * panel["w"], f"{label}: a select takes the panel's width: {sel} in {panel}"
    for sel in page.evaluate(SELECTED_JS):
        assert sel["have"] >= sel["need"], f"{label}: a select cuts its choice: {sel}"
    for target in boxes(page, "#lobby select") + boxes(page, "#lobby button") + boxes(page, "#options-form label.switch"):
        assert target["w"] >= 44 and target["h"] >= 44, f"{label}: a tap target under 44×44: {target}"
    check_seat_tools(page, label)


#: each seat row's tools (a CPU's level, ↑, 外す): their tops and the row's right edge
SEAT_TOOLS_JS = r"""() => [...document.querySelectorAll('#lobby .seat-row')].map(row => {
  const tools = [...row.querySelectorAll('select, button')].map(t => t.getBoundingClientRect());
  const line = (row.querySelector('.seat-line') || row).getBoundingClientRect();
  return {row: row.innerText.replace(/\s+/g, ' ').slice(0, 40), right: line.right,
          tops: tools.map(t => Math.round(t.top)), rights: tools.map(t => t.right)};
})"""


def check_seat_tools(page, label: str) -> None:
    """try47: on a phone a CPU's row wrapped its ↑ and 外す each onto a line of their own.
    A seat's tools stand on one line, together, and the last ends at the row's end."""
    rows = page.evaluate(SEAT_TOOLS_JS)
    assert sum(1 for r in rows if r["tops"]) >= 2, f"{label}: no seat with the host's tools: {rows}"
    for r in rows:
        if r["tops"]:
            assert max(r["tops"]) - min(r["tops"]) <= 1, f"{label}: a seat's tools on more than one line: {r}"
            assert abs(max(r["rights"]) - r["right"]) <= 1, f"{label}: a seat's tools stop short of the row's end: {r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_hosts_waiting_room_is_tidy_on_a_phone(live_server_url, browser, lang):
    page = host_room(browser, live_server_url, lang, f"tidy-waiting-{lang}")
    for game in GAMES:
        choose_game(page, game)
        shoot(page, f"waiting-room-tidy-{game}-{lang}", full_page=True)
        check_tidy(page, f"{game} {lang}")
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    link, copy = boxes(page, "#share-link")[0], boxes(page, "[data-copy]")[0]
    shoot(page, f"waiting-room-desktop-{lang}")
    assert abs((link["y"] + link["h"]) - (copy["y"] + copy["h"])) <= 1, f"{lang}: コピー is not in line with the link: {copy} {link}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang,words", [("ja", "ゲストさんを部屋から外しますか？"), ("en", "Remove ゲスト from the room?")])
def test_removing_a_person_asks_first(live_server_url, browser, lang, words):
    """外す for a person asks, in the page's language and with the person's name; "no"
    keeps them in the room and sends nothing; "yes" removes them. A CPU goes at once."""
    phrase = f"remove-asks-{lang}"
    host = host_room(browser, live_server_url, lang, phrase)
    guest = browser.new_context().new_page()
    enter(guest, live_server_url, "ゲスト", phrase)
    host.wait_for_selector("#lobby .seat-row:has-text('ゲスト')")
    asked = []

    def answer(yes: bool):
        def on_dialog(dialog):
            asked.append(dialog.message)
            dialog.accept() if yes else dialog.dismiss()
        return on_dialog

    row = "#lobby .seat-row:has-text('ゲスト') button[value=remove]"
    version = host.get_attribute("#ver", "data-version")
    host.once("dialog", answer(False))
    host.click(row)
    host.wait_for_timeout(1000)
    assert asked == [words]
    assert host.get_attribute("#ver", "data-version") == version, "a 'no' sent the removal"
    assert host.query_selector(row) and guest.query_selector("#lobby")
    host.once("dialog", answer(True))
    host.click(row)
    host.wait_for_selector("#lobby .seat-row:has-text('ゲスト')", state="detached")
    assert len(asked) == 2
    cpus = host.locator("#lobby .seat-row[data-kind=cpu]").count()
    host.click("#lobby .seat-row[data-kind=cpu] button[value=remove] >> nth=0")  # (a dialog would be dismissed, Playwright's default: the CPU would stay)
    host.wait_for_function(f"() => document.querySelectorAll('#lobby .seat-row[data-kind=cpu]').length == {cpus - 1}")
    assert len(asked) == 2


def test_a_fixed_player_count_stands_in_line_with_the_other_settings(live_server_url, browser):
    """At a desktop, Guandan's fixed 人数 4 (a word and a number, no drop-down) stands in the
    settings' row with its number beside its word, level with the game's drop-down (try36:
    the number sat under its word, lower than the row)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    enter(page, live_server_url, "ほげ", "fixed count in line")
    page.select_option("select[name=game]", "guandan")
    page.wait_for_selector(".option-fixed b")
    page.wait_for_timeout(300)
    got = page.evaluate("""() => {
        const mid = e => { const r = e.getBoundingClientRect(); return r.y + r.height / 2; };
        const box = document.querySelector('.option-fixed'), b = box.querySelector('b');
        const word = document.createRange(); word.selectNodeContents(box.firstChild);
        return {b: mid(b), word: mid(word), game: mid(document.querySelector('select[name=game]'))}; }""")
    assert abs(got["b"] - got["word"]) < 3 and abs(got["b"] - got["game"]) < 4, got
    page.close()


def _on_auto(name):
    from rooms.models import Seat
    Seat.objects.filter(name=name).update(auto=True, timeouts=2)


def test_omakase_in_the_waiting_room_stands_clear_of_the_heading(live_server_url, browser):
    """A seat still on おまかせ from the last game sees おまかせをやめる in the waiting room
    (rooms.lobby.start keeps it); with it the top buttons are a row of their own above the
    heading, not over 待合室 (they lay over it on a 375 px phone)."""
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    enter(host, live_server_url, "Host", "auto lobby heading")
    for size in ((375, 812), (1280, 800)):
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="ja-JP").new_page()
        enter(page, live_server_url, f"Guest{size[0]}", "auto lobby heading")
        on_server(_on_auto, f"Guest{size[0]}")
        page.reload()
        page.wait_for_selector("#leave [value=resume]")
        top, h1 = (page.eval_on_selector(sel, "e => e.getBoundingClientRect().toJSON()") for sel in (".lobby-box > .stage-top", "#lobby h1"))
        assert top["bottom"] <= h1["top"] + 0.5 or top["left"] >= h1["right"] - 0.5, (size, top, h1)
        assert page.eval_on_selector_all(".seat-row .badge.auto", "els => els.length") == 1
        page.context.close()
    host.context.close()
