"""The four-colour deck (issue 13): a switch on the table, remembered by the browser."""
import pytest

from tests.browser.steps import enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLOURS = """() => {
  const out = {};
  for (const s of ["♠", "♥", "♦", "♣"]) {
    const el = document.createElement("span");
    el.className = "card face" + (s === "♥" || s === "♦" ? " red" : "");
    el.dataset.s = s;
    document.querySelector("#stage").appendChild(el);
    out[s] = getComputedStyle(el).color;
    el.remove();
  }
  return out;
}"""


def test_the_four_colour_deck_is_a_remembered_switch(browser, live_server_url):
    page = browser.new_context().new_page()
    enter(page, live_server_url, "あき", "よんしょく の 部屋")
    page.click("text=CPUを追加")
    page.wait_for_selector("#lobby li:has-text('CPU 1')")
    page.click("text=CPUを追加")
    page.wait_for_selector("#lobby li:has-text('CPU 2')")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    two = page.evaluate(COLOURS)
    assert two["♥"] == two["♦"] and two["♠"] == two["♣"] and two["♥"] != two["♠"]
    switch = page.locator("[data-pref=four-colour]")
    assert switch.get_attribute("aria-pressed") == "false"
    box = switch.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    switch.click()
    four = page.evaluate(COLOURS)
    assert len(set(four.values())) == 4 and switch.get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#hand-form")
    assert page.evaluate(COLOURS) == four  # remembered
    page.click("[data-pref=four-colour]")
    assert page.evaluate(COLOURS) == two
