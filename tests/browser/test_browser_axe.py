"""axe-core (axe-playwright-python, its own copy of axe.min.js) on every kind of screen:
the top page, the rules pages, the waiting room, the practice screen and a table of each
game — no serious or critical violation (issue 13)."""
from __future__ import annotations

import pytest

from tests.browser.practice import at_rest
from tests.browser.steps import enter
from tests.browser.steps import shoot
from tests.browser.test_browser_layout import DESKTOP, PORTRAIT, open_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def serious(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    # a deal or a play still moving (a column fading in) is not what the page shows at rest
    at_rest(page)
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


CONTRAST = """sel => { const el = document.querySelector(sel), cs = getComputedStyle(el);
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const lum = c => { const [r, g, b] = rgb(c); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(cs.color), lum(cs.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05); }"""


def contrast(page, selector: str) -> float:
    """The WCAG contrast ratio of ``selector``'s text colour against its own (opaque)
    background colour."""
    return page.evaluate(CONTRAST, selector)


def test_top_waiting_room_and_practice_screens(live_server_url, browser):
    page = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    page.goto(live_server_url + "/")
    shoot(page, "top-portrait")
    assert serious(page) == [], "top page"
    for game in ("daifugo", "guandan", "doudizhu"):
        page.goto(f"{live_server_url}/rules/{game}/")
        assert serious(page) == [], f"rules page {game}"
        # its practice button's words stand out from its yellow (they were the rules' link
        # colour, the same yellow, and axe left the button among its "incomplete" checks)
        assert contrast(page, ".rules-practice a.button") >= 4.5, game
    for game in ("", "guandan/", "doudizhu/"):
        page.goto(f"{live_server_url}/practice/{game}")
        page.wait_for_selector("#practice-form")
        shoot(page, f"practice-{game.strip('/') or 'daifugo'}-portrait")
        assert serious(page) == [], f"practice screen {game}"
    enter(page, live_server_url, "Aki", "axe-waiting-room")
    shoot(page, "waiting-room-portrait")
    assert serious(page) == [], "waiting room"


@pytest.mark.parametrize("game,players", [("daifugo", 4), ("guandan", 4), ("doudizhu", 3)])
def test_a_table_of_each_game(live_server_url, browser, game, players):
    page = open_table(browser, live_server_url, game, players, size=DESKTOP)
    assert serious(page) == [], f"{game} table (desktop)"
    page.set_viewport_size({"width": PORTRAIT[0], "height": PORTRAIT[1]})
    assert serious(page) == [], f"{game} table (phone)"
    # a screen reader says each card of the hand once, as a checkbox named by the card (try35:
    # the label's text followed each checkbox, so every card was said twice)
    tree = page.locator("#hand-form").aria_snapshot()
    boxes = [line.strip() for line in tree.splitlines() if line.strip().startswith("- checkbox")]
    names = page.eval_on_selector_all("#hand-form label.card", "els => els.map(e => e.textContent.trim().split('\\n').pop())")
    assert len(boxes) == len(names) > 0, (len(boxes), len(names))
    said = [line.strip() for line in tree.splitlines() if line.strip().startswith("- text:")]
    doubled = [line for line in said if any(line.endswith(box.split('"')[1]) for box in boxes)]
    assert not doubled, f"{game}: cards said again as text {doubled[:4]}"
