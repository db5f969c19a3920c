"""Original Daifugō at the table: what the templates need beyond the engine's view —
the window panel of stops and ♥Q×2 (seeds/004 §5), the 7-pass and 10-discard pickers,
the effect/plain choice and the 9-interrupt buttons, the seat rows, log and graveyard.

Everything comes from ``engine.view(state, seat)`` (its ``window``, ``pending``, ``hand``,
``legal`` and ``log``) and the room's public table timer, so a seat learns nothing about
other hands: whether *you* can stop is shown only to you (your own legal actions); the
window's countdown is the same fixed length for everyone. The log's lines are worded from
the events behind the view's log (:func:`games.daifugo.present.visible_events`: the same
events, private ones only for their seats).

Every word is a gettext msgid of the Japanese players saw before (issue 14), shown in the
render's language (:mod:`tables.core.i18n`); memos of rendered words are keyed on it.
"""
from __future__ import annotations

import re
from operator import itemgetter

from markupsafe import Markup

from games.daifugo.cards import DECK
from games.daifugo.cpu import REASONS
from games.daifugo.present import LABELS, code_labels as _cards, play_labels, visible_events

from ..core import options as opts
from ..core.cache import per_state
from ..core.fresh import held
from ..core.i18n import current as _language, gettext as _, gettext_noop, ngettext
from ..core.markup import SUIT_MARKS, escape, within
from ..core.presenter import Presenter
from ..core.words import turn_line
from ..core.screen import CARD_CHOICES, SIMPLE_ACTIONS, is_button, table_deadline_ms
from . import markup as fragments

#: the effects' names (games.daifugo.specials.NAMES, seed 004 §5), the msgids of their words
EFFECT_JA = {"seven_pass": gettext_noop("7渡し"), "eight_cut": gettext_noop("8切り"), "eleven_back": gettext_noop("11バック"),
             "redeal": gettext_noop("配り直し"), "five_skip": gettext_noop("5スキップ"), "ten_discard": gettext_noop("10捨て")}
PENDING_JA = {"seven_pass": EFFECT_JA["seven_pass"], "ten_discard": EFFECT_JA["ten_discard"]}
#: the ranks of games.daifugo.rules.TITLES (seed 004 §4), the msgids of their words
TITLE_JA = (gettext_noop("大富豪"), gettext_noop("富豪"), gettext_noop("平民"), gettext_noop("貧民"), gettext_noop("大貧民"))
#: a hint's reason (games.daifugo.cpu.REASONS, by its Japanese) → its msgid; a test checks
#: that they are the same sentences
HINT_JA = {"finish": gettext_noop("これで上がれます。"), "revolution": gettext_noop("革命で強さを逆転します。"),
           "cheap": gettext_noop("出せる中でいちばん安い出し方です。"), "shed": gettext_noop("弱いカードをまとめて減らせます。"),
           "pass": gettext_noop("強いカードは後に取っておきましょう。"), "other": gettext_noop("ほかの候補です。"),
           "best": gettext_noop("先の展開まで読んで選んだ一手です。"),
           "none": gettext_noop("場に出せる札がありません。パスしましょう。"),
           "react": gettext_noop("今なら割り込み・無効化が使えます。"),
           "give": gettext_noop("手元に残しても使いにくいカードから渡します。"),
           "discard": gettext_noop("手元に残しても使いにくいカードから捨てます。")}
_HINT_BY_JA = {REASONS[key][0]: message for key, message in HINT_JA.items()}


def _safe(value) -> Markup:
    """A value for a message's placeholder, escaped as Django escapes (``{{ value }}``)."""
    return value if isinstance(value, Markup) else Markup(escape(value))


def say(message: str, **values) -> Markup:
    """``message`` (a translated msgid: ``say(_("…"), …)``) with ``values`` escaped into its
    ``%(name)s`` placeholders (the catalog's text itself is trusted markup, e.g. ``<b>``)."""
    return Markup(message) % {k: _safe(v) if isinstance(v, str) else v for k, v in values.items()}


