"""What the closed and the refused screens tell of a game nobody is connected to (seed 004
§2: 試合中に人間が全員いなくなると、その試合は終わります。部屋は1〜2分で消え…): try42 came
back to a room gone after both friends' phones had dropped, having read only that a
dropped connection gets its seat back."""
import pytest
from django.utils import timezone

from rooms import lobby
from rooms.models import Room, Seat
from rooms.presence import GRACE
from rooms.render import screen, stage
from tables.core import i18n

#: the words that say so, in each language, with GRACE's seconds
SAID = {"ja": ("%s秒たつと、その試合は終わり、部屋は閉じます", "%s秒切れたときも、その試合は終わり"),
        "en": ("disconnected for %s seconds, the game ends and the room closes", "disconnected for %s seconds."),
        "zh-hans": ("断线超过%s秒，比赛就会结束，房间随之关闭", "断线%s秒时，比赛也会结束")}


@pytest.mark.django_db
@pytest.mark.parametrize("code", sorted(SAID))
def test_the_refused_and_closed_screens_say_a_deserted_game_ends(make_room, code):
    n = int(GRACE.total_seconds())
    refused_words, closed_words = (w % n for w in SAID[code])
    room, _ = make_room(["あき"], "deserted words")
    lobby.start(room.id, 0, Room.objects.get().version)
    room = Room.objects.get()
    seats = list(Seat.objects.filter(room=room))
    with i18n.use(code):
        refused = stage(screen(room, seats, None, timezone.now()))
        closed = stage(screen(None, [], None, timezone.now()))
    assert 'class="refused-stage"' in refused and refused_words in refused
    assert 'class="closed-stage"' in closed and closed_words in closed
    assert closed_words not in refused and refused_words not in closed
