"""The host removes a person during a match, on a phone (375×812) and held sideways: the
host's 人を外す switch sits with the table's other switches (the one-screen checks of
tests/browser/test_browser_layout.py still hold with it there), 外す asks first with the
person's name, and on "yes" the person's page says they were removed while a CPU plays
their seat on the host's table (rooms/lobby.remove). A guest has no such switch."""
from __future__ import annotations

import pytest

from tests.browser.steps import enter, press_until, shoot
from tests.browser.test_browser_layout import LANDSCAPE, PORTRAIT, boxes, check_one_screen, settled_turn, wait_my_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# the hand's cards and buttons that another element lies over at their centre or, for a
# card, at its corner index (try33: sideways the panel hid the upper row's corners only)
COVERED = """() => [...document.querySelectorAll('#hand-form .card, #hand-form button')].filter((el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const points = [[r.left + r.width / 2, r.top + r.height / 2]];
  if (el.matches('.card')) points.push([r.left + 5, r.top + 5]);
  return points.some(([x, y]) => {
    const top = document.elementFromPoint(x, Math.min(y, innerHeight - 1));
    return top && !el.contains(top) && !top.closest('#hand-form');
  });
}).map((el) => el.textContent.trim().slice(0, 12))"""


def test_the_host_removes_a_person_mid_match(live_server_url, browser):
    phrase = "remove-mid-match"
    host = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    guest = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}).new_page()
    errors = []
    host.on("pageerror", lambda e: errors.append(str(e)))
    enter(host, live_server_url, "ホスト", phrase)
    enter(guest, live_server_url, "ゲスト", phrase)
    host.wait_for_selector("#lobby .seat-row:has-text('ゲスト')")
    for name, value in (("speed", "fast"), ("turn_limit", "30")):
        version = host.get_attribute("#ver", "data-version")
        host.select_option(f"select[name={name}]", value)
        host.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    for _ in range(2):
        version = host.get_attribute("#ver", "data-version")
        host.click("#lobby button[value=add_cpu]")
        host.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    press_until(host, "#lobby button[value=start]", "#hand-form")
    guest.wait_for_selector("#hand-form")
    assert guest.locator("#people").is_hidden() and not guest.query_selector("#people button")
    wait_my_play(host)
    for size, tag in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        host.set_viewport_size({"width": size[0], "height": size[1]})
        settled_turn(host)
        assert host.locator("#people > summary").is_visible()
        check_one_screen(host, f"the host's table with 人を外す, {tag}", sideways=size == LANDSCAPE)
    for size in (LANDSCAPE, PORTRAIT):  # open, it leaves the hand and its buttons to be tapped (try32)
        host.set_viewport_size({"width": size[0], "height": size[1]})
        settled_turn(host)
        host.click("#people > summary")
        button = host.locator("#people button[value=remove]")
        assert button.count() == 1 and "ゲスト" in host.inner_text("#people")
        box = boxes(host, "#people button[value=remove]")[0]
        assert box["w"] >= 44 and box["h"] >= 44 and box["y"] + box["h"] <= size[1], box
        shoot(host, f"remove-mid-match-host-open-{size[0]}x{size[1]}")
        covered = host.evaluate(COVERED)
        assert not covered, f"人を外す open covers {covered} at {size}"
        if size == LANDSCAPE:
            host.click("#people > summary")  # closed again
    shoot(host, "remove-mid-match-host-open")
    asked = []
    host.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    button.click()
    guest.wait_for_selector("text=ホストにより部屋から外されました。", timeout=15_000)
    assert not guest.query_selector(".motion-ghost")  # the table is gone: no flush flies over the notice
    host.wait_for_selector("#seats .seat:has-text('ゲスト (CPU)')", timeout=15_000)
    assert asked == ["ゲストさんを部屋から外しますか？"]
    assert host.locator("#people").is_hidden()
    shoot(host, "remove-mid-match-host-after")
    shoot(guest, "remove-mid-match-guest-after")
    assert not errors
