"""The top page leads back to the rooms where this browser has a seat (try43: Back from a
game landed on the top page, whose only way back was typing the passphrase again); another
browser sees none of them, and a closed room is never listed."""
import re

import pytest
from django.test import Client

from rooms import lobby
from rooms.models import Room
from tests.rooms.test_room_views import enter

WORDS = {"ja": ("部屋に戻る", "待合室", "ゲーム中"), "en": ("Back to the room", "Waiting room", "Mid-game"),
         "zh-hans": ("返回房间", "等候室", "游戏中")}


def _back_links(client) -> list[str]:
    page = client.get("/").content.decode()
    return re.findall(r'<a class="button primary" href="(/rooms/[0-9a-f-]+/)">', page)


def _section(client, lang) -> str:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    got = re.search(r'<section class="card-panel my-rooms">.*?</section>', page, re.S)
    return got.group(0) if got else ""


@pytest.mark.django_db
@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_top_page_leads_back_to_this_browsers_rooms_only(client, lang):
    back, waiting, playing = WORDS[lang]
    assert enter(client, "あき", "my rooms one").status_code == 302
    room = Room.objects.get()
    assert _back_links(client) == [f"/rooms/{room.id}/"]
    shown = _section(client, lang)
    assert back in shown and waiting in shown and "あき" in shown
    assert "private" in client.get("/")["Cache-Control"]  # it names this browser's rooms
    stranger = Client()
    assert _back_links(stranger) == [] and "private" not in (stranger.get("/").get("Cache-Control") or "")
    assert enter(stranger, "ふゆ", "another room").status_code == 302
    other = Room.objects.exclude(pk=room.pk).get()
    assert _back_links(stranger) == [f"/rooms/{other.id}/"]  # its own only
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version)
    assert playing in _section(client, lang)
    lobby.leave(room.id, 0)  # the last person left: the room closes
    assert _back_links(client) == []
