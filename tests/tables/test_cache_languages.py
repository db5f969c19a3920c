"""Markup memos are kept per language (issue 14): three people at one table read it in
three languages, so what one render kept (a log, a graveyard, a seat row) is never shown
to a reader of another language; the engine's own data is still made once."""
from tables.core import cache, i18n, markup


def test_a_memo_of_markup_is_made_once_per_language():
    made = []

    def build():
        made.append(i18n.current())
        return i18n.gettext("伏せ札")

    got = {}
    for lang in ("ja", "en", "zh-hans", "en", "ja"):
        with i18n.use(lang):
            got[lang] = str(markup.memoised(("test-cache-languages",), build))
    assert made == ["ja", "en", "zh-hans"]
    assert got["ja"] == "伏せ札" and got["en"] != got["ja"] and not markup.escape(got["en"]).count("伏")


def test_a_states_words_are_kept_per_language_and_its_data_once():
    state, made = {"n": 1}, []
    for lang in ("ja", "en", "ja"):
        with i18n.use(lang):
            cache.per_state(state, "field", lambda: made.append(("field", i18n.current())))
            cache.per_state(state, "public", lambda: made.append(("public", i18n.current())), worded=False)
    assert made == [("field", "ja"), ("public", "ja"), ("field", "en")]


def test_a_card_back_is_labelled_in_the_readers_language():
    with i18n.use("ja"):
        assert 'aria-label="伏せ札"' in markup.card_back()
    with i18n.use("en"):
        assert "伏" not in markup.card_back() and 'aria-label="x"' in markup.card_back("x")


def test_a_jokers_corner_is_in_the_readers_language():
    for lang, big, small in (("ja", "大", "小"), ("en", "BJ", "LJ"), ("zh-hans", "大", "小")):
        with i18n.use(lang):
            assert f'data-r="{big}"' in markup.card_face("BJ", "BJ") and f'data-r="{small}"' in markup.card_face("LJ", "LJ")