class DaifugoPresenter(Presenter):
    """Daifugō's view is the default shape (``view["seats"]``, ``view["legal"]``); its own
    context is :func:`context`."""

    game = "daifugo"
    #: Daifugō's own refusal codes (games/daifugo/engine.py) → their words (tables.core.words)
    refusals = {
        "not_a_play": gettext_noop("その組み合わせでは出せません（1枚・同じ数字・同じマークの階段）。"),
        "wrong_shape": gettext_noop("場と同じ枚数・同じ形で出してください。"),
        "too_weak": gettext_noop("場より強いカードを出してください。"),
        "bound": gettext_noop("縛りがあるので出せません。"),
        "passed": gettext_noop("パスしたので、場が流れるまで出せません。"),
        "leader_cannot_pass": gettext_noop("親はパスできません。"),
        "no_effect": gettext_noop("この出し方には使える効果がありません。素出しで出してください。"),
        "redeal_too_few": gettext_noop("残りのカードが少なく、配り直しできません。"),
        "window_open": gettext_noop("無効化の受付中です。少しお待ちください。"),
        "no_window": gettext_noop("今は止められる効果がありません。"),
        "cannot_stop": gettext_noop("そのカードでは止められません。"),
        "no_interrupt": gettext_noop("9の割り込みはできません。"),
        "choosing": gettext_noop("カードを選んでいる人がいます。少しお待ちください。"),
        "not_over": gettext_noop("まだゲームの途中です。"),
        "exchange_first": gettext_noop("カード交換が終わるまでお待ちください。"),
        "exchange_count": gettext_noop("%(count)s枚選んでください。"),
        "own_turn": gettext_noop("自分の番です。普通に出してください。"),
        "interrupt_cards": gettext_noop("場と同じ枚数の9で割り込んでください。"),
        "choose_count": gettext_noop("%(count)s枚選んでください。"),
        "no_cards": gettext_noop("カードを選んでください。"),
        "must_pass": gettext_noop("場に出せる札がありません。パスしましょう。"),  # 出す's title and the hint say it so
    }

    def refusal(self, notice: dict | None, legal: list[dict], my_turn: bool) -> dict | None:
        """出す pressed with nothing selected (the engine's ``no_cards``) on a turn where
        nothing in the hand beats the field (only a pass is legal; 出す stays shown then,
        :func:`_play_modes`) says so and asks for a pass (``must_pass``; a new user was
        asked to choose cards that could never be played)."""
        if (notice and notice.get("code") == "no_cards" and my_turn
                and any(a.get("type") == "pass" for a in legal) and not any(a.get("type") == "play" for a in legal)):
            return {**notice, "code": "must_pass", "ja": "場に出せる札がありません。パスしましょう。",
                    "en": "Nothing you hold beats the field: pass."}
        return notice

    def action_label(self, action: dict) -> str:
        """A hint's reason (the engine's ``ja``, games.daifugo.cpu.REASONS) or a play's
        cards, in the current language."""
        reason = _HINT_BY_JA.get(action.get("ja"))
        if reason:
            return _(reason)
        kind = action.get("type", "")
        if kind in SIMPLE_ACTIONS:
            return _(SIMPLE_ACTIONS[kind])
        if kind in CARD_CHOICES:
            return _(CARD_CHOICES[kind])
        if kind == "play" and action.get("cards"):
            return " ".join(LABELS[c] for c in action["cards"])
        return action.get("ja") or kind

    def context(self, engine, room, view: dict, me, ctx: dict) -> dict:
        return context(room, view, me, ctx)


PRESENTER = DaifugoPresenter()


def _play_modes(ctx: dict, legal: list) -> list[str]:
    """The hand's 出す buttons (``ctx["play_modes"]``: the modes of the legal plays), and
    出す alone on your turn when nothing you hold beats the field (only a pass is legal):
    a new player who picks cards and presses it is told why by the engine (too weak, the
    field's shape, the bind) and keeps the cards, as Guandan and Dou Dizhu do; without it
    出す vanished and nothing said why (try29)."""
    if ctx["play_modes"] or not ctx["my_turn"]:
        return ctx["play_modes"]
    return ["plain"] if any(a.get("type") == "pass" for a in legal) else []


