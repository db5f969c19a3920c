"""The language switch on every page (issue 14): the browser's Accept-Language the first
time, the person's choice after (remembered), ``<html lang>`` as chosen."""
import re

import pytest

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_the_first_visit_follows_the_browser_and_the_switch_is_remembered(client):
    assert html_lang(client.get("/")) == "ja"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")) == "zh-hans"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert re.search(r'name="language" value="en" lang="en" [^>]*aria-current="true" disabled>EN<', page)
    for code, short in (("ja", "日本語"), ("zh-hans", "中文")):  # the others: one tap away
        assert re.search(rf'name="language" value="{code}" lang="{code}" title="[^"]+" aria-label="[^"]+">{short}<', page)
    answer = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/practice/daifugo/"})
    assert answer.status_code == 302 and answer["Location"] == "/practice/daifugo/"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en-US")) == "zh-hans"  # the choice wins


def test_a_foreign_next_or_an_unknown_language_changes_nothing(client):
    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "https://evil.example/"})
    assert answer.status_code == 302 and answer["Location"] == "/"
    assert html_lang(client.get("/")) == "ja"
