"""Small layout details of the table (issue 13's leftovers), measured with Playwright's
bounding boxes in rooms the test sets up on the server (a deal pinned by its seed, moves made
by the engine) and opens in this browser: Guandan's ワイルド column label on one line at a
desktop; the guest's rule list in the waiting room as chips on a phone; the replay page
inside a 375 px phone; Dou Dizhu's redeal said in the field; Guandan's "+2" badge beside the level it belongs to; the field's
"CPU 1 が出しました" on one line in the narrowest field (six seats, a phone either way);
Guandan's rank columns held sideways below the status bar, their cards' strips as tall as
the room allows.
With ``TEFUDA_SHOTS=<folder>`` each screen is also saved there (for looking at)."""
from __future__ import annotations

import pytest

from rooms import lobby, passphrase, tokens
from rooms.models import Room
from tables.core.screen import MY_TURN, my_turn_line
from tests.browser.practice import at_rest
from tests.browser.steps import on_server, read_when, shoot
from tests.browser.test_browser_layout import DESKTOP, LANDSCAPE, LONG_NAME, PORTRAIT, box_of, boxes, check_one_screen, seat_parts_stay_inside

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _room(bid: str, phrase: str, game: str, options: dict, seed: str | None, until, name: str = "あなた") -> int:
    from games import get_engine
    from games.core.engine import next_move
    from rooms import actions

    key = passphrase.room_key(passphrase.normalise(phrase))
    room, _ = lobby.enter(key, name, tokens.digest(bid), game=game)
    lobby.set_options(room.id, 0, {"speed": "slow", "turn_limit": "0", **options}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed=seed)
    for _ in range(5000):
        room = Room.objects.get(pk=room.id)
        if until is None or until(room):
            return room.id
        seat, action = next_move(get_engine(room.game), room.state)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError("never reached")


