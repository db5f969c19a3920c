"""``manage.py room_driver``: run the CPU/time-out driver and sweeper without serving sockets
(optional: every daphne process already runs one)."""
import asyncio

from django.core.management.base import BaseCommand

from rooms import driver


class Command(BaseCommand):
    help = "Run the room driver loop (CPU turns, time-outs, disconnected seats, cleanup)."

    def handle(self, *args, **options):
        asyncio.run(driver.run())
