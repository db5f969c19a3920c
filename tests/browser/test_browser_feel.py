"""The table's feel in Chromium (issue 13; static/feel.js): a play animates (and nothing
does under prefers-reduced-motion: reduce), a click during an animation sends its message
at once, the mute switch is remembered and silences every sound and the vibration your
turn brings (navigator.vibrate, after a tap), and the tab title
flashes at your turn in a hidden tab until the tab is seen.

Each test plays a Daifugō room of one person and three CPUs (the server's table, no
Pyodide). What the page did is recorded by init scripts that run before the page's own:
per message, the animations alive right after feel.js handled it; every WebSocket send and
click with its time; every sound node started (AudioScheduledSourceNode.start); every
navigator.vibrate call."""
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rooms.models import Room
from tests.browser.steps import enter, on_server, press_until, shoot

pytestmark = pytest.mark.browser

RECORD = """
window.__frames = []; window.__sends = []; window.__clicks = []; window.__starts = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__sends.push([performance.now(), String(data)]); return send.call(this, data); };
const start = AudioScheduledSourceNode.prototype.start;
AudioScheduledSourceNode.prototype.start = function (...a) { window.__starts += 1; return start.apply(this, a); };
document.addEventListener("click", () => window.__clicks.push(performance.now()), true);
window.__vibrations = 0;
navigator.vibrate = () => { window.__vibrations += 1; return true; };
document.addEventListener("htmx:wsAfterMessage", () => {
  const field = document.getElementById("field");
  const ids = document.getAnimations().filter(a => !(a instanceof CSSTransition)).map(a => a.id || a.animationName || "?");
  window.__frames.push({field: field ? field.dataset.by + "|" + [...field.querySelectorAll(".field-cards [data-code]")].map(c => c.dataset.code).join(",") : "", ids});
});
"""

