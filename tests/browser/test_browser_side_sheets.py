"""On a phone each of the side row's switches (墓地, これまでの局, スタンプ, the card counter,
the special-card legend) opens a sheet that leaves the hand and its buttons to be tapped, upright and
sideways (try35: the open graveyard lay over the hand and 出す／パス／ヒント／自動プレイ
for as long as it was open, on your own turn). The sheet itself is whole on screen. With
``TEFUDA_SHOTS=<folder>`` each open sheet is saved there."""
from __future__ import annotations

import pytest

from tests.browser.steps import shoot
from tests.browser.test_browser_layout import LANDSCAPE, PORTRAIT, settled_turn
from tests.browser.test_browser_remove_mid_match import COVERED
from tests.browser.test_browser_table_details import open_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _my_turn_after(steps: int):
    def until(room) -> bool:
        s = room.state
        return s["phase"] == "play" and s["turn"] == 0 and s["step"] >= steps
    return until


# game → (options, seed): six Daifugō seats (the most crowded table), Guandan, Dou Dizhu
CASES = {"daifugo": ({"players": "6"}, "side7"), "guandan": ({}, "gd24"), "doudizhu": ({}, "dd5")}

SWITCHES = ".table-side details:not(#people) > summary"


@pytest.mark.parametrize("game", list(CASES))
def test_an_open_side_sheet_leaves_the_hand_and_its_buttons_free(live_server_url, browser, game):
    options, seed = CASES[game]
    page, _ = open_room(browser, live_server_url, PORTRAIT, game, options=options, seed=seed, until=_my_turn_after(12))
    for size, tag in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settled_turn(page)
        ids = page.eval_on_selector_all(SWITCHES, "els => els.filter(e => e.offsetParent !== null).map(e => e.parentElement.id)")
        # (Guandan's #graveyard is its list of each hand's result: hidden in a first hand, d776dd3)
        assert "graveyard" in ids or game != "daifugo", (tag, ids)
        assert len(ids) >= 2, (tag, ids)
        for sheet in ids:
            page.click(f"#{sheet} > summary")
            page.wait_for_function(f"() => document.getElementById('{sheet}').open")
            shoot(page, f"side-sheet-{game}-{sheet}-{tag}")
            covered = page.evaluate(COVERED)
            assert not covered, f"{game} {tag}: #{sheet} open covers {covered}"
            box = page.eval_on_selector(f"#{sheet}", "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }")
            assert box["x"] >= -0.5 and box["y"] >= -0.5, (tag, sheet, box)
            assert box["x"] + box["w"] <= size[0] + 0.5 and box["y"] + box["h"] <= size[1] + 0.5, (tag, sheet, box)
            summary = page.eval_on_selector(f"#{sheet} > summary", "e => e.getBoundingClientRect().toJSON()")  # it closes by its switch
            assert summary["height"] >= 44 - 0.5 and summary["y"] >= 0, (tag, sheet, summary)
            page.click(f"#{sheet} > summary")
            page.wait_for_function(f"() => !document.getElementById('{sheet}').open")


@pytest.mark.parametrize("game", ["daifugo", "doudizhu"])
def test_the_logs_line_opens_the_whole_log_and_escape_closes_sheets(live_server_url, browser, game):
    """On a phone the log is one line; a tap on it (or Enter) opens the whole log as a sheet
    with its earlier lines, leaving the hand and its buttons free, and a tap closes it
    (try36: the earlier lines could not be read during a hand). Escape closes an open sheet,
    the log's or a switch's; opening one sheet closes the other (try37)."""
    options, seed = CASES[game]
    page, _ = open_room(browser, live_server_url, PORTRAIT, game, options=options, seed=seed, until=_my_turn_after(12))
    for size, tag in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settled_turn(page)
        lines = "() => [...document.querySelectorAll('#log li')].filter(li => li.checkVisibility()).length"
        assert page.evaluate(lines) == 1, tag
        page.click("#log")
        page.wait_for_function(f"() => ({lines})() > 3")
        shoot(page, f"side-sheet-{game}-log-{tag}")
        assert not page.evaluate(COVERED), f"{game} {tag}: the open log covers {page.evaluate(COVERED)}"
        box = page.eval_on_selector("#log", "e => e.getBoundingClientRect().toJSON()")
        assert box["y"] >= -0.5 and box["y"] + box["height"] <= size[1] + 0.5, (tag, box)
        last = page.eval_on_selector("#log", "e => { const r = e.lastElementChild.getBoundingClientRect(), b = e.getBoundingClientRect(); return r.bottom <= b.bottom + 1; }")
        assert last, f"{tag}: the newest line is not in view"
        page.click("#log")
        page.wait_for_function(f"() => ({lines})() === 1")
        page.focus("#log")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => ({lines})() > 3")
        page.keyboard.press("Escape")
        page.wait_for_function(f"() => ({lines})() === 1")
        sheet = page.eval_on_selector_all(SWITCHES, "els => els.filter(e => e.offsetParent !== null).map(e => e.parentElement.id)")[0]
        page.click(f"#{sheet} > summary")
        page.wait_for_function(f"() => document.getElementById('{sheet}').open")
        page.keyboard.press("Escape")
        page.wait_for_function(f"() => !document.getElementById('{sheet}').open")
        # one sheet at a time (try37: the log lay over an open 残り札 and their words mixed)
        page.click(f"#{sheet} > summary")
        page.wait_for_function(f"() => document.getElementById('{sheet}').open")
        page.click("#log")
        page.wait_for_function(f"() => ({lines})() > 3 && !document.getElementById('{sheet}').open")
        page.click(f"#{sheet} > summary")
        page.wait_for_function(f"() => ({lines})() === 1 && document.getElementById('{sheet}').open")
        page.click(f"#{sheet} > summary")
        page.wait_for_function(f"() => !document.getElementById('{sheet}').open")


def test_an_open_sheet_closes_when_the_table_asks_for_you(live_server_url, browser):
    """try49: the log's sheet, opened while the CPUs played, stayed open into the next turn
    over the seats and the field (and a stop window over it took the tap meant to close it).
    A sheet opened on your own turn stays open; when your next turn comes, it closes."""
    options, seed = CASES["daifugo"]
    page, _ = open_room(browser, live_server_url, PORTRAIT, "daifugo", options=options, seed=seed, until=_my_turn_after(12))
    settled_turn(page)
    page.click("#log")
    page.wait_for_selector(".table-side.log-open")
    page.wait_for_timeout(500)
    assert page.locator(".table-side.log-open").count() == 1, "a sheet opened on your turn closed by itself"
    page.click("#hand-form button[value=hint]")  # the hand is free under the sheet: play the hint
    page.wait_for_selector("#msg[data-code=hint]")
    version = page.get_attribute("#ver", "data-version")
    if page.locator("#hand-form input[name=card]:checked").count():
        page.click("#hand-form button.plain-play, #hand-form .effect-choice:not([hidden]) button[data-mode=effect]")
    else:
        page.click("#hand-form [data-action=pass]")
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    page.wait_for_selector("#hand-form:not(:has(.my-turn))", timeout=30_000)
    if not page.locator(".table-side.log-open").count():  # (a stop window of yours may have closed it already)
        page.click("#log")
        page.wait_for_selector(".table-side.log-open")
    page.wait_for_selector("#hand-form .my-turn, #stop-window button, #pending-choice.mine", timeout=60_000)
    page.wait_for_selector(".table-side:not(.log-open)", timeout=2_000)
