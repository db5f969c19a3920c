"""Issue 13, "Helping new players", at the table (pure presentation): the special-card
mark's legend, the Daifugō exchange shown to the two seats involved, Guandan's and Dou
Dizhu's card counter, the graveyard grouped by rank."""
import json
import re
from collections import Counter

from games import get_engine
from games.daifugo.cards import RANK as DF_RANK
from games.doudizhu.engine import DECK as DD_DECK
from games.guandan.cards import RANK as GD_RANK, RANK_NAMES as GD_NAMES
from tables.core import options as opts
from tables.core.screen import table_screen
from tables.practice import LocalSeat, PracticeTable, YOU


def send(table, now, **msg):
    return table.receive(json.dumps(msg), now)


def parts(table, seat=YOU):
    return table_screen(table.room, table.seats, table.seats[seat], {YOU}).parts


def run(table, until, now=1.0):
    engine = get_engine(table.room.game)
    send(table, now, act="hello")
    for _ in range(5000):
        if until(table.room.state):
            return now
        if engine.is_over(table.room.state):
            send(table, now, act="pick", version=str(table.room.version), index="0")
        elif YOU in engine.actors(table.room.state):
            send(table, now, act="auto", version=str(table.room.version))
        else:
            now = max(now, table.next_due())
            table.tick(now)
    raise AssertionError("never reached")


def test_the_special_mark_legend_lists_the_special_cards_switched_on():
    table = PracticeTable("daifugo", {"players": "4"}, seed="legend1")
    aid = parts(table)["aid"]
    specials = table.room.state["rules"]["specials"]
    for name, label in opts.RULE_SWITCHES["daifugo"].items():
        shown = f"<dt>{label}</dt><dd>{opts.DESCRIPTIONS[name]}</dd>" in aid
        assert shown == bool(specials.get(name)), name
    assert "紫の点" in aid
    specials["eight_cut"] = False  # a table without 8切り has no 8切り in its legend
    assert opts.RULE_SWITCHES["daifugo"]["eight_cut"] not in parts(table)["aid"]


def test_the_exchange_is_shown_with_its_cards_to_the_two_seats_involved_only():
    table = PracticeTable("daifugo", {"players": "4"}, seed="swap1")
    run(table, lambda s: s["game_no"] == 2 and s["phase"] == "exchange")
    state = table.room.state
    tributes = [e for e in state["log"] if e["type"] == "tribute"]
    assert len(tributes) == 2
    for seat in range(4):
        table.seats[seat].is_human = True  # every seat's own screen
    names = {s.order: s.name for s in table.seats}
    for seat in range(4):
        aid = table_screen(table.room, table.seats, table.seats[seat], {0, 1, 2, 3}).parts["aid"]
        for e in tributes:
            cards = " ".join(c for c in e["cards"])
            involved = seat in (e["from"], e["to"])
            line = re.search(rf'data-from="{e["from"]}" data-to="{e["to"]}">([^<]*)<b>([^<]*)</b>', aid)
            assert bool(line) == involved, (seat, e)
            if involved:
                other = e["to"] if seat == e["from"] else e["from"]
                assert names[other] in line.group(1) and "あなた" in line.group(1)
                assert len(line.group(2).split()) == len(cards.split())


def test_the_graveyard_is_grouped_by_rank():
    table = PracticeTable("daifugo", {"players": "4"}, seed="grave1")
    run(table, lambda s: len(s["graveyard"]) >= 8)
    grave = parts(table)["graveyard"]
    face = (r'<span class="card face[^"]*"[^>]*><span class="ix" aria-hidden="true">[^<]*</span>'  # tables.core.markup.card_face
            r'<span class="pp" aria-hidden="true">[^<]*</span><span class="lb">[^<]*</span></span>')
    groups = re.findall(rf'<span id="grave-[^"]+" class="grave-rank" data-rank="([^"]+)"><b class="grave-count">(\d+)</b>((?:{face})+)</span>', grave)
    ranks = [r for r, _, _ in groups]
    assert len(ranks) == len(set(ranks)) >= 2  # one group a rank
    assert sum(int(n) for _, n, _ in groups) == len(table.room.state["graveyard"])
    for rank, n, faces in groups:
        assert faces.count('class="card face') == int(n)


def test_the_guandan_counter_is_every_unseen_card_by_rank():
    table = PracticeTable("guandan", {}, seed="count1")
    run(table, lambda s: len(s["pile"]) >= 20)
    state = table.room.state
    aid = parts(table)["aid"]
    shown = {r: int(n) for r, n in re.findall(r'<span data-rank="([^"]+)"[^>]*><b>[^<]*</b> (\d+)枚</span>', aid)}
    others = Counter(GD_NAMES[GD_RANK[c]] for s in range(4) if s != YOU for c in state["hands"][s])
    assert shown == {r: others.get(r, 0) for r in GD_NAMES}
    assert re.search(r'data-rank="BJ".*data-rank="LJ".*data-rank="2"', aid)  # strongest first (level 2)


def test_the_doudizhu_counter_is_every_unseen_card_by_rank():
    table = PracticeTable("doudizhu", {}, seed="count2")
    run(table, lambda s: s["phase"] == "play" and sum(len(h.get("cards", ())) for h in s["history"]) >= 10)
    state = table.room.state
    aid = parts(table)["aid"]
    shown = {r: int(n) for r, n in re.findall(r'<span data-rank="([^"]+)"[^>]*><b>[^<]*</b> (\d+)枚</span>', aid)}
    others = Counter(DD_DECK.cards[c].rank for s in range(3) if s != YOU for c in state["hands"][s])
    assert sum(shown.values()) == sum(len(state["hands"][s]) for s in range(3) if s != YOU)
    assert shown == {r: others.get(r, 0) for r in shown}