def context(room, view: dict, me, ctx: dict) -> dict:
    """Template context for the window panel, the 7-pass / 10-discard picker, the
    effect/plain choice and the 9-interrupt buttons of seat ``me``, the hot loops'
    markup (:mod:`tables.daifugo.markup`), and the sentences with numbers or names in the
    current language (``words``; made here: the catalogs' extractor reads ``_("…")`` with
    no arguments in the templates)."""
    legal = view.get("legal") or []
    raw_names = {p["seat"]: p["name"] for p in ctx["players"]}
    names = {seat: _safe(name) for seat, name in raw_names.items()}
    labels = {c["id"]: c["label"] for c in view["hand"]}
    table_deadline = table_deadline_ms(room)
    buttons = list(enumerate(a for a in legal if is_button(a)))
    out = {
        "window": _window(view, names, buttons, labels, table_deadline, me.order),
        "pending": _pending(view, names, table_deadline, me.order),
        "exchange_waiting": _exchange_waiting(room.state, view, names, table_deadline),
        "effect_sets": sorted({",".join(str(c) for c in sorted(a["cards"])) for a in legal
                               if a.get("type") == "play" and a.get("mode") == "effect"}),
        "interrupts": _interrupts(legal, labels),
        "effect_selected": False,
        "play_modes": _play_modes(ctx, legal),
        "nothing_beats": ctx["my_turn"] and not ctx["play_modes"],

        "foul_waiting": any(s["seat"] == me.order and s["foul"] for s in view["seats"]),
        "fresh": fresh_ids(room.state, view, me.order),
    }
    out["hand_cards"] = fragments.hand_cards(view["hand"], ctx.get("selected") or (), out["fresh"])
    out["legend"] = legend(room.state["rules"]["specials"])
    out["exchanges"] = exchanges(room.state, me.order, names)
    out["seat_rows"] = fragments.seat_rows(ctx["players"], view["field"]["by"] if view["field"] else None)
    out["log_items"] = _log_items(room.state, view["log"], me.order, raw_names)
    out.update(_public_cards(room.state, view))
    field = view["field"]
    out["field_by"] = names.get(field["by"], "") if field else ""
    out["field_seat"], out["field_event"] = (field["by"] if field else ""), field_event(room.state["log"])
    out["turn_player"] = next((p for p in ctx["players"] if p["turn"]), None)
    chosen = ",".join(str(c) for c in sorted(ctx.get("selected") or ()))
    out["effect_selected"] = bool(chosen) and chosen in out["effect_sets"]
    mine = ctx.get("my_deadline_ms")
    chooser = (out["pending"] and out["pending"]["mine"]) or view.get("exchange")
    if chooser and table_deadline and (mine is None or table_deadline < mine):
        out["my_deadline_ms"] = table_deadline  # the 20 s choice ends before the turn limit
    out["words"] = _words(view, ctx["players"], out)
    out["title_words"] = {title: _(title) for title in TITLE_JA}
    return out


def _words(view: dict, players: list, out: dict) -> dict:
    """The parts' sentences that hold a number or a name, in the current language."""
    turn = out["turn_player"]
    bind = view.get("bind")
    exchange = view.get("exchange")
    pending = out["pending"]
    return {
        "game_no": say(_("第%(n)sゲーム"), n=view["game_no"]),
        "result_head": say(_("第%(n)sゲームの結果"), n=view["game_no"]),
        "surplus": say(_("余り札 %(n)s枚"), n=view["surplus_count"]),
        "graveyard": say(_("墓地 %(n)s枚"), n=len(view.get("graveyard") or ())),
        "next_rank": next_rank(bind),
        "bind_suits": "".join(SUIT_MARKS.get(s, s) for s in bind.get("suit") or ()) if bind else "",  # ["C", "S"] → ♣♠
        "field_by": say(_("%(name)s が出しました"), name=within(out["field_by"])) if view["field"] else "",
        "turn": turn_line(_("%(name)s の番です"), _safe(turn["name"])) if turn else "",
        "exchange": say(ngettext("交換：%(n)s枚選んで渡してください", "交換：%(n)s枚選んで渡してください", exchange["give"]), n=exchange["give"]) if exchange else "",
        "pick": say(ngettext("%(what)s：%(n)s枚選んでください", "%(what)s：%(n)s枚選んでください", pending["count"]), what=pending["what"], n=pending["count"])
        if pending and pending["mine"] else "",
        "points": {p["seat"]: say(ngettext("+%(points)s点（計%(total)s点）", "+%(points)s点（計%(total)s点）", p["points"]), points=p["points"], total=p["total"])
                   for p in players} if view.get("result") else {},
    }


