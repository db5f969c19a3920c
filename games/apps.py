"""Django app config for games/ (the engines themselves import no Django)."""
from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
