"""Django app config for rooms/."""
from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Rooms"

    def ready(self):
        # a deleted seat (a person's name) leaves nothing readable in the SQLite files
        from django.db.models.signals import post_delete

        from tefuda_site.sqlite.forget import after_delete

        post_delete.connect(after_delete, sender="rooms.Seat", dispatch_uid="tefuda.forget.seat")
