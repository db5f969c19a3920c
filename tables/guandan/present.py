"""Guandan (掼蛋) at the table: what :mod:`tables.core.screen` needs beyond ``engine.view``.

Screens of seeds/003 §1–§4 and seeds/000 §23 (rules/guandan.md "Screens and controls"):
the hand in rank columns (a ``k枚`` badge per column, single cards selectable for straight
flush suits), the Play button naming the play of the selection ("9のペア", "階段 5–9"),
wild-reading chips (strongest first, preselected), columns that cannot help dimmed while
following, both teams' levels, the unseen counter, tribute and return (the suggested card
preselected), and the result card with places and the level formula.

Every word is in the reader's language (issue 14, :mod:`tables.core.i18n`): play names,
the level formula, places and teams are built here from the engine's codes and fields
(reading tokens, result fields), never from its ``ja`` strings; in Japanese they read
exactly as the engine's own.

Everything comes from ``engine.view(state, seat)``, the seat's own legal plays and
``engine.readings`` of the seat's own selected cards, so nothing here can show another
seat's hand.
"""
from __future__ import annotations

from collections import Counter

from markupsafe import Markup

from games.guandan.cards import CODE, RANK, RANK_NAMES, SUIT, label as card_label, position
from games.guandan.combos import SEQ_LEN, SPECIAL_TYPES

from ..core import options as opts
from ..core.counter import unseen_by_rank
from ..core.fresh import held
from ..core.i18n import current, gettext as _, gettext_noop, ngettext, pgettext
from ..core.logtail import tail
from ..core.markup import escape, whole, within
from ..core.presenter import Presenter
from ..core.screen import is_button
from ..core.words import turn_line, with_outcome

SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, "": 4}
#: the two teams as the table names them (seats 1+3 and 2+4, seed 000 §1)
TEAM_NAMES = (gettext_noop("1・3番"), gettext_noop("2・4番"))
#: the teams as the level formula names them (levels.TEAM_JA)
TEAM_FORMULA = (gettext_noop("1・3番組"), gettext_noop("2・4番組"))
#: 自動プレイの間隔 (000 §23: 0.3, 0.5, 1, 2, 3, 4, 5 s), in ms for static/table.js
AUTO_INTERVALS = [(300, "0.3"), (500, "0.5"), (1000, "1"), (2000, "2"), (3000, "3"), (4000, "4"), (5000, "5")]
#: a finishing place (seed 000 §15: 頭游, 二游, 三游, 末游 in Chinese)
PLACES = {1: gettext_noop("1位"), 2: gettext_noop("2位"), 3: gettext_noop("3位"), 4: gettext_noop("4位")}
#: the jokers' card labels (games.core.cards.JOKER_LABELS) and rank names in a play's name
JOKER_LABELS = {"大王": gettext_noop("大王"), "小王": gettext_noop("小王")}
JOKER_RANKS = {"LJ": gettext_noop("小ジョーカー"), "BJ": gettext_noop("大ジョーカー")}
#: a play's name by its type (combos.describe, seed 003 §18's terms); ``rank``, ``low``,
#: ``high``, ``suit`` and ``n`` (cards) filled in
PLAY_NAMES = {
    "single": gettext_noop("%(rank)sのシングル"), "pair": gettext_noop("%(rank)sのペア"), "triple": gettext_noop("%(rank)sのスリーカード"),
    "full_house": gettext_noop("%(rank)sのフルハウス"), "straight": gettext_noop("階段 %(low)s–%(high)s"),
    "tube": gettext_noop("3連ペア %(low)s–%(high)s"), "plate": gettext_noop("鋼板 %(low)s–%(high)s"),
    "bomb": gettext_noop("%(rank)sの%(n)s枚爆弾"), "straight_flush": gettext_noop("ストレートフラッシュ %(suit)s%(low)s–%(high)s"),
    "joker_bomb": gettext_noop("4ジョーカー爆弾"),
}
#: the level formula's first sentence by the rise, as the winners read it: their team's
#: places (seed 000 §16: 仲間が1・2位なら3級、1・3位なら2級、1・4位なら1級上がります)
RISES = {3: gettext_noop("味方が1・2位なので+3: %(before)s → %(after)s"), 2: gettext_noop("味方が1・3位なので+2: %(before)s → %(after)s"),
         1: gettext_noop("味方が1・4位なので+1: %(before)s → %(after)s")}
