"""The socket's fragments (Jinja2, rooms/render.py + rooms/jinja.py): user text escaped
exactly as Django escapes it, and every part one top-level element with its own id (the
htmx ws extension swaps top-level elements by id, out of band)."""
from html.parser import HTMLParser

import pytest
from django.utils import timezone
from django.utils.html import escape

from games import get_engine
from rooms import lobby
from rooms.models import Room
from rooms.render import screen, stage

#: names are user input (clean_name accepts all of these)
HOSTILE = ['<b>"&\'', "{{ n }}&amp;", '\'"><s>x']
NOTICE = {"code": "bad_play", "ja": '<i>"ダメ"</i> & \'x\'', "en": '"><script>alert(1)</script>'}
PART_IDS = {"status": "status", "seats": "seats", "field": "field", "hand": "hand-form", "msg": "msg",
            "log": "log", "graveyard": "graveyard", "result": "result", "leave": "leave", "lobby": "lobby",
            "history": "history", "stamps": "stamps", "aid": "aid", "people": "people"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _TopLevel(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.elements, self.text = 0, [], ""

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.elements.append((tag, dict(attrs).get("id")))
        if tag not in VOID:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag not in VOID:
            self.depth -= 1
            assert self.depth >= 0, f"</{tag}> closes more than was opened"

    def handle_data(self, data):
        if self.depth == 0:
            self.text += data.strip()


def top_level(html: str) -> list[tuple[str, str | None]]:
    parser = _TopLevel()
    parser.feed(html)
    parser.close()
    assert parser.depth == 0, "an element is left open"
    assert not parser.text, f"text outside the top-level element: {parser.text!r}"
    return parser.elements


def check_screen(s, names, game=None):
    """Escaping and ids of one screen (its parts and its whole stage)."""
    whole = stage(s)
    assert top_level(whole) == [("div", "stage")]
    for name, html in s.parts.items():
        expected = "kitty" if (game, name) == ("doudizhu", "graveyard") else PART_IDS[name]
        assert [i for _, i in top_level(html)] == [expected], f"part {name}"
        assert html in whole
    for name in names:  # only ever escaped
        assert name not in whole.replace(escape(name), "")
    assert "&#34;" not in whole and "&#39;" not in whole  # markupsafe's entities, not Django's
    return whole


def seated(room_id):
    room = Room.objects.get(pk=room_id)
    return room, list(room.seats.all())


@pytest.mark.django_db
def test_lobby_join_refused_and_closed_screens_escape_names(make_room):
    room, _ = make_room(tuple(HOSTILE))
    room, seats = seated(room.id)
    for me in seats:  # the host sees the controls, the others the settings
        html = check_screen(screen(room, seats, me, timezone.now(), notice=NOTICE), HOSTILE)
        for name in HOSTILE:
            assert f'<span class="name">{escape(name)}</span>' in html
        assert f'data-code="bad_play">{escape(NOTICE["ja"])}</div>' in html  # a code with no words: the engine's
    check_screen(screen(room, seats, None, timezone.now(), notice=NOTICE), HOSTILE)  # join
    room.status = Room.Status.PLAYING
    check_screen(screen(room, seats, None, timezone.now(), notice=NOTICE), HOSTILE)  # refused
    room.status = Room.Status.CLOSED
    check_screen(screen(room, seats, seats[0], timezone.now(), notice=NOTICE), HOSTILE)  # closed
    check_screen(screen(None, [], None, timezone.now()), HOSTILE)


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["daifugo", "guandan", "doudizhu"])
def test_tables_escape_names_and_keep_part_ids(make_room, game):
    room, _ = make_room(tuple(HOSTILE))
    lobby.set_options(room.id, 0, {"game": game}, Room.objects.get(pk=room.id).version)
    lobby.start(room.id, 0, Room.objects.get(pk=room.id).version, seed="jinja1")
    room, seats = seated(room.id)
    engine = get_engine(game)
    state, named = room.state, set()
    for step in range(80):
        room.state = state
        if step % 8 == 0 or engine.is_over(state):
            for me in seats:
                hand = [c["id"] for c in engine.view(state, me.order)["hand"]][:2]
                s = screen(room, seats, me, timezone.now(), notice=NOTICE if step % 16 else None,
                           selected=[str(c) for c in hand])
                html = check_screen(s, HOSTILE, game)
                named |= {n for n in HOSTILE if escape(n) in s.parts["seats"]}
                for c in hand:  # the selection stays checked (tests and bench read it so)
                    assert f'name="card" value="{c}" checked>' in s.parts["hand"]
                if step % 16:
                    assert f'data-code="bad_play">{escape(NOTICE["ja"])}</div>' in html
        if engine.is_over(state):
            break
        actors = engine.actors(state)
        if actors:
            state, _ = engine.apply(state, actors[0], engine.choose(state, actors[0]))
        else:  # a timed window: the table closes it
            state, _ = engine.apply(state, None, engine.window(state)["close"])
    assert named == set(HOSTILE)  # every name shown, escaped as Django escapes
