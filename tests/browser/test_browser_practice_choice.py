"""The practice form's A rule (Guandan) on a phone: each choice's name stays whole on one
line (a new user: 「A必須 · 競技」 broke after A必須 at 375 px), in each language."""
from __future__ import annotations

import pytest

from tests.browser.steps import shoot
from tests.browser.test_browser_layout import DESKTOP, PORTRAIT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the lines each choice's name takes: its text (the line under it, .rule-desc, left out)
#: measured through a range, one rect per piece of a line; the distinct line tops counted
NAME_LINES = """() => [...document.querySelectorAll('#practice-form fieldset[data-choice=a_rule] label')].map(label => {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    const tops = new Set(), words = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('.rule-desc') || !node.textContent.trim()) continue;
        words.push(node.textContent.trim());
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 1) tops.add(Math.round(r.top));
    }
    return {name: words.join(' '), lines: tops.size};
})"""


@pytest.mark.parametrize("locale, first", [("ja-JP", "A必須 · 競技"), ("en-US", None), ("zh-CN", None)])
def test_each_a_rule_choice_name_is_one_line_on_a_phone(browser, live_server_url, locale, first):
    context = browser.new_context(viewport={"width": PORTRAIT[0], "height": PORTRAIT[1]}, locale=locale)
    page = context.new_page()
    page.goto(live_server_url + "/practice/guandan/")
    names = page.evaluate(NAME_LINES)
    shoot(page, f"practice-a-rule-{locale}", full_page=True)
    assert len(names) == 2, names
    if first:
        assert names[0]["name"] == first
    assert all(n["lines"] == 1 for n in names), names
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})  # and on a desktop
    shoot(page, f"practice-a-rule-{locale}-desktop", full_page=True)
    assert all(n["lines"] == 1 for n in page.evaluate(NAME_LINES))
    context.close()