#: the same as everyone else reads it (the losers, a spectator): the winning team's places,
#: after the sentence that names that team ("1・3番の勝ち：1・2位なので+3: 2 → 5")
RISES_SEEN = {3: gettext_noop("1・2位なので+3: %(before)s → %(after)s"), 2: gettext_noop("1・3位なので+2: %(before)s → %(after)s"),
              1: gettext_noop("1・4位なので+1: %(before)s → %(after)s")}
#: the A rule's names as the waiting room switches them (tables/core/options.py)
A_RULE_LABELS = opts.CHOICES["guandan"]["a_rule"]
#: the templates' sentences with placeholders (``{{ gd.fmt.count % {"n": 3} }}``), worded
#: here so that makemessages finds them (its template reader skips ``_()`` with arguments)
FORMATS = {
    "givers": gettext_noop("献上する人：%(names)s"),
    "transfer": gettext_noop("%(giver)s → %(receiver)s："),
    "said": gettext_noop("%(name)s：%(play)s"),
    "turn_of": gettext_noop("%(name)s の番です"),
    "past_count": gettext_noop("各局の結果（%(n)s）"),  # not これまでの局: the replays' list beside it (try18)
    "past_won": gettext_noop("第%(n)s局（レベル%(level)s）%(team)sの勝ち：%(formula)s"),
    "marks": gettext_noop("（%(marks)s）"),
    "give": gettext_noop("%(card)s を献上する"),
    "return_this": gettext_noop("これを返す：%(card)s"),
    "result_title": gettext_noop("第%(n)s局の結果"),
    "result_level": gettext_noop("レベル%(level)sの局"),
    "place_level": gettext_noop("（レベル%(level)s）"),
    "won_by": gettext_noop("%(team)sの勝ち：%(formula)s"),
    "match_team": gettext_noop("（%(team)s）"),
    "seat_no": gettext_noop("%(n)s番"),
    "hand_no": gettext_noop("第%(n)s局"),
    "a_fails": gettext_noop("A失敗%(n)s"),
    "unseen": gettext_noop("残り 大%(big)s 小%(small)s ワイルド%(wild)s 級札%(level)s"),
}
SUIT_MARK = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


_formats: dict[str, dict] = {}


def formats() -> dict[str, str]:
    """:data:`FORMATS` in the current language, made once per language (the catalogs are
    read once per process); the templates only read it."""
    lang = current()
    got = _formats.get(lang)
    if got is None:
        got = _formats[lang] = {key: _(message) for key, message in FORMATS.items()}
    return got


def _intervals(seconds: str) -> list[tuple[int, str]]:
    """:data:`AUTO_INTERVALS` worded by ``seconds`` (``"%(s)s秒"`` in the reader's language)."""
    return [(ms, seconds % {"s": s}) for ms, s in AUTO_INTERVALS]


def play_name(token: str, cards: list[int]) -> str:
    """The name of a play in the current language, from its reading token (``"bomb:7"``,
    ``"straight:9"``) and its card ids, as :func:`games.guandan.combos.describe` names it in
    Japanese (seed 003 §2, §18). A straight flush's suit is its cards' most common suit
    (the heart wilds are at most two of five)."""
    kind, _sep, rank = token.partition(":")
    if kind == "joker_bomb":
        return _(PLAY_NAMES[kind])
    values = {"rank": _(JOKER_RANKS[rank]) if rank in JOKER_RANKS else rank, "n": len(cards), "suit": "",
              "low": "", "high": rank}
    if kind in SEQ_LEN:
        top = {"J": 11, "Q": 12, "K": 13, "A": 14}.get(rank) or int(rank)
        low = top - SEQ_LEN[kind] + 1
        values["low"] = "A" if low == 1 else RANK_NAMES[low - 2]
        if kind == "straight_flush":
            suits = [SUIT[c] for c in cards if SUIT[c]]
            values["suit"] = SUIT_MARK.get(max(set(suits), key=suits.count), "") if suits else ""
    return _(PLAY_NAMES.get(kind, "%(rank)s")) % values


