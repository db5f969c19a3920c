"""The browser and the server render the same bytes (DESIGN.md "Table presentation"):
states of all three games, at many points of random games and for every seat, rendered by
tables/ in CPython and in Pyodide in Debian's Chromium (the practice page's own Pyodide and
bundle), part for part and whole stages, compared byte for byte."""
from __future__ import annotations

import json
import random

import pytest

from games import get_engine

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Python run on both sides: a case (JSON) → the seat's whole stage and its parts.
RENDER = """
import json
from types import SimpleNamespace as NS
from tables.core.screen import stage, table_screen

def render_case(text):
    c = json.loads(text)
    room = NS(game=c["game"], state=c["state"], options=c["options"], version=c["version"],
              solo=c["solo"], timers=c["timers"], status="playing")
    seats = [NS(order=i, name=n, is_human=h, is_host=i == 0, auto=False)
             for i, (n, h) in enumerate(zip(c["names"], c["humans"]))]
    s = table_screen(room, seats, seats[c["seat"]], set(c["live"]), notice=c["notice"],
                     selected=c["selected"], asking="leave" if c["armed"] else None)
    return json.dumps({"stage": stage(s), "parts": dict(s.parts)}, ensure_ascii=False, sort_keys=True)
"""

BOOT = """async ([render, cases]) => {
  const mod = await import("/static/pyodide/pyodide.mjs");
  const py = await mod.loadPyodide({indexURL: "/static/pyodide/"});
  const zip = await (await fetch("/static/app/tefuda-py.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", {extractDir: "/home/pyodide/tefuda"});
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/tefuda')");
  py.runPython(render);
  const fn = py.globals.get("render_case");
  const out = cases.map((c) => fn(c));
  fn.destroy();
  return out;
}"""

NAMES = ['あき <b>"&', "ふゆ", "Nat'sumi", "CPU 3", "はる", "CPU 5"]


def cases(n_per_game: int = 12) -> list[str]:
    """Random states of each game (several seeds, several moments), each for a random seat
    with random selections, notices, timers and who is connected."""
    rng = random.Random(7)
    out = []
    for game, players in (("daifugo", 4), ("daifugo", 6), ("guandan", 4), ("doudizhu", 3)):
        engine = get_engine(game)
        for k in range(n_per_game):
            state = engine.new({"players": players}, f"same{k}")
            for _ in range(rng.randrange(0, 120)):
                if engine.is_over(state):
                    break
                actor = engine.actors(state)[0] if engine.actors(state) else None
                window = getattr(engine, "window", None)
                w = window(state) if window else None
                if actor is None and w:
                    state, _ = engine.apply(state, None, w["close"])
                elif actor is None:
                    break
                else:
                    state, _ = engine.apply(state, actor, engine.choose(state, actor))
            seat = rng.randrange(players)
            hand = engine.view(state, seat).get("hand") or []
            picked = [c["id"] for c in rng.sample(hand, min(len(hand), rng.randrange(0, 3)))]
            timers = {str(seat): ["limit", 2_000_000_000.5]} if rng.random() < 0.3 else {}
            if rng.random() < 0.3:
                timers["-1"] = ["window:x", 2_000_000_123.25]
            out.append(json.dumps({
                "game": game, "state": state, "options": {"players": players, "speed": "normal"},
                "version": rng.randrange(1, 500), "solo": rng.random() < 0.5, "timers": timers,
                "names": NAMES[:players], "humans": [i == 0 or rng.random() < 0.4 for i in range(players)],
                "live": [i for i in range(players) if rng.random() < 0.7], "seat": seat,
                "notice": rng.choice([None, {"code": "hint", "ja": "ヒント：<3>", "en": "Hint"},
                                      {"code": "stale", "ja": "古い", "en": "old"}]),
                "selected": picked, "armed": rng.random() < 0.2,
            }, ensure_ascii=False))
    return out


def test_pyodide_renders_every_part_byte_for_byte_as_the_server(browser, live_server_url):
    given = cases()
    namespace: dict = {}
    exec(RENDER, namespace)
    expected = [namespace["render_case"](c) for c in given]
    page = browser.new_page()
    page.goto(live_server_url + "/practice/")  # our origin, its CSP, its static files
    page.set_default_timeout(180_000)
    got = page.evaluate(BOOT, [RENDER, given])
    assert len(got) == len(expected) == len(given)
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a == b, f"case {i} ({json.loads(given[i])['game']}) differs"
    assert len({json.loads(e)["stage"] for e in expected}) > len(given) * 0.9  # the cases differ
