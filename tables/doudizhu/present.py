"""Dou Dizhu (闘地主 / 斗地主) at the table: what :mod:`tables.core.screen` needs beyond
``engine.view`` (seeds/001: bids and the kitty §2–§3, passes §15, settlement §17–§19,
controls §21, the match to 30 points §23).

Everything comes from ``engine.view(state, seat)`` or the seat's own legal actions, so a
presenter cannot leak another seat's cards.
"""
from __future__ import annotations

import re

from markupsafe import Markup

from games.doudizhu.combos import RANK_INDEX, RANKS, Combo, choose_reading, classify
from games.doudizhu.engine import RANK_OF, trick_combo

from ..core import i18n
from ..core.counter import unseen_by_rank
from ..core.fresh import held
from ..core.i18n import gettext as _, gettext_noop, ngettext, pgettext
from ..core.logtail import tail
from ..core.markup import brackets_whole, escape, whole, within
from ..core.presenter import Presenter
from ..core.words import turn_line

#: the bid buttons (seed 001 §3): 0 is no bid; the values are shown as digits
BID_LABELS = {0: gettext_noop("入札しない"), 1: "1", 2: "2", 3: "3"}
ROLE_LABELS = {"landlord": gettext_noop("地主"), "peasant": gettext_noop("農民")}
#: the 14 combination types (games.doudizhu.combos.TYPES, seed 001 §5–§13) by code: the
#: engine's Japanese names as msgids, the tradition's terms in English and Chinese
TYPE_NAMES = {
    "single": gettext_noop("単札"),
    "pair": gettext_noop("ペア"),
    "trio": gettext_noop("3枚組"),
    "trio_single": gettext_noop("3枚＋単札"),
    "trio_pair": gettext_noop("3枚＋ペア"),
    "straight": gettext_noop("ストレート"),
    "pair_chain": gettext_noop("連続ペア"),
    "airplane": gettext_noop("飛行機"),
    "airplane_single": gettext_noop("単札付き飛行機"),
    "airplane_pair": gettext_noop("ペア付き飛行機"),
    "four_two_single": gettext_noop("4枚＋単札2枚"),
    "four_two_pair": gettext_noop("4枚＋ペア2組"),
    "bomb": gettext_noop("ボム"),
    "rocket": gettext_noop("ロケット"),
}
#: the play to beat as the field names it, by its type (seed 001 §5–§13): the key rank
#: (``rank``: a pair's, a trio's or a four's with what it carries, a bomb's) or a chain's
#: ranks, lowest to top (``low``–``high``: a straight, a pair chain, an airplane's trios), so
#: that "Pair" says which pair (try42: 「…のペア」 did not, as Guandan's 「8のフルハウス」 does);
#: the rocket by its name alone (:data:`TYPE_NAMES`)
TRICK_NAMES = {
    "single": gettext_noop("単札 %(rank)s"),
    "pair": gettext_noop("ペア %(rank)s"),
    "trio": gettext_noop("3枚組 %(rank)s"),
    "trio_single": gettext_noop("3枚組 %(rank)s＋単札"),
    "trio_pair": gettext_noop("3枚組 %(rank)s＋ペア"),
    "straight": gettext_noop("ストレート %(low)s–%(high)s"),
    "pair_chain": gettext_noop("連続ペア %(low)s–%(high)s"),
    "airplane": gettext_noop("飛行機 %(low)s–%(high)s"),
    "airplane_single": gettext_noop("飛行機 %(low)s–%(high)s＋単札"),
    "airplane_pair": gettext_noop("飛行機 %(low)s–%(high)s＋ペア"),
    "four_two_single": gettext_noop("4枚 %(rank)s＋単札2枚"),
    "four_two_pair": gettext_noop("4枚 %(rank)s＋ペア2組"),
    "bomb": gettext_noop("ボム %(rank)s"),
}
#: the jokers' names (a card's label, a rank in a hint or a refusal; seed 001 §2)
JOKER_NAMES = {"LJ": gettext_noop("小王"), "BJ": gettext_noop("大王")}
#: the jokers' rank codes in a refusal (``too_weak``: ``BJ`` in Japanese, as the engine says)
RANK_CODES = {"LJ": gettext_noop("LJ"), "BJ": gettext_noop("BJ")}
#: the jokers in the card counter (short: 小 / 大 beside the other ranks)
COUNTER_JOKERS = {"LJ": gettext_noop("小"), "BJ": gettext_noop("大")}
#: this game's refusal codes (games.doudizhu.errors) → words; ``play``, ``rank`` come
#: from :meth:`DoudizhuPresenter.notice_words`, the rest from the refusal's details
REFUSALS = {
    "bid_too_low": gettext_noop("現在の最高入札は%(highest)sです。それより高い値か不入札を選んでください。"),
    "cannot_pass": gettext_noop("自由な先手ではパスできません。"),
    "type_mismatch": gettext_noop("場は%(play)s（%(size)s枚）です。同じ役・同じ枚数かボム・ロケットで出してください。"),
    "too_weak": gettext_noop("場の%(play)s（%(rank)s）より強くありません。"),
    "hand_over": gettext_noop("この局は終了しました。次の局へ進んでください。"),
    "hand_not_over": gettext_noop("局はまだ終わっていません。"),
}
#: one deck (seed 001 §2): four of each rank, one small and one big joker
DECK = {r: 1 if r in ("LJ", "BJ") else 4 for r in RANKS}


