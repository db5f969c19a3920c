"""The side row's summaries on a phone stay on screen (a new user's report): late in a
6-player Daifugō hand "Graveyard 90" (English) ran past the right edge upright, and at a
Guandan result held sideways 已打的局 (Chinese; now 各局结果) was cut off in the narrow column. Each
summary of the row is measured inside the row and the viewport, and nothing scrolls
sideways. With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
import pytest
from django.conf import settings

from tests.browser.test_browser_layout import LANDSCAPE, PORTRAIT, boxes
from tests.browser.steps import shoot
from tests.browser.test_browser_table_details import open_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def late_daifugo(room):
    s = room.state
    return s["game_no"] >= 2 and s["phase"] == "play" and len(s["graveyard"]) >= 90 and s["turn"] == 0


def guandan_result(room):
    return room.state["hand_no"] >= 2 and room.state["phase"] == "hand_over"


CASES = {"daifugo": ({"players": "6"}, late_daifugo, "#graveyard summary", "Graveyard 9"),
         "guandan": ({}, guandan_result, "#graveyard summary", "各局结果")}


@pytest.mark.parametrize("game, lang", [("daifugo", "en"), ("guandan", "zh-hans")])
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_side_rows_summaries_fit_on_a_phone(live_server_url, browser, game, lang, size):
    options, until, summary, words = CASES[game]
    page, _ = open_room(browser, live_server_url, size, game, options=options, seed="side7", until=until)
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server_url}])
    page.reload()
    page.wait_for_selector(f"html[lang={lang}]")
    page.wait_for_selector("#hand-form, #result:not([hidden])")
    page.wait_for_timeout(800)
    label = f"{game} {lang} {size}"
    shoot(page, f"side-{game}-{lang}-{size[0]}x{size[1]}")
    assert words in page.inner_text(summary), label
    vw, vh = size
    side = page.eval_on_selector(".table-side", """e => { const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, scroll: e.scrollWidth, client: e.clientWidth}; }""")
    assert side["scroll"] <= side["client"] + 0.5, f"{label}: the side row scrolls sideways {side}"
    found = boxes(page, ".table-side summary")
    assert any(words in b["text"] for b in found), (label, found)
    for b in found:
        assert side["x"] - 0.5 <= b["x"] and b["x"] + b["w"] <= side["x"] + side["w"] + 0.5, f"{label}: {b} cut by {side}"
        assert 0 <= b["x"] and b["x"] + b["w"] <= vw + 0.5, f"{label}: {b} off screen"
        assert 0 <= b["y"] and b["y"] + b["h"] <= vh + 0.5, f"{label}: {b} below the fold"
    # one even line (try14: スタンプ sat lower than 再生): summaries that share a line share its middle
    for a in found:
        for b in found:
            if a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]:
                assert abs((a["y"] + a["h"] / 2) - (b["y"] + b["h"] / 2)) <= 1, f"{label}: {a} and {b} are not in line"


def second_game_my_turn(room):
    s = room.state
    return s["game_no"] >= 2 and s["phase"] == "play" and s["turn"] == 0


def test_the_exchange_lines_leave_the_summaries_whole_on_a_phone(live_server_url, browser):
    """try16: in Daifugō's second game the two exchange lines took the row's room: the log's
    line was squeezed to "C…" beside the legend and スタンプ and 墓地 fell to a third line.
    The exchange lines now have a row (the legend at its end) and the log and the other
    summaries the next: every summary whole, those after the exchange on one line."""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "daifugo", seed="seven0", until=second_game_my_turn)
    page.wait_for_selector(".exchange-shown li")
    shoot(page, "side-daifugo-exchange-375x812")
    found = page.eval_on_selector_all(".table-side summary", """els => els.filter(e => e.offsetParent !== null).map(e => {
        const r = e.getBoundingClientRect(), cut = [e, ...e.querySelectorAll('*')].some(x => x.scrollWidth > x.clientWidth + 1);
        return {text: e.innerText.trim(), x: r.x, y: r.y, w: r.width, h: r.height, cut: cut}; })""")
    assert len(found) >= 4, found
    for b in found:
        assert not b["cut"] and b["x"] >= 0 and b["x"] + b["w"] <= PORTRAIT[0] + 0.5, b
    rest = [b for b in found if not b["text"].startswith("紫の点")]
    assert max(b["y"] + b["h"] / 2 for b in rest) - min(b["y"] + b["h"] / 2 for b in rest) <= 1, rest


def long_log_my_turn(room):
    s = room.state
    return s["game_no"] >= 2 and len(s["log"]) >= 16 and s["phase"] == "play" and s["turn"] == 0


def test_a_long_logs_heading_stays_in_view_at_a_desktop(live_server_url, browser):
    """try18: at a desktop (1280×720; six seats, the second game: the exchange above the log) the log
    scrolled to its newest line took its heading out of view but for a sliver. The heading
    stays at the top of the log's box: what is there is the log itself (its heading), not
    one of its lines."""
    page, _ = open_room(browser, live_server_url, (1280, 720), "daifugo", options={"players": "6"}, seed="side7",
                        until=long_log_my_turn)
    page.wait_for_timeout(800)
    shoot(page, "side-daifugo-long-log-1280x720")
    got = page.evaluate("""() => { const log = document.getElementById('log'), r = log.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + 40, r.top + 6);
        return {scrolled: log.scrollTop, over: log.scrollHeight - log.clientHeight, top: at === log,
                lines: log.children.length, height: r.height}; }""")
    assert got["over"] > 0 and got["scrolled"] > 0, f"the log should be long enough to scroll: {got}"
    assert got["top"], f"a line of the log, not its heading, is at its top: {got}"