HIDDEN = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", {configurable: true, get() { return window.__hidden; }});
Object.defineProperty(Document.prototype, "visibilityState", {configurable: true, get() { return window.__hidden ? "hidden" : "visible"; }});
// as in a hidden tab, no frames: requestAnimationFrame's callbacks wait until it is shown
const raf = window.requestAnimationFrame.bind(window);
let held = [];
window.requestAnimationFrame = (f) => window.__hidden ? (held.push(f), 0) : raf(f);
document.addEventListener("visibilitychange", () => { if (!window.__hidden) { const h = held; held = []; h.forEach((f) => raf(f)); } });
"""


def table(browser, url, phrase, *, reduced=False, scripts=(RECORD,), hide=False):
    """A page at a Daifugō table with three fast CPUs, recorded from its first script
    (``hide``: the tab is hidden from the moment the game starts; needs :data:`HIDDEN`)."""
    context = browser.new_context()
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.problems = []  # script errors and CSP refusals (feel.js sets styles and builds ghosts)
    page.on("console", lambda m: page.problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    enter(page, url, "あき", phrase)
    page.select_option("select[name=speed]", "fast")
    page.wait_for_timeout(200)
    for n in (1, 2, 3):
        for attempt in range(3):  # a click that landed on a waiting room being re-rendered is lost: again
            page.click("text=CPUを追加")  # (as bench/table_page.py does; a fresh run lost one once)
            try:
                page.wait_for_selector(f"#lobby li:has-text('CPU {n}')", timeout=10000)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
    if hide:
        page.evaluate("() => { window.__hidden = true; document.dispatchEvent(new Event('visibilitychange')); }")
    page.click("text=ゲーム開始")
    page.wait_for_selector("#hand-form")
    return page


def play_my_turn(page, timeout=40000) -> bool:
    """Wait for this seat's turn, take the hint and play it (pass when the hint selects
    nothing), and wait until the server took it. True if cards were played."""
    page.wait_for_selector("#hand-form .my-turn", timeout=timeout)
    version = page.get_attribute("#ver", "data-version")
    page.evaluate("() => document.querySelector('#msg')?.removeAttribute('data-code')")  # (the last turn's hint)
    # the hint came: cards chosen, or none (pass)
    press_until(page, "#hand-form button:has-text('ヒント')", "#msg[data-code=hint]", timeout=8000)
    played = page.query_selector("#hand-form input:checked") is not None
    version = page.get_attribute("#ver", "data-version")
    play = page.locator("#hand-form button[value=play]:visible")
    if played and play.count():
        try:
            play.last.click(timeout=10000)
        except PlaywrightTimeout:  # the button went with the turn (the fresh run saw it once):
            if page.locator("#hand-form .my-turn").count():  # never while the turn is still here
                raise
            played = False
    elif page.locator("#hand-form [data-action=pass]:visible").count():
        page.click("#hand-form [data-action=pass]")
        played = False
    else:  # a window on this turn (a stop, a 9 to interrupt: the hint chose for it): it closes by itself
        played = False
    # (or 退出 was clicked meanwhile by the listener of the test below: the seat is gone)
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'"
                           " || window.__clickAt !== undefined", timeout=30_000)
    return played


def play_until_i_play(page) -> None:
    """Turns until this seat has put cards on the field."""
    for _ in range(10):
        if play_my_turn(page):
            return
    raise AssertionError("the hint never played in ten turns")


def field_changes(page) -> list:
    """The recorded messages that put new cards on the field, with their animations."""
    frames, out, last = page.evaluate("window.__frames"), [], None
    for f in frames:
        cards = f["field"].split("|", 1)[1] if "|" in f["field"] else ""
        if cards and f["field"] != last:
            out.append(f)
        last = f["field"]
    return out


def test_a_play_animates_and_a_click_during_it_is_sent_at_once(live_server_url, browser):
    page = table(browser, live_server_url, "うごく テーブル")
    assert any("feel-deal" in f["ids"] for f in page.evaluate("window.__frames"))  # the hand flies in
    play_until_i_play(page)
    page.wait_for_function("() => window.__frames.some(f => f.ids.includes('feel-play'))", timeout=15_000)
    played = field_changes(page)
    assert played and all("feel-play" in f["ids"] for f in played), played

    # the next time cards land on the field (a CPU or this seat), 退出 is clicked while they fly
    page.evaluate("""() => document.addEventListener("htmx:wsAfterMessage", function on() {
        const flying = document.getAnimations().filter(a => a.id === "feel-play" && a.playState === "running");
        if (!flying.length) return;
        document.removeEventListener("htmx:wsAfterMessage", on);
        window.__flying = flying.length;
        window.__clickAt = performance.now();
        document.querySelector("#leave button[value=leave]").click();
    })""")
    for _ in range(400):
        if page.evaluate("window.__clickAt !== undefined"):
            break
        if page.query_selector("#hand-form .my-turn"):
            play_my_turn(page)
        page.wait_for_timeout(100)
    assert page.evaluate("window.__flying") > 0
    click_at = page.evaluate("window.__clickAt")
    sends = [t for t, data in page.evaluate("window.__sends") if '"leave"' in data and t >= click_at]
    assert sends and sends[0] - click_at < 20, (sends, click_at)  # sent in the click's own task
    assert not page.problems, page.problems
    page.context.close()


def test_no_motion_when_reduced_motion_is_asked(live_server_url, browser):
    page = table(browser, live_server_url, "しずかな テーブル", reduced=True)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    play_until_i_play(page)
    page.wait_for_timeout(1500)  # CPUs answer: more plays land
    assert field_changes(page), "no play reached the field: nothing was tested"
    assert all(not f["ids"] for f in page.evaluate("window.__frames"))
    assert page.evaluate("document.getAnimations().filter(a => !(a instanceof CSSTransition)).length") == 0
    page.context.close()


def test_mute_is_remembered_and_silences_every_sound(live_server_url, browser):
    page = table(browser, live_server_url, "おとの テーブル")
    mute = page.locator("button[data-mute]")
    assert mute.is_visible() and mute.get_attribute("aria-pressed") == "false"
    box = mute.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    play_until_i_play(page)  # taps: the sound may start
    page.wait_for_function("() => window.__starts > 0", timeout=15_000)
    page.wait_for_selector("#hand-form .my-turn", timeout=40000)  # the next turn, after a tap: a phone vibrates
    assert page.evaluate("window.__vibrations") >= 1

    mute.click()
    assert mute.get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#hand-form")
    assert page.get_attribute("button[data-mute]", "aria-pressed") == "true"  # remembered
    assert page.evaluate("localStorage.getItem('tefuda.mute')") == "1"
    play_until_i_play(page)  # taps, a play, passes and turns: all silent, no vibration
    page.wait_for_selector("#hand-form .my-turn", timeout=40000)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__starts") == 0
    assert page.evaluate("window.__vibrations") == 0
    assert page.evaluate("window.__frames.length") > 1  # messages did arrive

    page.click("button[data-mute]")  # sound back on
    assert page.get_attribute("button[data-mute]", "aria-pressed") == "false"
    play_until_i_play(page)
    page.wait_for_function("() => window.__starts > 0", timeout=10000)
    assert not page.problems, page.problems
    page.context.close()


def test_the_title_flashes_at_your_turn_in_a_hidden_tab(live_server_url, browser):
    """A hidden tab has no frames (:data:`HIDDEN` holds requestAnimationFrame back, as the
    browser does): a message's groups, swapped a frame apart in a shown tab, are swapped
    whole there (static/room.js), so the hand that says "your turn" comes and the title flashes."""
    page = table(browser, live_server_url, "かくれた タブ", scripts=(RECORD, HIDDEN), hide=True)
    title = "部屋 — 手札 Tefuda"
    page.wait_for_selector("#hand-form .my-turn", timeout=40000)
    # (polled by time: Playwright's default polls at frames, which the hidden tab has none of)
    page.wait_for_function("() => document.title.startsWith('●')", timeout=10_000, polling=100)
    assert "あなたの番です" in page.title()
    page.wait_for_function(f"() => document.title === {title!r}", timeout=10_000, polling=100)  # it flashes…
    page.wait_for_function("() => document.title.startsWith('●')", timeout=10_000, polling=100)  # …on and off
    page.evaluate("() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }")
    assert page.title() == title
    page.wait_for_timeout(2200)
    assert page.title() == title  # seen: it stopped
    page.context.close()


LATER = """
window.__tasks = []; window.__frame = 0;
(function count() { window.__frame += 1; requestAnimationFrame(count); })();
let task = 0;
document.addEventListener("htmx:wsBeforeMessage", () => { task += 1; }, true);
new MutationObserver((records) => {
  const ids = new Set();
  for (const r of records) {
    if (r.type === "attributes") continue;  // the page's scripts mark the hand (picked, rows) and the turn ring: not a swap
    const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    if (el && el.closest("[data-deadline]")) continue;  // a countdown's seconds (room.js tick)
    const part = el && el.closest("#log, #graveyard, #seats, #field, #hand-form, #status");
    if (part) ids.add(part.id);
    if ([...r.addedNodes].some((n) => n.id === "stage")) ids.add("stage");  // a new screen, whole
  }
  if (ids.size) window.__tasks.push({ids: [...ids], message: task, frame: window.__frame, t: performance.now()});
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def _groups_in_order(seen: list[dict]) -> tuple[int, int]:
    """Assert that each message's groups in ``seen`` (:data:`LATER`'s batches) came in order:
    the play (seats, field) alone in its frame, the hand, the status and the log in later
    frames, the log after the status. Returns (messages whose log came later, later parts)."""
    plays = {}
    for batch in seen:  # each batch of mutations, by the message whose handling or aftermath made it
        plays.setdefault(batch["message"], []).append(batch)
    split = later = 0
    for message, batches in plays.items():
        first = next((b for b in batches if {"seats", "field"} & set(b["ids"])), None)
        if not first or any("stage" in b["ids"] for b in batches):
            continue
        assert not {"log", "hand-form", "status"} & set(first["ids"]), f"message {message}: swapped with the play: {batches}"
        for part in ("log", "hand-form", "status"):
            after = [b for b in batches if part in b["ids"]]
            assert all(b["frame"] > first["frame"] for b in after), f"message {message}: {part} in the play's own frame: {batches}"
            later += bool(after)
        logs = [b for b in batches if "log" in b["ids"]]
        status = [b for b in batches if "status" in b["ids"]]
        if logs and status:
            assert min(b["frame"] for b in logs) > max(b["frame"] for b in status), f"message {message}: the log before the status: {batches}"
        split += bool(logs)
    return split, later


def test_a_message_is_swapped_in_groups_the_play_first_each_group_a_frame_later(live_server_url, browser):
    """A message's groups (tables/core/frames.py ORDER) are swapped one a frame (static/room.js):
    the field and the seats first, the hand and the status in frames after them, the log and
    the graveyard later still, each in a task of its own and before the next message's own
    parts; the log shows the newest line all the same."""
    page = table(browser, live_server_url, "あとで ログ", scripts=(LATER,))
    play_until_i_play(page)
    page.wait_for_timeout(3000)  # the CPUs' plays
    for _ in range(40):  # on a loaded machine three CPU plays with their log can take longer
        seen = page.evaluate("window.__tasks")
        split, later = _groups_in_order(seen)  # the order is asserted on every look
        if split >= 3 and later >= 6:
            break
        if page.locator("#hand-form .my-turn").count():  # the CPUs have played round to this seat (CI
            play_my_turn(page)  # saw only two of their plays split before it): another round
        else:
            page.wait_for_timeout(500)
    assert split >= 3 and later >= 6, seen[-20:]
    last_line = page.eval_on_selector("#log", "log => log.lastElementChild && log.lastElementChild.textContent")
    assert last_line, "the log is empty"
    assert not page.problems


def _first_line_number(page) -> int:
    first = page.query_selector("#log li")
    return int(first.get_attribute("id")[2:]) if first else -1


def _log_at_rest(page, change: str = "log => {}") -> dict:
    """The log two frames after ``change(log)`` (its scroll follows a frame after a swap):
    whether it scrolls and how far its end is below its box. Read again when a CPU's line
    came in those frames (fresh-N: that line waits a frame for its own scroll)."""
    read = """() => { const log = document.getElementById('log');
      const last = () => document.querySelector('#log li:last-child')?.id;
      const was = last(); (""" + change + """)(log);
      return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done({
        scrolls: log.scrollHeight > log.clientHeight, gap: log.scrollHeight - log.clientHeight - log.scrollTop,
        quiet: last() === was }))));
    }"""
    for _ in range(5):
        got = page.evaluate(read)
        if got["quiet"]:
            return got
        page.wait_for_timeout(300)
    raise AssertionError("a new line came to the log each time it was read: the test shows nothing")


def test_the_log_keeps_its_lines_and_adds_each_new_one_at_the_end(live_server_url, browser):
    """The log is morphed (tables/core/frames.py: ``data-morph``), not rebuilt: once the
    game's older events are dropped (games/daifugo/engine.py keeps the last 24), a line
    that stays on the log is the same element with the same words after the next plays
    (its id names its event, try32: ids that named places in the kept events put every
    line's words into another line's element), the new lines come after it, every id is
    unique, and the log is scrolled to its newest line, also after its box shrank."""
    page = table(browser, live_server_url, "ログ のこる")
    for _ in range(40):  # until the log's first lines have been dropped (more than 24 events)
        if _first_line_number(page) >= 6:
            break
        play_my_turn(page)
    assert _first_line_number(page) >= 6, page.eval_on_selector_all("#log li", "els => els.map(e => e.id)")
    before = page.evaluate("""() => [...document.querySelectorAll('#log li')].map((li) => {
      li.__kept = li.textContent; return [li.id, li.textContent]; })""")
    new_line = "() => { const last = document.querySelector('#log li:last-child'); return !!last && !last.__kept; }"
    for _ in range(60):  # a new line: the CPUs' plays, or this seat's own when they have come round to it
        if page.evaluate(new_line):  # (fresh-H: they had, and the wait for their lines ran out)
            break
        if page.locator("#hand-form .my-turn").count():
            play_my_turn(page)
        else:
            page.wait_for_timeout(500)
    assert page.evaluate(new_line), "no new line came to the log"
    at_rest = _log_at_rest(page)  # (the scroll waits for a frame)
    after = page.evaluate("() => [...document.querySelectorAll('#log li')].map((li) => [li.id, li.__kept || null, li.textContent])")
    ids = [i for i, _k, _t in after]
    assert len(set(ids)) == len(ids), ids
    kept = [(i, k) for i, k, _t in after if k]
    assert kept, f"no line of {before} was kept: {after}"
    assert kept == [(i, t) for i, t in before if i in ids], (before, after)  # each line still shown: the same element and words
    assert all(k == t for _i, k, t in after if k), after
    assert [i for i, _k in kept] == ids[:len(kept)], after  # the new lines after them
    assert at_rest["gap"] <= 2, f"the log is {at_rest['gap']} px from its newest line"
    shoot(page, "log-desktop")
    # the log's box shrinks, as when Daifugō's exchange lines come above it (try32)
    shrunk = _log_at_rest(page, """log => { const above = document.createElement('div');
      above.style.height = Math.round(log.clientHeight / 2) + 'px'; log.before(above); }""")
    assert shrunk["scrolls"], "nothing to scroll: the test shows nothing"
    assert shrunk["gap"] <= 2, f"the log shrank and left its newest line {shrunk['gap']} px below"
    assert not page.problems
    page.context.close()


# try31: a click at the instant "your turn" shows (the hand's group swapped in): パス if
# the turn has one, each turn once, with the version the page held then
AT_ONCE = """
window.__atOnce = [];
document.addEventListener("DOMContentLoaded", () => {
  const room = document.getElementById("room");
  if (!room) return;
  let armed = true;
  new MutationObserver(() => {
    const turn = document.querySelector("#hand-form .my-turn");
    if (!turn) { armed = true; return; }
    const pass = turn.querySelector("[data-action=pass]");
    if (!armed || !pass) return;
    armed = false;
    window.__atOnce.push(document.getElementById("ver").dataset.version);
    pass.click();
  }).observe(room, {subtree: true, childList: true});
});
"""


def test_a_turn_on_screen_can_be_played_at_once(live_server_url, browser):
    """The hand's group brings #ver with it (tables/core/frames.py VERSION): a パス clicked the
    moment "your turn" shows names the version of that turn and is taken, never refused as
    a stale screen (try31: #ver came a group later and such a pass was refused)."""
    page = table(browser, live_server_url, "すぐ パス", scripts=(RECORD, AT_ONCE))
    stale = []
    for _ in range(360):  # (a pass leaves the trick: a turn with a pass comes every few tricks)
        if len(page.evaluate("window.__atOnce")) >= 3:
            break
        if page.locator("#msg[data-code=stale]").count():
            stale.append(page.inner_text("#msg"))
            break
        lead = page.locator("#hand-form .my-turn").count() and not page.locator("#hand-form [data-action=pass]").count()
        if lead and page.locator("#hand-form button:has-text('ヒント'):visible").count():
            try:
                play_my_turn(page, timeout=5000)  # a lead: no pass to click; the hint plays it
            except PlaywrightTimeout:  # the turn went meanwhile (its clock, or a CPU's stop)
                pass
        page.wait_for_timeout(250)
    clicks = page.evaluate("window.__atOnce")
    assert not stale and not page.locator("#msg[data-code=stale]").count(), (stale, clicks)
    assert len(clicks) >= 3, clicks
    assert not page.problems, page.problems
    page.context.close()


# a message that came while the last one's groups were still waiting (static/room.js
# unsuperseded): counted by the groups each message has and the tefuda:swapped each one made
PILED = """
window.__piled = 0;
let due = 0;
document.addEventListener("htmx:wsBeforeMessage", (e) => {
  if (due > 0) window.__piled += 1;
  due = ((e.detail && e.detail.message) || "").split("<!--later-->").length;
}, true);
document.addEventListener("tefuda:swapped", () => { due -= 1; }, true);
"""

# what the table shows, part by part, as text and ids (a reload renders it from the server)
SHOWN = """() => {
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => {
    const copy = e.cloneNode(true);  // without a countdown's seconds
    copy.querySelectorAll("[data-deadline]").forEach((d) => d.remove());
    return copy.textContent.replace(/\\s+/g, " ").trim();
  });
  return {seats: text("#seats .seat"), field: [...document.querySelectorAll("#field [data-code]")].map((c) => c.dataset.code),
          hand: [...document.querySelectorAll("#hand-form label.card")].map((c) => c.id),
          log: [...document.querySelectorAll("#log li")].map((li) => li.id + " " + li.textContent),
          graveyard: text("#graveyard .grave-rank"), status: text("#status"),
          version: document.querySelector("#ver").dataset.version};
}"""


def test_messages_that_pile_up_on_a_slow_phone_lose_nothing(live_server_url, browser):
    """On a slow phone (CPU throttled 6×) the CPUs' plays come faster than a message's
    groups are swapped, one a frame: a newer message leaves out what it brings again
    (static/room.js) and swaps the rest at once. Whatever piled up, the table then shows
    what the server renders afresh (a reload): the seats, the field, the hand, the log,
    the graveyard, the status and the version."""
    page = table(browser, live_server_url, "つみかさね", scripts=(PILED,))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    try:
        for _ in range(12):
            play_my_turn(page)
            if page.evaluate("window.__piled") >= 3:
                break
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert page.evaluate("window.__piled") >= 3, "no message came while groups were waiting"
    page.wait_for_selector("#hand-form .my-turn", timeout=40000)
    page.wait_for_timeout(1500)  # the last groups, and no CPU moves on this seat's turn
    live = page.evaluate(SHOWN)
    room_id = page.url.rstrip("/").rsplit("/", 1)[1]
    assert int(live["version"]) == on_server(lambda: Room.objects.get(pk=room_id).version)  # the newest
    page.reload()  # (its socket closing and opening again moves the version on: not compared)
    page.wait_for_selector("#hand-form .my-turn", timeout=40000)
    page.wait_for_timeout(800)
    fresh = page.evaluate(SHOWN)
    for part in ("seats", "field", "hand", "log", "graveyard", "status"):
        assert live[part] == fresh[part], f"{part}: {live[part]} != {fresh[part]}"
    assert not page.problems


def test_a_newer_message_leaves_out_only_what_it_brings_again(live_server_url, browser):
    """static/room.js tefudaStillDue, on the room page: of the groups still waiting, an
    element (a part or a piece, marked hx-swap-oob) whose id the newer message has anywhere
    is left out; the others stay, in order; #seat-token always stays; an id only in a
    data-id, or a group left empty, does not."""
    page = browser.new_context().new_page()
    enter(page, live_server_url, "あき", "まだの 分")
    waiting = ['<li hx-swap-oob="true" id="seat-1" class="seat">1</li><li hx-swap-oob="true" id="seat-2" class="seat">2</li>',
               '<div hx-swap-oob="morph" id="hand-cards" data-morph>h</div><div hx-swap-oob="true" id="ver" data-version="5"></div>'
               '<div hx-swap-oob="true" id="seat-token" hidden data-token="t"></div>',
               '<ol hx-swap-oob="true" id="log"><li id="lg3">x</li></ol>']
    cases = [
        ('<div id="field">f</div><!--later--><li hx-swap-oob="true" id="seat-1" class="seat">1b</li>',
         [waiting[0].split("</li>")[1] + "</li>", waiting[1], waiting[2]]),
        ('<ul id="seats"><li id="seat-1"></li><li id="seat-2"></li></ul><!--later--><div id="ver" data-version="6"></div>'
         '<ol id="log"></ol><div data-id="hand-cards"></div>',
         ['<div hx-swap-oob="morph" id="hand-cards" data-morph>h</div><div hx-swap-oob="true" id="seat-token" hidden data-token="t"></div>']),
        ('<div id="stage"><div id="hand-cards"></div><div id="seat-token"></div></div>',
         ['<li hx-swap-oob="true" id="seat-1" class="seat">1</li><li hx-swap-oob="true" id="seat-2" class="seat">2</li>',
          '<div hx-swap-oob="true" id="ver" data-version="5"></div><div hx-swap-oob="true" id="seat-token" hidden data-token="t"></div>',
          waiting[2]]),
        ('<p id="status">s</p>', waiting),
    ]
    for text, expected in cases:
        assert page.evaluate("([groups, text]) => tefudaStillDue(groups, text)", [waiting, text]) == expected, text
