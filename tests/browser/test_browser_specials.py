"""Special cards in Chromium (issue 4, table part): in a seeded practice room the player
stops a CPU's effect with ♥3/♠3, interrupts with 9s and plays an 8 with effect.

Deterministic: the practice form takes a test-only ``seed`` (honoured only with
``TEFUDA_TEST_SEEDS`` or ``DEBUG``; see ``rooms.views.test_seed``). :func:`script` replays
the same deal with the same engine in this process to know what the player will be offered
(the CPU is deterministic; the seed is chosen so that no CPU ever reacts out of turn, so the
random thinking delays cannot change the course of the game).
"""
import pytest

from games import get_engine
from games.daifugo.cards import RANK
from tables.core import options as opts
from tests.browser.practice import BOOT_TIMEOUT

pytestmark = pytest.mark.browser
E = get_engine("daifugo")
SEED = "t311"  # found by script(): two turns, a stop, the 8 with effect, four turns, an interrupt (t386 before the CPU kept its stop cards, t326 before the hint led with つよい, issue 16)


def script(seed: str, players: int = 4, max_steps: int = 400):
    """The player's (seat 0) actions in a practice game of ``seed``: stop the first CPU
    effect it can, interrupt with 9s at the first chance, play a single 8 with effect on its
    first turn that allows it, else the hint's cards plain. None if the game does not offer
    all three or a CPU would act out of turn."""
    state = E.new(opts.engine_config("daifugo", {**opts.defaults("daifugo"), "players": players}), seed)
    done = {"effect": False, "stop": False, "interrupt": False}
    steps = []
    for _ in range(max_steps):
        if E.is_over(state) or all(done.values()):
            break
        if any(E.react(state, s) is not None for s in range(1, players)):
            return None
        legal = E.legal_actions(state, 0)
        w = state["window"]
        if w and w["kind"] == "stop" and w["seat"] != 0 and not done["stop"]:
            stops = [a for a in legal if a["type"] == "stop"]
            if stops:
                done["stop"] = True
                steps.append(("stop", stops[0]))
                state, _ = E.apply(state, 0, stops[0])
                continue
        if not w and not state["pending"] and not done["interrupt"] and state["turn"] != 0:
            nines = [a for a in legal if a.get("mode") == "interrupt"]
            if nines:
                done["interrupt"] = True
                steps.append(("interrupt", nines[0]))
                state, _ = E.apply(state, 0, nines[0])
                continue
        actors = E.actors(state)
        if not actors:
            state, _ = E.apply(state, None, E.window(state)["close"])
            continue
        seat = actors[0]
        if seat != 0:
            state, _ = E.apply(state, seat, E.choose(state, seat))
            continue
        if state["pending"] or state["phase"] != "play":
            return None
        eights = [a for a in legal if a.get("mode") == "effect" and len(a["cards"]) == 1 and RANK[a["cards"][0]] == 8]
        if eights and not done["effect"]:
            done["effect"] = True
            action, kind = eights[0], "effect"
        else:
            hints = E.hint(state, 0)
            action, kind = (hints[0]["action"] if hints else {"type": "pass"}), "turn"
            if action["type"] == "play":
                action = {"type": "play", "cards": action["cards"], "mode": "plain"}
        steps.append((kind, action))
        state, _ = E.apply(state, 0, action)
    return steps if all(done.values()) else None


@pytest.fixture
def test_seeds(monkeypatch):
    """Before the live server forks: the server honours the practice form's seed."""
    monkeypatch.setenv("TEFUDA_TEST_SEEDS", "1")


def _version_changes(page, version, timeout=15000):
    page.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'", timeout=timeout)


def _my_turn(page, timeout=40000):
    page.wait_for_selector("#hand-form .my-turn button[value=play]:visible, #hand-form .my-turn [data-action=pass]",
                           timeout=timeout)


def test_stop_interrupt_and_effect_in_a_seeded_practice_room(test_seeds, live_server_url, browser):
    steps = script(SEED)
    assert steps and {k for k, _ in steps} >= {"stop", "interrupt", "effect"}
    page = browser.new_context().new_page()
    page.goto(live_server_url + "/practice/")
    page.fill("input[name=name]", "あなた")
    page.select_option("select[name=speed]", "slow")  # 1.5 s per CPU action: time to press 割り込み
    page.evaluate("""seed => { const i = document.createElement('input'); i.type = 'hidden';
        i.name = 'seed'; i.value = seed; document.querySelector('form.enter-form').appendChild(i); }""", SEED)
    page.click("form.enter-form button[type=submit]")
    page.wait_for_selector("#hand-form", timeout=BOOT_TIMEOUT)

    for kind, action in steps:
        if kind == "stop":
            stop = "#stop-window button[data-action=stop-stop]"
            page.wait_for_selector(stop, timeout=40000)
            panel = page.inner_text("#stop-window")
            assert "止める人は？" in panel and "CPU" in panel and "残り" in panel
            for width, height in ((812, 375), (375, 812)):  # a phone: the window floats whole over the top
                page.set_viewport_size({"width": width, "height": height})
                for part in ("#stop-window", "#stop-window .countdown", "#stop-window button[data-action=stop-stop]"):
                    box = page.locator(part).bounding_box()
                    assert box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5 \
                        and box["y"] + box["height"] <= height + 0.5, (width, part, box)
                assert page.locator("#stop-window button").bounding_box()["height"] >= 44 - 0.5
            page.set_viewport_size({"width": 1280, "height": 720})
            page.click(stop)  # (by its selector: a message may have swapped the window since the wait)
            page.wait_for_selector("#log li:has-text('で無効化')", timeout=20000)
            assert page.query_selector("#stop-window .chain") is not None  # the stop is shown in the window
        elif kind == "interrupt":
            interrupt = "#hand-form button[data-action=interrupt]"  # (the CPUs' plays swap the hand meanwhile)
            page.wait_for_selector(interrupt, timeout=40000)
            assert page.inner_text(interrupt).startswith("9で割り込む")
            page.click(interrupt)
            page.wait_for_selector("#log li:has-text('9割り込み')", timeout=20000)
        else:
            _my_turn(page)
            version = page.get_attribute("#ver", "data-version")
            if action["type"] == "pass":
                page.click("#hand-form [data-action=pass]")
            else:
                for card in action["cards"]:
                    page.click(f"#hand-form label.card:has(input[value='{card}'])")  # as a person taps the card
                    assert page.is_checked(f"#hand-form input[name=card][value='{card}']")
                if kind == "effect":
                    assert page.is_visible("#hand-form button[data-mode=effect]")  # 効果を使って出す
                    assert page.is_visible("#hand-form button[data-mode=plain]")   # 素出しで出す
                    assert not page.is_visible("#hand-form .plain-play")
                    page.click("#hand-form button[data-mode=effect]")
                    page.wait_for_selector("#stop-window", timeout=20000)
                    panel = page.inner_text("#stop-window")
                    assert "あなた が 8切り を出しました" in panel and "止める（" not in panel
                    page.wait_for_selector("#log li:has-text('あなた 8切り')", timeout=20000)  # resolved
                elif page.is_visible("#hand-form .effect-choice"):
                    page.click("#hand-form button[data-mode=plain]")
                else:
                    page.click("#hand-form .plain-play")
            _version_changes(page, version)

    # each step waited above for its own log line (で無効化, 9割り込み, あなた 8切り); the log
    # keeps the latest lines only, so at the end it still shows the last step's
    log = page.inner_text("#log")
    last = {"stop": "で無効化", "interrupt": "9割り込み", "effect": "あなた 8切り"}.get(steps[-1][0])
    assert last is None or last in log