def page_with_seat(browser, url: str, bid: str, size, locale: str | None = None):
    """A new page at ``size`` (in ``locale``, else the browser's own) of a browser whose id
    cookie is ``bid`` (the seat a test set up on the server for that browser is its own)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **({"locale": locale} if locale else {}))
    context.add_cookies([{"name": tokens.BROWSER_COOKIE, "value": bid, "url": url}])
    return context.new_page()


def open_room(browser, url: str, size, game: str, *, options=None, seed=None, until=None, phrase=None, locale="ja-JP"):
    """A room of ``game`` (you in seat 0, CPUs in the rest, slow CPUs, no turn limit), dealt
    from ``seed``, its moves made by the engine until ``until(room)``; returns the page
    showing it at ``size``."""
    bid = tokens.new_token()
    room_id = on_server(_room, bid, phrase or f"details {bid[:8]}", game, options or {}, seed, until)
    page = page_with_seat(browser, url, bid, size, locale=locale)
    page.goto(f"{url}/rooms/{room_id}/")
    page.wait_for_selector("#hand-form, #result:not([hidden])", timeout=30_000)
    page.wait_for_timeout(800)  # the deal's motion
    return page, room_id


def one_line(page, selector: str, put: str = "() => {}", arg=None) -> list[dict]:
    """Each visible ``selector``'s box, the number of its lines (of its text's client rects)
    and whether its text is cut (an ellipsis). Rects whose tops lie within half a rect's
    height of a line's are that line: "CPU 2" and "の番です" on one line have tops a pixel
    apart (Latin and CJK glyphs), which rounding once counted as two lines (CI, stop 36).
    ``put`` (a JS function of ``arg``) changes the page first, in the same task: the room's
    next message, swapped in between two calls, would replace what it put in."""
    return page.evaluate("([selector, arg]) => { (" + put + """)(arg);
      return [...document.querySelectorAll(selector)].filter(e => e.offsetParent !== null).map(e => {
        const r = e.getBoundingClientRect(), range = document.createRange();
        range.selectNodeContents(e);
        const rects = [...range.getClientRects()].filter(q => q.width > 0).sort((a, b) => a.top - b.top);
        let lines = 0, top = -Infinity;
        for (const q of rects) if (q.top - top > q.height / 2) { lines += 1; top = q.top; }
        return {x: r.x, y: r.y, w: r.width, h: r.height, lines: lines, text: e.textContent.trim(),
                cut: e.scrollWidth > e.clientWidth + 1};
    }); }""", [selector, arg])


def test_guandan_wild_column_label_stays_on_one_line(live_server_url, browser):
    """Seat 0 holds a wild in the deal of gd24 (tests/rooms/guandan_plan): its column's
    label ワイルド is one line at a desktop and on a phone either way (try18: 「ワイル／ド」
    held sideways), inside its column's tap button."""
    page, _ = open_room(browser, live_server_url, DESKTOP, "guandan", seed="gd24")
    tap = "#hand-form .gd-col[data-key=W] .gd-tap"
    page.wait_for_selector(tap)
    for size, tag in ((DESKTOP, "desktop"), (PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(400)
        shoot(page, f"guandan-wild-{tag}")
        label, col = one_line(page, tap)[0], boxes(page, "#hand-form .gd-col[data-key=W]")[0]
        assert label["text"].startswith("ワイルド")
        assert label["lines"] == 1, f"{tag}: ワイルド wraps: {label}"
        assert col["x"] - 0.5 <= label["x"] and label["x"] + label["w"] <= col["x"] + col["w"] + 0.5, (tag, label, col)
        glyphs = page.eval_on_selector(tap, """e => { const r = document.createRange(); r.selectNodeContents(e.firstChild);
            const q = r.getBoundingClientRect(), b = e.getBoundingClientRect(); return [q.left - b.left, b.right - q.right]; }""")
        assert min(glyphs) >= -0.5, f"{tag}: ワイルド runs outside its button {glyphs}"
        turn = one_line(page, "#field > p.whose-turn")[0]  # (the narrow field of a phone held sideways)
        assert turn["text"] == "あなたの番です" and turn["lines"] == 1 and not turn["cut"], f"{tag}: {turn}"
        # on おまかせ the longer line is whole, on two lines if need be (try41: 「おまかせ中：CPUが…」)
        auto = one_line(page, "#field > p.whose-turn", "html => { document.querySelector('#field > p.whose-turn').innerHTML = html; }",
                        str(my_turn_line(True)))[0]
        assert auto["text"] == MY_TURN[True] and not auto["cut"] and auto["lines"] <= 2, f"{tag}: {auto}"
        page.eval_on_selector("#field > p.whose-turn", "e => { e.textContent = 'あなたの番です'; }")


def test_guandan_column_labels_stay_inside_their_buttons_in_english(live_server_url, browser):
    """Every rank column's label (Big Joker, Small Joker, Wild…) lies inside its tap button
    at every size, in English, whose labels are the longest (a tester read "Big Joke"
    held sideways)."""
    page, _ = open_room(browser, live_server_url, LANDSCAPE, "guandan", seed="wide2", locale="en-US")
    page.wait_for_selector("#hand-form .gd-tap")
    for size in (LANDSCAPE, PORTRAIT, DESKTOP):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(400)
        labels = page.eval_on_selector_all("#hand-form .gd-tap", """es => es.map(e => {
            const r = document.createRange(); r.selectNodeContents(e.firstChild);
            const q = r.getBoundingClientRect(), b = e.getBoundingClientRect();
            return [e.firstChild.textContent.trim(), q.left - b.left, b.right - q.right]; })""")
        assert any("Joker" in text for text, _, _ in labels), labels  # wide2: seat 0 holds both jokers
        assert all(min(left, right) >= -0.5 for _, left, right in labels), (size, labels)


def overflowing(page, width: int) -> list[str]:
    """The visible elements whose right edge passes ``width`` or whose left edge is left of 0,
    and those that cut their own content sideways (a box that clips or scrolls what is wider
    than it: a table's last column, a list's numbers), as ``tag.class: text [left…right]``.
    An element inside one that clips counts only through that one."""
    return page.evaluate("""w => [...document.querySelectorAll('body *')].filter(e => {
        if (e.matches('.lb, .sr-only') || !e.checkVisibility() || !e.getClientRects().length) return false;
        const r = e.getBoundingClientRect(), clips = o => o !== 'visible';
        const style = getComputedStyle(e);  // (a long name cut with an ellipsis is meant)
        const cut = clips(style.overflowX) && style.textOverflow !== 'ellipsis' && e.scrollWidth > e.clientWidth + 1;
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            if (clips(getComputedStyle(p).overflowX)) return cut;
        }
        return cut || (r.width > 0 && (r.right > w + 0.5 || r.left < -0.5));
    }).map(e => e.tagName.toLowerCase() + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 30)
              + ' [' + Math.round(e.getBoundingClientRect().left) + '…' + Math.round(e.getBoundingClientRect().right)
              + ', ' + e.scrollWidth + '/' + e.clientWidth + ']')""", width)


@pytest.mark.parametrize("game,players,locale,seed", [("daifugo", 6, "ja-JP", None), ("guandan", 4, "en-US", None),
                                                      ("doudizhu", 3, "en-US", "s100"), ("doudizhu", 3, "en-US", "s41")])
def test_the_replay_page_fits_a_phone(live_server_url, browser, game, players, locale, seed):
    """A room's finished hand (a long name in it) in the replay viewer at 375×812, at its
    start, a middle step and its end (the result): nothing passes either edge or is cut
    sideways, the page never scrolls sideways. Dou Dizhu's deals are pinned: ``s100`` ends
    in a spring (its sentence under the result), ``s41`` has a play of 14 cards (a pair
    sequence 77…KK) on the field."""
    from tests.rooms.test_hand_records import play_until

    bid = tokens.new_token()

    def finished():
        room_id = _room(bid, f"replay {bid[:8]}", game, {"players": str(players)}, seed, None, LONG_NAME)
        play_until(room_id, 1)
        return room_id

    room_id = on_server(finished)
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT, locale=locale)
    page.goto(f"{live_server_url}/rooms/{room_id}/hands/1/")
    page.wait_for_selector("#replay .replay-verified")
    last = int(page.get_attribute("#replay", "data-last"))
    for step, tag in ((None, "start"), (last // 2, "middle"), (last, "end")):
        if step is not None:
            page.click(f"#replay .replay-moves [data-step='{step}']" if step < last else "#replay button[data-step='%d']:not([data-key])" % last)
            page.wait_for_function(f"() => document.querySelector('#replay').dataset.step === '{step}'")
        page.wait_for_timeout(300)
        shoot(page, f"replay-{game}-{tag}-portrait", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PORTRAIT[0], f"{game} {tag}: the page is {width} px wide"
        out = overflowing(page, PORTRAIT[0])
        assert not out, f"{game} {tag}: past the right edge: {out}"


def beside(page, badge: str, text_of: str) -> list[dict]:
    """For each visible ``badge``, the gap (px) between the end of the text before it in
    ``text_of`` (its last line's box) and the badge, and how far their middles are apart
    vertically."""
    return page.eval_on_selector_all(badge, """(els, textOf) => els.filter(e => e.offsetParent !== null).map(e => {
        const host = e.closest(textOf), range = document.createRange();
        range.setStart(host, 0);
        range.setEndBefore(e);
        const lines = [...range.getClientRects()].filter(q => q.width > 0.5);
        const t = lines[lines.length - 1], b = e.getBoundingClientRect();
        return {gap: b.left - t.right, dy: Math.abs((b.top + b.bottom) / 2 - (t.top + t.bottom) / 2),
                badge: e.textContent, text: range.toString().trim().slice(-12)};
    })""", text_of)


def _my_turn_to_beat(room) -> bool:
    """Guandan: another seat's play on the field and seat 0 to answer it."""
    s = room.state
    return s["phase"] == "play" and s["turn"] == 0 and s["trick"]["last"] is not None and s["trick"]["last"]["seat"] != 0


# deals whose first answer finds seat 0 with a big hand in two rows of rank columns: gdfit23,
# 26 cards in 12 columns, a column of four Js in the first row and of five Ks in the second,
# under a single K; gdfit9, 25 cards in 13 columns under a pair of 10s
@pytest.mark.parametrize("seed,locale,size", [("gdfit23", "ja-JP", PORTRAIT), ("gdfit23", "en-US", PORTRAIT),
                                              ("gdfit23", "zh-CN", PORTRAIT), ("gdfit9", "ja-JP", PORTRAIT),
                                              ("gdfit23", "ja-JP", (667, 375))])
def test_a_full_guandan_hand_and_a_play_fit_an_upright_phone(live_server_url, browser, seed, locale, size):
    """try45: at 375×812 with a play on the field, a Guandan hand of 25–27 cards (two rows of
    rank columns) ran up to 123 px past the screen, its second row (K, A, 2, the jokers)
    under the buttons. Now the whole table is one screen: nothing to scroll, every card of
    the hand above the buttons, the field, whose turn, the countdown, every tap ≥ 44×44
    (check_one_screen); the seat that played names the play whole (the field's caption is
    not shown on a phone: static/guandan.css). A small phone held sideways (667×375, under
    700 px wide too) keeps the sideways table: one row of columns (the upright rules once
    wrapped it into two, under the side row)."""
    page, _ = open_room(browser, live_server_url, size, "guandan", seed=seed, until=_my_turn_to_beat,
                        options={"turn_limit": "60"}, locale=locale)
    page.wait_for_selector("#field .field-play")
    page.wait_for_selector("#hand-form .my-turn button[value=play]")
    shoot(page, f"guandan-full-hand-{seed}-{locale[:2]}-{size[0]}x{size[1]}")
    label = f"{seed} {locale} {size}"
    check_one_screen(page, label, sideways=size[0] > size[1])
    if size[0] > size[1]:
        rows = {round(b["y"]) for b in boxes(page, "#hand-form .gd-col")}
        assert len(rows) == 1, f"{label}: the columns in {len(rows)} rows"
    main = page.evaluate("(() => { const m = document.querySelector('main'); return [m.scrollHeight, m.clientHeight]; })()")
    assert main[0] <= main[1] + 1, f"{label}: the table is {main[0] - main[1]} px taller than the screen"
    cards, bar = boxes(page, "#hand-form .card"), boxes(page, "#hand-form .controls")[0]
    assert len(cards) >= 25, f"{label}: {len(cards)} cards"
    low = [c for c in cards if c["y"] + c["h"] > bar["y"] + 0.5]
    assert not low, f"{label}: cards under the buttons {bar}: {low}"
    said = page.evaluate("""() => [...document.querySelectorAll('#seats .seat .gd-last')].filter(e => e.offsetParent)
        .map(e => ({text: e.textContent, cut: e.scrollWidth > e.clientWidth + 1, lines: e.getClientRects().length}))""")
    assert said and not any(s["cut"] for s in said), f"{label}: a seat's play is cut: {said}"
    assert not page.evaluate("[...document.querySelectorAll('#field > p.muted')].some(e => e.offsetParent)"), label
    # …and the seat whose play lies on the field (.last) says it in bold, the others' quieter (try46)
    weights = page.eval_on_selector_all("#seats .seat .gd-last", """els => els.map(e => [e.closest('.seat').classList.contains('last'),
        parseInt(getComputedStyle(e).fontWeight), parseFloat(getComputedStyle(e).opacity)])""")
    on_field = [w for w in weights if w[0]]
    assert len(on_field) == 1 and on_field[0][1] >= 700 and on_field[0][2] == 1, f"{label}: {weights}"
    assert all(w[1] < 700 and w[2] < 1 for w in weights if not w[0]), f"{label}: {weights}"


def _dealt_by_another_to_my(room_id: int, phase: str) -> None:
    """Seat 1 deals a Guandan room's next hand (so seat 0 is told who dealt); the engine plays
    until seat 0 is to act in ``phase`` (``tribute``: give its tribute; ``return``: choose
    the card it returns)."""
    from games import get_engine
    from games.core.engine import next_move
    from rooms import actions

    room = Room.objects.get(pk=room_id)
    actions.play(room.pk, 1, room.version, {"type": "next_hand"}, by="cpu")
    engine = get_engine("guandan")
    for _ in range(50):
        room = Room.objects.get(pk=room_id)
        if room.state["phase"] == phase and 0 in engine.actors(room.state):
            return
        seat, action = next_move(engine, room.state)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError(f"seat 0 never acts in the second hand's {phase}")


#: what a tribute or a return needs on screen: the field (who gives whom what), the hand, the
#: phase's button and the clock (no seat has the turn: each giver or receiver acts at once)
TRIBUTE_ON_SCREEN = ("#field", "#hand-form .card", "#hand-form [data-action={}]", "#status .countdown b[data-deadline]")


def _told_who_dealt(browser, url: str, seed: str, phase: str, locale: str):
    """A phone's page (375×812, ``locale``) of seat 0 reading its first hand's result, then
    told that seat 1 dealt the second, where seat 0 is to act in ``phase``."""
    bid = tokens.new_token()
    room_id = on_server(_room, bid, f"dealt {phase} {bid[:8]}", "guandan", {"turn_limit": "60"}, seed,
                        lambda r: r.state["phase"] == "hand_over")
    page = page_with_seat(browser, url, bid, PORTRAIT, locale=locale)
    page.goto(f"{url}/rooms/{room_id}/")
    page.wait_for_selector("#result:not([hidden])", timeout=30_000)
    on_server(_dealt_by_another_to_my, room_id, phase)
    page.wait_for_selector(f"#hand-form [data-action={phase}]", timeout=30_000)
    page.wait_for_selector("#msg [data-last-result]:not([hidden])")
    at_rest(page)
    return page


def check_the_hand_above_the_buttons(page, label: str, cards: int) -> None:
    """Each of the hand's ``cards`` cards lies above its buttons (Guandan's controls stick to
    the foot of a phone's screen: a card under them is hidden)."""
    found, bar = boxes(page, "#hand-form .card"), boxes(page, "#hand-form .controls")[0]
    assert len(found) == cards, f"{label}: {len(found)} cards"
    low = [c for c in found if c["y"] + c["h"] > bar["y"] + 0.5]
    assert not low, f"{label}: cards under the buttons {bar}: {low}"


# gdr2: seat 0 wins the first hand and is given a tribute in the second (28 cards, one to
# return); gdr0: seat 0 and its partner come last, a double tribute (seat 0 gives one of 27)
@pytest.mark.parametrize("seed,phase,cards,locale", [("gdr2", "return", 28, "ja-JP"), ("gdr2", "return", 28, "en-US"),
                                                     ("gdr2", "return", 28, "zh-CN"), ("gdr0", "tribute", 27, "en-US")])
def test_a_guandan_tribute_told_who_dealt_fits_an_upright_phone(live_server_url, browser, seed, phase, cards, locale):
    """try51: at 375×812 in a second hand, the receiver of a tribute choosing its return, told
    who dealt (「CPU 1 が次の局を始めました。」 and 前の結果を見る), had the foot of its second row
    of columns under the buttons (a K♣ cut, the 大 received half hidden). The whole table is
    one screen (check_one_screen) and every card of the hand lies above the buttons, for a
    return and for a tribute to give."""
    page = _told_who_dealt(browser, live_server_url, seed, phase, locale)
    label = f"{phase} {locale}"
    shoot(page, f"guandan-{phase}-dealt-{locale[:2]}")
    check_one_screen(page, label, on_screen=tuple(s.format(phase) for s in TRIBUTE_ON_SCREEN))
    check_the_hand_above_the_buttons(page, label, cards)


def test_a_guandan_column_of_seven_stays_above_the_buttons(live_server_url, browser):
    """try52: a tribute's hand with seven 5s, a column of seven cards, had the foot of its
    second row under the buttons. A column of six or more shows no more than five cards'
    strips would (tables/guandan/templates/hand.html's --tall; static/guandan.css): the gdr0
    tribute's 4s made a column of seven as the server would render it, in English."""
    page = _told_who_dealt(browser, live_server_url, "gdr0", "tribute", "en-US")
    page.evaluate("""() => { const cols = document.getElementById('gd-cols'), col = cols.querySelector('.gd-col:nth-child(3)');
        const card = col.querySelector('.card');
        while (col.querySelectorAll('.card').length < 7) col.appendChild(card.cloneNode(true));
        cols.style.setProperty('--tall', '7'); }""")
    shoot(page, "guandan-tribute-column-of-seven")
    strips = page.evaluate("""() => { const cs = [...document.querySelectorAll('#gd-cols .gd-col:nth-child(3) .card')].map(c => c.getBoundingClientRect().top);
        return cs.slice(1).map((t, i) => t - cs[i]); }""")
    assert len(strips) == 6 and all(s >= 14 for s in strips), f"each card's strip shows its rank: {strips}"
    check_the_hand_above_the_buttons(page, "a column of seven", 27 + 6)


@pytest.mark.parametrize("size,tag", [(DESKTOP, "desktop"), (PORTRAIT, "portrait"), (LANDSCAPE, "landscape")])
def test_guandan_rise_badge_sits_beside_its_level(live_server_url, browser, size, tag):
    """At a Guandan hand's result the status bar's "+2" badge follows its team's level on
    the same line, a few px from it, once its motion has ended (the result card says the
    rise once, in its formula "+2: 2 → 4", with no badge of its own since try14)."""
    from tests.rooms.test_hand_records import play_until

    bid = tokens.new_token()

    def finished():
        room_id = _room(bid, f"rise {bid[:8]}", "guandan", {}, "gd24", None)
        play_until(room_id, 1)
        return room_id

    room_id = on_server(finished)
    page = page_with_seat(browser, live_server_url, bid, size)
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#result:not([hidden]) .gd-formula")
    page.wait_for_selector("#status .gd-team .gd-float")
    page.wait_for_timeout(1800)  # the badge's motion (1.4 s)
    shoot(page, f"guandan-rise-{tag}")
    found = beside(page, "#status .gd-team .gd-float", ".gd-team")
    assert len(found) == 1 and not boxes(page, "#result .gd-float"), found
    for f in found:
        assert 0 <= f["gap"] <= 8 and f["dy"] <= 3, f"{tag}: the badge is away from its level: {f}"
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= size[0] + 1, f"{tag}: the page scrolls sideways at the result ({width} px)"
    for b in boxes(page, "#hand-form .controls button:not([hidden]), #hand-form .controls select"):
        assert b["x"] >= 0 and b["x"] + b["w"] <= size[0] + 0.5, f"{tag}: a button off screen sideways {b}"


def _cpu_played_and_my_turn(room) -> bool:
    s = room.state
    return s["phase"] == "play" and s["turn"] == 0 and s["field"] is not None and s["field"]["by"] != 0


def test_the_field_caption_stays_on_one_line(live_server_url, browser):
    """Six-seat Daifugō (the narrowest field) at your turn after a CPU played: "CPU 5 が出しました"
    and "あなたの番です" are one line each inside the field, whole, upright and sideways; a
    long name there is cut with an ellipsis rather than wrapped. (On a loaded machine the
    CPU may stand in for the seat before the page connects, and the line is "CPU 2 の番です":
    it must fit as well.)"""
    page, _ = open_room(browser, live_server_url, LANDSCAPE, "daifugo", options={"players": "6"},
                              until=_cpu_played_and_my_turn)
    page.wait_for_selector("#field .field-play")
    captions = "#field > p.field-by, #field > p.whose-turn"
    for size, tag in ((LANDSCAPE, "landscape"), (PORTRAIT, "portrait")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(500)
        shoot(page, f"daifugo-6-field-caption-{tag}")
        field = box_of(page, "#field")
        found = one_line(page, captions)
        assert len(found) == 2 and "が出しました" in found[0]["text"], found
        for c in found:
            assert c["lines"] == 1 and not c["cut"], f"{tag}: the caption wraps or is cut: {c} (field {field})"
            assert field["x"] - 0.5 <= c["x"] and c["x"] + c["w"] <= field["x"] + field["w"] + 0.5, f"{tag}: {c} outside {field}"
        c = one_line(page, "#field > p.field-by", """name => { const e = document.querySelector('#field > p.field-by');
            e.dataset.was = e.textContent = e.textContent.replace(/^\\S+ \\S+/, name); }""", LONG_NAME)[0]
        shoot(page, f"daifugo-6-field-caption-{tag}-long")
        assert LONG_NAME in c["text"] and c["lines"] == 1 and c["cut"], f"{tag}: a long name: {c}"
        assert field["x"] - 0.5 <= c["x"] and c["x"] + c["w"] <= field["x"] + field["w"] + 0.5, f"{tag}: {c} outside {field}"
        page.reload()
        page.wait_for_selector("#field .field-play")


def _played_by(seat: int):
    """``until``: the engine's seat ``seat``'s play is on the field, no window open (which
    player that is, and where they sit, depends on the deal)."""
    def until(room) -> bool:
        s = room.state
        return s["phase"] == "play" and s["field"] is not None and s["field"]["by"] == seat and not s.get("window")
    return until


#: the field's play box, its caption and where the play lies, from one page state; null
#: while there is no play or a motion of static/feel.js runs inside the field
CAPTION_JS = """() => {
  const play = document.querySelector('#field .field-play'), caption = document.querySelector('#field > p.field-by');
  const field = document.getElementById('field');
  const moving = document.getAnimations().some(a => a.playState === 'running' && field.contains(a.effect && a.effect.target));
  if (!play || !caption || moving) return null;
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height, text: e.innerText}; };
  return {area: play.querySelector('.field-cards').dataset.from, cards: box(play), caption: box(caption)};
}"""


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_field_caption_sits_under_the_cards_it_names(live_server_url, browser, seat):
    """Four-seat Daifugō on a phone: "… が出しました" comes right under the play it names, the
    play lying in front of its player (yours at the bottom of the field, the top seat's at
    the top): nothing else of the field between them (a new-user run saw "played by Beth"
    at the top of the field and Beth's cards at its bottom, a stop window between)."""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "daifugo", options={"players": "4"}, until=_played_by(seat))
    # the CPUs play on: the field, its caption and where the play lies are read in one go
    # (one page state), at a moment with a play on the field and no motion running
    for _ in range(40):
        page.wait_for_selector("#field .field-play")
        got = page.evaluate(CAPTION_JS)
        if got:
            break
        page.wait_for_timeout(100)
    assert got, "no play stayed on the field long enough to be measured"
    area, cards, caption = got["area"], got["cards"], got["caption"]
    shoot(page, f"daifugo-4-field-caption-{area}")
    assert area in ("b", "r", "t", "l") and (area == "b") == caption["text"].startswith("あなた"), (area, caption)
    gap = caption["y"] - (cards["y"] + cards["h"])
    assert -0.5 <= gap <= 12, f"{area}: the caption is {gap:.0f} px from the bottom of the cards ({cards}, {caption})"


def _waiting_room(host_bid: str, guest_bid: str, phrase: str) -> int:
    key = passphrase.room_key(passphrase.normalise(phrase))
    room, _ = lobby.enter(key, "ホスト", tokens.digest(host_bid))
    lobby.set_options(room.id, 0, {"rules": "1", "rule_stop": "on", "rule_eight_cut": "on", "rule_redeal": "on",
                                   "rule_revolution_stop": "on", "rule_five_skip": "on"},
                      Room.objects.get(pk=room.id).version)
    lobby.enter(key, LONG_NAME, tokens.digest(guest_bid))
    return room.id


def test_the_guests_rule_list_reads_as_a_list_on_a_phone(live_server_url, browser):
    """A guest's waiting room on an upright phone lists the room's rules (some on, some off,
    "♥3・♠3 無効化" with a space of its own) as chips: each one line, with a border, apart
    from the next by a visible gap; the two lists (on, off) start on lines of their own;
    the waiting room fits in two screens."""
    host_bid, guest_bid = tokens.new_token(), tokens.new_token()
    room_id = on_server(_waiting_room, host_bid, guest_bid, f"rules {host_bid[:8]}")
    page = page_with_seat(browser, live_server_url, guest_bid, PORTRAIT)
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#lobby .settings.rules")
    page.wait_for_timeout(300)
    shoot(page, "waiting-room-guest-rules-portrait")
    on, off = boxes(page, "#lobby .rules .rule.on"), boxes(page, "#lobby .rules .rule.off")
    assert len(on) == 5 and len(off) == 3, (on, off)  # (10捨て, a house rule off, is not listed)
    chips = on + off
    lines = page.eval_on_selector_all("#lobby .rules .rule", "els => els.map(e => e.getClientRects().length)")
    assert set(lines) == {1}, f"a rule wraps over lines: {lines}"
    framed = page.eval_on_selector_all("#lobby .rules .rule", """els => els.map(e => {
        const s = getComputedStyle(e); return parseFloat(s.borderTopWidth) > 0 || s.backgroundColor !== 'rgba(0, 0, 0, 0)'; })""")
    assert all(framed), "a rule is bare text"
    for a, b in zip(chips, chips[1:]):
        if abs(a["y"] - b["y"]) < 2:  # side by side: a gap of at least 6 px
            assert b["x"] - (a["x"] + a["w"]) >= 6, f"rules run together: {a} {b}"
        else:
            assert b["y"] >= a["y"] + a["h"], f"rules overlap: {a} {b}"
    assert off[0]["y"] >= on[-1]["y"] + on[-1]["h"], "the rules switched off share a line with those on"
    for c in chips:
        assert c["x"] >= 0 and c["x"] + c["w"] <= PORTRAIT[0], c
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= 2 * PORTRAIT[1], f"the waiting room is {height} px tall"
    from tests.browser.test_browser_axe import serious
    assert serious(page) == [], "the guest's waiting room"


def test_guandan_columns_sideways_show_wider_strips_and_fit(live_server_url, browser):
    """Guandan held sideways (812×375), the deal of gd24 (a column of five 7s): the rank
    columns sit below the status bar (they were pushed up over it, their taps under ルール and
    退出), the buttons on screen and on top (a column too tall for the room left goes under
    them, never over them), nothing scrolls; once the hand's columns are at most three cards
    (the deal of wide2) each card shows a strip of at least 26 px (it was 0.62 of a card's width,
    ~19-24 px) and every column ends above the buttons."""
    page, _ = open_room(browser, live_server_url, LANDSCAPE, "guandan", seed="gd24")
    page.wait_for_selector("#hand-form .gd-col")

    def measure(tag, fits: bool):
        page.wait_for_timeout(400)
        shoot(page, f"guandan-columns-{tag}")
        bar, taps = boxes(page, ".stage-top")[0], boxes(page, "#hand-form .gd-tap")
        buttons = boxes(page, "#hand-form .controls button:not([hidden]), #hand-form .controls select")
        top = min(b["y"] for b in buttons)
        assert min(t["y"] for t in taps) >= bar["y"] + bar["h"] - 0.5, f"{tag}: a column over the status bar {taps[0]} {bar}"
        strips = []
        for key in page.eval_on_selector_all("#hand-form .gd-col", "els => els.map(e => e.dataset.key)"):
            cards = boxes(page, f"#hand-form .gd-col[data-key='{key}'] .card")
            if fits:
                assert cards[-1]["y"] + cards[-1]["h"] <= top + 0.5, f"{tag}: column {key} runs into the buttons {cards[-1]} (top {top})"
            strips += [b["y"] - a["y"] for a, b in zip(cards, cards[1:])]
        on_top = page.eval_on_selector_all("#hand-form .controls button:not([hidden]), #hand-form .controls select", """els => els.map(e => {
            const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height - 4);
            return e.contains(at) || (at && at.closest('.controls') !== null); })""")
        assert all(on_top), f"{tag}: a button under the cards {on_top}"
        for b in buttons:
            assert b["y"] + b["h"] <= LANDSCAPE[1] + 0.5, f"{tag}: a button below the screen {b}"
        assert page.evaluate("document.scrollingElement.scrollHeight") <= LANDSCAPE[1] + 1
        return min(strips) if strips else None

    measure("gd24-deal", fits=False)
    page.close()
    # wide2: 14 columns of at most three cards (a deal found with the engine)
    page, _ = open_room(browser, live_server_url, LANDSCAPE, "guandan", seed="wide2")
    page.wait_for_selector("#hand-form .gd-col")
    assert page.eval_on_selector("#hand-form .gd-cols", "e => getComputedStyle(e).getPropertyValue('--tall').trim()") == "3"
    strip = measure("wide2-deal", fits=True)
    assert strip >= 26, f"cards show strips of {strip:.1f} px"


def test_seats_at_the_result_keep_their_lines(live_server_url, browser):
    """At a Daifugō result (places, titles and points in every seat; a long name) on a phone,
    no seat's part wraps or spills, and the status bar no longer shows the hand's 11バック or
    縛り. (The engine plays the game out on the server: played by auto-play in the browser
    this test took about 100 s of the suite.)"""
    from games import get_engine

    over = get_engine("daifugo").is_over
    bid = tokens.new_token()
    room_id = on_server(_room, bid, f"result {bid[:8]}", "daifugo", {"players": "4"}, None,
                         lambda room: over(room.state), LONG_NAME)
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT)
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#result:not([hidden])", timeout=30_000)
    page.wait_for_timeout(500)
    shoot(page, "daifugo-4-result-portrait")
    assert page.locator("#seats .place").count() == 4
    seat_parts_stay_inside(page, "daifugo result")
    status = page.inner_text("#status")
    assert "11バック" not in status and "縛り" not in status


def _dealt_again_and_my_bid(room) -> bool:
    """Everyone passes the first deal's bid (seat 0 too), then the CPUs pass until it is
    seat 0's turn to bid on the second deal."""
    from rooms import actions

    while not (room.state["deals"] >= 2 and room.state["turn"] == 0):
        room, _ = actions.play(room.pk, room.state["turn"], room.version, {"type": "bid", "value": 0}, by="cpu")
    return True


@pytest.mark.parametrize("size, tag", [(PORTRAIT, "portrait"), (DESKTOP, "desktop")])
def test_a_redeal_is_said_in_view_on_a_phone(live_server_url, browser, size, tag):
    """Dou Dizhu dealt again after everyone passed the bid: the field says so inside the
    screen, without scrolling (it was said only in the log, one cut line on a phone)."""
    page, _ = open_room(browser, live_server_url, size, "doudizhu", until=_dealt_again_and_my_bid)
    line = page.locator("#field .redeal")
    assert "2回目の配り：前の配りで全員が入札しなかった" in line.inner_text()
    shoot(page, f"doudizhu-redeal-{tag}")
    box = line.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= size[1], box
    assert 0 <= box["x"] and box["x"] + box["width"] <= size[0], box


def _my_turn_with_ochi(seat: int):
    """``until`` for open_room: at seat 0's turn, ``seat`` is marked 都落ち (the state as a
    second game leaves it when the 大富豪 did not finish first: games/daifugo/engine.py)."""
    def until(room) -> bool:
        if room.state["phase"] != "play" or room.state["turn"] != 0:
            return False
        Room.objects.filter(pk=room.pk).update(state={**room.state, "ochi": seat})
        return True
    return until


@pytest.mark.parametrize("locale", ["ja-JP", "en-US", "zh-CN"])
@pytest.mark.parametrize("seat", [1, 3])
def test_the_ochi_badge_fits_its_seat_tile_on_a_phone(live_server_url, browser, seat, locale):
    """Six-seat Daifugō on a phone (375×812): a seat's 都落ち badge stays inside its tile."""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "daifugo", options={"players": "6"},
                        until=_my_turn_with_ochi(seat), locale=locale)
    shoot(page, f"daifugo-6-ochi-{seat}-{locale}-portrait")
    badge = boxes(page, "#seats .flag.ochi")
    tile = boxes(page, f'#seats li[data-seat="{seat}"]')
    assert len(badge) == 1 and len(tile) == 1, (badge, tile)
    b, t = badge[0], tile[0]
    assert t["x"] - 0.5 <= b["x"] and b["x"] + b["w"] <= t["x"] + t["w"] + 0.5, (b, t)
    assert t["y"] - 0.5 <= b["y"] and b["y"] + b["h"] <= t["y"] + t["h"] + 0.5, (b, t)


@pytest.mark.parametrize("size", [PORTRAIT, DESKTOP])
def test_an_empty_hand_says_so_on_one_line(live_server_url, browser, size):
    """The hand's words when it is empty (a finished player's, at the result) stay on one
    line (try12: 「手札はあ／りません」 wrapped in a card's track of the hand's grid)."""
    from tables.daifugo.markup import hand_cards

    page, _ = open_room(browser, live_server_url, size, "daifugo")
    # (put in and measured in one task: the CPUs play on, and their next message morphs the hand)
    (words,) = one_line(page, "#hand-cards > .muted", """html => { const e = document.getElementById('hand-cards');
        e.style.setProperty('--n', '0'); e.innerHTML = html; }""", str(hand_cards([], ())))
    assert words["text"] == "手札はありません" and words["lines"] == 1, words


def _landlord_bid_three(room) -> bool:
    """The first bidder bids 3: the bidding is over, B＝3 and P＝3 (wider than 0)."""
    from rooms import actions

    if room.state["phase"] == "bidding":
        actions.play(room.pk, room.state["turn"], room.version, {"type": "bid", "value": 3}, by="cpu")
    return True


@pytest.mark.parametrize("locale", ["ja-JP", "en-US", "zh-CN"])
@pytest.mark.parametrize("bid", [False, True])
def test_the_stakes_numbers_stay_with_their_names_on_a_phone(live_server_url, browser, locale, bid):
    """Dou Dizhu's 入札 B＝0 ・ 倍付け N＝0 ・ 得点 P＝0 may wrap at its ・, never inside a
    term (try12: 「得点 P＝」 ended a line and its 「0」 began the next; try13, once bid:
    「得点 P」 and 「＝3」)."""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "doudizhu", locale=locale,
                        until=_landlord_bid_three if bid else None)
    terms = one_line(page, "#status .stake .term")
    assert len(terms) == 3 and all(t["lines"] == 1 for t in terms), terms
    assert page.locator("#status .stake b").count() == 3


def test_the_top_bar_holds_its_buttons_offline_on_a_phone(live_server_url, browser):
    """Offline (no language switch: static/prefs.js's html.offline) the phone's top bar
    still holds 消音 and 4色 whole (try12: they ran from −6 to 38 px of a 32 px bar). (A
    phone held sideways folds them into the bar's menu.)"""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "daifugo")
    page.context.set_offline(True)
    page.wait_for_selector("html.offline")
    bar = page.locator(".topbar").bounding_box()
    shown = boxes(page, ".topbar .mute-toggle")
    assert len(shown) == 2
    for box in shown:
        assert box["w"] and bar["y"] - 0.5 <= box["y"] and box["y"] + box["h"] <= bar["y"] + bar["height"] + 0.5, (bar, box)