def _play_label(p: dict) -> str:
    """The name of a play of the view's trick (``{"reading", "cards": [card dicts]}``)."""
    return play_name(p["reading"], [c["id"] for c in p["cards"]])


def card_text(label: str) -> str:
    """A card's label (``"♠10"``, ``"大王"``) in the current language."""
    return _(JOKER_LABELS[label]) if label in JOKER_LABELS else label


def laid_out(play: dict) -> list[dict]:
    """The cards of a play on the table (a view's ``trick["last"]``: ``{"cards": [card
    dicts with "id"], "reading": "straight:6", "wilds": {id: {"as": "7" or "S7"}}}``) in
    the order a player lays them out (the engine keeps them by id):
    - a straight, tube, plate or straight flush runs from its lowest position up, each
      wild where it stands; the ace is low unless the sequence ends on it (000 §7–§9);
    - anything else shows its biggest group first (a full house's triple, then its
      pair), each group by rank, the wilds last in their group."""
    kind, top = play["reading"].split(":", 1)
    wilds = play.get("wilds") or {}

    def rank(card) -> int:
        stands = (wilds.get(str(card["id"])) or {}).get("as")
        if stands:
            return RANK_NAMES.index(stands[1:] if stands[:1] in SUIT_LETTERS else stands)
        return RANK[card["id"]]

    ranks = {c["id"]: rank(c) for c in play["cards"]}
    if kind in SEQ_LEN:  # the sequence types (000 §7–§9)
        high = top == "A"
        return sorted(play["cards"], key=lambda c: (position(ranks[c["id"]], high), str(c["id"]) in wilds))
    counts = Counter(ranks.values())
    return sorted(play["cards"], key=lambda c: (-counts[ranks[c["id"]]], ranks[c["id"]], str(c["id"]) in wilds))


SUIT_LETTERS = ("S", "H", "D", "C")


def wild_as(value: str) -> str:
    """What a wild stands for (``"7"``, ``"S7"`` in a straight flush): ``"7扱い"``."""
    return _("%(rank)s扱い") % {"rank": value}


def place_name(place: int) -> str:
    """A finishing place: 1位 / 1st / 头游."""
    return _(PLACES[place])


def team_name(team: int) -> str:
    """Team 0 or 1 as the table names it: 1・3番 / Seats 1 & 3 / 1、3号位 (seed 000 §1)."""
    return _(TEAM_NAMES[team])


def _rise_sentence(result: dict, mine: bool | None) -> str:
    """The level formula's first sentence from the reader's side: the winners read their
    own team's places ("味方が1・3位なので+2: 2 → 4"), anyone else the winning team's
    ("1・3位なので+2: 2 → 4", after the words naming that team); "+2: 2 → 4" never breaks."""
    win = result["winner_team"]
    said = _((RISES if mine else RISES_SEEN)[result["delta"]]) % {
        "before": result["levels_before"][win], "after": result["levels_after"][win]}
    return said.replace(": ", ":\u00a0").replace(" → ", "\u00a0→\u00a0")


