"""Cards just received, measured in Chromium (a new user: "new cards aren't marked"): the
landlord's three kitty cards (Dou Dizhu, seed 001 §2–§3) and a tribute received (Guandan,
seed 000 §18–§21) carry their 新 / NEW tag inside the card and on top where the hand shows it,
at 375×812 and 1280×800, in the normal and the four-colour deck, and lose it with the
landlord's first play. With ``TEFUDA_SHOTS=<folder>`` each screen is saved there."""
from __future__ import annotations

import pytest

from rooms.models import Room
from tests.browser.steps import on_server, shoot
from tests.browser.test_browser_layout import DESKTOP, PORTRAIT
from tests.browser.test_browser_table_details import open_room

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: each fresh card of the hand: its box, its tag's box, whether no later card of the hand
#: (drawn over it) covers the tag, its words, its checkbox's name and its ring's style
FRESH = """() => { const all = [...document.querySelectorAll('#hand-form .card')];
  return all.filter(card => card.classList.contains('fresh')).map(card => {
    const c = card.getBoundingClientRect(), tag = card.querySelector('.nw'), t = tag.getBoundingClientRect();
    const over = all.slice(all.indexOf(card) + 1).map(e => e.getBoundingClientRect())
      .filter(r => r.left < t.right - .5 && t.left < r.right - .5 && r.top < t.bottom - .5 && t.top < r.bottom - .5);
    const ring = getComputedStyle(card, '::after');
    return {id: card.id, card: [c.x, c.y, c.width, c.height], tag: [t.x, t.y, t.width, t.height],
            seen: over.length === 0, text: tag.textContent,
            name: card.querySelector('input').getAttribute('aria-label'), ring: ring.borderTopStyle};
  }); }"""


def _me_landlord(room) -> bool:
    """Seat 0 bids 3 when asked, the CPUs bid nothing before it: seat 0 is the landlord and
    leads, the kitty in its hand (the CPUs wait: slow, no turn limit)."""
    from rooms import actions

    while room.state["phase"] == "bidding":
        seat = room.state["turn"]
        actions.play(room.pk, seat, room.version, {"type": "bid", "value": 3 if seat == 0 else 0}, by="cpu")
        room = Room.objects.get(pk=room.pk)
    return room.state["landlord"] == 0


def _inside(inner, outer) -> bool:
    return (outer[0] - .5 <= inner[0] and inner[0] + inner[2] <= outer[0] + outer[2] + .5
            and outer[1] - .5 <= inner[1] and inner[1] + inner[3] <= outer[1] + outer[3] + .5)


#: the tag's words and the end of a card's name in each language the tests read
WORDS = {"ja-JP": ("新", "（受け取ったばかり）"), "en-US": ("NEW", " (just received)"), "zh-CN": ("新", "（刚收到）")}


