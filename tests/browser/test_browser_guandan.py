"""Guandan practice in Chromium (seeds/003 screens): the A-rule chips on the start screen,
a whole scripted hand to the result card — column taps with k枚 badges, the Play button
naming the play, a wild-reading chip other than the preselected strongest one and its
"扱い" mark — then 次の局へ, the CPUs' tribute and the return with the suggested card
preselected (これを返す). The deal is pinned by the test-only seed hook (form field
``seed``: the practice form takes it, see tables.practice)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rooms"))
from guandan_plan import E, SEED, my_action  # noqa: E402
from tests.browser.practice import BOOT_TIMEOUT

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _test_seeds(monkeypatch):
    monkeypatch.setenv("TEFUDA_TEST_SEEDS", "1")  # before the live server starts


def my_plan():
    """Seat 0's scripted actions of hand 1 (same engine, same seed, same CPU moves)."""
    s = E.new({"players": 4}, SEED)
    done, plan = False, []
    while s["phase"] == "play":
        t = s["turn"]
        if t == 0:
            a, done, sp = my_action(s, done)
            plan.append((a, sp))
        else:
            a = E.choose(s, t)
        s, _ = E.apply(s, t, a)
    return plan


def wait_version_change(page, version, timeout=20000):  # (the table's worker and fast CPUs, under load)
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'", timeout=timeout)


def test_practice_hand_wild_chip_result_tribute_and_return(live_server_url, browser):
    page = browser.new_page()
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(live_server_url + "/practice/guandan/")
    assert page.is_visible("text=A必須 · 競技") and page.is_visible("text=3回失敗で2に戻る")
    page.select_option("select[name=speed]", "fast")
    page.evaluate("""() => { const f = document.querySelector('form.enter-form');
        const i = document.createElement('input'); i.type = 'hidden'; i.name = 'seed'; i.value = '%s';
        f.appendChild(i); }""" % SEED)
    page.click("form.enter-form button[type=submit]")
    page.wait_for_selector("#hand-form.gd-hand", timeout=BOOT_TIMEOUT)
    assert "A必須 · 競技" in page.inner_text("#status")

    plan = my_plan()
    tapped = chip_done = False
    for action, special in plan:
        page.wait_for_selector("#hand-form .my-turn", timeout=20000)
        version = page.get_attribute("#ver", "data-version")
        if action["type"] == "pass":
            page.click("#hand-form [data-action=pass]")
        elif special:
            ids = special["cards"]
            for c in ids:
                page.click(f"#hand-form label.card:has(input[value='{c}'])", position={"x": 8, "y": 8})  # a column's cards overlap: tap the corner that shows
                page.wait_for_timeout(150)
            page.wait_for_selector("#hand-form .gd-chips")
            chips = page.query_selector_all("#hand-form .gd-chips input[name=reading]")
            assert len(chips) >= 2 and chips[0].is_checked()  # the strongest preselected
            chip = f"#hand-form .gd-chips input[value='{action['reading']}']"
            assert not page.is_checked(chip)  # another reading than the preselected one
            page.click(f"#hand-form .gd-chips label:has(input[value='{action['reading']}'])")
            page.wait_for_timeout(100)
            # 出す names the reading the chip chose, the one it will play (issue 13)
            assert page.inner_text("#gd-play [data-play-label]") == page.get_attribute(chip, "data-name")
            page.click("#gd-play")
            wait_version_change(page, version)
            note = page.wait_for_selector("#field .as")  # (read from this element: the fast CPUs may play over it)
            assert "扱い" in note.text_content()
            chip_done = True
            continue
        else:
            if not tapped and len(action["cards"]) == 2:
                # a pair by tapping its column twice: the k枚 badge and the play's name
                col = page.query_selector(f"#hand-form input[value='{action['cards'][0]}']").evaluate(
                    "e => e.closest('.gd-col').dataset.key")
                tap = f"#hand-form .gd-col[data-key='{col}'] [data-tap]"
                page.click(tap)
                page.wait_for_selector(f"#hand-form .gd-col[data-key='{col}'] .gd-k")
                page.click(tap)
                page.wait_for_function(
                    f"() => document.querySelector(\"#hand-form .gd-col[data-key='{col}'] .gd-k\").textContent == '2枚'")
                page.wait_for_function("() => document.querySelector('#gd-play').textContent.includes('のペア')")
                tapped = True
            page.click("#hand-form button:has-text('選び直す')")
            page.wait_for_timeout(100)
            page.click("#hand-form button[value=hint]")
            page.wait_for_function("() => document.querySelectorAll('#hand-form input[name=card]:checked').length == %d"
                                   % len(action["cards"]))
            page.click("#gd-play")
        wait_version_change(page, version)
    assert chip_done

    page.wait_for_selector("#result:not([hidden]) >> text=第1局の結果", timeout=30000)
    text = page.inner_text("#result")
    assert "1位" in text and "+" in text and "次の局へ" in text and "あとで続ける" in text
    page.click("#result [data-action=next_hand]")
    page.wait_for_selector("#hand-form [data-action=return]", timeout=20000)
    assert "これを返す" in page.inner_text("#hand-form")
    returned = "() => document.querySelectorAll('#hand-form input[name=card]').length == 27"
    for _ in range(3):  # a click on a button swapped in that very moment (a CPU's return) can be lost
        page.click("#hand-form [data-action=return]")
        try:
            page.wait_for_function(returned, timeout=5000)
            break
        except Exception:
            if not page.query_selector("#hand-form [data-action=return]"):
                raise
    page.wait_for_function(returned, timeout=5000)
    page.close()