def next_rank(bind: dict | None) -> str:
    """What a number bind wants next (seeds/004 §4 「縛り」): ``"次は8"``; ``"次はジョーカーだけ"``
    once the trick stands at the strongest rank (no rank is one step stronger, so only
    jokers keep the bind: games.daifugo.plays.satisfies_bind); ``""`` without a number bind."""
    if bind and bind.get("next_rank"):
        return say(_("次は%(rank)s"), rank=bind["next_rank"])
    return _("次はジョーカーだけ") if bind and bind.get("number") else ""


def field_event(log: list) -> str:
    """What the latest play did to the field, for the table's motion and sound
    (``#field[data-event]``, static/feel.js): ``"eight_cut"`` (8切り, seeds/004 §5),
    ``"revolution"`` (革命, 004 §4), ``"flush"`` (the field was cleared since) or ``""``.
    Reads the public events back to the last play, pass or deal (private ones skipped)."""
    flushed = False
    for event in reversed(log):
        kind = event["type"]
        if "private" in event:
            continue
        if kind == "effect" and event.get("effect") == "eight_cut":
            return "eight_cut"
        if kind == "play" and event.get("revolution") and not flushed:
            return "revolution"
        if kind in ("play", "pass", "deal"):
            break
        flushed = flushed or kind == "flush"
    return "flush" if flushed else ""


def _public_cards(state: dict, view: dict) -> dict:
    """The field's and the graveyard's cards as markup, made once per state object for all
    its seats (both come from the view's public part: the state's alone; the graveyard
    once per language too)."""
    field = view["field"]
    return {
        "field_cards": per_state(state, "field_cards", lambda: fragments.field_cards(field["cards"])) if field else "",
        "graveyard_cards": per_state(state, "graveyard_cards " + _language(),  # an empty one has words
                                     lambda: fragments.graveyard_cards(view.get("graveyard") or [])),
    }


def _window(view, names, buttons, labels, deadline, seat) -> dict | None:
    w = view.get("window")
    if not w:
        return None
    stops = [{"index": i, "label": _stop_label(a, labels, bool(w["chain"]))} for i, a in buttons
             if a["type"] in ("stop", "revolution_stop")]
    by = names.get(w["seat"], "?")
    effect = EFFECT_JA.get(w.get("effect")) or w.get("effect_ja") or ""
    chain = []
    for k, c in enumerate(w["chain"]):
        name, cards = names.get(c["seat"], "?"), " ".join(c["cards"])
        chain.append({"name": name, "cards": cards, "counter": k % 2 == 1,
                      "text": say(_("%(name)s：%(cards)s で止め返し"), name=name, cards=cards) if k % 2 == 1
                      else say(_("%(name)s：%(cards)s で無効化"), name=name, cards=cards)})
    head = (say(_("<b>%(name)s</b> の革命！ ♥Q×2で止められます"), name=by) if w["kind"] == "revolution" else
            say(_('<b>%(name)s</b> が <b class="effect">%(effect)s</b> を出しました。止める人は？'),
                name=by, effect=_(effect) if effect else ""))
    return {"kind": w["kind"], "by": by, "mine": w["seat"] == seat, "head": head,
            "effect_ja": effect, "chain": chain, "stopped": len(chain) % 2 == 1, "stops": stops,
            "deadline_ms": deadline, "seconds": w["seconds"]}


def _stop_label(action: dict, labels: dict, counter: bool) -> str:
    if action["type"] == "revolution_stop":
        return _("革命を止める（♥Q×2）")
    card = labels.get(action["card"], "")
    return _("止め返す（%(card)s）") % {"card": card} if counter else _("止める（%(card)s）") % {"card": card}