@pytest.mark.parametrize("size", [PORTRAIT, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("deck, locale", [("normal", "ja-JP"), ("four", "en-US")])
def test_the_landlords_kitty_is_marked_until_its_first_play(live_server_url, browser, size, deck, locale):
    page, room_id = open_room(browser, live_server_url, size, "doudizhu", until=_me_landlord, locale=locale)
    kitty = on_server(lambda: Room.objects.get(pk=room_id).state["kitty"])
    if deck == "four":
        page.evaluate("document.documentElement.classList.add('four-colour')")
    tag = f"ddz-kitty-{deck}-{locale}-{size[0]}x{size[1]}"
    shoot(page, tag)
    fresh = page.evaluate(FRESH)
    assert sorted(int(f["id"][2:]) for f in fresh) == sorted(kitty), fresh
    for f in fresh:
        assert _inside(f["tag"], f["card"]) and f["tag"][2] > 6 and f["tag"][3] > 6, f
        assert (f["text"], f["name"][-len(WORDS[locale][1]):]) == WORDS[locale] and f["ring"] == "dashed", f
    # each tag is seen: in a fanned row's strip, and in a phone's hand in rows (an upper row
    # shows the top half of its cards) beside the corner index
    assert all(f["seen"] for f in fresh), fresh
    # the landlord's first play: the mark is gone
    page.click("#hand-form button[data-action=hint]")
    page.wait_for_selector("#hand-form input:checked")
    version = page.get_attribute("#ver", "data-version")
    page.click("#hand-form button[data-action=play]")
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    assert page.locator("#hand-form .card.fresh").count() == 0
    assert page.locator("#hand-form .nw").count() == 0


def _me_given_a_tribute(room) -> bool:
    """Hand 2 of Guandan at the return: seat 3 (last out of hand 1) paid seat 0 (first out)
    its tribute (the engine's tests' position, put in the room)."""
    from games import get_engine
    from tests.guandan.test_engine import between_hands, deal

    engine = get_engine("guandan")
    state, _ = engine.with_hands(between_hands([0, 1, 2, 3]), deal({0: ["BJ"], 2: ["BJ"]}))
    while state["phase"] == "tribute":
        seat = engine.actors(state)[0]
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    Room.objects.filter(pk=room.pk).update(state=state, version=room.version + 1)
    return True


@pytest.mark.parametrize("size", [PORTRAIT, DESKTOP], ids=["phone", "desktop"])
def test_a_guandan_tribute_received_is_marked_in_its_column(live_server_url, browser, size):
    page, room_id = open_room(browser, live_server_url, size, "guandan", until=_me_given_a_tribute, locale="en-US")
    page.reload()
    page.wait_for_selector("#hand-form .card.fresh", timeout=30_000)
    page.wait_for_selector("#hand-form:not(.dealing)")  # the deal's motion (static/guandan.js)
    page.wait_for_timeout(1200)  # the seats' fans' motion (static/feel.js)
    shoot(page, f"gd-tribute-{size[0]}x{size[1]}")
    fresh = page.evaluate(FRESH)
    assert len(fresh) == 1, fresh
    f = fresh[0]
    assert _inside(f["tag"], f["card"]) and f["seen"] and f["text"] == "NEW", f
    assert f["name"].endswith(" (just received)") and f["ring"] == "dashed", f


def _me_given_a_seven_pass(room) -> bool:
    """Daifugō: seat 3 plays ♠7 ♥7 with its effect and passes seat 0 (next after it) ♠4 ♠6
    (7渡し, seed 004 §5): a position of the rule tests, put in the room; seat 0's turn."""
    from games.daifugo import ENGINE
    from tests.daifugo.util import ids, play, table

    mine = ["D3", "C4", "H5", "S8", "D8", "H9", "C10", "SJ", "HQ", "DQ", "CK", "SA", "H2", "JK"]
    s = table(hands={3: ["S7", "H7", "S4", "S5", "S6"], 0: mine}, turn=3)
    s, _ = play(s, 3, ["S7", "H7"], mode="effect")
    s, _ = ENGINE.apply(s, None, ENGINE.window(s)["close"])
    s, _ = ENGINE.apply(s, 3, {"type": "give", "cards": ids(s, 3, ["S4", "S6"])})
    assert s["turn"] == 0
    Room.objects.filter(pk=room.pk).update(state=s, version=room.version + 1)
    return True


@pytest.mark.parametrize("size", [PORTRAIT, DESKTOP], ids=["phone", "desktop"])
def test_a_seven_pass_received_is_marked_until_its_first_pass(live_server_url, browser, size):
    page, _room_id = open_room(browser, live_server_url, size, "daifugo", until=_me_given_a_seven_pass, locale="zh-CN")
    page.reload()
    page.wait_for_selector("#hand-form .card.fresh", timeout=30_000)
    page.wait_for_timeout(1200)  # the deal's motion
    shoot(page, f"daifugo-seven-pass-{size[0]}x{size[1]}")
    fresh = page.evaluate(FRESH)
    assert sorted(page.get_attribute(f"#{f['id']}", "data-code") for f in fresh) == ["S4", "S6"], fresh
    for f in fresh:
        assert _inside(f["tag"], f["card"]) and f["seen"] and f["text"] == "新", f
        assert f["name"].endswith("（刚收到）") and f["ring"] == "dashed", f
    version = page.get_attribute("#ver", "data-version")
    page.click("#hand-form [data-action=pass]")
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    assert page.locator("#hand-form .card.fresh").count() == 0
