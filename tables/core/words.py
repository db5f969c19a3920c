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

from markupsafe import Markup

from .. import presenter
from . import i18n
from .markup import escape
from .i18n import gettext as _, gettext_noop, ngettext
from .options import GAMES, field_label

#: codes of games.core.errors, tables.core.errors, tables.core.options, tables.core.moves,
#: tables.practice and rooms (consumers, lobby, actions, outofturn)
REFUSALS = {
    "malformed": gettext_noop("操作の形式が正しくありません。"),
    "not_your_turn": gettext_noop("あなたの番ではありません。"),
    "not_in_hand": gettext_noop("持っていないカードが含まれています。"),
    "no_cards": gettext_noop("札が選ばれていません。"),
    "game_over": gettext_noop("このゲームは終了しています。"),
    "stale": gettext_noop("画面が古くなっていました。最新の状態にしました。もう一度どうぞ。"),
    "late": gettext_noop("間に合いませんでした。止める・割り込む時間はもう終わっていたので、何も起きていません。"),
    "not_host": gettext_noop("ホストだけができる操作です。"),
    "in_progress": gettext_noop("この部屋はゲーム中です。途中からは入れません。ホストが待合室に戻すと、また入れます。"),
    "playing": gettext_noop("ゲーム中はできません。結果の画面の「ロビーへ」で待合室に戻るとできます。"),
    "room_full": gettext_noop("この部屋は満員です。"),
    "closed": gettext_noop("この部屋はもうありません。"),
    "not_seated": gettext_noop("この部屋に席がありません。"),
    "rate_limited": gettext_noop("操作が速すぎます。少し待ってください。"),
    "server_error": gettext_noop("サーバーで問題が起きました。もう一度お試しください。"),
    "seat_expired": gettext_noop("通信が長く切れていたため、席がなくなりました。もう一度入ってください。"),
    "removed": gettext_noop("ホストにより部屋から外されました。"),
    "removed_here": gettext_noop("ホストにこの部屋から外されたので、この部屋にはもう入れません。"),
    "seat_taken": gettext_noop("その席はほかの画面で遊ばれています。"),
    "no_hint": gettext_noop("今は出せるおすすめがありません。"),
    # news, not refusals: who dealt the hand a person's result closed for (tables.core.screen)
    "dealt_hand": gettext_noop("%(name)s が次の局を始めました。"),
    "dealt_round": gettext_noop("%(name)s が次のラウンドを始めました。"),
    "left_game": gettext_noop("%(name)s が退出しました。この席はCPUが最後まで打ちます。"),
    "removed_game": gettext_noop("%(name)s はホストに外されました。この席はCPUが最後まで打ちます。"),
    "bad_option": gettext_noop("設定「%(field)s」の値が正しくありません。"),
    # the Dou Dizhu and Guandan engines' own codes (games/*/errors.py), one wording for both
    # (try48: the same refusal read differently in the two games)
    "wrong_phase": gettext_noop("今はその操作はできません。"),
    "not_a_combination": gettext_noop("その組み合わせは役になりません。"),
    "not_auto": gettext_noop("おまかせ中ではありません。"),
    "not_playing": gettext_noop("ゲーム中ではありません。"),
    "not_over": gettext_noop("局の途中です。"),
    "no_ffwd": gettext_noop("早送りは1人練習だけです。"),
    "not_cpu": gettext_noop("CPUの席ではありません。"),
    "self": gettext_noop("ホスト自身は外せません。"),
    "too_many": gettext_noop("席が多すぎます。先に席を外してください。"),
    # rooms.lobby.set_options: details ``game``, ``least``, ``most``, ``seats`` (see room_words)
    "too_many_for_game": gettext_noop("%(game_name)sは%(players)sで遊ぶゲームです。いま%(seats)s席あります。先に席を外してください。"),
    "earlier": gettext_noop("ほかの人が先に出しました。"),
}


def words_for(game: str) -> dict[str, str]:
    """Every refusal code ``game``'s table can show → its untranslated message."""
    return {**REFUSALS, **getattr(presenter(game), "refusals", {})}


def hint_text(game: str, action: dict) -> str:
    """A hint's suggested ``action`` named in the current language, with the engine's
    reason (``action["why"]``) when the game words it. In Japanese the engine's own
    sentence (``action["ja"]``) already holds the reason."""
    p = presenter(game)
    play = p.action_label(action)
    if i18n.current() == i18n.DEFAULT and action.get("ja"):
        return play
    reason = p.hint_reason(action.get("why") or {})
    return _("%(play)s：%(why)s") % {"play": play, "why": reason} if reason else play


def room_words(notice: dict) -> dict:
    """The words a room's refusal takes from its details, in the current language: the
    setting it names as the waiting room names it (``field``: ``"ゲーム"`` for ``game``;
    an unknown key is left as sent), the name of the game it names (``game_name``) and
    how many players that game takes (``players``: ``"4人"`` / ``"4 players"``, or a range
    from ``least`` to ``most``);
    ``{}`` for a notice without them."""
    out = {}
    label = field_label(notice["field"]) if isinstance(notice.get("field"), str) else None
    if label:
        out["field"] = _(label)
    if notice.get("game") in GAMES:
        out["game_name"] = _(GAMES[notice["game"]])
    least, most = notice.get("least"), notice.get("most")
    if isinstance(least, int) and isinstance(most, int):
        out["players"] = (ngettext("%(n)s人", "%(n)s人", most) % {"n": most} if least == most
                          else _("%(least)s〜%(most)s人") % {"least": least, "most": most})
    return out


def notice_text(game: str, notice: dict | None) -> str:
    """The sentence of ``notice`` (``{"code", "ja", "en", **details}``; a hint also has
    ``action``, the suggested action) in the current language (:mod:`tables.core.i18n`);
    ``""`` for no notice. Placeholders the details do not fill leave the message as is."""
    if not notice:
        return ""
    code = notice.get("code", "")
    if code == "hint" and notice.get("action") is not None:
        return _("ヒント：%(play)s") % {"play": hint_text(game, notice["action"])}
    message = words_for(game).get(code)
    if message is None:
        return notice.get("ja", "")
    try:
        return _(message) % {**notice, **room_words(notice), **presenter(game).notice_words(notice)}
    except (KeyError, TypeError, ValueError):
        return _(message)


def with_outcome(title: str, i_won: bool | None) -> str:
    """A result's ``title`` with what it means for its reader, in the current language:
    ``"第1局の結果（あなたの勝ち）"`` / ``"Hand 1 result (you lose)"``; the title alone for a
    reader with no side (``None``: a spectator, the replay viewer)."""
    if i_won is None:
        return title
    said = _("%(title)s（あなたの勝ち）") if i_won else _("%(title)s（あなたの負け）")
    return said % {"title": title}


def turn_line(message: str, name) -> Markup:
    """The field's turn line (``message``: a translated ``"%(name)s の番です"``) with the
    name in ``<span class="who">``, which a narrow field cuts with an ellipsis while the turn
    words stay whole (static/tefuda.css ``.whose-turn``, a flex row); the spaces next to
    the name are no-break spaces, which a flex row's items keep (a plain space at an item's
    edge is dropped). ``name`` is escaped unless it is markup already."""
    before, _sep, after = message.partition("%(name)s")
    stripped, started = before.rstrip(" "), after.lstrip(" ")
    before = stripped + "\u00a0" * (len(before) - len(stripped))
    after = "\u00a0" * (len(after) - len(started)) + started
    esc = (lambda text: text) if hasattr(name, "__html__") else escape
    return Markup(f'{escape(before)}<span class="who">{esc(name)}</span>{escape(after)}')