def formula(result: dict, mine: bool | None = None) -> str:
    """How the winners' level moved after a hand, in the current language, read by one of
    the winners (``mine``) or by anyone else (a loser, a spectator): the sentences of
    :func:`games.guandan.levels._explain` built from the result's fields (seed 000
    §16–§17, seed 003's A rule), its first one from the reader's side (:func:`_rise_sentence`)."""
    win, delta = result["winner_team"], result["delta"]
    before, after = result["levels_before"][win], result["levels_after"][win]
    text = _rise_sentence(result, mine)
    if result["match_won"]:
        text = _("%(formula)s。Aの局で1・%(partner)s位のためA突破、総合勝利") % {
            "formula": text, "partner": "2" if delta == 3 else "3"}
    elif before == "A" and result["level"] == "A":
        text = _("%(formula)s。1・4位ではA突破になりません") % {"formula": text}
    elif before == "A":
        text = _("%(formula)s。%(level)sの局なのでA突破になりません") % {"formula": text, "level": result["level"]}
    elif RANK_NAMES.index(before) + delta > RANK_NAMES.index("A"):
        text = _("%(formula)s（Aで上限）") % {"formula": text}
    for t in result.get("reset_teams", []):
        text = _("%(formula)s。%(team)sはAで3回失敗し2に戻ります") % {"formula": text, "team": _(TEAM_FORMULA[t])}
    return text


def _power(rank: int, level: int) -> int:
    if rank >= 13:
        return rank + 1
    return 13 if rank == level else rank


