"""What one seat may see of a Daifugō state (DESIGN.md: one function decides what each
seat sees). Never another seat's hand, never the surplus order; private events (exchange)
only for the seats involved."""
from __future__ import annotations

from .cards import CODE_OF_RANK, DECK, JOKER, RANK, SUIT, code, label, sort_key
from .moves import field_play
from .rules import TITLES, TITLES_EN
from .specials import NAMES

SPECIAL_RANKS = {3: "stop", 7: "seven_pass", 8: "eight_cut", 9: "nine_interrupt", 11: "eleven_back"}
#: each card id's code and label (:func:`code`, :func:`label` without a call: a late game's
#: graveyard holds ~90 cards)
CODES = [c.code for c in DECK.cards]
LABELS = [c.label for c in DECK.cards]


def is_special(card: int, specials: dict) -> bool:
    """Marked with a purple dot in the hand (seed 004 §5): a card that can trigger an
    effect under the table's rule set."""
    rank, suit = RANK[card], SUIT[card]
    if rank == 3:
        return suit in "HS" and specials.get("stop", False)
    if rank == 12:
        return suit == "H" and specials.get("revolution_stop", False)
    if rank == 14:
        return suit == "S" and specials.get("redeal", False)
    if rank == 5:
        return specials.get("five_skip", False)
    if rank == 10:
        return specials.get("ten_discard", False)
    name = SPECIAL_RANKS.get(rank)
    return bool(name and specials.get(name, False))


def card_view(card: int, specials: dict) -> dict:
    c = DECK.cards[card]
    return {"id": card, "code": c.code, "label": c.label, "suit": c.suit, "rank": c.rank,
            "special": is_special(card, specials)}


def laid_out(codes: list[str], stands: list[int]) -> list[tuple[str, str | None]]:
    """A play's cards in the order they lie: ``[(code, stood)]``, weakest first, a joker at
    the place of the rank it stands for (``stood``: that rank's code, ``"8"``; ``None`` for a
    natural card or a lone joker). ``codes``: the play's card codes (``["H5", "JK", "H7"]``);
    ``stands``: the ranks its jokers stand for, weakest place first
    (:meth:`games.daifugo.plays.Play.stands_for`, an event's ``"as"``). A sequence's joker
    lies inside it (♥5 JK ♥7: the joker is the 6, seed 004 §4 階段; try35 showed it at the end);
    a set's jokers follow the naturals of their rank."""
    stood = iter(stands)
    placed = []
    for c in codes:
        rank = RANK[DECK.by_code[c][0]]
        as_rank = next(stood, None) if rank == JOKER else None
        if as_rank == JOKER:  # a lone joker stands for itself
            as_rank = None
        placed.append((rank if as_rank is None else as_rank, rank == JOKER, c, CODE_OF_RANK.get(as_rank)))
    return [(c, note) for _at, _joker, c, note in sorted(placed, key=lambda p: (p[0], p[1]))]


def play_labels(codes: list[str], stands: list[int]) -> str:
    """A play's cards as one line of labels in the order they lie (:func:`laid_out`), a
    joker with the rank it stands for: ``"♥5 JK(6) ♥7"``."""
    return " ".join(LABELS[DECK.by_code[c][0]] + (f"({note})" if note else "") for c, note in laid_out(codes, stands))


def field_view(field: dict | None) -> dict | None:
    """The field as a seat sees it: ``{"by", "shape", "cards": [{"code", "label", "as"}]}``,
    the cards in the order they lie (:func:`laid_out`), ``"as"`` the rank a joker stands for."""
    if field is None:
        return None
    cards = [{"code": c, "label": LABELS[DECK.by_code[c][0]], "as": note}
             for c, note in laid_out([code(c) for c in field["cards"]], field_play(field).stands_for())]
    return {"by": field["by"], "cards": cards, "shape": field["shape"]}


def title_of(players: int, place: int | None) -> str | None:
    return None if place is None else TITLES[players][place]


def code_labels(codes: list[str]) -> str:
    """Card codes of an event as display labels, one line: ``["S5", "JK"]`` → ``"♠5 JK"``
    (the engine's log lines here and the table's, tables.daifugo.present)."""
    return " ".join(DECK.cards[DECK.by_code[c][0]].label for c in codes)


