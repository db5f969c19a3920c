"""The staff dashboard in a browser, at a desktop and on a phone (try38: on a 375 px phone
the page was 502 px wide, its header cut off and the whole page scrolling sideways)."""
from __future__ import annotations

import pytest

from analytics import record
from tests.browser.steps import on_server, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _numbers(users):
    users.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    record.room_created("daifugo")
    for game in ("daifugo", "guandan", "doudizhu"):
        record.room_created(game, practice=True)
    record.counts([("daifugo", "special", "eight_cut:effect", 6), ("daifugo", "left", "waiting", 2),
                   ("daifugo", "disconnects", "waiting", 2)])
    record.count("server_error", key="ZeroDivisionError @ rooms.consumers.RoomConsumer.receive_json", n=2)


def test_the_dashboard_fits_a_phone_and_splits_rooms_by_kind(live_server_url, browser, django_user_model):
    on_server(_numbers, django_user_model)
    for (w, h), lang in (((375, 812), "en-US"), ((375, 812), "ja-JP"), ((1280, 800), "ja-JP")):
        page = browser.new_context(viewport={"width": w, "height": h}, locale=lang).new_page()
        page.goto(live_server_url + "/admin/login/?next=/admin/analytics/dashboard/")
        page.fill("#id_username", "staff")
        page.fill("#id_password", "pw-staff-1")
        page.click("input[type=submit]")
        page.wait_for_selector("#usage-totals")
        shoot(page, f"dashboard-{w}-{lang}")
        assert page.evaluate("document.documentElement.scrollWidth") <= w, "the page scrolls sideways"
        broken = page.eval_on_selector_all(".usage-table th, .usage-table td", """els => els.filter(e => {
            const r = document.createRange(); r.selectNodeContents(e);
            return new Set([...r.getClientRects()].map(q => Math.round(q.top))).size > 1; }).map(e => e.textContent)""")
        assert not broken, (w, lang, broken)  # (try39: 退/出 and オリジナル大富豪 one character a line)
        rooms = page.inner_text("#usage-totals div:nth-child(2)")
        assert ("passphrase rooms 1 · practice 3" if lang == "en-US" else "合言葉の部屋 1 ・ 1人練習 3") in rooms, rooms
        if lang == "en-US":
            heads = page.eval_on_selector_all("#usage-funnel th", "els => els.map(e => e.textContent)")
            assert heads[1] == "Left" and page.eval_on_selector_all("#usage-funnel td:first-child", "els => els.map(e => e.textContent)") == [
                "Waiting room", "Exchange / tribute", "Mid-game", "Result screen"]
        page.context.close()