class DoudizhuPresenter(Presenter):
    """Dou Dizhu (seed 001): bids, the kitty after bidding, B/N, results and totals, in
    the reader's language (issue 14: every word built here from the view's codes with
    :mod:`tables.core.i18n`, never from the engine's Japanese names)."""

    game = "doudizhu"
    refusals = REFUSALS

    def action_label(self, action: dict) -> str:
        """The name of a bid, a play, a pass or the next hand in the current language:
        ``"2点"`` / ``"Bid 2"`` / ``"叫2分"``, ``"ペア 7 7"`` / ``"Pair 7 7"`` / ``"对子 7 7"``
        (the play's type from ``action["combo"]``, set by :meth:`hints`, else its
        strongest reading, seed 001 §5–§14). In Japanese a hint keeps the engine's whole
        sentence (``action["ja"]``, with its reason), as before issue 14."""
        if action.get("ja") and i18n.current() == i18n.DEFAULT:
            return action["ja"]
        kind = action.get("type")
        if kind == "bid":
            return bid_label(action.get("value", 0))
        if kind == "pass":
            return _("パス")
        if kind == "next_hand":
            return _("次の局へ")
        if kind == "play" and action.get("cards"):
            ranks = sorted(RANK_OF[i] for i in action["cards"])
            combo = action.get("combo") or next((c.type for c in classify(ranks)), "")
            return _("%(play)s %(cards)s") % {
                "play": play_name(combo), "cards": " ".join(rank_name(RANKS[r]) for r in ranks)}
        return super().action_label(action)

    def notice_words(self, notice: dict) -> dict:
        """The words a refusal's sentence takes from its codes (``type_mismatch``,
        ``too_weak``: the play's type and rank, games/doudizhu/errors.py), in the current
        language: ``{"play": …, "rank": …}``; ``{}`` for a notice without them."""
        out = {}
        if notice.get("type") in TYPE_NAMES:
            out["play"] = play_name(notice["type"])
        rank = notice.get("rank_key")
        if rank in RANK_INDEX:
            out["rank"] = _(RANK_CODES[rank]) if rank in RANK_CODES else rank
        return out

    def seats(self, view: dict) -> list[dict]:
        result = view.get("result")
        trick = view.get("trick")
        last_bid = {b["seat"]: b["value"] for b in view["bids"]}
        passed = set()
        if trick is not None:  # who passed on the play to beat (§15)
            for h in reversed(view["history"]):
                if not h.get("pass"):
                    break
                passed.add(h["seat"])
        out = []
        for s, count in enumerate(view["counts"]):
            role = view["roles"][s]
            bid = last_bid.get(s) if view["phase"] == "bidding" else None
            out.append({
                "seat": s, "count": count, "role": role,
                "role_label": _(ROLE_LABELS[role]) if role in ROLE_LABELS else "",
                "count_label": count_label(count),
                "bid": bid,
                "bid_label": None if bid is None else (_("%(bid)sで入札") % {"bid": bid} if bid else _("入札しない")),
                "passed": s in passed, "total": view["scores"][s],
                "total_label": _("累計 %(points)s点") % {"points": view["scores"][s]},
                "delta": result["delta"][s] if result else None,
                "winner": bool(result and s in result["winners"]),
                "match_winner": s in view["winners"],
            })
        return out

    def legal(self, engine, state: dict, view: dict, seat: int) -> list[dict]:
        """The seat's actions without cards, in the order of ``engine.legal_actions``
        filtered by :func:`tables.core.screen.is_button` (bids, pass, next hand) — built
        directly so a render does not generate every play of the hand."""
        phase = state["phase"]
        if phase == "hand_over":
            return [{"type": "next_hand"}]
        if phase == "bidding":
            return [{"type": "bid", "value": v} for v in engine.legal_bids(state, seat)]
        if phase == "play" and state["turn"] == seat:
            return [{"type": "play"}] + ([{"type": "pass"}] if state["trick"] is not None else [])
        return []

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        names = {p["seat"]: p["name"] for p in ctx["players"]}
        buttons = ctx["buttons"]
        simple = [a for a in self.legal(engine, room.state, view, me.order) if a["type"] != "play"]
        hinted = ctx["hint_action"].get("value") if ctx["hint_action"].get("type") == "bid" else None  # (screen.hint_action)
        bids = [dict(b, value=simple[b["index"]]["value"], label=_(BID_LABELS[simple[b["index"]]["value"]]),
                     hinted=simple[b["index"]]["value"] == hinted)
                for b in buttons if b["type"] == "bid"]
        result = view.get("result")
        trick = view["trick"]
        turn_name = next((None if p["is_me"] else p["name"] for p in ctx["players"] if p["turn"]), None)
        return {
            "names": names,
            "bid_buttons": bids,
            "pass_button": next((b for b in buttons if b["type"] == "pass"), None),
            "next_button": next((b for b in buttons if b["type"] == "next_hand"), None),
            "can_play": view["phase"] == "play" and view["your_turn"],
            "bidding": view["phase"] == "bidding",
            "my_turn": view["turn"] == me.order and view["phase"] in ("bidding", "play"),
            "landlord_name": names.get(view["landlord"]),
            "trick_by": names.get(trick["seat"]) if trick else None,
            "field_seat": trick["seat"] if trick else "",
            "field_event": field_event(trick),
            "highest_bidder_name": names.get(view["highest_bidder"]),
            **_log_window(log_lines(view, names, me.order)),
            "counter": counter(view) if view["phase"] == "play" else None,
            "result": result,
            "result_rows": [p for p in ctx["players"]] if result else [],
            "winner_names": [names.get(s) for s in view["winners"]],
            "i_won": bool(result and me.order in result["winners"]),
            "dd": words(view, names, trick, turn_name, result, bool(result and me.order in result["winners"]), me.order),
            "card_label": card_label,
            "fresh": fresh_ids(view, me.order),
        }

    #: the engine's hint reasons (games/doudizhu/cpu.py ``hints``, seed 001 §21)
    hint_reasons = {
        "lead": gettext_noop("先手なので好きな役を出せます。"),
        "bomb": gettext_noop("ボム・ロケットは通常役に勝ち、倍付けになります。"),
        "beat": gettext_noop("場より強い同じ役で上回ります。"),
        "out": gettext_noop("これで上がりです。"),
        "keep": gettext_noop("上回れますが、温存もできます。"),
        "nothing": gettext_noop("場に勝てる組合せがありません。"),
        "bid": gettext_noop("ジョーカーと2が%(high)s枚、ボム%(bombs)s組、最短%(turns)s手で出し切れます。"),
        "bid_recommended": gettext_noop("おすすめ。ジョーカーと2が%(high)s枚、ボム%(bombs)s組、最短%(turns)s手で出し切れます。"),
    }

    def hints(self, engine, state: dict, seat: int, hints: list[dict]) -> list[dict]:
        """While bidding the hint offered first is the recommended bid (the CPU's). A
        play's hint carries its reading's type (``action["combo"]``, §14: the strongest
        reading that answers the play to beat), which :meth:`action_label` names."""
        if state["phase"] == "bidding" and hints:
            try:
                rec = engine.choose(state, seat)
            except ValueError:
                return hints
            return sorted(hints, key=lambda h: h["action"] != rec)
        prev = trick_combo(state) if state["phase"] == "play" else None
        out = []
        for h in hints:
            a = h["action"]
            if a.get("type") == "play" and a.get("cards"):
                combo = choose_reading(classify(RANK_OF[i] for i in a["cards"]), prev)
                if combo is not None:
                    h = dict(h, action=dict(a, combo=combo.type))
            out.append(h)
        return out


