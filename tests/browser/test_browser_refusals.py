"""Refusals shown in place, never a bare page (issue 15 #4 and #9): a link join with a blank
name, a link join into a full room, a name too long at the top page and at the link
(counted in grapheme clusters, refused with the reason, never cut), an unknown URL (the
site's own 404 page, no URL list)."""
import pytest

pytestmark = pytest.mark.browser

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"  # one cluster, 7 code points


def enter(page, url, name, phrase):
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=passphrase]", phrase)
    page.click("text=部屋に入る")


def link_page(browser, url, room_url):
    page = browser.new_context().new_page()
    page.goto(room_url)
    page.wait_for_selector("form.enter-form input[name=name]")
    return page


def test_join_refusals_are_shown_by_the_form(live_server_url, browser):
    host = browser.new_context().new_page()
    enter(host, live_server_url, "あき", "白い 画面")
    host.wait_for_selector("#lobby")
    room_url = host.url.split("?")[0]

    page = link_page(browser, live_server_url, room_url)
    page.fill("input[name=name]", "   ")  # passes `required`, refused by the server
    page.click("text=参加する")
    page.wait_for_selector("#join-error:has-text('名前を入れてください')")
    assert page.is_visible("input[name=name]")  # the form is still there

    # too long: 17 clusters of 7 code points each — nothing cuts it; the form says why
    # before sending (Intl.Segmenter counts clusters as the server does)
    page.fill("input[name=name]", FAMILY * 17)
    assert page.input_value("input[name=name]") == FAMILY * 17
    assert "16文字まで" in page.eval_on_selector("input[name=name]", "e => e.validationMessage")
    page.fill("input[name=name]", FAMILY * 16)  # 16 clusters: welcome
    assert page.eval_on_selector("input[name=name]", "e => e.validationMessage") == ""
    page.click("text=参加する")
    page.wait_for_selector("#lobby")
    assert FAMILY * 16 in page.inner_text("#lobby")

    # full: the host fills the room with CPUs (6 seats), then another link join
    for _ in range(4):
        version = host.get_attribute("#ver", "data-version")
        host.click("text=CPUを追加")
        host.wait_for_function(f"() => document.querySelector('#ver').dataset.version != '{version}'")
    late = link_page(browser, live_server_url, room_url)
    late.fill("input[name=name]", "ふゆ")
    late.click("text=参加する")
    late.wait_for_selector("#join-error:has-text('満員')")
    assert late.is_visible("input[name=name]")


def test_top_page_refuses_a_long_name_with_the_reason(live_server_url, browser):
    page = browser.new_context(java_script_enabled=False).new_page()  # the server's own refusal
    long = "<script>alert(1)</script>"  # 25 characters: was cut to "<script>alert(1)"
    enter(page, live_server_url, long, "長い 名前")
    page.wait_for_selector(".error:has-text('16文字まで')")
    assert page.input_value("input[name=name]") == long  # kept for the person to shorten
    enter(page, live_server_url, FAMILY * 16, "長い 名前")
    page.wait_for_url("**/rooms/*/**")
    assert page.url.split("?")[0].endswith("/")


def test_a_refusal_at_the_top_page_leaves_no_form_to_resubmit(live_server_url, browser):
    """try14: after a refused top-page form, Back from the room landed on the POST's result
    and the browser asked to send the form again. The refusal is now swapped into the page,
    which stays at "/" with what was typed; Back from the room is the top page."""
    page = browser.new_context().new_page()
    enter(page, live_server_url, "   ", "戻る 道")  # passes `required`, refused by the server
    page.wait_for_selector("#enter-error:has-text('名前を入れてください')")
    assert page.url == live_server_url + "/"
    assert page.input_value("input[name=passphrase]") == "戻る 道"  # kept as typed
    page.fill("input[name=name]", "はる")
    page.click("text=部屋に入る")
    page.wait_for_selector("#lobby")
    page.go_back()
    page.wait_for_selector("form.enter-form input[name=name]")
    assert page.url == live_server_url + "/"
    assert page.inner_text("#enter-error") == ""


@pytest.fixture
def debug_on(settings):
    """DEBUG on, as ``scripts/serve --dev``; asked for before ``live_server_url``, so the
    server process (forked when it starts) has it."""
    settings.DEBUG = True


@pytest.mark.django_db(transaction=True)
def test_a_refusal_stays_in_place_in_development_mode_too(debug_on, live_server_url, browser):
    """scripts/serve --dev (DEBUG on): django-htmx's {% htmx_script %} added, in DEBUG only,
    a handler that replaced the whole page with any 400 answer, so a passphrase over 32
    characters left a white page saying 合言葉は32文字までです。 The refusal is in the form, the
    form and what was typed still there."""
    page = browser.new_context().new_page()
    enter(page, live_server_url, "あき", "長" * 40)
    page.wait_for_selector("#enter-error:has-text('32文字まで')")
    assert page.input_value("input[name=passphrase]") == "長" * 40
    assert page.locator("form.enter-form button[type=submit]").is_visible()


def test_practice_name_is_not_cut(live_server_url, browser):
    page = browser.new_context().new_page()
    page.goto(live_server_url + "/practice/")
    page.fill("input[name=name]", FAMILY * 17)
    assert page.input_value("input[name=name]") == FAMILY * 17
    assert "16文字まで" in page.eval_on_selector("input[name=name]", "e => e.validationMessage")


def test_unknown_url_is_the_sites_own_page(live_server_url, browser):
    page = browser.new_context().new_page()
    response = page.goto(live_server_url + "/no/such/page/")
    assert response.status == 404
    body = page.content()
    assert "手札" in body and "見つかりません" in body
    assert "URLconf" not in body and "admin/" not in body


@pytest.fixture
def broken_join(monkeypatch):
    """ふゆ's join fails inside the server (patched before the live server forks)."""
    from rooms import lobby

    real = lobby.join

    def boom(room_id, name, *args, **kwargs):
        if name == "ふゆ":
            raise RuntimeError("a bug in the join")
        return real(room_id, name, *args, **kwargs)

    monkeypatch.setattr(lobby, "join", boom)


def test_a_server_error_is_said_by_the_form_not_instead_of_the_page(broken_join, live_server_url, browser):
    host = browser.new_context().new_page()
    enter(host, live_server_url, "あき", "壊れた 参加")
    host.wait_for_selector("#lobby")
    page = link_page(browser, live_server_url, host.url.split("?")[0])
    page.fill("input[name=name]", "ふゆ")
    page.click("text=参加する")
    page.wait_for_selector("#join-error:has-text('サーバーで問題が起きました')")
    assert page.is_visible("input[name=name]") and page.is_visible("text=参加する")
    assert "a bug in the join" not in page.content() and "Traceback" not in page.content()
