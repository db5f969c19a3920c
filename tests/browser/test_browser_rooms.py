"""Two friends in Chromium: passphrase + copied link, CPUs, a whole round, the next round,
closing and reopening a tab, and a third browser that cannot take a connected seat."""
import re
import time

import pytest

from tests.browser.steps import enter

pytestmark = pytest.mark.browser


def play_turn(page) -> bool:
    """If it is this page's turn, act (hint → play, else pass). True if it acted."""
    hand = page.query_selector("#hand-form .my-turn")
    if hand is None:
        return False
    version = page.get_attribute("#ver", "data-version")
    try:  # the table may re-render under the click (a CPU moved): then try again next time
        if page.query_selector("#hand-form button:has-text('ヒント')"):
            page.click("#hand-form button:has-text('ヒント')", timeout=2000)
            page.wait_for_timeout(150)
        if page.query_selector("#hand-form input:checked"):
            page.click("#hand-form button[value=play]:visible >> nth=-1", timeout=2000)
        elif page.query_selector("#hand-form [data-action=pass]"):
            page.click("#hand-form [data-action=pass]", timeout=2000)
        else:
            return False
    except Exception:
        return False
    try:
        page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'", timeout=3000)
    except Exception:
        pass
    return True


def watch(context, problems: list) -> None:
    """Collect CSP violations and script errors of every page of ``context``. (Under the CSP,
    ``wait_for_function`` takes arrow functions: a bare expression string would be eval'd.)"""
    def on_page(page):
        page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text
                or m.type == "error" and "Failed to load resource" not in m.text  # /favicon.ico 404
                and "WebSocket" not in m.text else None)  # the closed tab's socket
        page.on("pageerror", lambda e: problems.append(str(e)))
    context.on("page", on_page)


RECORD_PHASES = """() => { window.phases = [];
  document.getElementById("room").addEventListener("tefuda:swapped", () => {
    const s = document.getElementById("status"); if (s) window.phases.push(s.textContent); }); }"""


def test_two_friends_play_a_round(live_server_url, browser):
    url = live_server_url
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    problems: list = []
    watch(host_ctx, problems)
    watch(guest_ctx, problems)
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    host = host_ctx.new_page()
    enter(host, url, "あき", "ブラウザ　テスト")
    shown = host.input_value("#share-link")  # the whole address before anyone presses コピー
    assert re.fullmatch(re.escape(url) + r"/rooms/[0-9a-f-]+/", shown)
    host.click("button[data-copy]")
    link = host.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(re.escape(url) + r"/rooms/[0-9a-f-]+/", link)

    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.fill("#stage input[name=name]", "<b>ふゆ</b>")
    guest.click("text=参加する")
    guest.wait_for_selector("#lobby")
    host.wait_for_selector("#lobby li:has-text('<b>ふゆ</b>')")  # escaped, shown as text

    host.select_option("select[name=speed]", "fast")
    host.wait_for_timeout(200)
    host.click("text=CPUを追加")
    host.wait_for_selector("#lobby li:has-text('CPU 1')")
    host.click("text=CPUを追加")
    host.wait_for_selector("#lobby li:has-text('CPU 2')")
    host.click("text=ゲーム開始")
    host.wait_for_selector("#hand-form")
    guest.wait_for_selector("#hand-form")
    assert host.locator("#seats li").count() == 4

    # a third browser cannot take a seat of a game in progress
    stranger = browser.new_context().new_page()
    stranger.goto(link)
    stranger.wait_for_selector("text=途中から新しい人は入れません")
    assert stranger.query_selector("#hand-form") is None

    # the guest closes the tab mid-game; others see 通信待ち; reopening returns the seat
    guest_hand = guest.inner_text("#hand-form .cards")
    guest.close()
    host.wait_for_selector("#seats .away", timeout=30000)  # (the server notices the closed socket)
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#hand-form")
    host.wait_for_function("() => !document.querySelector('#seats .away')", timeout=30000)
    assert guest.inner_text("#hand-form .cards") and guest_hand

    # the graveyard viewer, once opened, stays open while the table re-renders around it
    host.click("#graveyard summary")
    empty_graveyard = host.inner_text("#graveyard summary")
    assert host.eval_on_selector("#graveyard", "d => d.open")

    deadline = time.time() + 150
    while time.time() < deadline and not host.query_selector("#result:not([hidden])"):
        if not (play_turn(host) or play_turn(guest)):
            host.wait_for_timeout(100)
    host.wait_for_selector("#result:not([hidden])", timeout=5000)
    assert "大富豪" in host.inner_text("#result")
    assert host.inner_text("#graveyard summary") != empty_graveyard  # re-rendered many times…
    assert host.eval_on_selector("#graveyard", "d => d.open")  # …and still open
    assert not guest.eval_on_selector("#graveyard", "d => d.open")  # the other tab's own state

    # the next round starts with the card exchange: the 大富豪 gives 2 cards, the 富豪 1
    titles = dict(host.eval_on_selector_all(
        "#result .places li", "lis => lis.map(li => [li.querySelector('.title-badge').textContent.trim(),"
        " li.textContent])"))
    givers = {page: n for page, name in ((host, "あき"), (guest, "<b>ふゆ</b>"))
              for title, n in (("大富豪", 2), ("富豪", 1)) if name in titles.get(title, "")}
    host.evaluate(RECORD_PHASES)
    guest.wait_for_selector("#result:not([hidden])")
    guest.click("#result [data-action=next_game]")
    host.wait_for_selector("text=第2ゲーム")
    assert host.query_selector("#result[hidden]")
    for page, n in givers.items():  # a person who must give chooses the cards
        page.wait_for_selector("#hand-form .exchange-info", timeout=30000)
        assert f"{n}枚" in page.inner_text("#hand-form .exchange-info")
        page.click("#hand-form button:has-text('ヒント')")
        page.wait_for_function(f"() => document.querySelectorAll('#hand-form input:checked').length == {n}")
        page.click("#hand-form button:has-text('渡す')")
        page.wait_for_selector("#hand-form .exchange-info", state="detached", timeout=30000)
    host.wait_for_function("() => !document.querySelector('#status').textContent.includes('カード交換')",
                           timeout=30000)
    assert any("カード交換" in p for p in host.evaluate("window.phases")), "no exchange phase was shown"
    assert "第2ゲーム" in host.inner_text("#status")
    assert not problems, problems
