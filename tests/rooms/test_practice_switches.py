"""The practice form and the waiting room show Daifugō's rule switches from one template
(templates/jinja2/rooms/rule_switches.html): the waiting room's send each change at once
(ws-send), the practice form's are read when it starts."""
import re

import pytest
from django.test import Client

from rooms import views


@pytest.mark.django_db
@pytest.mark.parametrize("lang,said", [("ja", "8切り"), ("en", "8-cut (hachi-giri)"), ("zh-hans", "八切")])
def test_the_practice_form_has_each_switch_in_the_readers_language_and_not_live(lang, said):
    client = Client()
    client.cookies["django_language"] = lang
    html = client.get("/practice/daifugo/").content.decode()
    switches = re.findall(r'<input type="checkbox" name="rule_(\w+)"([^>]*)>', html)
    assert {name for name, _ in switches} >= {"stop", "eight_cut", "five_skip", "ten_discard"}
    assert all("ws-send" not in attrs for _, attrs in switches)
    assert said in html and '<input type="hidden" name="rules" value="1">' in html
    assert 'name="rule_' not in Client().get("/practice/guandan/").content.decode()  # Daifugō's only


def test_the_waiting_rooms_switches_are_live():
    html = views.render_to_string("rooms/rule_switches.html", {"rule_switches": [
        {"name": "eight_cut", "label": "8切り", "on": True, "house": False, "description": ""}], "live": True}, using="jinja2")
    assert '<input type="checkbox" name="rule_eight_cut" ws-send hx-trigger="change" checked>' in html
