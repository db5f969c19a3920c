"""What a new user (try43) saw on a phone, measured in Chromium: Daifugō's 7渡し prompt (and
a stop window you can answer) lay over the top bar and the status bar for its 20 s, hiding
the status line and covering ルール, 退出 and the language switch; Dou Dizhu's result broke a
name inside its words ("Bartho / lomew / Kent"); the result's 次の局へ and 新しいゲーム
stacked edge to edge. With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
from __future__ import annotations

from functools import partial

import pytest

from rooms import tokens
from tests.browser.steps import on_server, shoot
from tests.browser.test_browser_layout import LANDSCAPE, PORTRAIT
from tests.browser.test_browser_table_details import _my_seven_pass, _room, open_room, page_with_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# --- 1. Daifugō's 7渡し prompt and stop window: below the top bar and the status ---------

#: what the floating box covers: each of the top bar's and the status bar's buttons, links
#: and selects, and each line of the status (its children), by its box and at its centre
COVERS = """sel => {
  const box = document.querySelector(sel), p = box.getBoundingClientRect();
  const meets = r => r.width > 0 && r.height > 0 && r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top;
  const things = [...document.querySelectorAll('header.topbar :is(button, a, select, summary), #leave button, #status > *')]
    .filter(e => e.getClientRects().length);
  return {box: [p.left, p.top, p.right, p.bottom], shown: things.length,
          covered: things.filter(e => { const r = e.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return meets(r) || (at && box.contains(at)); }).map(e => (e.textContent || e.className).trim().slice(0, 30))};
}"""


def stop_window() -> str:
    """The field with a stop window you can answer, as the Daifugō template renders it."""
    from tables.core import env

    window = {"kind": "stop", "head": "CPU 1 played a 7-pass. Stop it?", "chain": [], "deadline_ms": 0,
              "stops": [{"index": 0, "label": "Stop (♥3)"}]}
    return env.default().get_template("daifugo/field.html").render(
        view={"field": None, "turn": 1}, players=[], window=window, pending=None, over=False)


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_a_seven_pass_prompt_leaves_the_top_bar_and_the_status_free(live_server_url, browser, size):
    page, _ = open_room(browser, live_server_url, size, "daifugo", seed="seven0", until=_my_seven_pass, locale="en-US")
    page.wait_for_selector("#pending-choice.mine")
    shoot(page, f"try43-seven-pass-{size[0]}x{size[1]}")
    got = page.evaluate(COVERS, "#pending-choice.mine")
    assert got["shown"] >= 5, got
    assert not got["covered"], f"{size}: the 7-pass prompt {got['box']} covers {got['covered']}"
    left, top, right, bottom = got["box"]
    assert 0 <= left and right <= size[0] + 0.5 and 0 <= top and bottom <= size[1] + 0.5, f"{size}: off screen {got['box']}"
    # a stop window you can answer floats where the prompt does
    page.evaluate("html => { document.getElementById('field').outerHTML = html; }", stop_window())
    shoot(page, f"try43-stop-window-{size[0]}x{size[1]}")
    got = page.evaluate(COVERS, "#stop-window")
    assert not got["covered"], f"{size}: the stop window {got['box']} covers {got['covered']}"
    stop = page.locator("#stop-window button").bounding_box()
    assert stop["y"] >= 0 and stop["y"] + stop["height"] <= size[1] + 0.5 and stop["height"] >= 44 - 0.5, stop


# --- 2. Dou Dizhu's result: a name breaks between its words, never inside one --------------

def hand_over(room) -> bool:
    return room.state["phase"] == "hand_over"


def dou_dizhu_result(browser, url: str, size, locale: str, name: str):
    """A Dou Dizhu room whose first hand is over (fits285), your seat named ``name``."""
    bid = tokens.new_token()
    room_id = on_server(partial(_room, name=name), bid, f"try43 {bid[:8]}", "doudizhu", {}, "fits285", hand_over)
    page = page_with_seat(browser, url, bid, size, locale=locale)
    page.goto(f"{url}/rooms/{room_id}/")
    page.wait_for_selector("#result:not([hidden]) button.primary")
    page.wait_for_timeout(600)  # the result's motion
    return page


#: each name cell: its lines, each of its words' lines (a word on two lines is broken
#: inside it), whether it is cut, and the table's right edge against the result's content
NAMES = """() => {
  const res = document.getElementById('result'), st = getComputedStyle(res), table = res.querySelector('table.scores');
  const inner = res.getBoundingClientRect().right - parseFloat(st.borderRightWidth) - parseFloat(st.paddingRight);
  const tops = rects => new Set([...rects].filter(q => q.width > 0).map(q => Math.round(q.top))).size;
  return {right: table.getBoundingClientRect().right, inner, cells: [...table.querySelectorAll('tbody td:first-child')].map(td => {
    const text = td.firstChild, words = [];
    for (const m of text.data.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
      words.push([m[0], tops(r.getClientRects())]);
    }
    const all = document.createRange(); all.selectNodeContents(td);
    return {text: text.data, lines: tops(all.getClientRects()), words, cut: td.scrollWidth > td.clientWidth + 0.5,
            ellipsis: getComputedStyle(td).textOverflow};
  })};
}"""


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_dou_dizhu_result_breaks_a_name_only_between_its_words(live_server_url, browser, locale):
    page = dou_dizhu_result(browser, live_server_url, PORTRAIT, locale, "Bartholomew Kent (2)")
    # the CPUs' rows renamed as the template writes a name (its text): another long name, and
    # one word longer than any column of a phone
    page.evaluate("""() => { const cells = [...document.querySelectorAll('#result tbody td:first-child')]
        .filter(td => td.textContent !== 'Bartholomew Kent (2)');
      cells[0].textContent = 'Bartholomew Kent'; cells[1].textContent = 'Wolfeschlegelsteinhausen'; }""")
    shoot(page, f"try43-ddz-names-{locale[:2]}")
    got = page.evaluate(NAMES)
    assert [c["text"] for c in got["cells"]].count("Bartholomew Kent (2)") == 1, got
    for c in got["cells"]:
        broken = [w for w, lines in c["words"] if lines > 1]
        assert not broken, f"{locale}: {c['text']!r} is broken inside {broken}"
        if c["text"] == "Wolfeschlegelsteinhausen":
            assert c["lines"] == 1 and c["cut"] and c["ellipsis"] == "ellipsis", f"{locale}: a long word is cut with …: {c}"
        else:
            assert not c["cut"], f"{locale}: {c}"
    assert got["right"] <= got["inner"] + 0.5, f"{locale}: the table runs out of the result {got}"


# --- 3. the result's buttons a gap apart ---------------------------------------------------

def test_dou_dizhu_results_buttons_stand_apart_on_a_phone(live_server_url, browser):
    page = dou_dizhu_result(browser, live_server_url, PORTRAIT, "ja-JP", "あなた")
    shoot(page, "try43-ddz-result-buttons-ja")
    got = page.eval_on_selector_all("#result .controls button", "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().toJSON()])")
    assert len(got) >= 2, got
    for (ta, a), (tb, b) in zip(got, got[1:]):
        apart = max(b["x"] - (a["x"] + a["width"]), b["y"] - (a["y"] + a["height"]),
                    a["x"] - (b["x"] + b["width"]), a["y"] - (b["y"] + b["height"]))
        assert apart >= 6 - 0.01, f"{ta} and {tb} are {apart:.1f} px apart: {a} {b}"
