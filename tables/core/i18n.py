"""The language a table speaks: 日本語 (the default), English, 简体中文 (issue 14).

One set of gettext catalogs for the whole site (``locale/<lang>/LC_MESSAGES/django.mo``,
made by Django's ``makemessages``/``compilemessages`` from the templates and the code),
read here with the standard library's :mod:`gettext` so that the table's fragments
translate alike on the server and in the browser (Pyodide, where Django does not run).

The language of a render is a context variable (:func:`use`): a socket renders its
seat's screen in its own person's language, so three people at one table may read it in
three languages. Templates call ``_("…")`` (Jinja2's i18n extension, installed by
:mod:`tables.core.env`); code calls :func:`gettext` / :func:`pgettext` here.
Names, passphrases and other user text never pass through these functions.
"""
from __future__ import annotations

import gettext as _gettext
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

#: (code, name shown in the language switch), the default first
LANGUAGES = (("ja", "日本語"), ("en", "English"), ("zh-hans", "简体中文"))
CODES = tuple(code for code, _ in LANGUAGES)
DEFAULT = "ja"
#: the catalogs' folder beside the packages (the browser's bundle carries it too)
LOCALE = Path(__file__).resolve().parents[2] / "locale"

_current: ContextVar[str] = ContextVar("tefuda_language", default=DEFAULT)
_catalogs: dict[str, _gettext.NullTranslations] = {}


def _folder(code: str) -> str:
    """``zh-hans`` → ``zh_Hans`` (the catalog folder, as Django names it)."""
    lang, _, region = code.partition("-")
    if not region:
        return lang
    return f"{lang}_{region.upper() if len(region) <= 2 else region.title()}"


def catalog(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``code`` (cached), or a null one (the source text:
    Japanese) for the default language or a missing file."""
    got = _catalogs.get(code)
    if got is None:
        path = LOCALE / _folder(code) / "LC_MESSAGES" / "django.mo"
        if code == DEFAULT or not path.is_file():
            got = _gettext.NullTranslations()
        else:
            with path.open("rb") as fh:
                got = _gettext.GNUTranslations(fh)
        _catalogs[code] = got
    return got


def supported(code) -> str:
    """``code`` if it is one of :data:`CODES` (case-insensitive; ``zh``, ``zh-cn``,
    ``zh-sg`` and ``zh-hans-*`` read as ``zh-hans``; ``en-*`` as ``en``), else the default."""
    if not isinstance(code, str):
        return DEFAULT
    code = code.strip().lower().replace("_", "-")
    if code in CODES:
        return code
    base = code.split("-")[0]
    if base == "zh":
        return "zh-hans" if not code.startswith(("zh-hant", "zh-tw", "zh-hk", "zh-mo")) else DEFAULT
    return base if base in CODES else DEFAULT


def current() -> str:
    """The language of what renders now."""
    return _current.get()


@contextmanager
def use(code: str):
    """Render in ``code`` (any string: :func:`supported` reads it) inside the block."""
    token = _current.set(supported(code))
    try:
        yield
    finally:
        _current.reset(token)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalogs where it is defined (a table of labels made at
    import); :func:`gettext` translates it where it is shown."""
    return message


def gettext(message: str) -> str:
    """``message`` (the Japanese source text) in the current language."""
    return catalog(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message in the current language."""
    return catalog(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (a word that reads
    differently in two places, e.g. a game's own term)."""
    return catalog(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` told apart by ``context``."""
    return catalog(_current.get()).npgettext(context, singular, plural, n)
