"""Every page of the site, and the room's screens the socket pushes, in English and in
Simplified Chinese (issue 14, "A test renders every page … and fails on an untranslated
string"): no Japanese character (kana or kanji) on an English page, no kana on a Chinese
page. Names people typed are taken out first (never translated), and so is the language
switch's own buttons, each named in its own language (日本語 stays 日本語).

The waiting room and the room's other screens reach a browser through the socket: they are
rendered here by the function the consumer calls (rooms/render.py's ``screen`` and
``stage``) inside :func:`tables.core.i18n.use`, as the consumer does for each socket.
Every page also says its language in ``<html lang>``."""
import re
import uuid

import pytest
from django.shortcuts import render
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import timezone, translation

from rooms import lobby, passphrase, render as room_render, tokens
from rooms.models import Room, Seat
from tables.core import i18n, options as opts

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "zh-hans")
#: kana (hiragana, katakana and its extensions, half-width katakana) and CJK ideographs
KANA = r"\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f"
JAPANESE = {"en": re.compile(rf"[{KANA}\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"),
            "zh-hans": re.compile(rf"[{KANA}]+")}
HOST, GUEST = "さくら太郎", "ふゆ子"  # names as typed: never translated, taken out before the check
#: a section kept in another language, hidden, marked with its language (the offline page
#: holds itself in every language and shows the one last seen online)
OTHER_LANGUAGE = r'<section[^>]*\sdata-lang="(?!{lang}")[^"]+"[^>]*\shidden>.*?</section>'
SWITCH_BUTTON = re.compile(r'<button type="submit" name="language" value="[^"]+" lang="[^"]+"[^>]*>[^<]*</button>')


def offending(html: str, lang: str) -> list[str]:
    """The untranslated bits of ``html`` (with a little context), names and the language
    switch's self-named buttons taken out."""
    text = SWITCH_BUTTON.sub("", html)
    text = re.sub(OTHER_LANGUAGE.format(lang=lang), "", text, flags=re.S)
    for name in (HOST, GUEST):
        text = text.replace(name, "")
    return [text[max(0, m.start() - 40):m.end() + 20].replace("\n", " ") for m in JAPANESE[lang].finditer(text)]


def html_lang(html: str) -> str:
    m = re.search(r'<html lang="([^"]+)"', html)
    assert m, "no <html lang>"
    return m.group(1)


def assert_translated(html: str, lang: str, where: str):
    bad = offending(html, lang)
    assert not bad, f"{where} in {lang}: untranslated text:\n" + "\n".join(bad)


def get_page(path: str, lang: str):
    """A page as a browser whose language switch chose ``lang`` (Django's language cookie)."""
    client = Client()
    client.cookies["django_language"] = lang
    return client.get(path)


@pytest.fixture
def room_with_people(db):
    """A waiting room (Daifugō) with a host, a guest and two CPUs, 30 s a turn, both house
    rules on and one default special card (8切り) off: ``(room, seats)``."""
    key = passphrase.room_key(passphrase.normalise("つきみ だんご"))
    room, _ = lobby.enter(key, HOST, tokens.digest("browser-host-" + "x" * 20))
    room, _ = lobby.join(room.id, GUEST, tokens.digest("browser-guest-" + "x" * 20))
    room = lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    room = lobby.add_cpu(room.id, 0, Room.objects.get(pk=room.id).version)
    switches = {f"rule_{n}": "on" for n in opts.RULE_SWITCHES["daifugo"] if n != "eight_cut"}
    lobby.set_options(room.id, 0, {"rules": "1", "turn_limit": 30, **switches}, Room.objects.get(pk=room.id).version)
    room = Room.objects.get(pk=room.id)
    seats = list(Seat.objects.filter(room=room).order_by("order"))
    assert [s.kind for s in seats].count("cpu") == 2 and room.options["specials"]["five_skip"]
    assert not room.options["specials"]["eight_cut"]
    return room, seats


def socket_stage(room, seats, me, lang: str) -> tuple[str, str]:
    """What the consumer pushes to the socket of ``me`` (a Seat or None) reading ``lang``:
    ``(screen kind, the whole #stage)``."""
    with i18n.use(lang):
        s = room_render.screen(room, seats, me, timezone.now())
        return s.kind, str(room_render.stage(s))