def _pending(view, names, deadline, seat) -> dict | None:
    p = view.get("pending")
    if not p:
        return None
    what = _(PENDING_JA[p["kind"]]) if p["kind"] in PENDING_JA else p["kind"]
    by = names.get(p["seat"], "?")
    to = names.get(p["to"]) if p.get("to") is not None else None
    mine = p["seat"] == seat
    out = {"kind": p["kind"], "what": what, "mine": mine, "by": by, "to": to,
           "count": p.get("count"), "deadline_ms": deadline,
           "waiting": say(_("%(name)s が%(what)sのカードを選んでいます…"), name=by, what=what)}
    if mine:
        seven = p["kind"] == "seven_pass"
        prompt = (say(ngettext("<b>%(what)s</b>：手札から%(n)s枚選んで%(name)s に渡してください", "<b>%(what)s</b>：手札から%(n)s枚選んで%(name)s に渡してください", p.get("count") or 0), what=what, n=p.get("count"),
                      name=to if to is not None else Markup("None")) if seven else
                  say(ngettext("<b>%(what)s</b>：手札から%(n)s枚選んで捨ててください", "<b>%(what)s</b>：手札から%(n)s枚選んで捨ててください", p.get("count") or 0), what=what, n=p.get("count")))
        if deadline:
            clock = Markup('<b data-deadline="%s"></b>') % deadline
            prompt += (say(_("（残り %(clock)s。時間切れのときは弱いカードから渡します）"), clock=clock) if seven else
                       say(_("（残り %(clock)s。時間切れのときは弱いカードから捨てます）"), clock=clock))
        out["prompt"] = prompt
    return out


def _exchange_waiting(state: dict, view: dict, names: dict, deadline) -> dict | None:
    """While the exchange waits for others' choices (seed 004 §4: 大富豪 and 富豪 choose what
    they give), the line the field shows everyone not choosing, with the time left:
    ``{"text", "deadline_ms"}``; None otherwise (try17: the table said nothing)."""
    if state.get("phase") != "exchange" or view.get("exchange"):
        return None
    choosing = [names.get(int(s), "?") for s in sorted(state["exchange"], key=int)]
    if not choosing:
        return None
    text = say(_("カード交換：%(names)s が渡すカードを選んでいます…"), names=Markup(_("、")).join(choosing))
    return {"text": text, "deadline_ms": deadline}


def _interrupts(legal: list, labels: dict) -> list[dict]:
    options = [a for a in legal if a.get("type") == "play" and a.get("mode") == "interrupt"]
    return [{"index": i, "label": _("9で割り込む（%(cards)s）") % {"cards": " ".join(labels.get(c, "?") for c in a["cards"])}}
            for i, a in enumerate(options)]


def _log_items(state: dict, lines: list, seat, names: dict):
    """The log part's lines in the current language with the seats' names, built once
    per distinct (language, lines, names) in the process (the four seats of a table
    mostly see the same lines; the key is the content itself: the engine's ``ja``/``en``
    line of each event, :func:`games.daifugo.present.visible_log`, and the events'
    numbers), each line once per distinct (language, line, names, number): a new
    version adds a line or two to the last twenty.
    ``state``: the game's (its ``log`` holds the lines' own events,
    :func:`games.daifugo.present.visible_events` of ``seat``), ``lines``: the view's log."""
    names_key = tuple(sorted(names.items()))
    lang = _language()
    pairs = tuple(map(_ja_en, lines))
    events = visible_events(state["log"], seat, state.get("logged"))
    key = ("log", lang, names_key, tuple(i for i, _e in events), *pairs)

    def build():
        return "".join([_log_line(i, e, ja, en, names, names_key, lang) for (i, e), (ja, en) in zip(events, pairs)])
    return fragments.memoised(key, build)


_lines: dict[tuple, str] = {}


def _log_line(number: int, event: dict, ja: str, en: str, names: dict, names_key: tuple, lang: str) -> str:
    """One ``<li>`` of the log (:func:`fragments.log_item`) in ``lang`` with the seats'
    names; in Japanese with the engine's English line as its title, as before."""
    return fragments.kept(_lines, (lang, ja, en, names_key, number),
                          lambda: fragments.log_item(log_text(event, names), _names(en, names), lang, number))


def _names(text: str, names: dict) -> str:
    """The engine's log lines say P1, P2…; show the seats' names instead (escaped by the template)."""
    if "P" not in text:
        return text
    return _SEAT.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), text)


_SEAT = re.compile(r"\bP(\d+)\b")
_ja_en = itemgetter("ja", "en")