PRESENTER = DoudizhuPresenter()


def fresh_ids(view: dict, seat: int | None) -> frozenset[int]:
    """The ids of ``seat``'s own hand marked as just received (class ``fresh``,
    :func:`tables.core.markup.hand_card`): the three kitty cards (底札) in the landlord's
    hand, from the moment they join it (bidding over, §2–§3: the view's ``kitty`` and
    ``landlord``) until the landlord's first play. The landlord leads (§15: a leader cannot
    pass), so the mark lasts until the hand's first play, and is gone whatever happens
    after it. Only the landlord's own hand is marked; a peasant sees the kitty face up
    beside the field (§2) but not in any hand. ``frozenset()`` otherwise.
    ``view``: ``engine.view(state, seat)``."""
    landlord = view.get("landlord")
    if seat is None or landlord != seat or view.get("phase") != "play" or not view.get("kitty"):
        return frozenset()
    if any(h.get("seat") == landlord for h in view["history"]):
        return frozenset()
    return held(view["hand"] or [], ids=(c["id"] for c in view["kitty"]))


def field_event(trick: dict | None) -> str:
    """The play to beat as the table's motion and sound name it (``#field[data-event]``,
    static/feel.js): ``"bomb"`` or ``"rocket"`` (seeds/001 §13), else ``""``."""
    return trick["type"] if trick and trick["type"] in ("bomb", "rocket") else ""


