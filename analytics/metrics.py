"""The vocabulary of analytics: metric names, their keys, and the phases of a room.

Every :class:`~analytics.models.DailyCount` row uses one of these metric names; the keys
listed here are the only ones recorded (errors add exception class names and code
places, see :mod:`analytics.errors`).

Game-level terms (the same for all three games, so the dashboard can compare them):

- ``games_started``: the host started play at a table (one per start).
- ``rounds``: one dealt hand reached its result (Daifugō ``game_over``, Guandan and
  Dou Dizhu ``hand_over``).
- ``games_finished``: a started game reached a result: Guandan ``match_won``, Dou Dizhu
  ``match_over``; Daifugō has no match end, so a started table counts as finished when its
  first deal reaches ``game_over``.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

GAMES = ("daifugo", "guandan", "doudizhu")

# site-wide (game "")
SESSIONS = "sessions"              # distinct browsers per day (see analytics.sessions)
SERVER_ERROR = "server_error"      # key "ExceptionClass @ place"
CLIENT_ERROR = "client_error"      # key "kind: scrubbed message @ /path"

# per game
ROOMS_CREATED = "rooms_created"    # key "passphrase" | "practice"
SEATS = "seats"                    # key "human" | "cpu" (taken in the waiting room)
PLAYERS = "players"                # key "human" | "cpu", summed over started games
GAMES_STARTED = "games_started"    # key "<n>p" (table size)
GAMES_FINISHED = "games_finished"
ROUNDS = "rounds"
SPECIAL = "special"                # key "<card>:<use>" (analytics.events)
LEFT = "left"                      # key: a phase below (a person left for good)
REMOVED = "removed"                # key: a phase (the host removed a person)
DISCONNECTS = "disconnects"        # key: a phase (a socket went away)
RECLAIMS = "reclaims"              # key: a phase (a seat was taken back by its browser)
STAMPS = "stamps"                  # key: the stamp's code (tables.core.stamps.CODES), never who sent it

# phases of a room, in funnel order ("where players left")
WAITING, EXCHANGE, PLAYING, RESULT = "waiting", "exchange", "playing", "result"
PHASES = (WAITING, EXCHANGE, PLAYING, RESULT)
PHASE_LABELS = {WAITING: _("待合室"), EXCHANGE: _("カード交換・進貢"),
                PLAYING: _("ゲーム中"), RESULT: _("結果画面")}

# engine phases that are an exchange or tribute, and those that show a result
_EXCHANGE_PHASES = {"exchange", "tribute", "return"}
_RESULT_PHASES = {"over", "hand_over", "match_over"}


def phase_of(status: str, state: dict | None) -> str:
    """The funnel phase of a room: its ``status`` (``"waiting"``/``"playing"``/…) and
    its engine ``state`` (``state["phase"]`` as each engine names it).

    >>> phase_of("playing", {"phase": "tribute"})
    'exchange'
    """
    if status == "waiting" or not state:  # a closed room keeps the state it closed in
        return WAITING
    engine_phase = state.get("phase")
    if engine_phase in _EXCHANGE_PHASES:
        return EXCHANGE
    if engine_phase in _RESULT_PHASES:
        return RESULT
    return PLAYING

# The dashboard's words for the special-card keys (analytics.events): ``"<card>:<use>"``.
SPECIAL_CARD_LABELS = {
    "seven_pass": _("7渡し"), "eight_cut": _("8切り"), "eleven_back": _("11バック"), "redeal": _("配り直し"),
    "five_skip": _("5スキップ"), "ten_discard": _("10捨て"), "heart3": _("♥3"), "spade3": _("♠3"),
    "heart_queens": _("♥Q×2"), "revolution": _("革命"), "nine": _("9割り込み"),
    "bomb": _("爆弾"), "straight_flush": _("ストレートフラッシュ"), "joker_bomb": _("4ジョーカー爆弾"),
    "wild": _("ワイルド（ハートのレベル札）"), "tribute": _("進貢"), "anti_tribute": _("抗貢"), "jiefeng": _("接風"),
    "rocket": _("ロケット"), "spring": _("春天"), "anti_spring": _("反春天"), "all_pass": _("全員パス"),
}
SPECIAL_USE_LABELS = {
    "stop": _("止めた"), "counter": _("止め返し"), "interrupt": _("割り込み"), "play": _("出された"),
    "give": _("渡された"), "declared": _("宣言された"), "lead": _("親を引き継いだ"), "hand": _("起きた局"),
    "redeal": _("配り直し"),
}
