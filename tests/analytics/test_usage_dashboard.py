"""The staff dashboard in the admin: access control, the numbers, the charts, the CSV."""
from __future__ import annotations

import csv
import io
import json
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from analytics import record

from usage_helpers import member, staff  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db
URL = "/admin/analytics/dashboard/"
CSV = URL + "export.csv"


@pytest.fixture
def numbers():
    today = timezone.localdate()
    old = today - timedelta(days=100)
    record.count("sessions", n=17)
    record.count("sessions", n=5, day=today - timedelta(days=1))
    record.room_created("daifugo"); record.room_created("daifugo", practice=True); record.room_created("guandan")
    record.game_started("daifugo", humans=2, cpus=2)
    record.game_started("daifugo", humans=3, cpus=1)
    record.counts([("daifugo", "rounds", "", 4), ("daifugo", "games_finished", "", 1),
                   ("daifugo", "special", "eight_cut:effect", 6), ("daifugo", "special", "eight_cut:plain", 2),
                   ("daifugo", "special", "eight_cut:stopped", 1), ("daifugo", "special", "eight_cut:resolved", 5),
                   ("daifugo", "special", "heart3:stop", 1), ("guandan", "special", "bomb:play", 3),
                   ("daifugo", "left", "exchange", 2), ("daifugo", "left", "result", 1),
                   ("daifugo", "disconnects", "playing", 4), ("daifugo", "reclaims", "playing", 3)])
    for code in ("nice", "nice", "wow"):
        record.stamp("daifugo", code)
    record.count("server_error", key="ZeroDivisionError @ view boom", n=2)
    record.count("client_error", key="error: boom @ /:3")
    record.count("rounds", game="daifugo", n=99, day=old)
    return today


def _login(user):
    c = Client()
    c.force_login(user)
    return c


def test_anonymous_is_sent_to_the_admin_login(numbers):
    for url in (URL, CSV):
        reply = Client().get(url)
        assert reply.status_code == 302 and reply["Location"].startswith("/admin/login/")