class GuandanPresenter(Presenter):
    """Guandan's seat rows, buttons and table context (see the module doc)."""

    game = "guandan"
    #: the engine's own refusal codes (games/guandan/errors.py), worded here
    refusals = {
        "too_weak": gettext_noop("場の%(table_name)sに勝てません。"),
        "bad_reading": gettext_noop("その組み方はできません。"),
        "must_lead": gettext_noop("場が空なのでパスできません。何か出してください。"),
        "tribute_not_highest": gettext_noop("献上はワイルドを除く一番強い札でなければなりません。"),
        "return_received": gettext_noop("受け取った札そのものは返せません。"),
        "bad_return": gettext_noop("お返しは10以下の級札以外の札です（なければ一番弱い札）。"),
    }

    def notice_words(self, notice: dict) -> dict:
        """The words a refusal's sentence takes from its codes, in the current language: a
        ``too_weak`` refusal's play on the table (``table``: its reading token, ``cards``)
        as ``table_name``; ``{}`` for a notice without them."""
        if notice.get("code") == "too_weak" and notice.get("table"):
            return {"table_name": play_name(notice["table"], notice.get("cards") or [])}
        return {}

    #: the engine's hint reasons (games/guandan/engine.py ``hint``, seed 003 §2, §4)
    hint_reasons = {
        "wild": gettext_noop("ワイルドを%(subs)s扱い"),
        "keep": gettext_noop("この機会は見送る"),
        "partner": gettext_noop("場は味方の札なので通す"),
        "bombs_only": gettext_noop("勝てるのは爆弾だけなので温存"),
        "nothing": gettext_noop("場に勝てる役がありません"),
        "highest": gettext_noop("ワイルド以外で最強"),
        "suggested": gettext_noop("おすすめ"),
    }

    def action_label(self, action: dict) -> str:
        """The name of a Guandan action in the current language (hints, buttons): a play by
        its reading (``"9のペア"``), and when wilds stand in, what they stand for; a pass;
        a tribute or a return by its card (seed 003 §2, §4)."""
        kind = action.get("type")
        if current() == "ja" and action.get("ja"):
            return action["ja"]  # the engine's own wording (a hint's wilds, its reasons)
        if kind == "play" and action.get("reading"):
            return play_name(action["reading"], action.get("cards") or [])
        if kind == "pass":
            return _("パス")
        if kind == "tribute" and "card" in action:
            return _("%(card)sを献上") % {"card": card_text(card_label(action["card"]))}
        if kind == "return" and "card" in action:
            return _("%(card)sを返す") % {"card": card_text(card_label(action["card"]))}
        if kind == "next_hand":
            return _("次の局へ")
        return super().action_label(action)

    def seats(self, view: dict) -> list[dict]:
        trick = view["trick"]
        last = {}
        for p in trick["plays"]:
            last[p["seat"]] = _("パス") if p.get("pass") else play_name(p["reading"], [c["id"] for c in p["cards"]])
        out = []
        for s in range(4):
            place = view["finished"].index(s) + 1 if s in view["finished"] else None
            team = s % 2
            out.append({"seat": s, "count": view["counts"][s], "team": team,
                        "seat_label": _(FORMATS["seat_no"]) % {"n": s + 1},
                        "count_label": ngettext("%(n)s枚", "%(n)s枚", view["counts"][s]) % {"n": view["counts"][s]},
                        "team_name": team_name(team), "level": view["teams"][team]["level"],
                        "partner": view["seat"] is not None and s != view["seat"] and s % 2 == view["seat"] % 2,
                        "place": place, "place_name": place_name(place) if place else None, "last": last.get(s), "passed": s in trick["passed"]})
        return out

    def legal(self, engine, state: dict, view: dict, seat: int) -> list[dict]:
        """The seat's actions in the order of ``engine.legal_actions`` as far as the
        buttons go (:func:`tables.core.screen.is_button`): plays stand for one ``play`` entry."""
        phase = state["phase"]
        if phase == "play":
            if state["turn"] != seat:
                return []
            return [{"type": "play"}] + ([{"type": "pass"}] if state["trick"]["last"] else [])
        if phase in ("tribute", "return", "hand_over"):
            return engine.legal_actions(state, seat)
        return []

    def actors(self, engine, state: dict) -> list[int]:
        """Who the table waits for: nobody between hands (people press 次の局へ; a CPU
        never hurries the result card away), else the engine's actors."""
        return [] if state["phase"] == "hand_over" else engine.actors(state)

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        state, seat = room.state, me.order
        last_wilds = view["trick"]["last"]["wilds"] if view["trick"]["last"] else {}
        names = {p["seat"]: p["name"] for p in ctx["players"]}
        level = RANK_NAMES.index(view["hand_level"])
        hand_ids = {c["id"] for c in view["hand"]}
        selected = [c for c in ctx["selected"] if c in hand_ids]
        my_turn = view["phase"] == "play" and view["turn"] == seat
        following = my_turn and view["trick"]["last"] is not None

        readings = engine.readings(state, seat, selected) if my_turn and selected else []
        for r in readings:
            r["name"] = play_name(r["reading"], selected)
            marks = [wild_as(v) for v in r["wilds"].values()]
            r["marks"] = marks[0] if len(marks) == 1 else _("%(first)s・%(second)s") % {
                "first": marks[0], "second": marks[1]} if marks else ""
        helpful = None
        if following:
            helpful, wilds = set(), wild_ids(view)
            for p in engine.legal_plays(state, seat):
                helpful.update("W" if c in wilds else RANK[c] for c in p.cards)

        buttons = ctx["buttons"]
        tr = view["tribute"]
        returns = _returns(engine, state, seat, buttons, tr and tr.get("suggested_return"), selected)
        if returns:  # the card これを返す names is the one shown selected in the hand
            selected = [returns[0]["card"]["id"]]
        columns = _columns(view["hand"], level, set(selected), helpful, fresh_ids(view, seat))
        tributes = [dict(b, card=_card_of(engine, state, seat, b["index"])) for b in buttons if b["type"] == "tribute"]
        result = view["results"][-1] if view["phase"] in ("hand_over", "match_over") and view["results"] else None
        rise = _rise(result) if result else 0
        my_team = None if seat is None else seat % 2  # None: a spectator (the replay viewer)
        return {
            "gd": {
                "names": names, "my_team": my_team, "my_turn": my_turn, "following": following,
                "columns": columns, "selected_count": len(selected),
                "readings": readings, "play_label": readings[0]["name"] if readings else None,
                "pass_button": next((b for b in buttons if b["type"] == "pass"), None),
                "next_button": next((b for b in buttons if b["type"] == "next_hand"), None),
                "tributes": tributes, "returns": returns,
                "transfers": [dict(t, from_name=names.get(t["from"]), to_name=within(names.get(t["to"])),
                                   card=dict(t["card"], label=card_text(t["card"]["label"])))
                              for t in (tr["transfers"] if tr else [])],
                "turn_line": next((turn_line(formats()["turn_of"], p["name"]) for p in ctx["players"]
                                   if p["turn"] and not p["is_me"]), None),
                "givers": _("、").join(str(names.get(g)) for g in (tr["givers"] if tr else [])),
                "fmt": {**formats(), "count": pgettext("card counter", "%(n)s枚")},
                "leader_name": names.get(tr["leader"]) if tr and tr.get("leader") is not None else None,
                "teams": [dict(t, name=team_name(i), mine=i == my_team,
                               delta=(rise if result and result["winner_team"] == i and rise else None))
                          for i, t in enumerate(view["teams"])],
                **_trick_lines(view["trick"]["plays"], names),
                "tribute_lines": _tribute_lines(view, names),
                # the field's line: who played what, the play whole on its line (try43)
                "last_said": (Markup(formats()["said"] % {"name": escape(names.get(view["trick"]["last"]["seat"], "")),
                                                          "play": whole(_play_label(view["trick"]["last"]))})
                              if view["trick"]["last"] else None),
                "last_cards": [dict(c, label=card_text(c["label"]), note=wild_as(last_wilds[str(c["id"])]["as"])
                                    if str(c["id"]) in last_wilds else "")
                               for c in laid_out(view["trick"]["last"])] if view["trick"]["last"] else [],
                "to_beat": (_("%(play)sより強い役か爆弾") % {"play": _play_label(view["trick"]["last"])}
                            if following and view["to_beat"] else None),
                "past": [dict(r, formula=formula(r, r["winner_team"] == my_team), team=team_name(r["winner_team"]))
                         for r in view["results"]],
                "result": _result(result, names, view, my_team) if result else None,
                "field_seat": view["trick"]["last"]["seat"] if view["trick"]["last"] else "",
                "field_event": field_event(view["trick"]["last"]),
                # the level the hand on screen is (was) played at: between hands the
                # finished one's, as its result card says (003 §14), not the next one's
                "shown_level": result["level"] if result else view["hand_level"],
                "counter": _counter_words(_counter(view, level)) if view["phase"] == "play" else None,
                "my_choice": bool(tributes or returns),
                "auto_intervals": _intervals(_("%(s)s秒")),
                "a_rule_label": _(A_RULE_LABELS[view["a_rule"]]) if view["a_rule"] in A_RULE_LABELS else None,
            }
        }