def counter(view: dict) -> list[dict]:
    """The card counter (issue 13): unseen cards by rank, strongest first (not in the
    seat's hand, not played this hand: seed 001 §2 deck, the view's ``history``):
    ``[{"rank", "n", "text"}]``, ``text`` the rank in bold and its count in the current
    language (``<b>A</b> 3枚`` / ``<b>A</b> ×3`` / ``<b>A</b> 3张``)."""
    played = [c["rank"] for h in view["history"] for c in h.get("cards", ())]
    return [dict(r, text=_m(gettext_noop("%(rank)s %(n)s枚"), n=r["n"], rank=Markup("<b>%s</b>") % (
                _(COUNTER_JOKERS[r["rank"]]) if r["rank"] in COUNTER_JOKERS else r["rank"])))
            for r in unseen_by_rank(DECK, [c["rank"] for c in view["hand"] or ()], played, reversed(RANKS))]


def play_name(combo: str) -> str:
    """A combination type's name (``"pair"`` → ペア / Pair / 对子) in the current language."""
    return _(TYPE_NAMES[combo]) if combo in TYPE_NAMES else combo


def trick_name(trick: dict) -> str:
    """The play to beat (the view's ``trick``: its ``type``, ``rank_key`` and ``cards``) as
    the field names it in the current language (:data:`TRICK_NAMES`): ``"ペア 7"`` /
    ``"Pair 7"`` / ``"对子 7"``, ``"ストレート 3–7"``, ``"ボム 9"``; the rocket, or a trick
    without its rank, by its type alone (:func:`play_name`)."""
    kind, key = trick.get("type"), trick.get("rank_key")
    if kind not in TRICK_NAMES or key not in RANK_INDEX:
        return play_name(kind)
    chain = Combo(kind, RANK_INDEX[key], len(trick.get("cards") or ())).chain
    low = RANKS[max(RANK_INDEX[key] - chain + 1, 0)]
    return _(TRICK_NAMES[kind]) % {"rank": rank_name(key), "low": low, "high": key}


