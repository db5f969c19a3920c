"""Entering rooms over HTTP: create, join the same room, refusals, claims, escaping."""
import re

import pytest

from rooms.models import Room, Seat


def enter(client, name, phrase):
    return client.post("/rooms/enter/", {"name": name, "passphrase": phrase})


@pytest.mark.django_db
def test_first_enter_creates_the_room_and_is_host(client):
    r = enter(client, "あき", "さくら もち")
    assert r.status_code == 302 and "?claim=" in r["Location"]
    room = Room.objects.get()
    assert room.status == "waiting" and room.key and "さくら" not in room.key
    seat = room.seats.get()
    assert seat.is_host and seat.name == "あき" and seat.token_hash and seat.browser_hash
    assert "tefuda_bid" in r.cookies and r.cookies["tefuda_bid"]["httponly"]


@pytest.mark.django_db
def test_same_normalised_passphrase_is_the_same_room(client, django_user_model):
    from django.test import Client
    enter(client, "あき", "Sakura Mochi")
    r = enter(Client(), "ふゆ", "ＳＡＫＵＲＡ　ｍｏｃｈｉ")
    assert r.status_code == 302
    assert Room.objects.count() == 1
    assert [s.name for s in Seat.objects.order_by("order")] == ["あき", "ふゆ"]
    assert not Seat.objects.get(name="ふゆ").is_host


@pytest.mark.django_db
def test_bad_passphrase_shows_reason(client):
    r = enter(client, "あき", "x")
    assert r.status_code == 400 and "2文字以上" in r.content.decode()
    assert Room.objects.count() == 0


@pytest.mark.django_db
def test_claim_hands_the_token_to_the_page_once(client):
    r = enter(client, "あき", "pass-word")
    page = client.get(r["Location"])
    html = page.content.decode()
    token = re.search(r'id="seat-claim" type="application/json">"([^"]+)"', html).group(1)
    assert len(token) > 30
    assert 'ws-connect="/ws/rooms/' in html and page["Cache-Control"] == "no-store"
    again = client.get(r["Location"]).content.decode()
    assert token not in again  # one-time


@pytest.mark.django_db
def test_cannot_join_a_game_in_progress(client, make_room):
    from django.test import Client
    from rooms import lobby
    room, _ = make_room(["あき"], "running game")
    lobby.start(room.id, 0, Room.objects.get().version)
    r = enter(Client(), "よそ者", "running game")
    assert r.status_code == 400 and "途中からは入れません" in r.content.decode()
    assert "ホストが待合室に戻すと、また入れます。" in r.content.decode()  # when it can be joined (try29)


@pytest.mark.django_db
def test_names_are_escaped_in_pages(client):
    r = enter(client, "<b>x</b>", "escape me")
    assert r.status_code == 302
    assert Seat.objects.get().name == "<b>x</b>"  # stored as typed, escaped when shown


@pytest.mark.django_db
def test_gone_room_page(client):
    r = client.get("/rooms/00000000-0000-0000-0000-000000000000/")
    assert r.status_code == 404 and "この部屋はもうありません" in r.content.decode()


@pytest.mark.django_db
def test_the_practice_page_is_a_client_only_shell(client):
    """The practice table runs in the browser: the page carries the boot files (Pyodide
    from npm, our bundle) with their sizes for the progress bar, and nothing about the
    visitor (no seat, no saved game: those live in the browser), so a cached copy serves
    offline."""
    import json

    for url in ("/practice/", "/practice/guandan/", "/practice/doudizhu/"):
        r = client.get(url)
        page = r.content.decode()
        assert r.status_code == 200 and "seat-claim" not in page and "/rooms/" not in page
        boot = json.loads(re.search(r'<script id="boot-files" type="application/json">(.*?)</script>', page).group(1))
        urls = [f["url"] for f in boot["files"]]
        assert "/static/pyodide/pyodide.asm.wasm" in urls and "/static/app/tefuda-py.zip" in urls
        assert all(f["bytes"] > 0 for f in boot["files"])
        for f in boot["files"]:  # every boot file is served from our origin
            assert client.get(f["url"]).status_code == 200, f["url"]
    assert client.post("/practice/", {"name": "わたし"}).status_code == 405  # no server practice rooms
    assert client.get("/practice/nosuchgame/").status_code == 404


def test_two_people_with_one_name_are_told_apart():
    from rooms.lobby import unique_name

    class S:
        def __init__(self, name):
            self.name = name

    assert unique_name("あき", []) == "あき"
    assert unique_name("あき", [S("あき")]) == "あき (2)"
    assert unique_name("あき", [S("あき"), S("あき (2)"), S("CPU 1")]) == "あき (3)"
    # try42: "Alice 2" read as a card at the table ("Alice 2: ♥4"); CPUs are named apart
    assert unique_name("CPU 1", [S("CPU 1")]) == "CPU 1 (2)"


@pytest.mark.django_db
def test_the_enter_address_opened_again_goes_to_the_top_page(client):
    """A refused form's address (/rooms/enter/) opened again, or reached with Back: the top
    page with its form, never a bare 405 (try14); a passphrase in Chinese is 口令 throughout."""
    page = client.get("/rooms/enter/")
    assert page.status_code == 302 and page["Location"] == "/"
    refused = client.post("/rooms/enter/", {"name": "あき", "passphrase": "あ" * 40}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "口令最多 32 个字" in refused.content.decode() and "暗号" not in refused.content.decode()
