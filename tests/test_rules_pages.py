"""Issue 13, "Helping new players": a rules page for each game (/rules/<game>/), linked from
the practice screen and, through the shared leave part, from the waiting room and every
table (a new tab: the game goes on)."""
import re

import pytest

from tables.practice import PracticeTable

pytestmark = pytest.mark.django_db

GAMES = {"daifugo": ("階段", "革命", "縛り", "9割り込み", "反則上がり", "都落ち"),
         "guandan": ("階段", "ワイルド", "爆弾", "献上", "お返し", "ストレートフラッシュ"),
         "doudizhu": ("地主", "農民", "入札", "ロケット", "飛行機", "春天")}


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_rules_page_with_its_terms(client, game):
    r = client.get(f"/rules/{game}/")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="rules"' in html
    for term in GAMES[game]:
        assert term in html, term
    others = set(re.findall(r'href="(/rules/[a-z]+/)"', html))
    assert others == {f"/rules/{g}/" for g in GAMES if g != game}  # the other games' pages


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/poker/").status_code == 404
    assert client.post("/rules/daifugo/").status_code == 405


@pytest.mark.parametrize("game", GAMES)
def test_the_practice_screen_and_the_table_link_their_rules_in_a_new_tab(client, game):
    page = client.get(f"/practice/{game}/").content.decode()
    assert re.search(rf'href="/rules/{game}/" target="_blank"', page)
    frame = PracticeTable(game, {"players": "4"} if game == "daifugo" else {}).receive('{"act": "hello"}', 1.0)[0]
    leave = frame[frame.index('id="leave"'):]
    assert re.search(rf'<a [^>]*href="/rules/{game}/" target="_blank"[^>]*>ルール</a>', leave[:leave.index("</div>")])


def test_every_house_rule_is_described_where_it_is_switched(client):
    from tables.core import options as opts

    page = client.get("/practice/guandan/").content.decode()
    for value in opts.CHOICES["guandan"]["a_rule"]:
        assert opts.DESCRIPTIONS[value] in page
    rows = opts.rule_rows("daifugo", opts.defaults("daifugo"))
    assert rows and all(r["description"] for r in rows)  # one line for each switch


def test_the_top_page_links_each_games_rules_and_each_rules_page_its_practice(client):
    """try38: the rules were reached only from a practice screen or a table, and led
    nowhere. The top page lists each game's rules beside its practice link (named for its
    game), and each rules page ends with a link to practise that game, in each language."""
    top = client.get("/").content.decode()
    practice = {"daifugo": "/practice/daifugo/", "guandan": "/practice/guandan/", "doudizhu": "/practice/doudizhu/"}
    for game, url in practice.items():
        item = re.search(rf'<li><a href="{url}">[^<]+</a><a class="rules-link" href="/rules/{game}/" aria-label="ルール：[^"]+">ルール</a></li>', top)
        assert item, game
        page = client.get(f"/rules/{game}/").content.decode()
        assert re.search(rf'<a class="button primary" href="{url if game != "daifugo" else "/practice/"}">このゲームを1人で練習する</a>', page), game
        assert client.get(url).status_code == 200
        offline = client.get("/offline/").content.decode()  # the page kept for offline use too (try39)
        assert f'<a class="rules-link" href="/rules/{game}/"' in offline and f'<a href="{url}">' in offline
    client.cookies["django_language"] = "en"
    assert "Practise this game against CPUs" in client.get("/rules/guandan/").content.decode()
    client.cookies["django_language"] = "zh-hans"
    assert "和电脑练习这个游戏" in client.get("/rules/doudizhu/").content.decode()