def describe(event: dict) -> dict:
    """A log line ``{"ja", "en"}`` for a public event (seat numbers as P1…)."""
    t = event["type"]
    p = lambda s: f"P{s + 1}"  # noqa: E731
    if t == "play":
        cards = play_labels(event["cards"], event.get("as", []))
        extra_ja = " 革命！" if event.get("revolution") else ""
        extra_en = " Revolution!" if event.get("revolution") else ""
        return {"ja": f"{p(event['seat'])}：{cards}{extra_ja}", "en": f"{p(event['seat'])}: {cards}{extra_en}"}
    if t == "pass":
        return {"ja": f"{p(event['seat'])}：パス", "en": f"{p(event['seat'])}: pass"}
    if t == "timeout":  # rules/daifugo.md "Time": the seat shows 時間切れ
        return {"ja": f"{p(event['seat'])}：時間切れ", "en": f"{p(event['seat'])}: out of time"}
    if t == "flush":
        rv = event.get("revealed")
        rv = code_labels([rv]) if rv else None
        return {"ja": "場が流れました" + (f"（余り札 {rv} を公開）" if rv else ""),
                "en": "The field is flushed" + (f" (surplus card {rv} revealed)" if rv else "")}
    if t == "finish":
        return {"ja": f"{p(event['seat'])} が{event['place']}番目に上がり", "en": f"{p(event['seat'])} goes out #{event['place']}"}
    if t == "foul":
        return {"ja": f"{p(event['seat'])} 反則上がり", "en": f"{p(event['seat'])} foul finish"}
    if t == "ochi":
        return {"ja": f"{p(event['seat'])} 都落ち", "en": f"{p(event['seat'])} falls from the capital (都落ち)"}
    if t == "lead":
        return {"ja": f"{p(event['seat'])} が親です", "en": f"{p(event['seat'])} leads"}
    if t == "deal":
        return {"ja": f"第{event['game_no']}ゲーム開始", "en": f"Game {event['game_no']} starts"}
    if t == "game_over":
        return {"ja": "ゲーム終了", "en": "Game over"}
    if t in SPECIAL_LINES:
        return SPECIAL_LINES[t](event, p)
    if t in ("tribute", "exchange", "received"):
        cards = code_labels(event["cards"])
        return {"ja": f"{p(event['from'])} → {p(event['to'])}：{cards}", "en": f"{p(event['from'])} → {p(event['to'])}: {cards}"}
    return {"ja": t, "en": t}


def _effect_name(event, lang):
    name = event.get("effect")
    return NAMES[name][0 if lang == "ja" else 1] if name in NAMES else ""


SPECIAL_LINES = {
    "interrupt": lambda e, p: {"ja": f"{p(e['seat'])} 9割り込み！", "en": f"{p(e['seat'])} interrupts with 9s!"},
    "window": lambda e, p: (
        {"ja": f"{p(e['seat'])} {_effect_name(e, 'ja')}：止める人は？", "en": f"{p(e['seat'])} {_effect_name(e, 'en')}: anyone to stop it?"}
        if e["kind"] == "stop" else {"ja": "革命！ ♥Q×2で止められます", "en": "Revolution! ♥Q×2 may stop it"}),
    "stop": lambda e, p: {"ja": f"{p(e['seat'])} {code_labels(e['cards'])} で無効化", "en": f"{p(e['seat'])} stops it with {code_labels(e['cards'])}"},
    "counter": lambda e, p: {"ja": f"{p(e['seat'])} {code_labels(e['cards'])} で止め返し", "en": f"{p(e['seat'])} counters with {code_labels(e['cards'])}"},
    "effect_stopped": lambda e, p: {"ja": f"{_effect_name(e, 'ja')}は止められました", "en": f"The {_effect_name(e, 'en')} was stopped"},
    "revolution_stopped": lambda e, p: {"ja": f"{p(e['seat'])} 革命止め", "en": f"{p(e['seat'])} stops the revolution"},
    "effect": lambda e, p: {"ja": f"{p(e['seat'])} {_effect_name(e, 'ja')}", "en": f"{p(e['seat'])} {_effect_name(e, 'en')}"},
    "seven_pass": lambda e, p: {"ja": f"{p(e['seat'])} → {p(e['to'])} に{e['count']}枚渡しました", "en": f"{p(e['seat'])} passed {e['count']} card(s) to {p(e['to'])}"},
    "revived": lambda e, p: {"ja": f"{p(e['seat'])} 復帰", "en": f"{p(e['seat'])} is back in the game"},
    "discard": lambda e, p: {"ja": f"{p(e['seat'])} {code_labels(e['cards'])} を捨てました", "en": f"{p(e['seat'])} discarded {code_labels(e['cards'])}"},
    "redeal": lambda e, p: {"ja": f"配り直し：{e['each']}枚ずつ", "en": f"Redeal: {e['each']} card(s) each"},
    "skipped": lambda e, p: {"ja": f"{p(e['seat'])} スキップ", "en": f"{p(e['seat'])} is skipped"},
}


LOG_SHOWN = 20


def public_log(log: list) -> list[dict | None]:
    """``log``'s public events described, position for position (``None`` for a private
    event: it is described only for the seats in it, by :func:`visible_log`)."""
    return [None if "private" in event else describe(event) for event in log]


def visible_log(log: list, seat: int | None, public: list | None = None) -> list[dict]:
    """The last :data:`LOG_SHOWN` events of ``log`` that ``seat`` may see (private ones
    only for the seats in them), described; older events are not described at all.
    ``public``: :func:`public_log` of ``log``, if already made."""
    return [public[i] if public is not None and "private" not in log[i] else describe(log[i])
            for i in _visible(log, seat)]