def rank_name(rank: str) -> str:
    """A rank code as a player reads it (``"10"``; the jokers 小王 / Small Joker / 小王)."""
    return _(JOKER_NAMES[rank]) if rank in JOKER_NAMES else rank


def card_label(card: dict) -> str:
    """A card's label (``engine.card_info``) in the current language: the jokers named
    by :func:`rank_name`, the suited cards as the engine writes them (``"♠10"``)."""
    return rank_name(card["rank"]) if card["rank"] in JOKER_NAMES else card["label"]


def count_label(n: int) -> str:
    """``"17枚"`` / ``"17 cards"`` / ``"17张"``."""
    return ngettext("%(n)s枚", "%(n)s枚", n) % {"n": n}


def bid_label(value: int) -> str:
    """A bid's name (seed 001 §3): 入札しない / No bid / 不叫, or 2点 / Bid 2 / 叫2分."""
    return pgettext("bid", "%(n)s点") % {"n": value} if value else _("入札しない")


def redeal_line(view: dict) -> str:
    """``"2回目の配り：前の配りで全員が入札しなかったので配り直しました"`` when everyone passed the bid
    before this deal (§3: dealt again), in the current language; ``""`` on a first deal."""
    if view.get("deal", 1) <= 1:
        return ""
    return _("%(n)s回目の配り：前の配りで全員が入札しなかったので配り直しました") % {"n": view["deal"]}


def _log_window(lines: list[str], shown: int = 40) -> dict:
    """The log part's last ``shown`` lines (``dd_log``) and the position of its first in
    the hand's log (``dd_log_from``; :func:`tables.core.logtail.tail`)."""
    dd_log, first = tail(lines, shown)
    return {"dd_log": dd_log, "dd_log_from": first}


def log_lines(view: dict, names: dict, me: int | None = None) -> list[str]:
    """The hand's events, oldest first, in the current language: the bids, who became
    the landlord and B (§3), then each play (its cards) or pass (§15). ``me``: the
    reader's seat (its landlord line says "You are", not "You is")."""
    redeal = redeal_line(view)
    log = [redeal] if redeal else []
    for b in view["bids"]:
        name = names.get(b["seat"], "")
        log.append(_("%(name)s：%(bid)sで入札") % {"name": name, "bid": b["value"]} if b["value"]
                   else _("%(name)s：入札しない") % {"name": name})
    if view["landlord"] is not None and view["landlord"] == me:
        log.append(_("あなたが地主（B＝%(bid)s）") % {"bid": view["B"]})
    elif view["landlord"] is not None:
        log.append(_("%(name)s が地主（B＝%(bid)s）") % {"name": names.get(view["landlord"], ""), "bid": view["B"]})
    for h in view["history"]:
        name = names.get(h["seat"], "")
        if h.get("pass"):
            log.append(_("%(name)s：パス") % {"name": name})
        else:
            log.append(_("%(name)s：%(cards)s") % {"name": name, "cards": " ".join(card_label(c) for c in h["cards"])})
    return log


def _m(message: str, **values) -> Markup:
    """``message`` translated, as markup (it may hold ``<sup>``), filled with ``values``
    (escaped unless already markup)."""
    return Markup(_(message)) % values


#: the separator of a line of terms in each language (" ・ ", " · ")
_SEPARATOR = re.compile(r"( [・·] )")


def terms(line: Markup) -> Markup:
    """``line`` (``入札 B＝<b>0</b> ・ 倍付け N＝<b>0</b> ・ …``, translated) with each term
    between its separators in a ``<span class="term">`` that never wraps (static/tefuda.css):
    a narrow status bar breaks the line at its ・, never inside 得点 P＝0 (try12, try13)."""
    parts = _SEPARATOR.split(str(line))
    return Markup("".join(piece if i % 2 else f'<span class="term">{piece}</span>' for i, piece in enumerate(parts)))


