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
        assert "graveyard" in ids or game == "doudizhu", (tag, ids)
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
