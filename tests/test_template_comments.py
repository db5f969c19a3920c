"""Django's ``{# … #}`` comments end on the line they start on: one spread over lines is not
a comment but text every visitor reads (try15: the top page showed a developer's note).
Longer notes in Django templates use ``{% comment %}``; Jinja2's (templates/jinja2,
tables/*/templates) may span lines."""
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
DJANGO_TEMPLATES = [p for p in (ROOT / "templates").rglob("*.html") if "jinja2" not in p.parts]


def open_comments(text: str) -> list[int]:
    """The numbers of the lines where a ``{#`` has no ``#}`` after it on that line."""
    out = []
    for no, line in enumerate(text.splitlines(), 1):
        at = 0
        while (start := line.find("{#", at)) >= 0:
            end = line.find("#}", start + 2)
            if end < 0:
                out.append(no)
                break
            at = end + 2
    return out


def test_the_check_sees_a_comment_over_two_lines():
    assert open_comments("a {# one #} b\n{# two\nlines #}\n") == [2]


@pytest.mark.parametrize("path", DJANGO_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_django_comment_ends_on_its_line(path):
    assert open_comments(path.read_text()) == [], f"{path}: use {{% comment %}} for a note over lines"


@pytest.mark.django_db
def test_the_top_page_shows_no_template_syntax():
    html = Client().get("/").content.decode()
    assert "{#" not in html and "#}" not in html and "{%" not in html