def bidding_line(view: dict, names: dict) -> str:
    """The field's line while bidding (seed 001 §3): the highest bid and its bidder; with
    none yet, and someone has already said 入札しない, that a deal nobody bids on is dealt
    again (try18: 「まだ入札はありません」 beside two seats' 入札しない read as if their passes
    were lost). The bidder's bracket is one unbroken piece (try48: 「最高叫分 1分（CPU」 /
    「1）」)."""
    if view["highest_bid"]:
        return brackets_whole(_("入札中：最高 %(bid)s（%(name)s）") % {
            "bid": view["highest_bid"], "name": within(names.get(view["highest_bidder"], ""))})
    if view["bids"]:
        return _("入札中：まだ入札はありません（全員が入札しないと配り直し）")
    return _("入札中：まだ入札はありません")


def words(view: dict, names: dict, trick: dict | None, turn_name, result: dict | None, i_won: bool,
          me: int | None = None) -> dict:
    """The sentences of the status, the field and the result (seed 001 §3, §15–§19,
    §23) in the current language, with their numbers and names filled in. ``me``: the
    reader's seat (its own win as the landlord says "the landlord wins (you win)", not
    "the landlord You wins (you win)"); a seat named after a sentence's start reads "you" in
    English (:func:`tables.core.markup.within`)."""
    b = Markup('<b data-b>%s</b>') % view["B"]
    # a scored hand shows its settled N and P, spring and anti-spring counted (§17–§19),
    # as its result card does (try16: the bar kept N＝1 · P＝2 beside N＝2 · P＝4)
    n = Markup('<b data-n>%s</b>') % (result["doublings"] if result else view["N"])
    p = Markup('<b>%s</b>') % (result["points"] if result else view["stake"])
    out = {
        "hand_title": _("第%(n)s局") % {"n": view["hand_no"]},
        "stake": terms(_m(gettext_noop("入札 B＝%(b)s ・ 倍付け N＝%(n)s ・ 得点 P＝%(p)s"), b=b, n=n, p=p)),
        "target": _("%(n)s点先取") % {"n": view["target"]},
        "redeal": redeal_line(view),
        "bidding": bidding_line(view, names),
        "trick": (Markup(_("%(name)s の%(play)s") % {"name": escape(names.get(trick["seat"], "")), "play": whole(trick_name(trick))})
                  if trick else ""),
        "turn": turn_line(_("%(name)s の番です"), turn_name) if turn_name else "",  # yours: my_turn_line (tables/core/screen.py)
        "landlord": _("→ %(name)s（地主）") % {"name": within(names.get(view["landlord"], ""))},
    }
    if result:
        landlord = names.get(result["landlord"], "")
        if result["winner"] == "landlord" and result["landlord"] == me:
            title = _("第%(n)s局の結果：地主の勝ち（あなたの勝ち）")
        elif result["winner"] == "landlord":
            title = (_("第%(n)s局の結果：地主 %(name)s の勝ち（あなたの勝ち）") if i_won
                     else _("第%(n)s局の結果：地主 %(name)s の勝ち（あなたの負け）"))
        else:
            title = (_("第%(n)s局の結果：農民の勝ち（あなたの勝ち）") if i_won
                     else _("第%(n)s局の結果：農民の勝ち（あなたの負け）"))
        out["result_title"] = brackets_whole(title % {"n": result["hand_no"], "name": landlord})
        values = {"b": result["bid"], "n": result["doublings"], "bombs": result["bombs"], "p": result["points"]}
        if result["spring"]:
            settle = gettext_noop("B＝%(b)s ・ N＝%(n)s（ボム・ロケット %(bombs)s回＋春天） ・ P＝B×2<sup>N</sup>＝%(p)s")
        elif result["anti_spring"]:
            settle = gettext_noop("B＝%(b)s ・ N＝%(n)s（ボム・ロケット %(bombs)s回＋反春天） ・ P＝B×2<sup>N</sup>＝%(p)s")
        else:
            settle = gettext_noop("B＝%(b)s ・ N＝%(n)s（ボム・ロケット %(bombs)s回） ・ P＝B×2<sup>N</sup>＝%(p)s")
        out["settle"] = terms(_m(settle, **values))  # (its P＝B×2ᴺ＝8 never broken after P: a new user's screen)
        out["match_winner"] = _("試合終了：%(names)s が%(target)s点に到達して総合勝利！") % {
            "names": _("、").join(names.get(s, "") for s in view["winners"]), "target": view["target"]}
    return out