def _two_of_one_name(bid: str, bid2: str, phrase: str, game: str, name: str) -> int:
    """A started room of ``game`` where two browsers entered with the same ``name`` (the
    second seat is named ``name (2)``: rooms.lobby.unique_name); CPUs in the other seats."""
    key = passphrase.room_key(passphrase.normalise(phrase))
    room, _ = lobby.enter(key, name, tokens.digest(bid), game=game)
    lobby.enter(key, name, tokens.digest(bid2), game=game)
    lobby.set_options(room.id, 0, {"speed": "slow", "turn_limit": "0"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    return room.id


@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_two_people_of_one_long_name_stay_told_apart_on_a_phone(live_server_url, browser, game):
    """try16: two seats named ``<img src=x> …`` and ``<img src=x> … (2)`` both read
    ``<img src=…`` at 375 px. Now only the part before the number is cut: the other seat's
    " (2)" is whole inside its name's box."""
    name = "<img src=x> " + LONG_NAME
    bid, bid2 = tokens.new_token(), tokens.new_token()
    room_id = on_server(_two_of_one_name, bid, bid2, f"twins {bid[:8]}", game, name)
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT)
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    page.wait_for_selector("#hand-form", timeout=30_000)
    at_rest(page)
    shoot(page, f"{game}-twins-portrait")
    # read in one page state once both seats are laid out (under load, a read between a
    # message's groups once found the name neither cut nor whole: CI, fresh-S)
    names = read_when(page, """() => {
      const names = [...document.querySelectorAll('#seats .seat .name')].map(e => {
        const r = e.getBoundingClientRect(), tail = e.classList.contains('split') ? e.lastElementChild : null;
        const t = tail && tail.getBoundingClientRect();
        return {text: e.textContent, w: r.width, cut: e.scrollWidth > e.clientWidth + 1
                 || (e.firstElementChild && e.firstElementChild.scrollWidth > e.firstElementChild.clientWidth + 1),
                tail: tail && tail.textContent, inside: !!t && t.width > 0 && t.right <= r.right + 0.5 && t.left >= r.left - 0.5};
      });
      return names.length && names.every(n => n.w > 0) && document.fonts.status === 'loaded' ? names : null;
    }""", timeout=10_000)
    twin = [n for n in names if n["text"].replace("\u00a0", " ").endswith(name + " (2)")]
    assert len(twin) == 1, names
    assert twin[0]["cut"], f"{game}: the long name should be cut at 375 px for this test to mean anything: {twin}"
    assert twin[0]["tail"].strip() == "(2)" and twin[0]["inside"], f"{game}: the number is not shown whole: {twin}"
    assert "<img" in twin[0]["text"], twin  # escaped, shown as text


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, DESKTOP])
def test_two_stop_buttons_stand_apart(live_server_url, browser, size):
    """A hand holding ♠3 and ♥3 is offered two stops in one window (try17: the two buttons
    touched). The field as daifugo/field.html renders such a window, put into a live table:
    each button 44×44 on screen, the two at least 4 px apart and not overlapping."""
    from tables.core import env

    window = {"kind": "stop", "head": "CPU 1 が 8切り を出しました。止める人は？", "chain": [], "deadline_ms": 0,
              "stops": [{"index": 0, "label": "♠3で止める"}, {"index": 1, "label": "♥3で止める"}]}
    field = env.default().get_template("daifugo/field.html").render(
        view={"field": None, "turn": 1}, players=[], window=window, pending=None, over=False)
    page, _ = open_room(browser, live_server_url, size, "daifugo")
    # put in and measured in one task: the room's next message may replace the field
    a, b = page.evaluate("""html => { document.getElementById('field').outerHTML = html;
        return [...document.querySelectorAll('#stop-window button')].map(e => {
            const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }); }""", field)
    for box in (a, b):
        assert box["width"] >= 44 - 0.5 and box["height"] >= 44 - 0.5, box
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, box
    apart = max(b["x"] - (a["x"] + a["width"]), b["y"] - (a["y"] + a["height"]),
                a["x"] - (b["x"] + b["width"]), a["y"] - (b["y"] + b["height"]))
    assert apart >= 4, (size, a, b)