def log_text(event: dict, names: dict) -> str:
    """The log line of ``event`` (games/daifugo/engine.py's events) in the current
    language, the seats named by ``names`` (seat → name; ``P1``… for a seat not in it).
    In Japanese it is the engine's own ``ja`` line (:func:`games.daifugo.present.describe`)
    with the names put in. Plain text: the caller escapes it."""
    t = event["type"]

    def who(key="seat"):
        seat = event[key]
        return names.get(seat, f"P{seat + 1}")

    def whom(key="to"):  # a seat named after the line's start: "… to you", "… → you:"
        return within(who(key))

    def effect():
        name = EFFECT_JA.get(event.get("effect"))
        return _(name) if name else ""

    if t == "play":
        message = _("%(seat)s：%(cards)s 革命！") if event.get("revolution") else _("%(seat)s：%(cards)s")
        return message % {"seat": who(), "cards": play_labels(event["cards"], event.get("as", []))}
    if t in _SEAT_LINES:
        return _(_SEAT_LINES[t]) % {"seat": who()}
    if t == "flush":
        if event.get("revealed"):
            return _("場が流れました（余り札 %(card)s を公開）") % {"card": _cards([event["revealed"]])}
        return _("場が流れました")
    if t == "finish":
        return _("%(seat)s が%(place)s番目に上がり") % {"seat": who(), "place": event["place"]}
    if t == "deal":
        return _("第%(n)sゲーム開始") % {"n": event["game_no"]}
    if t == "game_over":
        return _("ゲーム終了")
    if t == "window":
        if event["kind"] == "stop":
            return _("%(seat)s %(effect)s：止める人は？") % {"seat": who(), "effect": effect()}
        return _("革命！ ♥Q×2で止められます")
    if t == "stop":
        return _("%(seat)s %(cards)s で無効化") % {"seat": who(), "cards": _cards(event["cards"])}
    if t == "counter":
        return _("%(seat)s %(cards)s で止め返し") % {"seat": who(), "cards": _cards(event["cards"])}
    if t == "effect_stopped":
        return _("%(effect)sは止められました") % {"effect": effect()}
    if t == "effect":
        return _("%(seat)s %(effect)s") % {"seat": who(), "effect": effect()}
    if t == "seven_pass":
        return ngettext("%(seat)s → %(to)s に%(n)s枚渡しました", "%(seat)s → %(to)s に%(n)s枚渡しました", event["count"]) % {"seat": who(), "to": whom(), "n": event["count"]}
    if t == "discard":
        return _("%(seat)s %(cards)s を捨てました") % {"seat": who(), "cards": _cards(event["cards"])}
    if t == "redeal":
        return ngettext("配り直し：%(n)s枚ずつ", "配り直し：%(n)s枚ずつ", event["each"]) % {"n": event["each"]}
    if t in ("tribute", "exchange", "received"):
        return _("%(from)s → %(to)s：%(cards)s") % {"from": who("from"), "to": whom(), "cards": _cards(event["cards"])}
    return t


#: the log lines that name only their seat (games.daifugo.present.describe)
_SEAT_LINES = {
    "pass": gettext_noop("%(seat)s：パス"), "timeout": gettext_noop("%(seat)s：時間切れ"), "foul": gettext_noop("%(seat)s 反則上がり"),
    "ochi": gettext_noop("%(seat)s 都落ち"), "lead": gettext_noop("%(seat)s が親です"), "interrupt": gettext_noop("%(seat)s 9割り込み！"),
    "revolution_stopped": gettext_noop("%(seat)s 革命止め"), "revived": gettext_noop("%(seat)s 復帰"),
    "skipped": gettext_noop("%(seat)s スキップ"),
}


def legend(specials: dict) -> list[dict]:
    """The special-card mark's legend (seed 004 §5; issue 13): ``[{"label", "description"}]``
    of the special cards switched on at this table, in the waiting room's order and words
    (:data:`tables.core.options.RULE_SWITCHES`, :data:`~tables.core.options.DESCRIPTIONS`)."""
    return [{"label": _(label), "description": _(opts.DESCRIPTIONS[name]) if name in opts.DESCRIPTIONS else ""}
            for name, label in opts.RULE_SWITCHES["daifugo"].items() if specials.get(name)]


