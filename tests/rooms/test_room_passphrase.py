"""Passphrase normalisation, the keyed room hash and name cleaning."""
import pytest

from rooms.passphrase import InvalidInput, clean_name, normalise, room_key


@pytest.mark.parametrize("a, b", [("ＡＢＣ　１２", "abc 12"), ("Straße", "STRASSE"), ("ｶﾞｷ", "ガキ"),
                                  ("さくら もち", "さくらもち"), ("a\u200bb", "AB")])
def test_same_passphrase(a, b):
    assert normalise(a) == normalise(b)
    assert room_key(normalise(a)) == room_key(normalise(b))


def test_different_passphrases_differ():
    assert room_key(normalise("abc")) != room_key(normalise("abd"))


@pytest.mark.parametrize("raw", ["a", " a ", "", "x" * 33, "ａ" * 40, "y" * 200])
def test_length_limits(raw):
    with pytest.raises(InvalidInput):
        normalise(raw)


def test_limits_are_on_the_normalised_string():
    assert normalise("a b c d" * 4) == "abcd" * 4  # 28 raw characters with spaces → 16


def test_key_is_not_the_passphrase():
    key = room_key(normalise("himitsu"))
    assert "himitsu" not in key and len(key) == 64


def test_names():
    assert clean_name("  Ａｌｉｃｅ\u200b  ") == "Alice"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, not three people
    assert clean_name(family) == family
    with pytest.raises(InvalidInput):
        clean_name("   ")
    with pytest.raises(InvalidInput):
        clean_name("\u200d \u200d")  # only joiners: an invisible name
    with pytest.raises(InvalidInput):
        clean_name("x" * 17)
