"""Sessions: each browser counts once per local day; the database holds only the number."""
from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.utils import timezone

from analytics.models import DailyCount
from analytics.sessions import COOKIE

from usage_helpers import n

pytestmark = pytest.mark.django_db


def test_each_browser_counts_once_a_day():
    a, b = Client(), Client()
    assert a.get("/").status_code == 200
    a.get("/"); a.get("/practice/")
    assert n("sessions") == 1
    assert a.cookies[COOKIE].value == timezone.localdate().isoformat()  # the date, not an id
    assert a.cookies[COOKIE]["httponly"]
    b.get("/")
    assert n("sessions") == 2
    assert list(DailyCount.objects.values_list("day", "game", "metric", "key")) == [
        (timezone.localdate(), "", "sessions", "")]


def test_a_new_day_counts_again(monkeypatch):
    a = Client()
    a.get("/")
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kw: date(2031, 2, 3))
    a.get("/")
    a.get("/")
    assert n("sessions") == 2 and DailyCount.objects.filter(day=date(2031, 2, 3)).get().n == 1


@pytest.mark.urls("usage_urls")
def test_fragments_admin_static_errors_and_client_only_pages_are_not_sessions():
    c = Client()
    c.get("/", HTTP_HX_REQUEST="true")
    c.get("/admin/login/")
    c.get("/static/tefuda.css")
    c.get("/no-such-page/")
    c.post("/rooms/enter/", {"name": "a", "passphrase": "b"})
    c.get("/client-only/")
    assert n("sessions") == 0 and COOKIE not in c.cookies