def _my_seven_pass(room) -> bool:
    pending = room.state.get("pending")
    return bool(pending) and pending["seat"] == 0 and pending["kind"] == "seven_pass"


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_my_seven_pass_prompt_is_read_whole_on_a_phone(live_server_url, browser, size):
    """try17: at 812×375 the 7渡し prompt stood in the field's 110 px column, nine lines
    tall and cut off at the felt's foot. On a phone your own prompt floats over the felt
    (below the top bar and the status since try43; at its foot, over your own seat, since
    try50): whole on screen, at most four lines, clear of your hand's cards and buttons and
    of the other players' seats."""
    page, _ = open_room(browser, live_server_url, size, "daifugo", seed="seven0", until=_my_seven_pass)
    page.wait_for_selector("#pending-choice.mine")
    shoot(page, f"daifugo-seven-pass-{size[0]}x{size[1]}")
    prompt = page.locator("#pending-choice.mine").bounding_box()
    assert prompt["x"] >= 0 and prompt["y"] >= 0 and prompt["x"] + prompt["width"] <= size[0] + 0.5 \
        and prompt["y"] + prompt["height"] <= size[1] + 0.5, prompt
    assert one_line(page, "#pending-choice.mine p")[0]["lines"] <= 4
    covered = page.eval_on_selector_all("#hand-cards .card, #hand-controls button:not([hidden])", """(els, p) => els
        .map(e => e.getBoundingClientRect()).filter(r => r.width > 0
            && r.left < p.x + p.width && r.right > p.x && r.top < p.y + p.height && r.bottom > p.y).length""", prompt)
    assert covered == 0, f"{size}: the prompt covers {covered} of the hand's cards and buttons"
    hidden = page.eval_on_selector_all("#seats .seat:not(.me)", """(els, p) => els
        .map(e => e.getBoundingClientRect()).filter(r => r.width > 0
            && r.left < p.x + p.width && r.right > p.x && r.top < p.y + p.height && r.bottom > p.y).length""", prompt)
    assert hidden == 0, f"{size}: the prompt covers {hidden} of the other players' seats (try50: at the felt's top)"
    if size == PORTRAIT:
        check_the_give_button_follows_its_words(page)


