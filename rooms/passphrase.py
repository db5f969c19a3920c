"""Passphrases and player names: normalisation, validation and the keyed room hash.

A passphrase is never stored: rooms are looked up by :func:`room_key`, an HMAC of the
normalised passphrase keyed from ``SECRET_KEY`` (notes §5.1). Full/half width, upper/lower
case and spaces do not matter: ``"ＡＢＣ　１２"`` and ``"abc 12"`` are the same room.
"""
from __future__ import annotations

import unicodedata

import regex
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.debug import sensitive_variables

RAW_MAX = 128
PASS_MIN, PASS_MAX = 2, 32
NAME_MAX = 16  # grapheme clusters (what a person counts as characters)
NAME_RAW_MAX = 256  # code points before normalising: 16 clusters of long emoji sequences fit
NAME_STORED_MAX = 200  # code points after normalising (Seat.name's max_length)
_CLUSTER = regex.compile(r"\X")


def clusters(s: str) -> int:
    """How many grapheme clusters ``s`` has (Unicode's extended clusters, as the browser's
    ``Intl.Segmenter`` counts them: 👨‍👩‍👧‍👦, 🇯🇵 and が are one each)."""
    return len(_CLUSTER.findall(s))


class InvalidInput(ValueError):
    """A passphrase or name that cannot be used; ``ja``/``en`` say why (for logs);
    :attr:`text` says it in the reader's language (``message``: the Japanese msgid with
    ``%(name)s`` placeholders filled from ``details``)."""

    def __init__(self, message: str, en: str, **details):
        super().__init__(en)
        self.message, self.details = message, details
        self.ja, self.en = message % details if details else message, en

    @property
    def text(self) -> str:
        """Why, in the active Django language (django.utils.translation)."""
        words = gettext(self.message)
        return words % self.details if self.details else words


ZWJ = "\u200d"  # joins emoji sequences (👨‍👩‍👧): kept in names, dropped from passphrases


def _strip_invisible(s: str, keep: str = "") -> str:
    """Drop control (Cc) and format (Cf) characters, except those in ``keep``."""
    return "".join(ch for ch in s if ch in keep or unicodedata.category(ch) not in ("Cf", "Cc"))


@sensitive_variables("raw", "s")
def normalise(raw: str) -> str:
    """NFKC → casefold → NFKC, then drop whitespace, control and format characters.

    Raises :class:`InvalidInput` unless the result has 2–32 characters.
    """
    if not isinstance(raw, str) or len(raw) > RAW_MAX:
        raise InvalidInput(gettext_noop("合言葉が長すぎます（32文字まで）。"), "The passphrase is too long (32 characters at most).")
    s = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())
    s = _strip_invisible("".join(s.split()))
    if len(s) < PASS_MIN:
        raise InvalidInput(gettext_noop("合言葉は2文字以上にしてください。"), "The passphrase needs at least 2 characters.")
    if len(s) > PASS_MAX:
        raise InvalidInput(gettext_noop("合言葉は32文字までです。"), "The passphrase may have 32 characters at most.")
    return s


@sensitive_variables("normalised")
def room_key(normalised: str) -> str:
    """The keyed hash that identifies a live room (hex, 64 characters)."""
    return salted_hmac("tefuda.rooms.passphrase", normalised, algorithm="sha256").hexdigest()


def clean_name(raw: str) -> str:
    """A display name: NFKC, inner whitespace collapsed, no control/format characters but the
    zero-width joiner of emoji sequences, 1–16 grapheme clusters (:func:`clusters`).

    Raises :class:`InvalidInput` saying why (empty, or too long with the count): a name is
    never cut. (Escaping is the templates' job.)"""
    if not isinstance(raw, str) or len(raw) > NAME_RAW_MAX:
        raise InvalidInput(gettext_noop("名前が長すぎます（16文字まで）。"), "The name is too long (16 characters at most).")
    s = " ".join(_strip_invisible(unicodedata.normalize("NFKC", raw), keep=ZWJ).split())
    if not s.replace(ZWJ, "").strip():  # joiners alone would be an invisible name
        raise InvalidInput(gettext_noop("名前を入れてください。"), "Please enter a name.")
    n = clusters(s)
    if n > NAME_MAX or len(s) > NAME_STORED_MAX:
        raise InvalidInput(gettext_noop("名前は%(most)s文字までです（いま%(n)s文字）。短くしてください。"),
                           f"Names may have 16 characters at most (this one has {n}); please shorten it.",
                           most=NAME_MAX, n=n)
    return s
