"""The top bar on the narrowest phones (320×568, an iPhone SE of 2016), in Chromium: in
English its row overran (「4 colours」 ran out of its button into 日本語, Tefuda lay under
Mute). Below 360 px the switches are behind one ☰ (static/tefuda.css): what the bar shows
never overlaps and every word stays inside its button, and ☰ opens every switch on screen,
each a 44×44 tap target. At 375 px the switches stay in the row."""
from __future__ import annotations

import pytest

from tests.browser.steps import shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the top bar's shown controls: box, and whether the words overrun the box
SHOWN = """() => [...document.querySelectorAll('header.topbar :is(a, button, summary)')]
  .filter(e => e.checkVisibility({visibilityProperty: true}))  // (not inside a closed ☰'s hidden content)
  .map(e => { const r = e.getBoundingClientRect();
    return {text: e.textContent.trim().slice(0, 12), x: r.left, y: r.top, w: r.width, h: r.height,
            over: e.scrollWidth > e.clientWidth + 1}; })"""


def overlaps(a: dict, b: dict) -> bool:
    """Whether two boxes share more than a pixel's edge."""
    return a["x"] + a["w"] > b["x"] + 1 and b["x"] + b["w"] > a["x"] + 1 and a["y"] + a["h"] > b["y"] + 1 and b["y"] + b["h"] > a["y"] + 1


def check_row(shown: list[dict], label: str) -> None:
    """No two of the bar's shown controls overlap; none's words overrun it."""
    for i, a in enumerate(shown):
        assert not a["over"], f"{label}: 「{a['text']}」 runs out of its box {a}"
        for b in shown[i + 1:]:
            assert not overlaps(a, b), f"{label}: 「{a['text']}」 and 「{b['text']}」 overlap: {a} {b}"


@pytest.mark.parametrize("locale", ["en-US", "ja-JP", "zh-CN"])
@pytest.mark.parametrize("path", ["/", "/practice/daifugo/"])
def test_the_top_bar_fits_the_narrowest_phone(live_server_url, browser, locale, path):
    page = browser.new_context(viewport={"width": 320, "height": 568}, locale=locale).new_page()
    page.goto(live_server_url + path)
    label = f"{path} {locale} 320 px"
    shown = page.evaluate(SHOWN)
    check_row(shown, label)
    assert [s["text"] for s in shown if s["text"] in ("Mute", "消音", "静音")] == [], f"{label}: the switches are not behind ☰: {shown}"
    page.click(".topbar-menu > summary")
    shoot(page, f"topbar-320-{locale[:2]}-{path.strip('/').replace('/', '-') or 'top'}")
    opened = page.evaluate(SHOWN)
    switches = [s for s in opened if s["text"] not in ("", "☰") and s not in shown]
    assert len(switches) >= (5 if "practice" in path else 3), f"{label}: ☰ opened {opened}"  # (消音 and 4色 at a table) and three languages
    check_row(opened, label + " ☰ open")
    for s in switches:
        assert s["x"] >= 0 and s["x"] + s["w"] <= 320 + 0.5 and s["y"] >= 0, f"{label}: 「{s['text']}」 off screen {s}"
        assert s["w"] >= 44 - 0.5 and s["h"] >= 44 - 0.5, f"{label}: 「{s['text']}」 is a small target {s}"


def test_the_switches_stay_in_the_row_at_375(live_server_url, browser):
    page = browser.new_context(viewport={"width": 375, "height": 812}, locale="en-US").new_page()
    page.goto(live_server_url + "/practice/daifugo/")
    shown = page.evaluate(SHOWN)
    check_row(shown, "375 px")
    assert {"Mute", "EN"} <= {s["text"] for s in shown}, shown