def check_the_give_button_follows_its_words(page) -> None:
    """try49: the 7渡し's 渡す button came above the words saying what to choose, and was lit
    before any card was chosen. The words come first; 渡す looks like the main button only
    once a card is chosen (as 出す does)."""
    from tests.browser.test_browser_layout import background

    order = page.evaluate("""() => [...document.querySelectorAll('#hand-controls .pick-info, #hand-controls button[value=exchange]')]
        .map(e => e.matches('.pick-info') ? 'words' : 'button')""")
    assert order[:2] == ["words", "button"], order
    give = "#hand-controls button[value=exchange]"
    idle = background(page, give)
    page.click("#hand-cards label.card >> nth=0")
    page.wait_for_selector("#hand-form.picked")
    assert background(page, give) != idle, "渡す looks the same with and without a chosen card"


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE])
def test_a_stop_window_leaves_the_resume_button_free(live_server_url, browser, size):
    """On おまかせ (two time-outs) おまかせをやめる sits in the status bar; a stop window
    floats over the top of a phone's screen (new user, 2026-12-04: it lay over the button
    for its 5 s each time a CPU played an effect card, and a tap there was 止める instead).
    Both are put into a live table as their templates render them: the resume button is
    the element at its own centre, and the stop buttons are whole on screen."""
    from tables.core import env

    window = {"kind": "stop", "head": "CPU 1 が 7渡し を出しました。止める人は？", "chain": [], "deadline_ms": 0,
              "stops": [{"index": 0, "label": "止める（♥3）"}]}
    field = env.default().get_template("daifugo/field.html").render(
        view={"field": None, "turn": 1}, players=[], window=window, pending=None, over=False)
    page, _ = open_room(browser, live_server_url, size, "daifugo")
    leave = env.default().get_template("parts/leave.html").render(me={"auto": True}, room={"game": "daifugo"})
    got = page.evaluate("""([field, leave]) => { document.getElementById('field').outerHTML = field;
        document.getElementById('leave').outerHTML = leave;
        const resume = document.querySelector('#leave [value=resume]'), r = resume.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const stops = [...document.querySelectorAll('#stop-window button')].map(e => e.getBoundingClientRect().toJSON());
        return {free: resume.contains(top), at: top && top.outerHTML.slice(0, 80), resume: r.toJSON(), stops}; }""", [field, leave])
    shoot(page, f"stop-window-resume-{size[0]}x{size[1]}")
    assert got["resume"]["width"] > 0, got
    assert got["free"], f"{size}: おまかせをやめる is under {got['at']}"
    for b in got["stops"]:
        assert b["y"] >= 0 and b["y"] + b["height"] <= size[1] and b["height"] >= 44 - 0.5, (size, b)


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_a_stop_window_you_watch_is_read_whole_on_a_phone(live_server_url, browser, size):
    """try46: at 812×375 with six seats a stop window you only watch (a CPU's 7渡し, another
    CPU stopping it) stood in the field's narrow column, cut after "CPU 2: stopped with",
    its card and the time left out of sight. On a phone it floats over the top of the felt
    as one you can answer does: whole inside the screen, nothing of it scrolled away, the
    countdown shown, in English (the longest words)."""
    from tables.core import env, i18n

    window = {"kind": "seven_pass", "head": "CPU 3 played 7-pass (nana-watashi). Anyone to stop it?",
              "chain": [{"text": "CPU 2: stopped with ♥3"}], "deadline_ms": 4000, "stops": []}
    with i18n.use("en"):
        field = env.default().get_template("daifugo/field.html").render(
            view={"field": None, "turn": 1}, players=[], window=window, pending=None, over=False)
    page, _ = open_room(browser, live_server_url, size, "daifugo", options={"players": "6"}, locale="en-US")
    got = page.evaluate("""field => { document.getElementById('field').outerHTML = field;
        document.querySelector('#seats .seat:not(.me)').classList.add('last');  // (the seat that played)
        const w = document.getElementById('stop-window'), r = w.getBoundingClientRect();
        const c = w.querySelector('.countdown').getBoundingClientRect();
        const rings = [...document.querySelectorAll('#seats .seat.last')].map(e => getComputedStyle(e, '::after').display);
        const hidden = [...document.querySelectorAll('#seats .seat:not(.me)')].map(e => e.getBoundingClientRect())
            .filter(s => s.left < r.right && s.right > r.left && s.top < r.bottom && s.bottom > r.top).length;
        return {box: r.toJSON(), countdown: c.toJSON(), scrolled: w.scrollHeight - w.clientHeight, rings, hidden}; }""", field)
    shoot(page, f"stop-window-watched-{size[0]}x{size[1]}")
    b, c = got["box"], got["countdown"]
    assert b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= size[0] + 0.5 and b["y"] + b["height"] <= size[1] + 0.5, (size, got)
    assert got["scrolled"] <= 1, f"{size}: {got['scrolled']} px of the window scrolled out of sight"
    assert c["height"] > 0 and b["y"] - 0.5 <= c["y"] and c["y"] + c["height"] <= b["y"] + b["height"] + 0.5, (size, got)
    assert got["rings"] and all(d == "none" for d in got["rings"]), f"{size}: a seat's ring over the window: {got['rings']}"  # (try47)
    assert got["hidden"] == 0, f"{size}: the window covers {got['hidden']} of the other players' seats (try51: at the felt's top)"


