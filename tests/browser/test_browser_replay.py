"""Hand replays in Debian's Chromium (issue 17): a room's finished hand opens in the replay
viewer, steps forwards and backwards, jumps to a play, autoplays, saves as a file without
names (unless ticked); the file opens in /replay/ with the network off (the practice worker
replays it on Pyodide) and a tampered file is refused; a practice hand played offline is
listed under これまでの局 and replays from this browser's storage."""
from __future__ import annotations

import json
import re

import pytest

from rooms import lobby, passphrase, tokens
from rooms.models import HandRecord, Room
from tests.browser.practice import BOOT_TIMEOUT
from tests.browser.steps import on_server, shoot
from tests.browser.test_browser_offline_practice import auto_play, start, to_the_result
from tests.browser.test_browser_pwa import visit_once_online

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_room_hand(bid: str):
    """A room of "Zed-Person" (this browser) + CPUs whose first hand the CPUs played out
    (in a thread of its own: Playwright's loop runs in this one, and the ORM refuses it)."""
    return on_server(_finished_room_hand, bid)


def _finished_room_hand(bid: str):
    from tests.rooms.test_hand_records import play_until
    key = passphrase.room_key(passphrase.normalise("再生 ブラウザ"))
    room, _ = lobby.enter(key, "Zed-Person", tokens.digest(bid))
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    play_until(room.id, 1)
    return room.id, HandRecord.objects.get(room_id=room.id).record


def at(page) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def step_to(page, selector: str, expected: int) -> None:
    page.click(selector)
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{expected}'")


def test_a_rooms_hand_replays_saves_and_opens_offline(browser, live_server_url, tmp_path):
    context, page, cached = visit_once_online(browser, live_server_url, "/")
    assert any(u.startswith("/replay/?app-shell=1") for urls in cached.values() if isinstance(urls, list)
               for u in urls)
    bid = tokens.new_token()
    context.add_cookies([{"name": tokens.BROWSER_COOKIE, "value": bid, "url": live_server_url}])
    room_id, record = finished_room_hand(bid)
    last = len(record["actions"])

    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"/rooms/{room_id}/hands/1/")
    assert "検証済み" in page.inner_text(".replay-verified") and at(page) == 0
    # a step shows the list's current move inside the list, never by scrolling the page down
    # to it (try39: a replay opened at the deal had its title and verified line off the screen)
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowRight")  # a step (ArrowRight: no click scrolls to a button)
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '1'")
    assert page.evaluate("window.scrollY") == 0
    step_to(page, f"#replay .replay-moves [data-step='{last}']", last)
    assert page.evaluate("""() => { const l = document.querySelector('#replay .replay-moves'),
        c = l.querySelector('[aria-current=step]').getBoundingClientRect(), b = l.getBoundingClientRect();
        return l.scrollTop > 0 && c.top >= b.top - 1 && c.bottom <= b.bottom + 1; }""")
    step_to(page, "#replay .replay-nav [data-step='0']", 0)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.locator("#replay .replay-hand").count() == 4  # every hand face up
    step_to(page, "#replay [data-key=next]", 1)
    step_to(page, "#replay [data-key=next]", 2)
    step_to(page, "#replay [data-key=prev]", 1)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '2'")
    step_to(page, f"#replay .replay-moves [data-step='{last - 3}']", last - 3)  # jump to a play
    page.click("#replay [data-autoplay]")
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{last}'", timeout=20_000)
    assert page.is_visible("#replay #result") and page.get_attribute("#replay [data-autoplay]", "aria-pressed") == "false"
    page.set_viewport_size({"width": 1280, "height": 800})
    shoot(page, "replay-room-desktop", full_page=True)
    # the moves are numbered 0 … last; no list under them starts again at 1
    styles = page.evaluate("[...document.querySelectorAll('#replay .replay-side ol:not(.replay-moves)')]"
                           ".map(o => getComputedStyle(o).listStyleType)")
    assert styles and set(styles) == {"none"}, styles

    with page.expect_download() as got:
        page.click("#replay [data-save]")
    saved = tmp_path / "hand.json"
    got.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "tefuda-replay" and data["record"] == record and "names" not in data
    assert "Zed-Person" not in saved.read_text()
    page.check("#replay [data-keep-names]")
    with page.expect_download() as got:
        page.click("#replay [data-save]")
    named = json.loads(open(got.value.path()).read())
    assert named["names"][0] == "Zed-Person"

    # the file in the viewer, with no network
    context.set_offline(True)
    page.goto("/replay/")
    page.set_input_files("[data-open-file]", str(saved))
    page.wait_for_selector("#replay .replay-verified", timeout=BOOT_TIMEOUT)
    assert at(page) == 0 and page.locator("#replay .replay-hand").count() == 4
    step_to(page, "#replay [data-key=next]", 1)
    step_to(page, f"#replay .replay-moves [data-step='{last}']", last)
    page.set_viewport_size({"width": 375, "height": 812})
    shoot(page, "replay-offline-phone", full_page=True)
    # a tampered file: refused with the reason
    i = next(i for i, (_, a) in enumerate(data["record"]["actions"]) if a.get("cards"))
    data["record"]["actions"][i][1]["cards"][0] ^= 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    page.set_input_files("[data-open-file]", str(bad))
    page.wait_for_selector("#replay .replay-error")
    assert "再生できません" in page.inner_text("#replay .replay-error")
    context.close()


