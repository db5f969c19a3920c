"""Names are counted in grapheme clusters (what a person counts), 16 at most, on the server
as in the browser (static/names.js, Intl.Segmenter); too long is refused with the reason and
the count, never cut (issue 15 #9: code points on the server, UTF-16 units in the browser's
maxlength, so emoji sequences were cut mid-cluster and "<script>alert(1)</script>" silently
became "<script>alert(1)")."""
import re

import pytest

from rooms.models import Seat
from rooms.passphrase import InvalidInput, clean_name, clusters

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"  # 7 code points, 11 UTF-16 units
FLAG = "\U0001F1EF\U0001F1F5"  # 🇯🇵: two regional indicators
KANA = "\u304b\u3099"  # か + combining dakuten (NFKC makes it が)
SKIN = "\U0001F44B\U0001F3FD"  # 👋🏽


@pytest.mark.parametrize("cluster", [FAMILY, FLAG, SKIN, "e\u0301", "a"])
def test_sixteen_clusters_are_a_name_seventeen_are_not(cluster):
    assert clusters(cluster) == 1
    assert clean_name(cluster * 16) == clean_name(cluster * 16)  # accepted, whole
    assert clusters(clean_name(cluster * 16)) == 16
    with pytest.raises(InvalidInput) as exc:
        clean_name(cluster * 17)
    assert "16文字まで" in exc.value.ja and "17" in exc.value.ja


def test_a_name_is_never_cut():
    with pytest.raises(InvalidInput) as exc:
        clean_name("<script>alert(1)</script>")
    assert "16文字まで" in exc.value.ja and "25" in exc.value.ja
    assert clean_name(KANA * 16) == "\u304c" * 16


def test_browser_and_server_agree_on_the_limit():
    js = open("static/names.js", encoding="utf-8").read()
    assert re.search(r"var MAX = 16;", js) and 'granularity: "grapheme"' in js
    for path in ("templates/top.html", "templates/rooms/practice.html", "templates/jinja2/rooms/stage_join.html"):
        html = open(path, encoding="utf-8").read()
        name_input = re.search(r'<input name="name"[^>]*>', html).group(0)
        assert "maxlength" not in name_input, path  # maxlength counts UTF-16 units and cuts clusters


@pytest.mark.django_db
def test_a_long_emoji_name_enters_whole_and_a_long_one_is_refused_with_the_reason(client):
    r = client.post("/rooms/enter/", {"name": FAMILY * 16, "passphrase": "家族 絵文字"})
    assert r.status_code == 302
    assert Seat.objects.get().name == FAMILY * 16
    r = client.post("/rooms/enter/", {"name": FAMILY * 17, "passphrase": "家族 絵文字"})
    assert r.status_code == 400
    page = r.content.decode()
    assert "16文字まで" in page and "17文字" in page
    assert FAMILY * 17 in page  # the form keeps what was typed, to shorten
    assert Seat.objects.count() == 1
