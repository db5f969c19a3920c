"""What a new user (try45) saw, measured in Chromium: a link drawn as a button (a.button:
the 404 page's トップへ, the table's ルール, the top page's 部屋に戻る) took a link's pale
hover colour on its light face, so its words vanished under the mouse, and after a tap on a
phone; and its words sat high in its 44 px. With ``TEFUDA_SHOTS=<folder>`` each screen is
saved there."""
from __future__ import annotations

import pytest

from tests.browser.steps import shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the link's text colour and its background, and where its words sit in its box
LOOK = """el => {
  const cs = getComputedStyle(el), box = el.getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(el);
  const words = range.getBoundingClientRect();
  return {color: cs.color, background: cs.backgroundColor, height: box.height,
          above: words.top - box.top, below: box.bottom - words.bottom};
}"""


def _luminance(rgb: str) -> float:
    """WCAG relative luminance of ``"rgb(r, g, b)"``."""
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (float(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("state", ["resting", "hovered", "focused"])
def test_a_link_drawn_as_a_button_keeps_its_words_legible_and_centred(live_server_url, browser, state):
    page = browser.new_context(viewport={"width": 375, "height": 812}).new_page()
    page.goto(f"{live_server_url}/no-such-page/")
    link = page.locator("a.button").first
    if state == "hovered":
        link.hover()
    elif state == "focused":
        for _ in range(30):  # by the keyboard, as :focus-visible is
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('a.button')"):
                break
    shoot(page, f"try45-link-button-{state}")
    look = link.evaluate(LOOK)
    if state == "focused":
        assert link.evaluate("el => el.matches(':focus-visible')")
    assert _contrast(look["color"], look["background"]) >= 4.5, look
    assert look["height"] >= 44 and abs(look["above"] - look["below"]) <= 4, look
