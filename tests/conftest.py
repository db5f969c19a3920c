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
