"""Stamps' pure parts (tables.core.stamps; issue 17): the fixed codes, their words on the
bar, the per-seat sliding window."""
from tables.core import stamps


def test_the_seat_limit_is_a_sliding_window():
    limit = stamps.SeatLimit(3, 10.0)
    assert [limit.allow("a", t) for t in (0, 1, 2, 3, 9.9)] == [True, True, True, False, False]
    assert limit.allow("b", 5)  # per key
    assert limit.allow("a", 10.0) and not limit.allow("a", 10.5) and limit.allow("a", 11.0)


def test_stamp_codes_are_fixed_and_the_bar_has_a_word_for_each():
    from tables.core.screen import render
    html = render("parts/stamps.html", {"room": type("R", (), {"solo": False})(), "stamp_codes": stamps.CODES,
                                        "stamp_words": stamps.WORDS})  # as tables.core.screen gives them (ja)
    words = ["よろしく", "ナイス", "ドンマイ", "ちょっと待って", "ありがとう", "おつかれ", "笑", "驚"]
    assert all(w in html for w in words) and html.count("data-stamp-code=") == len(stamps.CODES) == 8
    assert not stamps.known("x") and not stamps.known(None) and stamps.known("nice")
