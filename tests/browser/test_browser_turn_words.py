"""Words that must stay whole on a small screen (try14's new-user test), measured with
Playwright's bounding boxes in rooms set up on the server:

- the field's turn line with a long name in it ("とても長い名前の… の番です"): the name is cut with
  an ellipsis, the turn words are whole, on one line inside the field, in every game, in
  Japanese and English, on a phone (375×812) and a desktop;
- Guandan's status bar on a 360×640 phone at the busiest moment of play (your turn to beat a
  play, the turn clock running): at most two lines, in English, Japanese and Chinese.

With ``TEFUDA_SHOTS=<folder>`` each screen is also saved there (for looking at)."""
from __future__ import annotations

import pytest

from rooms import lobby, passphrase, tokens
from rooms.models import Room
from tests.browser.steps import on_server, shoot
from tests.browser.test_browser_layout import DESKTOP, LONG_NAME, PORTRAIT
from tests.browser.test_browser_table_details import _my_turn_to_beat, open_room, page_with_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = (360, 640)
#: the turn words of "%(name)s の番です" as each language says them (locale/*/django.po)
TURN_WORDS = {"ja-JP": "の番です", "en-US": "'s turn"}


def _room_with_a_long_name(bid: str, bid2: str, game: str) -> int:
    """A room of ``game``: browser ``bid`` in seat 0, browser ``bid2`` (a person called
    :data:`LONG_NAME`) in seat 1, CPUs in the rest; the engine's moves are made until it is
    seat 1's turn."""
    from games import get_engine
    from games.core.engine import next_move
    from rooms import actions

    key = passphrase.room_key(passphrase.normalise(f"long name {bid[:8]}"))
    room, _ = lobby.enter(key, "あなた", tokens.digest(bid), game=game)
    lobby.join(room.id, LONG_NAME, tokens.digest(bid2))
    lobby.set_options(room.id, 0, {"speed": "slow", "turn_limit": "0"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="long-name")
    for _ in range(5000):
        room = Room.objects.get(pk=room.id)
        s = room.state
        if s.get("turn") == 1 and s.get("phase") in ("play", "bidding") and not s.get("window") and not s.get("pending"):
            return room.id
        seat, action = next_move(get_engine(room.game), s)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError("seat 1's turn never came")


#: the turn line's box, its lines, the box of its turn words (found in its text, whatever
#: the markup) and of its name (``.who``, cut or not)
TURN_LINE = """(e, words) => {
    const box = q => ({x: q.left, w: q.width, right: q.right, top: q.top});
    const r = e.getBoundingClientRect(), text = e.textContent, at = text.indexOf(words);
    const range = document.createRange(), walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    let seen = 0, node;
    while ((node = walker.nextNode())) {
        const len = node.data.length;
        if (at >= seen && at < seen + len) range.setStart(node, at - seen);
        if (at + words.length > seen && at + words.length <= seen + len) range.setEnd(node, at + words.length - seen);
        seen += len;
    }
    const all = document.createRange();
    all.selectNodeContents(e);
    const tops = [...all.getClientRects()].filter(q => q.width > 0).map(q => q.top).sort((a, b) => a - b);
    const lines = tops.filter((t, i) => i === 0 || t - tops[i - 1] > 6);  // (an element's box and its glyphs' differ a little)
    const who = e.querySelector('.who');
    return {line: box(r), lines: lines.length, text: text.trim(), found: at >= 0,
            words: at >= 0 ? box(range.getBoundingClientRect()) : null,
            who: who && {...box(who.getBoundingClientRect()), cut: who.scrollWidth > who.clientWidth + 1,
                         ellipsis: getComputedStyle(who).textOverflow}};
}"""


@pytest.mark.parametrize("game", ["guandan", "daifugo", "doudizhu"])
@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_a_long_name_is_cut_but_the_turn_words_stay_whole(live_server_url, browser, game, locale):
    """Someone called とても長い名前のプレイヤーさん has the turn: the field's turn line is one
    line inside the field, its turn words (の番です / 's turn) whole inside it, the name cut
    with an ellipsis on a phone (it is too long there) and left whole at a desktop."""
    bid, bid2 = tokens.new_token(), tokens.new_token()
    room_id = on_server(_room_with_a_long_name, bid, bid2, game)
    # their own screen is open too (a seat nobody is connected to is played for)
    theirs = page_with_seat(browser, live_server_url, bid2, PORTRAIT, locale=locale)
    theirs.goto(f"{live_server_url}/rooms/{room_id}/")
    theirs.wait_for_selector("#hand-form", timeout=30_000)
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT, locale=locale)
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#field > p.whose-turn", timeout=30_000)
    for size, tag in ((PORTRAIT, "portrait"), (DESKTOP, "desktop")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(400)
        shoot(page, f"turn-words-{game}-{locale}-{tag}")
        field = page.eval_on_selector("#field", "e => { const r = e.getBoundingClientRect(); return {x: r.left, right: r.right}; }")
        t = page.eval_on_selector("#field > p.whose-turn", TURN_LINE, TURN_WORDS[locale])
        where = f"{game} {locale} {tag}: {t} (field {field})"
        assert t["found"] and t["lines"] == 1, where
        assert field["x"] - 0.5 <= t["line"]["x"] and t["line"]["right"] <= field["right"] + 0.5, where
        # the turn words are whole: inside the line's box (not behind its clip or ellipsis)
        assert t["line"]["x"] - 0.5 <= t["words"]["x"] and t["words"]["right"] <= t["line"]["right"] + 0.5, where
        assert t["who"] and t["who"]["ellipsis"] == "ellipsis", where
        # the name and the words do not overlap; Japanese keeps its space between them
        gap = t["words"]["x"] - t["who"]["right"] if locale == "ja-JP" else 0
        assert t["who"]["right"] <= t["words"]["x"] + 0.5 and (locale != "ja-JP" or gap >= 2), where
        if tag == "portrait":
            assert t["who"]["cut"], f"the long name fits on a phone (the test shows nothing): {where}"
        else:
            assert not t["who"]["cut"] and LONG_NAME in t["text"], where
    page.context.close()
    theirs.context.close()


def status_lines(page) -> dict:
    """The status bar's lines: the distinct tops of its text's line boxes (each item's, and
    an item's own second line), with the bar's size, its text and its shown items (class,
    width, top)."""
    return page.eval_on_selector("#status", """e => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const tops = [...range.getClientRects()].filter(q => q.width > 0.5 && q.height > 0.5).map(q => q.top).sort((a, b) => a - b);
        const lines = [];
        for (const t of tops) if (!lines.length || t - lines[lines.length - 1] > 6) lines.push(t);
        const items = [...e.children].filter(c => c.offsetParent !== null).map(c => {
            const r = c.getBoundingClientRect();
            return [c.className, Math.round(r.width), Math.round(r.top)];
        });
        return {lines: lines.length, h: e.getBoundingClientRect().height, w: e.getBoundingClientRect().width, text: e.innerText, items};
    }""")


@pytest.mark.parametrize("locale", ["en-US", "ja-JP", "zh-CN"])
def test_guandan_status_takes_two_lines_on_a_small_phone(live_server_url, browser, locale):
    """Guandan at 360×640, your turn to beat a play with the turn clock running (the most
    the status bar ever says in play): the status bar is at most two lines, and the hand's
    first card is whole above its sticky buttons."""
    page, _ = open_room(browser, live_server_url, SMALL_PHONE, "guandan", options={"turn_limit": "60"},
                        until=_my_turn_to_beat, locale=locale)
    page.wait_for_selector("#status .countdown b[data-deadline]")
    page.wait_for_selector("#status .gd-target", state="attached")  # (said, if not shown)
    page.wait_for_timeout(400)
    shoot(page, f"guandan-status-{locale}-360")
    got = status_lines(page)
    assert got["lines"] <= 2, f"{locale}: the status bar takes {got['lines']} lines: {got}"
    card = page.eval_on_selector("#hand-form .card", "e => e.getBoundingClientRect().bottom")
    buttons = page.eval_on_selector("#hand-form .controls", "e => e.getBoundingClientRect().top")
    assert card <= buttons + 0.5, f"{locale}: the hand's first card is under its buttons ({card} > {buttons}): {got}"
    page.context.close()
