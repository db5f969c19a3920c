"""The table's languages (issue 14): the language a render speaks, the catalogs the
server and the browser share, and a practice table in each language."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tables.core import i18n
from tables.practice import PracticeTable

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("given, code", [
    ("ja", "ja"), ("JA-jp", "ja"), ("en", "en"), ("en-GB", "en"), ("en_US", "en"),
    ("zh-hans", "zh-hans"), ("zh-CN", "zh-hans"), ("zh", "zh-hans"), ("zh-Hans-SG", "zh-hans"),
    ("zh-TW", "ja"), ("zh-Hant", "ja"), ("fr", "ja"), ("", "ja"), (None, "ja"), ("../../etc", "ja"),
])
def test_a_language_code_reads_as_one_of_the_three(given, code):
    assert i18n.supported(given) == code


def test_the_language_holds_inside_the_block_only():
    assert i18n.current() == "ja"
    with i18n.use("en"):
        assert i18n.gettext("退出") == "Leave"
        with i18n.use("zh-hans"):
            assert i18n.gettext("退出する？") == "确定退出？"
        assert i18n.current() == "en"
    assert i18n.gettext("退出") == "退出" and i18n.gettext("知らない文") == "知らない文"


@pytest.mark.parametrize("lang, leave, pass_", [("ja", "退出", "パス"), ("en", "Leave", "Pass"), ("zh-hans", "退出", "过")])
def test_a_practice_table_speaks_the_pages_language(lang, leave, pass_):
    table = PracticeTable("daifugo", {"players": "4"}, name="Ann", seed="lang1")
    table.use_language(lang)
    html = table.receive(json.dumps({"act": "hello", "token": None}), 1000.0)[0]
    assert f'value="leave">{leave}</button>' in html and ">Ann<" in html
    assert i18n.current() == "ja"  # the page's language never leaks into the next render
    with i18n.use(lang):
        assert i18n.gettext("パス") == pass_


def test_every_catalog_entry_is_translated_and_none_is_fuzzy():
    for lang in ("en", "zh_Hans"):
        with open(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po", "rb") as fh:
            catalog = read_po(fh)
        assert not catalog.fuzzy, lang
        missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        assert missing == [], (lang, missing[:20])


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext's xgettext is missing (scripts/test installs it)")
def test_makemessages_finds_nothing_new_to_translate(tmp_path):
    """Django's makemessages over the whole project (pages, fragments, code) adds no
    untranslated or fuzzy entry to the catalogs (they are put back as they were)."""
    po = {lang: ROOT / "locale" / lang / "LC_MESSAGES" / "django.po" for lang in ("en", "zh_Hans")}
    kept = {lang: path.read_bytes() for lang, path in po.items()}
    try:
        subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "en", "-l", "zh_Hans", "--no-location", "--no-wrap",
                        *[f"--ignore={d}" for d in ("node_modules", "build", "staticfiles", "var", "bench", "tests")]],
                       cwd=ROOT, check=True, capture_output=True)
        for lang, path in po.items():
            with path.open("rb") as fh:
                catalog = read_po(fh)
            missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
            assert missing == [], (lang, missing[:20])
    finally:
        for lang, path in po.items():
            path.write_bytes(kept[lang])
