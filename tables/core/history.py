"""The one recorder of hands (issue 17), used by the server (:mod:`rooms.actions`,
:mod:`rooms.lobby`) and the browser's practice table (:mod:`tables.practice`) alike.

A room-like object carries ``hand``: the hand in progress (a record of
:mod:`games.core.record` without ``final``/``result``, plus ``past``: the short list of
the hands finished so far in this room, for これまでの局). It holds the deal's seed and
secret, so it never goes to a page while the hand is played; only ``commitment`` does.

Every engine action goes through :func:`apply`::

    hand = deal(game, config, seed)                 # a new match (engine.new)
    state, events, hand, done = apply(engine, hand, state, seat, action)
    # done: the finished hand's record when this action ended it, else None

When the action deals a new hand (the state was between hands), :func:`apply` first
draws a fresh seed and secret (:func:`games.core.record.reseed`), so each hand's deal has
its own commitment.
"""
from __future__ import annotations

import re
import secrets

from games.core import record as rec

from . import options as opts
from .i18n import gettext as _, gettext_noop

#: what the table lists of a finished hand (the seed and secret are revealed once it ended);
#: count: the game's own number (:func:`count`); game and match: which game, and which match
#: of the room (:func:`deal`), so a list of hands of several matches reads (try50)
PAST_KEYS = ("no", "commitment", "seed", "secret", "result", "count", "game", "match")
PAST_KEPT = 50  # the newest finished hands the room lists (its records stay until it goes)


def new_secret() -> str:
    """A hand's server secret: 128 random bits as hex."""
    return secrets.token_hex(16)


def new_seed() -> str:
    """A deal's seed: 64 random bits as hex (what rooms use for a match)."""
    return secrets.token_hex(8)


def deal(game: str, config: dict, seed, past: list | None = None, no: int | None = None,
         chained: bool = False) -> dict:
    """The hand in progress of a match dealt by ``engine.new(config, seed)``; ``past``: the
    room's earlier finished hands (kept across a new match). ``chained``: every later hand
    of the match is dealt from ``"<seed>:<its number>"`` instead of a fresh random seed (a
    practice asked for by its seed is the same match each time it is played)."""
    past = list(past or [])
    secret = new_secret()
    hand = {"format": rec.FORMAT, "game": game, "config": config, "no": no or len(past) + 1,
            "seed": seed, "secret": secret, "commitment": rec.commitment(secret, seed),
            "before": None, "actions": [], "past": past, "match": (matches(past) or [0])[-1] + 1}
    if chained:
        hand["chain"] = str(seed)
    return hand


def apply(engine, hand: dict | None, state: dict, seat, action: dict) -> tuple[dict, list, dict | None, dict | None]:
    """Apply ``action`` by ``seat`` with ``engine`` and record it.

    Returns ``(state, events, hand, done)``: the new state, the engine's events, the hand in
    progress, and the record of the hand this action finished (else None). A state between hands is reseeded first
    (the action deals). ``hand`` None (a room from before records): nothing is recorded
    until the next deal. Raises what ``engine.apply`` raises; nothing changes then."""
    if hand is not None and rec.hand_ended(state) and hand.get("final"):
        hand = _next_deal(hand, state)
    elif hand is None and rec.hand_ended(state):
        hand = _next_deal({"game": state.get("game"), "config": {}, "no": 0, "past": []}, state)
    if hand is not None and hand.get("before") is not None and not hand["actions"]:
        state = hand["before"]
    new, events = engine.apply(state, seat, action)
    if hand is None or hand.get("final"):
        return new, events, hand, None
    hand = {**hand, "actions": [*hand["actions"], [seat, action]]}
    if not rec.hand_ended(new):
        return new, events, hand, None
    done = {k: v for k, v in hand.items() if k != "past"}
    # count: a label for lists of records (the browser's practice hands on /replay/), never
    # checked by a replay; the viewer's own title computes it from the replayed hand
    done.update(final=rec.digest(new), result=rec.result_of(new), count=count(new))
    summary = {k: done[k] for k in PAST_KEYS}
    hand = {**hand, "final": done["final"], "result": done["result"],
            "past": [*hand["past"], summary][-PAST_KEPT:]}
    return new, events, hand, done


