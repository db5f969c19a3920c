"""Fixtures of the analytics tests (helpers live in usage_helpers.py: several test folders
have a conftest.py, so nothing imports this one)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _analytics_settings(settings):
    settings.TEFUDA_ROOM_DRIVER = False  # tests drive CPU turns by calling driver.tick()
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user("member", password="pw-member-1")
