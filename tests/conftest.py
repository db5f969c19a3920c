"""Shared pytest configuration (pytest-django reads DJANGO_SETTINGS_MODULE from pyproject)."""

import pytest


def pytest_collection_modifyitems(items):
    """scripts/test runs the suite in two processes (pytest-xdist, ``--dist loadgroup``).
    The tests that start the site as the README does (the ``served`` fixture: scripts/serve
    sets up and collects the static files into the one staticfiles/ folder) run in one of
    them, one after another."""
    for item in items:
        if "served" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("served"))


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (the per-IP join limit lives there)."""
    from django.core.cache import cache
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's own language: a request through Django's
    LocaleMiddleware leaves its language active in the thread, so a test that asked for a
    page in Chinese made a later test's page Chinese (test_the_500_page_is_the_sites_own,
    which renders outside any request, failed after one)."""
    from django.conf import settings
    from django.utils import translation
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