def _next_deal(hand: dict, state: dict) -> dict:
    """The hand dealt next from the between-hands ``state``, with a fresh secret and a fresh
    seed (or the chained one: :func:`deal`)."""
    no, chain = hand["no"] + 1, hand.get("chain")
    seed = f"{chain}:{no}" if isinstance(chain, str) else new_seed()
    nxt = deal(hand["game"], hand["config"], seed, hand.get("past", []), no)
    if isinstance(hand.get("match"), int):  # the same match goes on (else: a hand from before matches)
        nxt["match"] = hand["match"]
    nxt["before"] = rec.reseed(state, seed)
    if isinstance(chain, str):
        nxt["chain"] = chain
    return nxt


def count(state: dict):
    """The game's own number of the hand of ``state`` (Daifugō's 第Nゲーム, Guandan's and
    Dou Dizhu's 第N局): the number its status bar shows, which starts again at 1 with a new
    match (a record's ``no`` counts the room's hands)."""
    return state.get("hand_no", state.get("game_no")) if isinstance(state, dict) else None


def readable(hand) -> dict | None:
    """``hand`` if it has the shape :func:`apply` works on (a save from this browser may be
    damaged or older), else None: recording starts again at the next deal."""
    ok = (isinstance(hand, dict) and isinstance(hand.get("actions"), list) and isinstance(hand.get("past"), list)
          and isinstance(hand.get("no"), int) and isinstance(hand.get("game"), str))
    return hand if ok else None


def commitment(hand: dict | None) -> str | None:
    """The commitment to show on the table for the hand in progress: None if none, and None
    once the hand has ended (``final``: its commitment is then listed with its seed under
    これまでの局; the next hand's is made by its deal). Between hands the table used to go on
    showing the finished hand's as "この局の" (try35)."""
    return hand.get("commitment") if hand and not hand.get("final") else None


def dealt_by(hand: dict | None, seat: int) -> tuple[int, str] | None:
    """Who dealt the hand in progress, told to ``seat`` until its first move in that hand:
    ``(dealer's seat number, "next_hand" | "next_game")`` when the hand's first action was a
    person's 次の局へ / 次のラウンドへ (anyone may press it: the mission's "anyone starts the
    next round") by another seat and ``seat`` has made no move in it since; else None (a
    match's first hand, one ``seat`` dealt itself, one it has acted in, one that has ended).
    try48: the result a person was reading closed when a friend dealt, with no word why."""
    if not hand or hand.get("final") or hand.get("before") is None or not hand.get("actions"):
        return None
    first, action = hand["actions"][0]
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in ("next_hand", "next_game") or not isinstance(first, int) or first == seat:
        return None
    if any(s == seat for s, _ in hand["actions"][1:]):
        return None
    return first, kind


def past(hand: dict | None) -> list[dict]:
    """The room's finished hands ``[{"no", "commitment", "seed", "secret", "result", "count",
    "game", "match"}]`` (``count``, ``game``, ``match`` missing from a hand finished before
    they were kept), oldest first."""
    return list(hand.get("past", [])) if hand else []


def matches(past: list[dict]) -> list[int]:
    """The match (1, 2…: the room's matches in order) of each of ``past``'s hands: its own
    ``match``, else worked out (an older summary): a new match where the game changes or
    the game's own number does not go up (1, 2, 3, 1, 2 is two matches)."""
    out: list[int] = []
    prev = None
    for h in past:
        if isinstance(h.get("match"), int):
            m = h["match"]
        elif prev is None:
            m = 1
        else:
            new = (h.get("game") != prev.get("game") or not isinstance(h.get("count"), int)
                   or not isinstance(prev.get("count"), int) or h["count"] <= prev["count"])
            m = out[-1] + 1 if new else out[-1]
        out.append(m)
        prev = h
    return out


