"""A refused option in the waiting room, seen (a new user's report): with five seats the
host chooses 掼蛋; the select goes back to the room's game and the refusal is on screen
above the panel, without scrolling, on a desktop and on a phone (it was printed under the
panel, about 1300 px down). With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
import pytest

from tests.browser.steps import enter
from tests.browser.steps import shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)])
def test_a_refused_game_is_undone_in_the_select_and_said_on_screen(live_server_url, browser, size):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    enter(page, live_server_url, "あき", f"refused game {size[0]}")
    for _ in range(4):  # five seats
        version = page.get_attribute("#ver", "data-version")
        page.click("text=CPUを追加")
        page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    page.select_option("select[name=game]", "guandan")
    page.wait_for_selector("#msg:has-text('掼蛋は4人で遊ぶゲームです')")
    page.wait_for_function("() => document.querySelector('select[name=game]').value == 'daifugo'")
    assert "オリジナル大富豪" in page.inner_text("#lobby h1")
    box = page.locator("#msg").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    # 退出 still sits inside the panel's corner
    leave, panel = page.locator("#leave button").bounding_box(), page.locator("#lobby").bounding_box()
    assert panel["x"] <= leave["x"] and leave["x"] + leave["width"] <= panel["x"] + panel["width"], (leave, panel)
    assert panel["y"] <= leave["y"] and leave["y"] + leave["height"] <= panel["y"] + panel["height"], (leave, panel)
    shoot(page, f"lobby-refused-{size[0]}x{size[1]}")
