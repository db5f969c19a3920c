"""The site answers: top page, admin login, static htmx."""
import pytest


@pytest.mark.django_db
def test_top_page_has_the_room_form(client):
    r = client.get("/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "部屋に入る" in html
    assert 'name="passphrase"' in html
    assert "htmx-2" in html and "hx-ws-2" in html  # htmx and its ws extension from django-htmx
    assert 'name="robots" content="noindex' in html


@pytest.mark.django_db
def test_admin_requires_login(client):
    r = client.get("/admin/")
    assert r.status_code == 302 and "/admin/login/" in r["Location"]


@pytest.mark.django_db
def test_static_files_are_served_by_the_app_itself(client):
    # daphne serves no static files: WhiteNoise does, inside the app (scripts/serve)
    for path in ("/static/tefuda.css", "/static/django_htmx/htmx-2.min.js", "/static/django_htmx/ext/hx-ws-2.min.js"):
        r = client.get(path)
        assert r.status_code == 200, path


def test_favicon_ico_leads_to_the_site_icon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 301 and r["Location"].endswith(".svg") and "favicon" in r["Location"]