#: a hand as each game's table numbers it (the status bar's words): Daifugō counts
#: ゲーム, Guandan and Dou Dizhu 局
HAND_WORDS = {"daifugo": gettext_noop("第%(n)sゲーム")}
HAND_WORD = gettext_noop("第%(n)s局")
#: a hand named with its game, in lists of hands of several games (これまでの局, /replay/)
GAME_AND_HAND = gettext_noop("%(game)s　%(hand)s")
#: a match of the room, in lists of hands of several matches
MATCH_WORD = gettext_noop("第%(n)s試合")


def hand_title(game: str, n) -> str:
    """Hand ``n`` of ``game`` with its game's name, in the current language:
    「オリジナル大富豪　第2ゲーム」, "Guandan · Hand 2" (``n`` may be a placeholder such as
    ``"{n}"``: /replay/'s page fills it in for this browser's practice hands)."""
    hand = _(HAND_WORDS.get(game, HAND_WORD)) % {"n": n}
    return _(GAME_AND_HAND) % {"game": _(opts.GAMES.get(game, game)), "hand": hand}


def match_title(n) -> str:
    """Match ``n`` of a room, in the current language: 「第2試合」, "Match 2"."""
    return _(MATCH_WORD) % {"n": n}


#: a hand with its match, where a list cannot group hands by match (/replay/)
HAND_IN_MATCH = gettext_noop("%(hand)s（%(match)s）")


def hand_labels(games) -> dict:
    """For each of ``games``, the words /replay/'s list of this browser's practice hands
    names a hand with, in the current language, with ``{n}`` (the game's own number) and
    ``{m}`` (the match) for the page to fill in: ``{game: {"hand": "掼蛋　第{n}局",
    "in_match": "掼蛋　第{n}局（第{m}試合）"}}`` (one home for the words: the page's
    script only fills in numbers)."""
    return {g: {"hand": hand_title(g, "{n}"),
                "in_match": _(HAND_IN_MATCH) % {"hand": hand_title(g, "{n}"), "match": match_title("{m}")}}
            for g in games}


def listed(past: list[dict], game: str | None = None) -> list[dict]:
    """``past`` (oldest first) as the table lists it, newest match first and newest hand
    first within it: ``[{"match": int, "title": str | None, "hands": [{"no", "title",
    "commitment"}]}]``; a match's ``title`` (第2試合) only when more than one match is
    listed. ``game``: the room's game, for a summary from before summaries kept theirs."""
    groups: list[dict] = []
    for h, m in zip(past, matches(past)):
        if not groups or groups[-1]["match"] != m:
            groups.append({"match": m, "hands": []})
        groups[-1]["hands"].append({"no": h["no"], "commitment": h.get("commitment", ""),
                                    "title": hand_title(h.get("game") or game, h.get("count") or h["no"])})
    for g in groups:
        g["title"] = match_title(g["match"]) if len(groups) > 1 else None
        g["hands"].reverse()
    return groups[::-1]


#: a CPU's own name (rooms.lobby.cpu_name, tables.practice): not a person's, so a record
#: keeps it; a seat a CPU took over from a person who left (「ふゆ (CPU)」) is not one
CPU_NAME = re.compile(r"CPU \d+")


def with_cpus(done: dict, seats) -> dict:
    """The finished hand's record ``done`` with ``cpus``: by seat number, the name of each
    seat a CPU played under its own name (:data:`CPU_NAME`), else None (a person's seat:
    names of people are never in a record). ``seats``: seat-like objects (``order``,
    ``is_human``, ``name``). Its replay names those seats so (try50: 席3 for CPU 1 after
    the room's CPUs had gone)."""
    by_order = {s.order: s for s in seats}
    size = max(by_order, default=-1) + 1
    names = [None] * size
    for order, s in by_order.items():
        if not s.is_human and isinstance(s.name, str) and CPU_NAME.fullmatch(s.name):
            names[order] = s.name
    return {**done, "cpus": names}
