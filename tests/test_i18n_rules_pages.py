"""The rules pages and the names of every game option in the reader's language (issue 14):
an English render has no Japanese character (kana, kanji, full-width forms), a Chinese
render no kana; each game keeps its tradition's terms (Daifugō's romanized Japanese terms
in English and their kanji in Chinese, Guandan's and Dou Dizhu's Chinese terms in Chinese,
the common English ones in English)."""
from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from tables.core import i18n
from tables.core import options as opts

pytestmark = pytest.mark.django_db

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")  # kana, kanji, full-width forms
KANA = re.compile(r"[\u3040-\u30ff]")
FOREIGN = {"en": JAPANESE, "zh-hans": KANA}

#: terms each page must use in each language (rules/<game>.md; the brief's glossary)
TERMS = {
    ("daifugo", "en"): ("Tycoon (Daifugō)", "Revolution (kakumei)", "8-cut (hachi-giri)", "shibari",
                        "Foul finish (hansoku-agari)", "Miyako-ochi (the Daifugō falls)", "Daihinmin"),
    ("daifugo", "zh-hans"): ("大富豪", "革命", "八切", "缚", "反则上岸", "都落", "大贫民", "墓地"),
    ("guandan", "en"): ("level card", "Wild", "tribute", "return tribute", "resist tribute", "Bomb",
                        "Straight flush", "Four jokers", "Tube", "Plate", "Full house"),
    ("guandan", "zh-hans"): ("级牌", "逢人配", "进贡", "还贡", "抗贡", "炸弹", "同花顺", "天王炸",
                             "三连对", "钢板", "三带二", "头游", "接风", "过A"),
    ("doudizhu", "en"): ("landlord", "peasant", "bid", "kitty", "Bomb", "Rocket", "Airplane", "wings",
                         "Chain", "Pairs chain", "Four with two", "Spring", "Anti-spring"),
    ("doudizhu", "zh-hans"): ("地主", "农民", "叫分", "底牌", "炸弹", "王炸", "飞机", "翅膀", "顺子",
                              "连对", "四带二", "春天", "反春"),
}
GAMES = ("daifugo", "guandan", "doudizhu")
LANGS = ("en", "zh-hans")


def page(client, game: str, lang: str) -> str:
    """/rules/<game>/ as a person who chose ``lang`` with the language switch sees it."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    return response.content.decode()


def foreign_words(html: str, lang: str) -> list[str]:
    """Runs of text (attributes and <title> included) the reader of ``lang`` should not
    see. The language switch names each language in its own script (日本語) and is left
    out; so is the site's brand in the top bar (templates/base.html, the site's name)."""
    text = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    text = re.sub(r'<form class="lang-switch".*?</form>', "", text, flags=re.S)
    text = re.sub(r'<a class="brand"[^>]*>.*?</a>', "", text, flags=re.S)
    bad = FOREIGN[lang]
    return sorted({m.group(0) for m in re.finditer(r"[^<>\"]{0,15}" + bad.pattern + r"[^<>\"]{0,15}", text)})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_reads_wholly_in_the_readers_language(client, game, lang):
    html = page(client, game, lang)
    assert f'<html lang="{lang}">' in html
    assert foreign_words(html, lang) == []
    body = html[html.index('id="rules"'):]
    for term in TERMS[game, lang]:
        assert term in body, term
    others = set(re.findall(r'href="(/rules/[a-z]+/)"', body))  # the other games, named in this language
    assert others == {f"/rules/{g}/" for g in GAMES if g != game}


def test_the_japanese_page_is_unchanged_by_the_catalogs(client):
    html = page(client, "daifugo", "ja")
    assert "<b>反則上がり</b>" in html and "<b>都落ち</b>" in html and "hachi-giri" not in html


def _labels() -> list[str]:
    """Every visible label of tables/core/options.py."""
    out = [*opts.GAMES.values(), *opts.SPEED_LABELS.values(), *opts.LEVEL_LABELS.values(),
           *opts.DESCRIPTIONS.values()]
    for switches in opts.RULE_SWITCHES.values():
        out += switches.values()
    for choices in opts.CHOICES.values():
        for values in choices.values():
            out += values.values()
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_name_and_description_is_translated(lang):
    labels = _labels()
    assert len(labels) == 3 + 3 + 3 + 11 + 9 + 2
    for key in (*opts.RULE_SWITCHES["daifugo"], *opts.CHOICES["guandan"]["a_rule"]):
        assert opts.DESCRIPTIONS[key]  # every switch and choice has its line
    catalog = i18n.catalog(lang)
    with i18n.use(lang), translation.override(lang):
        for label in labels:
            shown = i18n.gettext(label)
            assert label in catalog._catalog, label  # translated, even where the words stay (掼蛋)
            assert not FOREIGN[lang].search(shown), (label, shown)
            assert translation.gettext(label) == shown  # the same words in Django's templates
    with i18n.use("en"):
        assert i18n.gettext(opts.RULE_SWITCHES["daifugo"]["eight_cut"]) == "8-cut (hachi-giri)"
        assert i18n.gettext(opts.GAMES["doudizhu"]) == "Dou Dizhu"
    with i18n.use("zh-hans"):
        assert i18n.gettext(opts.RULE_SWITCHES["daifugo"]["eight_cut"]) == "八切"
        assert i18n.gettext(opts.GAMES["doudizhu"]) == "斗地主"
        assert i18n.gettext(opts.LEVEL_LABELS["strong"]) == "困难"


#: the table's own words for Daifugō's special cards and the plain play (the options' rule
#: switches, the 出す buttons): the Chinese rules page names them the same (try29: 七渡 and
#: 7传牌, 11返 and 11反转, 九插队 and 9插队, 素出 and 直接出牌 for one thing each)
TABLE_WORDS = ("7渡し", "8切り", "9割り込み", "11バック", "5スキップ", "10捨て", "素出しで出す")


def test_the_chinese_rules_page_names_the_special_cards_as_the_table_does(client):
    body = page(client, "daifugo", "zh-hans")
    body = body[body.index('id="rules"'):]
    with translation.override("zh-hans"):
        words = {ja: translation.gettext(ja) for ja in TABLE_WORDS}
    assert all(zh != ja for ja, zh in words.items()), words  # each translated
    for ja, zh in words.items():
        assert zh in body, (ja, zh)
    for other in ("七渡", "11返", "九插队", "素出", "五跳过", "十弃牌"):
        assert other not in body, other