def visible_events(log: list, seat: int | None, logged: int | None = None) -> list[tuple[int, dict]]:
    """The events behind :func:`visible_log` (the same ones, in the same order), each with
    its number: ``[(number, event), …]``, what a table words in its reader's language
    from the events' codes and fields. ``logged``: the state's count of every event ever
    recorded (games/daifugo/engine.py ``logged``; ``None``: ``len(log)``), so an event
    keeps its number as older ones are dropped from ``log``: the number names its line,
    and the page keeps the lines it has and adds the new ones (tables/core/frames.py)."""
    first = (len(log) if logged is None else logged) - len(log)
    return [(first + i, log[i]) for i in _visible(log, seat)]


def _visible(log: list, seat: int | None) -> list[int]:
    """The positions in ``log`` of the last :data:`LOG_SHOWN` events ``seat`` may see, oldest first."""
    kept = []
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if "private" in event and seat not in event["private"]:
            continue
        kept.append(i)
        if len(kept) == LOG_SHOWN:
            break
    kept.reverse()
    return kept


def window_view(engine, state: dict) -> dict | None:
    """The open stop or ♥Q×2 window as everyone sees it (who played what, the chain so
    far, the seconds); never who could still stop."""
    w = state["window"]
    if not w:
        return None
    timed = engine.window(state)
    return {"kind": w["kind"], "seat": w["seat"], "effect": w["effect"] and w["effect"]["name"],
            "effect_ja": w["effect"] and NAMES[w["effect"]["name"]][0],
            "chain": [{"seat": c["seat"], "cards": [label(x) for x in c["cards"]]} for c in w["chain"]],
            "seconds": timed["seconds"], "n": w["n"]}


def pending_view(state: dict, seat: int | None) -> dict | None:
    """A 7-pass / 10-discard choice: its kind and chooser for all, the count for the chooser."""
    p = state["pending"]
    if not p:
        return None
    out = {"kind": p["kind"], "seat": p["seat"], "to": p["to"]}
    if seat == p["seat"]:
        out["count"] = p["count"]
    return out


def public_view(engine, state: dict) -> dict:
    """What every seat's :func:`view` shows alike, made once for all of them: ``view``,
    the view's seat-independent keys (never a hand, a legal action, a private event or
    the surplus order; a spectator sees all of it too), and ``log``, :func:`public_log`.
    Computed from ``state`` alone, with no seat in it, so sharing it cannot show one
    seat another's cards."""
    n = state["players"]
    places = state["places"]
    place_of = {s: i for i, s in enumerate(places)} if places else \
        {s: i for i, s in enumerate(state["finished"])}
    if not places and state["ochi"] is not None:
        place_of[state["ochi"]] = n - 1
    seats = []
    for s in range(n):
        place = place_of.get(s)
        seats.append({"seat": s, "count": len(state["hands"][s]), "passed": state["passed"][s],
                      "place": None if place is None else place + 1, "title": title_of(n, place), "foul": s in state["fouls"],
                      "ochi": state["ochi"] == s, "total": state["totals"][s],
                      "points": (n - 1 - place) if places and place is not None else None,
                      "turn": state["turn"] == s})
    result = None
    if places:
        result = {"places": places, "titles": {str(s): TITLES[n][i] for i, s in enumerate(places)},
                  "titles_en": {str(s): TITLES_EN[TITLES[n][i]] for i, s in enumerate(places)},
                  "points": {str(s): n - 1 - i for i, s in enumerate(places)}, "totals": list(state["totals"])}
    bind = state["bind"]
    return {"view": {
        "game": "daifugo", "players": n, "phase": state["phase"],
        "game_no": state["game_no"], "turn": state["turn"], "seats": seats,
        "field": field_view(state["field"]), "revolution": state["revolution"],
        "eleven_back": state["eleven_back"],
        "bind": None if not bind else {"suit": bind.get("suits"), "number": bool(bind.get("number")),
                                       "next_rank": CODE_OF_RANK.get(bind.get("next")) if bind.get("number") else None},
        "surplus_count": len(state["surplus"]),
        "graveyard": [{"code": CODES[c], "label": LABELS[c]} for c in state["graveyard"]],
        "result": result, "window": window_view(engine, state),
    }, "log": public_log(state["log"])}


def view(engine, state: dict, seat: int | None, public: dict | None = None) -> dict:
    """The seat's view as a JSON dict (keys documented in the rooms contract).
    ``public``: :func:`public_view` of this very ``state``, when the caller keeps it for
    several seats (the views then share its values: treat them as read-only)."""
    if public is None:
        public = public_view(engine, state)
    specials = state["rules"]["specials"]
    hand = [] if seat is None else [card_view(c, specials) for c in sorted(state["hands"][seat], key=sort_key)]
    pending = state["exchange"].get(str(seat)) if seat is not None else None
    return {
        **public["view"], "seat": seat, "hand": hand,
        "log": visible_log(state["log"], seat, public["log"]), "exchange": dict(pending) if pending else None,
        "pending": pending_view(state, seat),
        "legal": engine.legal_actions(state, seat) if seat is not None else [],
    }
