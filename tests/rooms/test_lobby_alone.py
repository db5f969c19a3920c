"""The waiting room tells its only person that they are alone and how friends join
(try50: a friend who mistyped the passphrase sat in a new, empty room with nothing saying
so); the line goes once a second person comes in, and CPU seats do not count."""
import pytest
from django.utils import timezone

from rooms import lobby
from rooms.models import Room
from rooms.render import screen, stage
from tables.core import i18n

ALONE = {"ja": "この部屋にはまだあなただけです。", "en": "You are the only one in this room so far.",
         "zh-hans": "这个房间目前只有你一个人。"}


def lobby_html(room_id, name: str, lang: str = "ja") -> str:
    room = Room.objects.get(pk=room_id)
    seats = list(room.seats.all())
    me = next(s for s in seats if s.name == name)
    with i18n.use(lang):
        return stage(screen(room, seats, me, timezone.now()))


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["ja", "en", "zh-hans"])
def test_the_only_person_is_told_how_friends_join(make_room, lang):
    room, _ = make_room(("あき",))
    lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)  # a CPU is no friend
    assert ALONE[lang] in lobby_html(room.id, "あき", lang)


@pytest.mark.django_db
def test_the_line_goes_once_a_friend_is_in(make_room):
    room, _ = make_room(("あき", "ふゆ"))
    for name in ("あき", "ふゆ"):
        html = lobby_html(room.id, name)
        assert 'id="lobby"' in html and ALONE["ja"] not in html