def _tribute_lines(view: dict, names: dict) -> list[str]:
    """The log's first lines in the hand's first trick after a tribute (seed 003 §2, §4,
    §21), said to every seat: who resisted it (the givers hold both big jokers), else each
    card given (献上: giver → receiver) and each card given back (お返し). The return
    phase passes in moments at a fast table, and a player saw only a new column in the
    hand (try48). ``[]`` when there was no tribute, outside play, or once a trick is won
    (the log is the trick's: the lines go with it)."""
    tr = view.get("tribute")
    if not tr or view["phase"] != "play":
        return []
    if not first_trick(view):  # a trick was already won
        return []
    if tr.get("anti"):
        return [_("抗貢：献上する側（%(names)s）が大ジョーカーを2枚持っているので献上なし") % {
            "names": _("、").join(str(within(names.get(g))) for g in tr["givers"])}]
    back_to = {t["to"]: t["from"] for t in tr["transfers"]}  # a receiver returns to its giver
    moves = [(_("献上：%(giver)s → %(receiver)s %(card)s"), t["from"], t["to"], t["card"]) for t in tr["transfers"]]
    moves += [(_("お返し：%(giver)s → %(receiver)s %(card)s"), r["from"], back_to.get(r["from"]), r["card"])
              for r in tr["returns"]]
    return [line % {"giver": within(names.get(a)), "receiver": within(names.get(b)), "card": card_text(card["label"])}
            for line, a, b, card in moves]


def first_trick(view: dict) -> bool:
    """Whether the view's trick is the hand's first (every card played this hand, the view's
    ``played``, lies in it; nothing played yet counts)."""
    return sum(len(p.get("cards", ())) for p in view["trick"]["plays"]) == len(view.get("played", ()))