PAGES = ["/", "/practice/", "/practice/daifugo/", "/practice/guandan/", "/practice/doudizhu/",
         "/offline/", "/replay/", "/admin/login/"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_in_the_readers_language(path, lang):
    r = get_page(path, lang)
    assert r.status_code == 200, path
    html = r.content.decode()
    assert html_lang(html) == lang
    assert_translated(html, lang, path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_visit_follows_accept_language(lang):
    html = Client().get("/", HTTP_ACCEPT_LANGUAGE={"en": "en-GB,en;q=0.9", "zh-hans": "zh-CN,zh;q=0.9"}[lang]).content.decode()
    assert html_lang(html) == lang
    assert_translated(html, lang, "/ (Accept-Language)")


def test_japanese_stays_the_default_and_the_check_sees_japanese():
    """The pages are Japanese for a browser that asks for nothing we have, and the check
    above finds it (so a page it passes is really translated)."""
    html = get_page("/", "fr").content.decode()
    assert html_lang(html) == "ja" and "合言葉" in html
    assert offending(html, "en") and offending(html, "zh-hans")
    assert offending("<p>合言葉</p>", "en") and not offending("<p>合言葉</p>", "zh-hans")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_pages_are_in_the_readers_language(lang):
    r = get_page("/no-such-page/", lang)
    assert r.status_code == 404
    assert html_lang(r.content.decode()) == lang
    assert_translated(r.content.decode(), lang, "404")
    # a refused CSRF check (the site's own page, and its short htmx answer)
    client = Client(enforce_csrf_checks=True)
    client.cookies["django_language"] = lang
    r = client.post("/rooms/enter/", {"name": "x", "passphrase": "yy"})
    assert r.status_code == 403 and html_lang(r.content.decode()) == lang
    assert_translated(r.content.decode(), lang, "403 (CSRF)")
    r = client.post("/rooms/enter/", {"name": "x", "passphrase": "yy"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 403 and r.content and not offending(r.content.decode(), lang)
    # the pages Django renders itself: 500 (no context) and the admin's lock-out (django-axes)
    with translation.override(lang):
        html = render_to_string("500.html")
        assert html_lang(html) == lang
        assert_translated(html, lang, "500")
        request = RequestFactory().get("/admin/login/")
        html = render(request, "admin_locked.html").content.decode()
        assert html_lang(html) == lang
        assert_translated(html, lang, "admin_locked")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_room_page_and_every_screen_its_socket_pushes(room_with_people, lang):
    room, seats = room_with_people
    host, guest = seats[0], seats[1]
    # the page around the socket
    r = get_page(f"/rooms/{room.id}/", lang)
    assert r.status_code == 200 and html_lang(r.content.decode()) == lang
    assert_translated(r.content.decode(), lang, "room page")
    # the waiting room: the host's (every option and house rule), a guest's (the settings line)
    for me, who in ((host, "host"), (guest, "guest")):
        kind, html = socket_stage(room, seats, me, lang)
        assert kind == "lobby" and HOST in html and "CPU 1" in html and "CPU 2" in html
        assert_translated(html, lang, f"waiting room ({who})")
    kind, html = socket_stage(room, seats, host, lang)
    assert 'name="rule_five_skip"' in html and 'name="turn_limit"' in html and 'value="strong"' in html
    kind, html = socket_stage(room, seats, guest, lang)
    assert 'class="rule on"' in html and 'class="rule off"' in html  # the settings line, the rules on and off
    # what each rule that is on does, a tap away for a guest (try38: a chip's title shows on hover alone)
    described = re.findall(r'<span class="rule on" title="[^"]+">', html)
    assert '<details class="rule-help" id="rule-help">' in html and len(re.findall(r"<dd>[^<]+</dd>", html)) == len(described) > 0
    # someone new at the door (the join stage), and a room whose game has started
    kind, html = socket_stage(room, seats, None, lang)
    assert kind == "join" and 'name="name"' in html
    assert_translated(html, lang, "join stage")
    lobby.start(room.id, 0, room.version)
    room = Room.objects.get(pk=room.id)
    kind, html = socket_stage(room, seats, None, lang)
    assert kind == "refused"
    assert_translated(html, lang, "refused stage")
    kind, html = socket_stage(None, [], None, lang)
    assert kind == "closed"
    assert_translated(html, lang, "closed stage")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_room_that_is_gone(lang):
    r = get_page(f"/rooms/{uuid.uuid4()}/", lang)
    html = r.content.decode()
    assert r.status_code == 404 and 'class="closed-stage"' in html and html_lang(html) == lang
    assert_translated(html, lang, "gone")


def test_the_manifest_speaks_every_language(client):
    import json
    m = json.loads(client.get("/manifest.webmanifest").content)
    assert m["name"] == "手札 Tefuda" and m["lang"] == "ja"
    assert set(m["description_localized"]) == set(m["short_name_localized"]) == {"ja", "en", "zh-hans"}
    assert not offending(m["description_localized"]["en"]["value"] + m["short_name_localized"]["en"]["value"], "en")
    assert not offending(m["description_localized"]["zh-hans"]["value"], "zh-hans")
    for lang in LANGUAGES:
        mine = json.loads(get_page("/manifest.webmanifest", lang).content)
        assert mine["lang"] == lang and mine["description"] == m["description_localized"][lang]["value"]