def test_a_practice_hand_is_listed_and_replays_offline_from_this_browser(browser, live_server_url):
    context, page, _ = visit_once_online(browser, live_server_url, "/")
    context.set_offline(True)
    start(page, "doudizhu")
    shown = page.text_content("#history [data-commitment]")
    assert re.fullmatch(r"[0-9a-f]{64}", shown)
    auto_play(page)
    to_the_result(page)
    page.click("#history summary")
    link = page.locator("#history a[data-hand='1']")
    href = link.get_attribute("href")
    commitment = re.search(r"c=([0-9a-f]{64})", href).group(1)
    assert commitment == shown  # the hand listed is the one whose commitment the table showed
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('tefuda.records.doudizhu'))")
    assert [r["commitment"] for r in stored] == [commitment] and "secret" in stored[0]
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(href)
    page.wait_for_selector("#replay .replay-verified", timeout=BOOT_TIMEOUT)
    assert page.get_attribute("#replay", "data-commitment") == commitment
    # opened under the page's list, the viewer comes to the top of a phone's screen, its
    # table in sight (try40: below the fold, and a step seemed to do nothing)
    page.wait_for_function("() => Math.abs(document.getElementById('replay').getBoundingClientRect().top) <= 1")
    assert page.evaluate("document.querySelector('#replay .replay-table').getBoundingClientRect().top") < 812 - 150
    assert page.locator("#replay .replay-hand").count() == 3
    # the seat this browser's person played is said (try38: 席1, 席2, 席3 and no "you")
    assert "席1（あなた）" in page.inner_text("#replay") and "席2（あなた）" not in page.inner_text("#replay")
    step_to(page, "#replay [data-key=next]", 1)
    context.close()


def seat_token(page, room_id) -> str | None:
    return page.evaluate(f"() => sessionStorage.getItem('tefuda.seat.{room_id}')")


def small_targets(page, selector: str) -> list:
    """The visible ``selector``s smaller than 44×44 px (a finger's tap)."""
    return page.eval_on_selector_all(selector, """els => els.filter(e => e.offsetParent !== null).map(e => {
        const r = e.getBoundingClientRect();
        return {text: e.textContent.trim().slice(0, 20), w: Math.round(r.width), h: Math.round(r.height)};
    }).filter(b => b.w < 44 || b.h < 44)""")