def fresh_ids(view: dict, seat: int | None) -> frozenset[int]:
    """The ids of ``seat``'s own hand marked as just received (class ``fresh``,
    :func:`tables.core.markup.hand_card`), from the view's tribute record (seed 000
    §18–§22, rules/guandan.md "Tribute and return"; the same record as
    :func:`_tribute_lines`):

    - a receiver (1st, and 2nd in a double tribute): the card given to it (献上), from the
      return phase, where it chooses what to give back (never that very card, §21), on;
    - a giver: the card returned to it (お返し), from the moment its receiver gives it back
      (in a double tribute the other receiver may still be choosing).

    The mark lasts until the seat's first play or pass of the hand. In the hand's first
    trick every seat holding cards acts (§13–§14: it ends only when everyone but its last
    player has passed), so the mark lasts while the first trick has no play or pass of
    the seat's (the view's ``trick["plays"]``), and never past it. Nothing under
    anti-tribute (抗贡: no card moves), in the first hand, or between hands. Only the
    seat's own received cards: another seat's are never in its hand. ``frozenset()``
    otherwise. ``view``: ``engine.view(state, seat)``."""
    tr = view.get("tribute")
    if seat is None or not tr or tr.get("anti") or view["phase"] not in ("return", "play"):
        return frozenset()
    if view["phase"] == "play" and (not first_trick(view) or any(p["seat"] == seat for p in view["trick"]["plays"])):
        return frozenset()
    back_to = {t["to"]: t["from"] for t in tr["transfers"]}  # a receiver returns to its giver
    got = [t["card"]["id"] for t in tr["transfers"] if t["to"] == seat]
    got += [r["card"]["id"] for r in tr["returns"] if back_to.get(r["from"]) == seat]
    return held(view["hand"], ids=got)


def field_event(last: dict | None) -> str:
    """The trick's last play as the table's motion and sound name it (``#field[data-event]``,
    static/feel.js): ``"rocket"`` for the four jokers, ``"bomb"`` for a bomb or a straight
    flush (seeds/000 §11), else ``""``."""
    kind = last["reading"].split(":")[0] if last else ""
    return "rocket" if kind == "joker_bomb" else "bomb" if kind in SPECIAL_TYPES else ""


def wild_ids(view: dict) -> set:
    return {c["id"] for c in view["hand"] if c["wild"]}


def _card_of(engine, state, seat, index):
    actions = [a for a in engine.legal_actions(state, seat) if is_button(a)]
    c = actions[index]["card"]
    return {"id": c, "code": CODE[c], "label": card_text(card_label(c)), "red": SUIT[c] in ("H", "D")}


#: two decks (seed 000 §1): eight of each rank, two small and two big jokers
DECK = {r: 2 if r in ("LJ", "BJ") else 8 for r in RANK_NAMES}


def _counter(view: dict, level: int) -> list[dict]:
    """The card counter (issue 13): unseen cards by rank, strongest first in this hand's
    order (the level card above A, 000 §3); from the seat's hand and the cards played this
    hand (the view's ``played``)."""
    order = sorted(range(len(RANK_NAMES)), key=lambda r: -_power(r, level))
    return unseen_by_rank(DECK, [RANK_NAMES[RANK[c["id"]]] for c in view["hand"]],
                          [RANK_NAMES[RANK[c]] for c in view["played"]], [RANK_NAMES[r] for r in order])


def _counter_words(counter: list[dict]) -> list[dict]:
    """The counter's entries with their words: the rank as the table names it (小 / 大 for
    the jokers) and the count (``8枚``)."""
    small, big, count = _("小"), _("大"), pgettext("card counter", "%(n)s枚")
    return [dict(r, label=small if r["rank"] == "LJ" else big if r["rank"] == "BJ" else r["rank"],
                 count_text=count % {"n": r["n"]}) for r in counter]


