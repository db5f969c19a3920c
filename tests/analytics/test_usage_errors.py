"""Errors: server errors by kind and place (logging handler), browser errors (endpoint)."""
from __future__ import annotations

import asyncio
import json
import logging

import pytest
from django.test import Client

from tefuda_site.throttle import TokenBucket
from analytics import views
from analytics.errors import ErrorCountHandler, client_key, scrub

from usage_helpers import n, table

pytestmark = pytest.mark.django_db


@pytest.mark.urls("usage_urls")
def test_a_500_is_counted_by_exception_class_and_view():
    c = Client(raise_request_exception=False)
    assert c.get("/boom/?name=secret").status_code == 500
    assert table() == {("", "server_error", "ZeroDivisionError @ view boom"): 1}


def test_error_records_anywhere_are_counted_without_their_message():
    log = logging.getLogger("rooms.driver")
    try:
        raise KeyError("ふゆ's passphrase")
    except KeyError:
        log.exception("CPU move failed in room %s for %s", "abc", "ふゆ")
    log.error("plain error without exception")
    logging.getLogger("rooms.driver").warning("warnings are not errors")
    keys = {k for (_, metric, k) in table()}
    assert keys == {"KeyError @ rooms.driver:test_error_records_anywhere_are_counted_without_their_message",
                    "logged @ rooms.driver:test_error_records_anywhere_are_counted_without_their_message"}


def test_analytics_own_failures_are_not_counted_and_do_not_recurse():
    logging.getLogger("analytics").error("could not record")
    assert n("server_error") == 0


@pytest.mark.django_db(transaction=True)
async def test_errors_logged_on_an_event_loop_are_counted_from_a_thread():
    from channels.db import database_sync_to_async
    try:
        raise ValueError("x")
    except ValueError:
        logging.getLogger("rooms.consumers").exception("room socket failed on a message")
    for _ in range(50):
        await asyncio.sleep(0.02)
        if await database_sync_to_async(n)("server_error"):
            break
    assert await database_sync_to_async(table)() == {
        ("", "server_error", "ValueError @ rooms.consumers:test_errors_logged_on_an_event_loop_are_counted_from_a_thread"): 1}


@pytest.mark.django_db(transaction=True)
def test_errors_logged_where_asgiref_marked_the_thread_in_use_are_counted():
    """A doorbell's done-callback runs on the server's loop in the context of the thread hop
    that rang it, where asgiref marks its one database thread as in use."""
    import threading

    from asgiref.sync import SyncToAsync

    async def server_loop():
        mark = SyncToAsync.deadlock_context.set(True)
        try:
            logging.getLogger("rooms.actions").error("doorbell for %s failed", "room.x")
        finally:
            SyncToAsync.deadlock_context.reset(mark)
        for _ in range(50):
            await asyncio.sleep(0.02)
            if not errors_module._tasks:
                break

    from analytics import errors as errors_module
    thread = threading.Thread(target=lambda: asyncio.run(server_loop()))
    thread.start()
    thread.join(10)
    assert [k for (_, metric, k) in table() if metric == "server_error"] == [
        "logged @ rooms.actions:server_loop"]  # the doorbell's record itself, nothing lost


def test_handler_ignores_records_before_apps_are_ready(monkeypatch):
    from django.apps import apps
    monkeypatch.setattr(apps, "ready", False)
    ErrorCountHandler().emit(logging.LogRecord("x", logging.ERROR, __file__, 1, "m", None, None))
    monkeypatch.undo()
    assert n("server_error") == 0


# --- browser errors ---------------------------------------------------------------------

def _post(client, data, **headers):
    return client.post("/analytics/client-error/", json.dumps(data), content_type="application/json", **headers)


def test_scrub_removes_urls_queries_ids_tokens_and_truncates():
    s = scrub("fetch https://tefuda.example/rooms/0b3c1e7a-1d2f-4c3b-9a8e-123456789abc/?claim=Zx9_abcdefghijklmnopqrstu#x "
              "failed for ふゆ@example.com token=AbCdEfGhIjKlMnOpQrStUvWxYz012345 code 1234567")
    assert "tefuda.example" not in s and "claim" not in s and "0b3c1e7a" not in s
    assert "AbCdEf" not in s and "example.com" not in s and "1234567" not in s
    assert s.startswith("fetch /rooms/<id>/") and len(scrub("x y " * 100)) == 80


def test_client_key_shape():
    key = client_key({"kind": "unhandledrejection", "message": "TypeError: x is undefined",
                      "path": "/rooms/0b3c1e7a-1d2f-4c3b-9a8e-123456789abc/?claim=abc", "line": 12})
    assert key == "unhandledrejection: TypeError: x is undefined @ /rooms/<id>/:12"
    assert client_key({"kind": "<script>", "message": None, "path": "https://x.y/z", "line": "7"}) == "error: ? @ /z:0"


def test_endpoint_counts_a_report_and_needs_csrf():
    strict = Client(enforce_csrf_checks=True)
    page = strict.get("/")
    token = page.cookies["csrftoken"].value if "csrftoken" in page.cookies else strict.cookies["csrftoken"].value
    assert _post(strict, {"kind": "error", "message": "boom", "path": "/", "line": 3}).status_code == 403
    reply = _post(strict, {"kind": "error", "message": "boom", "path": "/", "line": 3}, HTTP_X_CSRFTOKEN=token)
    assert reply.status_code == 204
    assert {k: v for k, v in table().items() if k[1] == "client_error"} == {("", "client_error", "error: boom @ /:3"): 1}


def test_endpoint_refuses_bad_bodies_and_get():
    c = Client()
    assert c.get("/analytics/client-error/").status_code == 405
    assert c.post("/analytics/client-error/", "not json", content_type="application/json").status_code == 400
    assert _post(c, [1, 2]).status_code == 400
    assert _post(c, {"message": "x" * 3000}).status_code == 400
    assert n("client_error") == 0


def test_endpoint_is_rate_limited(monkeypatch):
    monkeypatch.setattr(views, "BUDGET", TokenBucket(capacity=3, rate=0))
    codes = [_post(Client(), {"message": f"e{i}"}).status_code for i in range(5)]
    assert codes == [204, 204, 204, 429, 429] and n("client_error") == 3


def test_distinct_browser_error_kinds_are_capped_per_day(monkeypatch):
    monkeypatch.setattr(views, "BUDGET", TokenBucket(capacity=100, rate=0))
    monkeypatch.setattr("analytics.errors.CLIENT_KEYS_PER_DAY", 4)
    for i in range(10):
        _post(Client(), {"message": f"distinct error {chr(65 + i)}"})
    assert len(table()) == 5 and n("client_error", key="(other)") == 6


def test_base_template_reports_errors_without_query_strings():
    html = Client().get("/").content.decode()
    assert 'addEventListener("unhandledrejection"' in html and "location.pathname" in html
    assert "location.href" not in html and "/analytics/client-error/" in html


def test_a_resize_observer_loop_notice_is_not_counted_as_an_error():
    """try18: the dashboard listed Chrome's "ResizeObserver loop completed with undelivered
    notifications" (a notice the specification expects, sent when a window is resized) as a
    browser error. It is answered like any report and not counted; a real one still is."""
    client = Client()
    for message in ("ResizeObserver loop completed with undelivered notifications.", "ResizeObserver loop limit exceeded"):
        assert _post(client, {"kind": "error", "message": message, "path": "/rooms/x/", "line": 0}).status_code == 204
    assert n("client_error") == 0
    _post(client, {"kind": "error", "message": "boom", "path": "/", "line": 3})
    assert n("client_error") == 1