#: the events by which a seat receives cards (``to``: the receiver; private to the two seats):
#: the exchange's tribute and chosen cards (seed 004 §4 カード交換) and 7渡し's cards (§5)
RECEIVED_EVENTS = ("tribute", "exchange", "received")
#: a seat's own turn taken (its first after receiving ends the mark): a play (a 9-interrupt
#: is one too), a pass, a stop or counter played into a window (seed 004 §5)
ACTED_EVENTS = ("play", "pass", "stop", "counter")


def fresh_ids(state: dict, view: dict, seat: int | None) -> frozenset[int]:
    """The ids of ``seat``'s own hand marked as just received (class ``fresh``,
    :func:`tables.core.markup.hand_card`): the cards given to it by the exchange at a
    game's start (seed 004 §4 カード交換: the 大貧民's and 貧民's strongest cards to the
    大富豪 and 富豪, automatic; the cards these choose to give back) and by a 7渡し (§5),
    from the events ``seat`` may see (the receiver's private ``tribute``, ``exchange`` and
    ``received`` events: nobody else learns them).

    The mark lasts until the seat's first play or pass after receiving them (a 9-interrupt
    or a stop card played into a window counts as a play), read back from the log's newest
    event to the game's ``deal``; a 配り直し (♠A×2, §5) deals everyone new cards and ends
    it too. A card given away since (the 大富豪 giving back a card just received) is no
    longer marked. The events name cards by code (two decks): a code received marks one
    card of that code in the hand (:func:`tables.core.fresh.held`). Nothing between games
    or once the game is over. ``frozenset()`` otherwise; ``view``: ``engine.view(state, seat)``.
    The engine keeps the log's last events only (games/daifugo/engine.py ``LOG_KEEP``): a
    seat whose first turn comes after that many events loses the mark with them."""
    if seat is None or state.get("phase") not in ("exchange", "play"):
        return frozenset()
    events = []
    for event in reversed(state["log"]):
        kind = event["type"]
        if "private" in event and seat not in event["private"]:
            continue
        if kind in ("deal", "redeal") or (kind in ACTED_EVENTS and event.get("seat") == seat):
            break
        events.append(event)
    got: list[str] = []
    for event in reversed(events):  # oldest first: a card given away after it came is not new
        if event["type"] in RECEIVED_EVENTS and event.get("to") == seat:
            got += event["cards"]
        elif event["type"] in RECEIVED_EVENTS and event.get("from") == seat:
            for code in event["cards"]:
                if code in got:
                    got.remove(code)
    return held(view["hand"], codes=got) if got else frozenset()


#: the engine's events of the exchange (seed 004 §4 カード交換): the automatic tribute of
#: the poorer and the chosen cards of the richer, private to the two seats involved
EXCHANGE_EVENTS = ("tribute", "exchange")


def exchanges(state: dict, seat: int, names: dict) -> list[dict]:
    """This game's exchange as ``seat`` may see it (issue 13): who gave which cards to
    whom, only the gifts ``seat`` gave or received (the events are private to the two
    seats; the engine keeps the last events of the log). ``[{"from", "to", "from_name",
    "to_name", "cards", "mine", "text"}]``, oldest first; empty in game 1. ``names``: seat →
    name, escaped (:func:`_safe`); ``text``: the line in the current language."""
    out = []
    for event in reversed(state["log"]):
        if event["type"] == "deal":
            break
        if event["type"] in EXCHANGE_EVENTS and seat in event.get("private", ()):
            mine, cards = event["from"] == seat, " ".join(LABELS[c] for c in _ids(event["cards"]))
            to_name, from_name = names.get(event["to"], ""), names.get(event["from"], "")
            out.append({"from": event["from"], "to": event["to"], "from_name": from_name,
                        "to_name": to_name, "mine": mine, "cards": cards,
                        "text": say(_("あなた → %(name)s：<b>%(cards)s</b>"), name=to_name, cards=cards) if mine
                        else say(_("%(name)s → あなた：<b>%(cards)s</b>"), name=from_name, cards=cards)})
    out.reverse()
    return out


def _ids(codes: list[str]) -> list[int]:
    """One card id of each code (a code has one label; for the labels only)."""
    return [DECK.by_code[c][0] for c in codes]
