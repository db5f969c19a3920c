"""A newcomer who types a name already in the room gets that name with a number ("Bo (2)",
rooms.lobby.unique_name) and the room's page says so once, in their language (a new-user
run found the rename silent); whoever typed a free name sees no such line. Both ways in: the
top page's name + passphrase, and a room's shared link."""
import re

import pytest
from django.test import Client

from rooms.models import Seat

NOTICE = re.compile(r'<p class="notice renamed"[^>]*>(.*?)</p>', re.S)


def _enter(name: str, phrase: str = "同じ 名前", lang: str = "ja") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    return client.post("/rooms/enter/", {"name": name, "passphrase": phrase}, follow=True).content.decode()


@pytest.mark.django_db
def test_a_taken_name_is_said_with_the_name_given():
    assert not NOTICE.search(_enter("Bo"))
    page = _enter("Bo")
    assert NOTICE.search(page).group(1) == "同じ名前の人がいたので、「Bo (2)」として入りました。"
    english = NOTICE.search(_enter("Bo", lang="en")).group(1)
    assert "Bo (3)" in english and "already had that name" in english
    assert sorted(Seat.objects.values_list("name", flat=True)) == ["Bo", "Bo (2)", "Bo (3)"]
    assert not NOTICE.search(_enter("Cy"))


@pytest.mark.django_db
def test_the_session_keeps_no_name():
    """The claim in the session says only that the name changed (names are never kept
    outside the room's own seats)."""
    client = Client()
    _enter("Quuxleigh")
    client.post("/rooms/enter/", {"name": "Quuxleigh", "passphrase": "同じ 名前"})  # not followed
    assert "Quuxleigh" not in str(dict(client.session))


@pytest.mark.django_db
def test_the_shared_link_says_it_too():
    _enter("Ann")
    room_id = Seat.objects.get(name="Ann").room_id
    client = Client()
    page = client.post(f"/rooms/{room_id}/join/", {"name": "Ann"}, follow=True).content.decode()
    assert "「Ann (2)」として入りました" in NOTICE.search(page).group(1)
    again = client.get(f"/rooms/{room_id}/").content.decode()  # a reload: said once only
    assert not NOTICE.search(again)
