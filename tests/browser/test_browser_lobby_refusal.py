"""A refused option in the waiting room, seen (a new user's report): with four people the
host chooses 闘地主 (three players; CPUs would make way since try50, people do not); the
select goes back to the room's game and the refusal is on screen above the panel, without
scrolling, on a desktop and on a phone (it was printed under the panel, about 1300 px
down). With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
import pytest

from tests.browser.steps import enter
from tests.browser.steps import shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)])
def test_a_refused_game_is_undone_in_the_select_and_said_on_screen(live_server_url, browser, size):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    phrase = f"refused game {size[0]}"
    enter(page, live_server_url, "あき", phrase)
    friends = [browser.new_context().new_page() for _ in range(3)]  # four people
    for friend, name in zip(friends, ("ふゆ", "なつ", "はる")):
        enter(friend, live_server_url, name, phrase)
    page.wait_for_selector("#lobby li:has-text('はる')")
    page.select_option("select[name=game]", "doudizhu")
    page.wait_for_selector("#msg:has-text('闘地主は3人で遊ぶゲームです')")
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
    for friend in friends:
        friend.context.close()
