"""Refusals of a table and its room (the engines raise ``games.core.IllegalAction`` for
rules): stale screens, malformed messages, seats and hosts.

Each carries a stable ``code`` and ``ja``/``en`` text; the server's consumer and the
browser's practice table show them by the hand and change nothing.
"""
from __future__ import annotations

from games.core import IllegalAction


class Refused(IllegalAction):
    """A room-level refusal (not host, room full, stale version, …)."""


def stale() -> Refused:
    return Refused("stale", "画面が古くなっていました。最新の状態にしました。もう一度どうぞ。",
                   "Your screen was out of date; it is now up to date. Please try again.")


def late() -> Refused:
    """A stop or a 9 interrupt pressed after its moment had passed (the window closed, the
    next player acted): nothing happened, and the player is told why."""
    return Refused("late", "間に合いませんでした。止める・割り込む時間はもう終わっていたので、何も起きていません。",
                   "Too late: the moment to stop or interrupt had passed, so nothing happened.")


def not_host() -> Refused:
    return Refused("not_host", "ホストだけができる操作です。", "Only the host can do that.")


def in_progress() -> Refused:
    """Joining a room whose game is on (seed 004 人数とホスト: a started room takes no
    newcomers); the words say when it can be joined again (try29: someone who left asked)."""
    return Refused("in_progress", "この部屋はゲーム中です。途中からは入れません。ホストが待合室に戻すと、また入れます。",
                   "A game is in progress in this room; nobody can join midway. You can join again once the host takes the room back to the waiting room.")


def playing() -> Refused:
    """A host's waiting-room action (add or remove a seat, a CPU's level, the options,
    start) while a game is on: they wait for the waiting room (try18: such a message was
    answered 「途中からは入れません」, which is about joining)."""
    return Refused("playing", "ゲーム中はできません。結果の画面の「ロビーへ」で待合室に戻るとできます。",
                   "Not during a game: back in the waiting room (Back to the lobby, on a result) you can.")


def removed_here() -> Refused:
    """Joining a room whose host removed this browser's person (:func:`rooms.lobby.remove`):
    nobody the host sent out comes back by the passphrase or the link (try38)."""
    return Refused("removed_here", "ホストにこの部屋から外されたので、この部屋にはもう入れません。",
                   "The host removed you from this room, so you cannot join it again.")


def room_full() -> Refused:
    return Refused("room_full", "この部屋は満員です。", "This room is full.")


def closed() -> Refused:
    return Refused("closed", "この部屋はもうありません。", "This room no longer exists.")


def not_seated() -> Refused:
    return Refused("not_seated", "この部屋に席がありません。", "You have no seat in this room.")


def bad_request(what: str = "message") -> Refused:
    return Refused("malformed", "操作の形式が正しくありません。", "The request is malformed.", what=what)


def too_fast() -> Refused:
    return Refused("rate_limited", "操作が速すぎます。少し待ってください。", "Too many actions; please slow down.")
