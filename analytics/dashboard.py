"""What the staff dashboard shows, computed from the daily counters.

``build(start, end, game)`` returns plain data (no HTML) for the template and the charts::

    {"start", "end", "game", "days": ["2025-05-01", …],
     "totals": {metric: n}, "rooms": {"passphrase": n, "practice": n},
     "avg_players": {"human": x, "cpu": y},
     "series": {metric: [n per day]},
     "specials": [{"game", "card", "effect", "plain", "stopped", "resolved", "other", "total"}],
     "funnel": [{"phase", "label", "left", "removed", "disconnects", "reclaims"}],
     "errors": [{"metric", "key", "n", "last"}]}

``game`` ``""`` means all games; sessions and errors are site-wide and ignore it.
"""
from __future__ import annotations

import csv
from collections import defaultdict
from datetime import date, timedelta
from typing import Iterable

from django.db.models import Max, Sum
from django.utils.translation import gettext, gettext_lazy as _, pgettext

from tables.core import options as opts

from . import metrics as m
from .models import DailyCount

SITE_WIDE = (m.SESSIONS, m.SERVER_ERROR, m.CLIENT_ERROR)
CHARTED = (m.SESSIONS, m.ROOMS_CREATED, m.GAMES_STARTED, m.GAMES_FINISHED, m.ROUNDS,
           m.SERVER_ERROR, m.CLIENT_ERROR)
TOTALS = CHARTED + (m.SEATS, m.PLAYERS, m.SPECIAL, m.LEFT, m.REMOVED, m.DISCONNECTS, m.RECLAIMS)
SPECIAL_USES = ("effect", "plain", "stopped", "resolved")
RECENT_ERRORS = 20


def rows(start: date, end: date, game: str = ""):
    """The counters of ``start``…``end`` (inclusive) for ``game`` plus the site-wide ones."""
    qs = DailyCount.objects.filter(day__gte=start, day__lte=end)
    if game:
        qs = qs.filter(game__in=(game, ""))
    return qs


def build(start: date, end: date, game: str = "") -> dict:
    qs = rows(start, end, game)
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    totals = {metric: 0 for metric in TOTALS}
    for r in qs.values("metric").annotate(n=Sum("n")):
        totals[r["metric"]] = r["n"]
    players = dict(qs.filter(metric=m.PLAYERS).values_list("key").annotate(n=Sum("n")))
    rooms = dict(qs.filter(metric=m.ROOMS_CREATED).values_list("key").annotate(n=Sum("n")))
    started = totals[m.GAMES_STARTED] or 0
    return {
        "start": start, "end": end, "game": game, "days": [d.isoformat() for d in days],
        "totals": totals,
        "rooms": {k: rooms.get(k, 0) for k in ("passphrase", "practice")},
        "avg_players": {k: round(players.get(k, 0) / started, 2) if started else 0 for k in ("human", "cpu")},
        "series": _series(qs, days),
        "specials": specials(qs),
        "stamps": stamps(qs),
        "funnel": funnel(qs),
        "errors": recent_errors(qs),
    }


def _series(qs, days: list[date]) -> dict:
    index = {d: i for i, d in enumerate(days)}
    out = {metric: [0] * len(days) for metric in CHARTED}
    for r in qs.filter(metric__in=CHARTED).values("day", "metric").annotate(n=Sum("n")):
        out[r["metric"]][index[r["day"]]] = r["n"]
    return out


def stamps(qs) -> list[dict]:
    """Stamps shown at tables by kind, most used first: ``[{"code", "n"}]`` (issue 17; who
    sent them is never recorded)."""
    got = qs.filter(metric=m.STAMPS).values("key").annotate(n=Sum("n")).order_by("-n", "key")
    return [{"code": r["key"], "n": r["n"]} for r in got]


def specials(qs) -> list[dict]:
    """One row per (game, card): plays with effect / plain, effects stopped / resolved,
    other uses by name (``"stop 3, counter 1"``); ``total`` is how often it was played."""
    table: dict = defaultdict(lambda: defaultdict(int))
    for r in qs.filter(metric=m.SPECIAL).values("game", "key").annotate(n=Sum("n")):
        card, _, use = r["key"].partition(":")
        table[(r["game"], card)][use] += r["n"]
    out, games = [], dict(game_choices())
    for (game, card), uses in table.items():
        row = {"game": game, "card": card, **{u: uses.get(u, 0) for u in SPECIAL_USES},
               "game_label": games.get(game, game),
               "card_label": str(m.SPECIAL_CARD_LABELS.get(card, card))}
        others = {u: n for u, n in uses.items() if u not in SPECIAL_USES}
        row["other"] = ", ".join(f"{m.SPECIAL_USE_LABELS.get(u, u)} {n}" for u, n in sorted(others.items()))
        row["total"] = row["effect"] + row["plain"] + sum(others.values())
        out.append(row)
    return sorted(out, key=lambda r: (-r["total"], r["game"], r["card"]))


def funnel(qs) -> list[dict]:
    """Per phase (waiting room → exchange/tribute → mid-game → result screen): people who
    left, were removed, disconnected and came back."""
    metrics = {m.LEFT: "left", m.REMOVED: "removed", m.DISCONNECTS: "disconnects", m.RECLAIMS: "reclaims"}
    got = defaultdict(int)
    for r in qs.filter(metric__in=metrics).values("metric", "key").annotate(n=Sum("n")):
        got[(r["metric"], r["key"])] = r["n"]
    return [{"phase": p, "label": str(m.PHASE_LABELS[p]), **{name: got[(metric, p)] for metric, name in metrics.items()}}
            for p in m.PHASES]


def recent_errors(qs) -> list[dict]:
    """The error kinds of the range, the most recently seen first."""
    found = (qs.filter(metric__in=(m.SERVER_ERROR, m.CLIENT_ERROR)).values("metric", "key")
             .annotate(n=Sum("n"), last=Max("day")).order_by("-last", "-n", "key"))
    return list(found[:RECENT_ERRORS])


def write_csv(out, start: date, end: date, game: str = "") -> None:
    """Every counter of the range as CSV rows ``day,game,metric,key,n`` (with a header in
    the staff member's language; the values are the stable codes)."""
    writer = csv.writer(out)
    writer.writerow([gettext("日付"), gettext("ゲーム"), gettext("指標"), gettext("内訳"), gettext("件数")])
    for r in rows(start, end, game).order_by("day", "game", "metric", "key").values_list(
            "day", "game", "metric", "key", "n"):
        writer.writerow([r[0].isoformat(), *r[1:]])


def game_choices() -> Iterable[tuple[str, str]]:
    """The game filter's choices, in the staff member's language."""
    return [("", gettext("すべてのゲーム"))] + [(code, gettext(name)) for code, name in opts.GAMES.items()]


def chart_labels() -> dict:
    """The charts' series names (metric → label), in the staff member's language."""
    return {m.SESSIONS: gettext("セッション"), m.ROOMS_CREATED: gettext("作られた部屋"),
            m.GAMES_STARTED: gettext("始まったゲーム"), m.GAMES_FINISHED: gettext("終わったゲーム"),
            m.ROUNDS: gettext("ラウンド"), m.SERVER_ERROR: gettext("サーバーのエラー"),
            m.CLIENT_ERROR: gettext("ブラウザーのエラー"), "left": pgettext("dashboard column", "退出"),
            "disconnects": gettext("切断"), "reclaims": gettext("戻ってきた")}