def _straight_to_answer(room) -> bool:
    """Dou Dizhu: a straight on the field and seat 0 to answer it."""
    s = room.state
    return s.get("phase") == "play" and (s.get("trick") or {}).get("type") == "straight" and s["turn"] == 0


def test_japanese_words_stay_whole_in_the_field_caption_and_the_counter(live_server_url, browser):
    """On a phone upright, the field's caption breaks between phrases, never inside a word
    (try35: 「CPU 2 のストレー／ト」), and each rank of Guandan's card counter stays on one
    line with its count (try35: 「4 ／8枚」). Each word's text range has one line box."""
    page, _ = open_room(browser, live_server_url, PORTRAIT, "doudizhu", seed="s1", until=_straight_to_answer)
    lines = page.evaluate("""() => {
        const p = [...document.querySelectorAll('#field p')].find(e => e.textContent.includes('ストレート'));
        const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);  // (inside the play's .whole piece, e4da445)
        let node = walk.nextNode();
        while (node && !node.data.includes('ストレート')) node = walk.nextNode();
        const range = document.createRange(), at = node.data.indexOf('ストレート');
        range.setStart(node, at); range.setEnd(node, at + 'ストレート'.length);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }""")
    shoot(page, "ddz-straight-caption-portrait")
    assert lines == 1, f"ストレート is broken over {lines} lines"
    # a play's piece wider than the caption's line wraps inside it rather than widen the
    # caption under the side seats (try44: "…rplane 7–8 with singl…" between CPU 2 and CPU 1)
    wide = page.evaluate("""() => {
        const p = [...document.querySelectorAll('#field p')].find(e => e.textContent.includes('ストレート'));
        const before = p.getBoundingClientRect().width;
        p.innerHTML = 'Bartholomew Kent (2): <span class="whole">Airplane 7–8 with singles and more</span>';
        const r = p.getBoundingClientRect(), w = p.querySelector('.whole').getBoundingClientRect();
        return {before, after: r.width, left: r.left, right: r.right, wl: w.left, wr: w.right}; }""")
    assert wide["after"] <= wide["before"] + 0.5, wide
    assert wide["wl"] >= wide["left"] - 0.5 and wide["wr"] <= wide["right"] + 0.5, wide
    page.close()
    page, _ = open_room(browser, live_server_url, PORTRAIT, "guandan", seed="gd24")
    page.click(".table-side .aid summary")
    page.wait_for_timeout(300)
    shoot(page, "guandan-counter-portrait")
    broken = page.eval_on_selector_all(".counter-ranks > span", """els => els
        .filter(e => new Set([...e.getClientRects()].map(r => Math.round(r.top))).size > 1).map(e => e.textContent)""")
    assert page.eval_on_selector_all(".counter-ranks > span", "els => els.length") >= 10
    assert not broken, f"counter ranks broken over two lines: {broken}"