def _returns(engine, state, seat, buttons: list, suggested, selected: list) -> list[dict]:
    """The return buttons (seed 003 §4), the one これを返す names first: the card selected
    in the hand if it is one that may be returned, else the suggested one."""
    returns = [dict(b, card=_card_of(engine, state, seat, b["index"])) for b in buttons if b["type"] == "return"]
    chosen = selected[0] if len(selected) == 1 and any(b["card"]["id"] == selected[0] for b in returns) else suggested
    returns.sort(key=lambda b: b["card"]["id"] != chosen if chosen is not None else 0)
    return returns


def _rise(result: dict) -> int:
    """How many levels the winning team actually rose (0 when it stayed at A: §17 caps
    the level at A, so "+2" would float over a level that did not move)."""
    win = result["winner_team"]
    return RANK_NAMES.index(result["levels_after"][win]) - RANK_NAMES.index(result["levels_before"][win])


def _columns(hand: list[dict], level: int, selected: set, helpful: set | None, fresh=frozenset()) -> list[dict]:
    """The hand as rank columns (wilds in a column of their own), with the orders of the
    two sorts (by rank, by combination: bombs, then triples, pairs, singles). A card of
    ``fresh`` (:func:`fresh_ids`) is marked ``fresh``."""
    groups: dict = {}
    for c in hand:
        key = "W" if c["wild"] else RANK[c["id"]]
        groups.setdefault(key, []).append(c)
    cols = []
    for key, cards in groups.items():
        cards.sort(key=lambda c: SUIT_ORDER[SUIT[c["id"]]])
        power = 16 if key == "W" else _power(key, level)
        label = _("ワイルド") if key == "W" else {"LJ": _("小"), "BJ": _("大")}.get(RANK_NAMES[key], RANK_NAMES[key])
        n = len(cards)
        cols.append({
            "key": key, "label": label, "power": power, "n": n,
            "cards": [dict(c, label=card_text(c["label"]), red=SUIT[c["id"]] in ("H", "D"), on=c["id"] in selected,
                          fresh=c["id"] in fresh) for c in cards],
            "k": sum(1 for c in cards if c["id"] in selected),
            "dim": helpful is not None and key not in helpful,
            "level": key != "W" and key == level,
        })
    cols.sort(key=lambda c: c["power"])
    for i, c in enumerate(cols):
        c["rank_order"] = i
    combo = sorted(cols, key=lambda c: (-min(c["n"], 4) if c["key"] != "W" else -5, c["power"]))
    for i, c in enumerate(combo):
        c["combo_order"] = i
    return cols


def _result(result: dict, names: dict, view: dict, my_team: int | None) -> dict:
    """The result card of the hand just played (seed 000 §15–§17): places, the level
    formula, and its title saying whether the reader's team (``my_team``) won."""
    order = result["order"]
    win = result["winner_team"]
    i_won = None if my_team is None else win == my_team
    return {
        "hand_no": result["hand_no"], "level": result["level"],
        "title": with_outcome(formats()["result_title"] % {"n": result["hand_no"]}, i_won),
        "places": [{"place": i + 1, "place_name": place_name(i + 1), "name": names.get(s), "seat": s, "team": s % 2,
                    "won": s % 2 == win, "level": result["levels_after"][s % 2]}
                   for i, s in enumerate(order)],
        "winner": team_name(win), "i_won": bool(i_won), "delta": result["delta"], "rise": _rise(result),
        "formula": formula(result, i_won), "before": result["levels_before"][win],
        "after": result["levels_after"][win], "match_won": result["match_won"],
    }


PRESENTER = GuandanPresenter()


def _trick_lines(plays: list[dict], names: dict, shown: int = 8) -> dict:
    """The trick's last ``shown`` plays for the log (``trick_plays``: each with the seat's
    name and the play's words, ``None`` for a pass) and the position of the first of them
    in the trick (``trick_from``; :func:`tables.core.logtail.tail`)."""
    last, first = tail(plays, shown)
    return {"trick_plays": [dict(p, name=names.get(p["seat"]), label=None if p.get("pass") else _play_label(p)) for p in last],
            "trick_from": first}