def test_back_to_the_room_from_a_replay(browser, live_server_url):
    """try14: the replay page had no way back to the room. これまでの局を再生 opens a hand in
    a new tab; its 部屋に戻る closes that tab while the table's tab holds the seat (opening
    the room there would find the seat in use), and once no tab holds it, opens the room
    page in this tab, which finds the seat again (this browser's cookie). Its tap targets
    are a finger's size on a phone, in Japanese and English."""
    bid = tokens.new_token()
    room_id, _ = finished_room_hand(bid)
    context = browser.new_context(base_url=live_server_url, viewport={"width": 1280, "height": 800}, locale="ja-JP")
    context.add_cookies([{"name": tokens.BROWSER_COOKIE, "value": bid, "url": live_server_url}])
    table = context.new_page()
    table.goto(f"/rooms/{room_id}/")
    table.wait_for_function(f"() => sessionStorage.getItem('tefuda.seat.{room_id}')", timeout=30_000)
    held = seat_token(table, room_id)
    table.click("#history summary")
    with context.expect_page() as opened:
        table.click("#history a[data-hand='1']")
    shown = opened.value
    shown.wait_for_selector("#replay .replay-verified")
    assert shown.inner_text("[data-back-to-room]").strip() == "← 部屋に戻る"
    shoot(shown, "replay-back-desktop-ja")
    with shown.expect_event("close"):
        shown.click("[data-back-to-room]")
    table.wait_for_timeout(1500)  # (a second tab claiming the seat would have shown by now)
    assert seat_token(table, room_id) == held and table.url.endswith(f"/rooms/{room_id}/")
    assert not table.locator("text=ほかの画面で使われています").count()
    table.close()  # the table's tab goes: its seat is free for this browser's next tab

    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"/rooms/{room_id}/hands/1/")
    page.wait_for_selector("#replay .replay-verified")
    shoot(page, "replay-back-phone-ja", full_page=True)
    assert small_targets(page, "[data-back-to-room], #replay button, .replay-save label") == []
    page.wait_for_function(f"() => fetch('/rooms/{room_id}/hands/1/?held=1').then(r => r.text())"
                           ".then(t => (window.__held = t, t === '0'))", timeout=40_000, polling=1000)
    page.click("[data-back-to-room]")
    page.wait_for_url(f"**/rooms/{room_id}/")
    page.wait_for_function(f"() => sessionStorage.getItem('tefuda.seat.{room_id}')", timeout=30_000)
    page.wait_for_selector("#history", state="attached")
    assert not page.locator("text=ほかの画面で使われています").count()
    context.close()

    english = browser.new_context(base_url=live_server_url, locale="en-US", viewport={"width": 375, "height": 812})
    english.add_cookies([{"name": tokens.BROWSER_COOKIE, "value": bid, "url": live_server_url}])
    page = english.new_page()
    page.goto(f"/rooms/{room_id}/hands/1/")
    page.wait_for_selector("#replay .replay-verified")
    assert page.inner_text("[data-back-to-room]").strip() == "← Back to the room"
    assert small_targets(page, "[data-back-to-room], #replay button, .replay-save label") == []
    # the step bar that stays at the top is one row on a phone (try36: three rows, ~170 px,
    # hid the table's play after 進む), its buttons still named in words
    bar = page.eval_on_selector(".replay-nav", """nav => ({h: nav.getBoundingClientRect().height,
        tops: [...nav.querySelectorAll('button')].map(b => Math.round(b.getBoundingClientRect().top)),
        heights: [...nav.querySelectorAll('button')].map(b => Math.round(b.getBoundingClientRect().height)),
        right: Math.max(...[...nav.querySelectorAll('button')].map(b => b.getBoundingClientRect().right)),
        names: [...nav.querySelectorAll('button')].map(b => b.getAttribute('aria-label') || b.textContent.trim())})""")
    assert len(set(bar["tops"])) == 1 and bar["h"] <= 60, bar
    assert max(bar["heights"]) <= 48 and bar["right"] <= 375, bar  # each word on one line (replay44: "Autopla / y")
    assert bar["names"][:4] == ["Deal", "Back", "Next", "Result"], bar
    shoot(page, "replay-back-phone-en", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    shoot(page, "replay-back-desktop-en")
    english.close()


def test_this_browsers_practice_hands_are_numbered_as_their_table_showed_them(browser, live_server_url):
    """try14's numbering on /replay/'s list of practice hands: a hand is listed by the number
    its table showed (第Nゲーム / 第N局: one more than the hand before it, 1 in a new match),
    not by how many hands this browser played (the record's no)."""
    context = browser.new_context(base_url=live_server_url, locale="ja-JP")
    page = context.new_page()
    page.goto("/replay/")
    records = [{"game": "daifugo", "no": 7, "commitment": "a" * 64, "count": 3, "match": 2},
               {"game": "doudizhu", "no": 8, "commitment": "b" * 64, "count": 1},
               {"game": "guandan", "no": 9, "commitment": "c" * 64, "count": 5},
               {"game": "guandan", "no": 10, "commitment": "d" * 64}]  # older than its count
    page.evaluate("rs => localStorage.setItem('tefuda.records.test', JSON.stringify(rs))", records)
    page.reload()
    page.wait_for_selector("[data-local-list]:not([hidden])")
    # each hand named by its game, its number and (when kept) its match (try50); the
    # commitment only in the button's title
    items = "[data-local-items] [data-local-open]"
    assert page.eval_on_selector_all(items, "els => els.map(e => e.textContent)") == \
        ["掼蛋　第10局", "掼蛋　第5局", "闘地主　第1局", "オリジナル大富豪　第3ゲーム（第2試合）"]  # newest first
    assert page.eval_on_selector_all(items, "els => els.map(e => e.title)")[0] == "コミットメント " + "d" * 64
    context.close()
    for locale, first, last in (("en-US", "Guandan · Hand 10", "Tycoon (original Daifugō) · Round 3 (Match 2)"),
                                ("zh-CN", "掼蛋　第10局", "大富豪（原创规则）　第3局（第2场比赛）")):
        context = browser.new_context(base_url=live_server_url, locale=locale)
        page = context.new_page()
        page.goto("/replay/")
        page.evaluate("rs => localStorage.setItem('tefuda.records.test', JSON.stringify(rs))", records)
        page.reload()
        page.wait_for_selector("[data-local-list]:not([hidden])")
        said = page.eval_on_selector_all(items, "els => els.map(e => e.textContent)")
        assert said[0] == first and said[-1] == last, (locale, said)
        context.close()
