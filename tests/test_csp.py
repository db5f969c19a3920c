"""Content-Security-Policy: every page gets a policy with a fresh nonce, and every inline
script the templates emit carries it (site/csp.py)."""
import re

import pytest

from rooms import lobby, passphrase

pytestmark = pytest.mark.django_db

SCRIPT = re.compile(r"<script\b([^>]*)>", re.S)


def policy(response) -> dict:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in header.split("; ")}


def inline_scripts(html: str) -> list[str]:
    """The attributes of each <script> that would run inline (no src, not a JSON block)."""
    return [a for a in SCRIPT.findall(html) if "src=" not in a and "application/json" not in a]


def check_page(response) -> None:
    p = policy(response)
    nonce = next(s for s in p["script-src"] if s.startswith("'nonce-"))[7:-1]
    assert p["script-src"][0] == "'self'" and "'unsafe-inline'" not in p["script-src"]
    assert "'unsafe-eval'" not in " ".join(sum(p.values(), []))
    assert p["object-src"] == ["'none'"] and p["frame-ancestors"] == ["'none'"] and p["base-uri"] == ["'none'"]
    html = response.content.decode()
    for attrs in inline_scripts(html):
        assert f'nonce="{nonce}"' in attrs, attrs
    for tag in re.findall(r"<script\b[^>]*src=[^>]*>", html):  # htmx_script gets the nonce too
        if "django_htmx" in tag:
            assert f'nonce="{nonce}"' in tag
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    assert "javascript:" not in html


def test_top_page(client):
    first, second = client.get("/"), client.get("/")
    check_page(first)
    check_page(second)
    assert policy(first)["script-src"] != policy(second)["script-src"]  # a fresh nonce each time


def test_room_page_and_practice(client):
    room, _ = lobby.enter(passphrase.room_key(passphrase.normalise("のんす")), "あき", None)
    check_page(client.get(f"/rooms/{room.id}/"))
    check_page(client.get("/practice/"))


def test_error_responses_have_it_too(client):
    response = client.post("/rooms/enter/", {"name": "", "passphrase": "x"})
    assert response.status_code == 400
    check_page(response)
