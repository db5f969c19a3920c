"""The language a socket renders its screens in (issue 14): the person's choice (Django's
language cookie, set by the switch on every page) else their browser's Accept-Language,
as :class:`django.middleware.locale.LocaleMiddleware` picks it for a page."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from tables.core import i18n


def of_scope(scope: dict) -> str:
    """One of :data:`tables.core.i18n.CODES` for a Channels ``scope`` (its ``cookies`` and
    ``headers``); the default (ja) when nothing there is supported."""
    chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    if chosen:
        try:
            return i18n.supported(get_supported_language_variant(chosen))
        except LookupError:
            pass
    header = next((v for k, v in scope.get("headers", ()) if k == b"accept-language"), b"")
    for code, _quality in parse_accept_lang_header(header.decode("latin-1")[:500]):
        if code == "*":
            break
        try:
            return i18n.supported(get_supported_language_variant(code))
        except LookupError:
            continue
    return i18n.DEFAULT