def test_logged_in_non_staff_is_refused(numbers, member):
    c = _login(member)
    for url in (URL, CSV):
        reply = c.get(url)
        assert reply.status_code == 302 and reply["Location"].startswith("/admin/login/")
    page = c.get(URL, follow=True, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "usage-totals" not in page and "member" in page  # "You are authenticated as member, but …"


def test_staff_sees_the_numbers(numbers, staff):
    reply = _login(staff).get(URL)
    assert reply.status_code == 200
    html = reply.content.decode()
    ctx = reply.context
    assert ctx["totals"]["sessions"] == 22 and ctx["totals"]["rooms_created"] == 3
    assert ctx["totals"]["games_started"] == 2 and ctx["totals"]["rounds"] == 4  # the old 99 is out of range
    assert ctx["avg_players"] == {"human": 2.5, "cpu": 1.5}
    assert '<b data-metric="sessions">22</b>' in html and '<b data-metric="rounds">4</b>' in html
    row = next(r for r in ctx["specials"] if r["card"] == "eight_cut")
    assert (row["effect"], row["plain"], row["stopped"], row["resolved"], row["total"]) == (6, 2, 1, 5, 8)
    funnel = {r["phase"]: (r["left"], r["disconnects"], r["reclaims"]) for r in ctx["funnel"]}
    assert funnel == {"waiting": (0, 0, 0), "exchange": (2, 0, 0), "playing": (0, 4, 3), "result": (1, 0, 0)}
    assert [e["key"] for e in ctx["errors"]] == ["ZeroDivisionError @ view boom", "error: boom @ /:3"]
    assert ctx["stamps"] == [{"code": "nice", "n": 2}, {"code": "wow", "n": 1}]  # by kind, never by person
    assert f'value="{numbers.isoformat()}"' in html  # the default range is shown in the form
    assert "/static/chartjs/chart.umd.js" in html and "cdn" not in html.lower()
    data = json.loads(html.split('id="usage-data" type="application/json">')[1].split("</script>")[0])
    assert len(data["days"]) == 30 and data["series"]["sessions"][-2:] == [5, 17]


def test_range_and_game_filter(numbers, staff):
    today = numbers
    c = _login(staff)
    ctx = c.get(URL, {"game": "guandan", "start": today.isoformat(), "end": today.isoformat()}).context
    assert ctx["totals"]["rooms_created"] == 1 and ctx["totals"]["sessions"] == 17  # sessions are site-wide
    assert [r["card"] for r in ctx["specials"]] == ["bomb"]
    ctx = c.get(URL, {"start": (today - timedelta(days=120)).isoformat(), "end": today.isoformat()}).context
    assert ctx["totals"]["rounds"] == 103
    ctx = c.get(URL, {"start": "nonsense", "game": "chess"}).context  # bad input: defaults
    assert ctx["game"] == "" and ctx["start"] == today - timedelta(days=29)


def test_csv_export(numbers, staff):
    reply = _login(staff).get(CSV, {"game": "daifugo"}, HTTP_ACCEPT_LANGUAGE="en")
    assert reply.status_code == 200 and reply["Content-Type"].startswith("text/csv")
    assert "attachment" in reply["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(reply.content.decode())))
    assert rows[0] == ["Date", "Game", "Metric", "Breakdown", "Count"]  # the staff member's language
    for lang, header in (("ja", "日付"), ("zh-CN", "日期")):
        head = _login(staff).get(CSV, HTTP_ACCEPT_LANGUAGE=lang).content.decode().splitlines()[0]
        assert head.startswith(header + ",")
    body = {(r[1], r[2], r[3]): int(r[4]) for r in rows[1:] if r[0] == numbers.isoformat()}
    assert body[("daifugo", "special", "eight_cut:effect")] == 6 and body[("", "sessions", "")] == 17
    assert not any(r[1] == "guandan" for r in rows[1:])


def test_the_dashboard_is_in_the_admin_index_and_read_only(staff):
    c = _login(staff)
    assert "/admin/analytics/dashboard/" in c.get("/admin/").content.decode()
    assert c.get("/admin/analytics/dashboard/add/").status_code == 403


@pytest.mark.parametrize("lang, title, totals, phase, series, card, stop", [
    ("ja", "利用状況ダッシュボード", "合計", "結果画面", "始まったゲーム", "<td>オリジナル大富豪</td><td>8切り</td>", "止めた 1"),
    ("en", "Usage dashboard", "Totals", "Result screen", "Games started", "<td>Tycoon (original Daifugō)</td><td>8-cut (hachi-giri)</td>", "stopped 1"),
    ("zh-CN", "使用情况面板", "合计", "结果界面", "开始的游戏", "<td>大富豪（原创规则）</td><td>八切</td>", "阻止 1"),
])
def test_the_dashboard_reads_in_the_staff_members_language(numbers, staff, lang, title, totals, phase, series,
                                                           card, stop):
    """Headings, the funnel's phases, the special cards and their uses, and the charts'
    series names (sent to Chart.js with the data) in the language of the staff member's
    browser (issue 14)."""
    html = _login(staff).get(URL, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f"<h1>{title}</h1>" in html and f"<h2>{totals}</h2>" in html and f"<td>{phase}</td>" in html
    assert card in html and f"<td>{stop}</td>" in html and "eight_cut" not in html.split("usage-data")[0]
    data = json.loads(html.split('id="usage-data" type="application/json">')[1].split("</script>")[0])
    assert data["labels"]["games_started"] == series


@pytest.mark.parametrize("lang, games, period", [
    ("ja", ("オリジナル大富豪", "闘地主", "掼蛋"), "、すべてのゲーム。"),
    ("en", ("Tycoon (original Daifugō)", "Dou Dizhu", "Guandan"), ", all games."),
])
def test_the_dashboard_names_the_games_as_the_site_does(numbers, staff, lang, games, period):
    """try18: the dashboard said 斗地主 and 大富豪 where the site says 闘地主 and オリジナル
    大富豪, and its period line read "2026-12-03, すべてのゲーム." in Japanese."""
    html = _login(staff).get(URL, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for name in games:
        assert f">{name}</option>" in html, name
    assert period in html
    if lang == "ja":
        assert "斗地主" not in html
