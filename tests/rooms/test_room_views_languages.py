"""The room views say why they refuse in the reader's language (issue 14): a passphrase or
a name that cannot be used (rooms.passphrase), and a room's refusal by its code
(tables.core.words), as Django's LocaleMiddleware chose the language."""
import pytest
from django.test import Client


pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang, said", [("ja", "合言葉は2文字以上にしてください。"),
                                        ("en", "The passphrase needs at least 2 characters."),
                                        ("zh-hans", "口令至少需要 2 个字。")])
def test_a_passphrase_refused_says_why_in_the_readers_language(client, lang, said):
    response = client.post("/rooms/enter/", {"name": "Ann", "passphrase": "a"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400 and said in response.content.decode()


def test_a_name_too_long_gives_its_count_in_the_readers_language(client):
    response = client.post("/rooms/enter/", {"name": "x" * 20, "passphrase": "ながい なまえ"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Names may have 16 characters at most (this one has 20); please shorten it." in response.content.decode()


def test_a_full_room_refuses_a_join_in_the_readers_language(make_room):
    room, _ = make_room(("A", "B", "C", "D", "E", "F"))
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    response = client.post(f"/rooms/{room.id}/join/", {"name": "Gu"})
    assert response.status_code == 400 and "这个房间已满。" in response.content.decode()


def test_a_refused_form_comes_back_as_typed(client):
    """A passphrase one character too long is refused; the form keeps both fields as typed
    (escaped), so the person shortens it instead of typing it all again."""
    typed = "とても長い合言葉<b>" + "あ" * 25
    html = client.post("/rooms/enter/", {"name": "Ann", "passphrase": typed}).content.decode()
    assert "32" in html and 'value="Ann"' in html
    assert f'value="{typed.replace("<", "&lt;").replace(">", "&gt;")}"' in html


@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_the_language_switch_names_each_language_in_itself(client, lang):
    """try18: in the Japanese site the EN button's name (title, aria-label) was 英語(米国),
    Django's own name in the page's language. A switch names each language as its readers
    do, whatever the page's language."""
    import re

    html = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    switch = re.search(r'<form class="lang-switch".*?</form>', html, re.S).group(0)
    named = dict(re.findall(r'value="([\w-]+)" lang="[\w-]+" title="([^"]+)"', switch))
    assert named == {"ja": "日本語", "en": "English", "zh-hans": "简体中文"}, named
