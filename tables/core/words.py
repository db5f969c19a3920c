"""What a notice by the hand says, in the reader's language (issue 14): refusals by their
stable code, hints by the action they suggest.

The engines and the room raise refusals with a stable ``code`` (``games.core.IllegalAction``,
:mod:`tables.core.errors`) and facts in ``details``; the words are chosen here, never by
matching the engine's own text. Codes every game shares are in :data:`REFUSALS`; a game's
own codes in its presenter's ``refusals`` (``tables.<game>.present``), each a gettext
message whose ``%(name)s`` placeholders are filled from the notice's details. A code with
no words here falls back to the engine's Japanese sentence (tests/tables/test_i18n_pages.py
fails on any such code).
"""
from __future__ import annotations

from .. import presenter
from .i18n import gettext as _, gettext_noop as N_

#: codes of games.core.errors, tables.core.errors, tables.core.moves and rooms.consumers
REFUSALS = {
    "malformed": N_("操作の形式が正しくありません。"),
    "not_your_turn": N_("あなたの番ではありません。"),
    "not_in_hand": N_("持っていないカードが含まれています。"),
    "game_over": N_("このゲームは終了しています。"),
    "stale": N_("画面が古くなっていました。最新の状態にしました。もう一度どうぞ。"),
    "late": N_("間に合いませんでした。止める・割り込む時間はもう終わっていたので、何も起きていません。"),
    "not_host": N_("ホストだけができる操作です。"),
    "in_progress": N_("この部屋はゲーム中です。途中からは入れません。"),
    "room_full": N_("この部屋は満員です。"),
    "closed": N_("この部屋はもうありません。"),
    "not_seated": N_("この部屋に席がありません。"),
    "rate_limited": N_("操作が速すぎます。少し待ってください。"),
    "server_error": N_("サーバーで問題が起きました。もう一度お試しください。"),
    "seat_expired": N_("通信が長く切れていたため、席がなくなりました。もう一度入ってください。"),
    "removed": N_("ホストにより部屋から外されました。"),
    "seat_taken": N_("その席はほかの画面で遊ばれています。"),
    "no_hint": N_("今は出せるおすすめがありません。"),
}


def words_for(game: str) -> dict[str, str]:
    """Every refusal code ``game``'s table can show → its untranslated message."""
    return {**REFUSALS, **getattr(presenter(game), "refusals", {})}


def notice_text(game: str, notice: dict | None) -> str:
    """The sentence of ``notice`` (``{"code", "ja", "en", **details}``; a hint also has
    ``action``, the suggested action) in the current language (:mod:`tables.core.i18n`);
    ``""`` for no notice. Placeholders the details do not fill leave the message as is."""
    if not notice:
        return ""
    code = notice.get("code", "")
    if code == "hint" and notice.get("action") is not None:
        return _("ヒント：%(play)s") % {"play": presenter(game).action_label(notice["action"])}
    message = words_for(game).get(code)
    if message is None:
        return notice.get("ja", "")
    try:
        return _(message) % {**notice, **presenter(game).notice_words(notice)}
    except (KeyError, TypeError, ValueError):
        return _(message)
