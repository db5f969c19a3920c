"""Shared pytest configuration (pytest-django reads DJANGO_SETTINGS_MODULE from pyproject)."""

import pytest


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (the per-IP join limit lives there)."""
    from django.core.cache import cache
    cache.clear()
    yield
