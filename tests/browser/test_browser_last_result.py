"""前の結果を見る (try50): when a friend's 次の局へ closes the result a person was reading, the
notice that says who dealt offers that result again, in a dialog over the table: the same
result part, without its buttons, on a phone's screen, closed by its button, with one's own
turn clock ticking beside that button."""
import pytest

from rooms import lobby, passphrase, tokens
from rooms.models import Room
from tests.browser.steps import on_server, read_when, shoot
from tests.browser.test_browser_layout import PORTRAIT
from tests.browser.test_browser_table_details import page_with_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _friends_at_a_result(bid: str, phrase: str) -> tuple[int, int]:
    """A Dou Dizhu room of あき (browser ``bid``), ふゆ and a CPU, its first hand played to its
    result by the engine; (room id, ふゆ's seat number)."""
    from games import get_engine
    from games.core.engine import next_move
    from rooms import actions

    key = passphrase.room_key(passphrase.normalise(phrase))
    room, _ = lobby.enter(key, "あき", tokens.digest(bid), game="doudizhu")
    lobby.enter(key, "ふゆ", tokens.digest(tokens.new_token()))
    lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    lobby.set_options(room.id, 0, {"speed": "slow", "turn_limit": "60"}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="last-result")
    for _ in range(3000):
        room = Room.objects.get(pk=room.id)
        if room.state["phase"] == "hand_over":
            return room.id, next(s.order for s in room.seats.all() if s.name == "ふゆ")
        seat, action = next_move(get_engine(room.game), room.state)
        actions.play(room.pk, seat, room.version, action, by="cpu")
    raise AssertionError("the hand never ended")


def _deal(room_id: int, seat: int) -> None:
    """``seat`` deals the next hand; the others bid (the engine's moves) until あき is to bid
    (her turn's clock runs)."""
    from games import get_engine
    from games.core.engine import next_move
    from rooms import actions
    room = Room.objects.get(pk=room_id)
    actions.play(room_id, seat, room.version, {"type": "next_hand"})
    aki = next(s.order for s in room.seats.all() if s.name == "あき")
    for _ in range(10):
        room = Room.objects.get(pk=room_id)
        if aki in get_engine(room.game).actors(room.state):
            return
        who, action = next_move(get_engine(room.game), room.state)
        actions.play(room.pk, who, room.version, action, by="cpu")
    raise AssertionError("あき never came to bid")


def test_a_friends_next_hand_leaves_the_closed_result_to_see_again(live_server_url, browser):
    bid = tokens.new_token()
    room_id, fuyu = on_server(_friends_at_a_result, bid, f"last result {bid[:8]}")
    page = page_with_seat(browser, live_server_url, bid, PORTRAIT, locale="ja-JP")
    page.goto(f"{live_server_url}/rooms/{room_id}/")
    title = read_when(page, "() => { const r = document.querySelector('#result:not([hidden]) h2'); return r && r.textContent.trim(); }")
    assert "第1局の結果" in title
    on_server(_deal, room_id, fuyu)  # ふゆ presses 次の局へ while あき reads
    page.wait_for_selector("#msg [data-last-result]:not([hidden])", timeout=15_000)
    assert page.inner_text("#msg").startswith("ふゆ が次の局を始めました。")
    assert page.locator("#result:not([hidden])").count() == 0  # the new hand is on
    page.click("#msg [data-last-result]")
    seen = read_when(page, """() => {
        const d = document.querySelector('dialog.last-result[open]');
        if (!d) return null;
        const r = d.getBoundingClientRect(), close = d.querySelector('form button').getBoundingClientRect();
        const clock = d.querySelector('[data-last-result-clock] [data-deadline]');
        return {text: d.innerText, buttons: d.querySelectorAll('button').length, ids: d.querySelectorAll('[id]').length,
                box: r.toJSON(), close: close.toJSON(), clock: clock && Number(clock.textContent.replace(/\\D/g, ''))};
    }""")
    shoot(page, "last-result-dialog-portrait")
    assert title in seen["text"] and "次の局へ" not in seen["text"], seen  # the result, not its buttons
    assert seen["buttons"] == 1 and seen["ids"] == 0, seen
    box, close = seen["box"], seen["close"]
    assert box["left"] >= 0 and box["right"] <= PORTRAIT[0] and box["top"] >= 0 and box["bottom"] <= PORTRAIT[1], box
    assert close["width"] >= 44 and close["height"] >= 44, close
    # her bid's clock runs beside 閉じる (try51: the exchange's clock ran out unseen behind it)
    assert seen["clock"] and 50 <= seen["clock"] <= 60, seen
    page.wait_for_function("""n => { const b = document.querySelector('dialog.last-result[open] [data-last-result-clock] [data-deadline]');
        return b && Number(b.textContent.replace(/\\D/g, '')) < n; }""", arg=seen["clock"], timeout=5_000)
    page.click("dialog.last-result form button")
    page.wait_for_selector("dialog.last-result[open]", state="detached", timeout=5_000)
    page.context.close()
