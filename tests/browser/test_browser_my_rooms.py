"""Back from a room, the top page offers the way back to it (参加中の部屋, try43), a tap
target on a phone, and it leads to the same seat."""
from __future__ import annotations

import pytest

from tests.browser.steps import enter, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(375, 812), (1280, 800)])
def test_back_on_the_top_page_leads_to_the_room(live_server_url, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    enter(page, live_server_url, "あき", "もどる みち")
    room = page.url
    page.go_back()
    page.wait_for_selector(".my-rooms")
    shoot(page, f"my-rooms-{size[0]}")
    link = page.locator(".my-rooms a.button")
    box = link.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    row = page.locator(".my-rooms li").bounding_box()
    assert row["x"] + row["width"] <= size[0] + 0.5, row  # nothing off the side of a phone
    assert "あき" in page.inner_text(".my-rooms") and "待合室" in page.inner_text(".my-rooms")
    link.click()
    page.wait_for_selector("#lobby li:has-text('あき')")
    assert page.url.split("?")[0].rstrip("/") == room.split("?")[0].rstrip("/")
    assert page.locator("#lobby li").count() == 1  # the same seat, not a second one
    context.close()
