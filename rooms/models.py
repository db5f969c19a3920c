"""Rooms, their seats and the event log.

A :class:`Room` holds the authoritative game state (engine JSON) and a ``version`` that
goes up by one on every accepted change; :mod:`rooms.actions` is the only writer and
refuses a stale version (compare-and-set on ``version``). The passphrase is never stored:
``key`` is its keyed hash while the room lives, cleared when the room closes.
"""
from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone


class Room(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "待合室"
        PLAYING = "playing", "対戦中"
        CLOSED = "closed", "終了"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    game = models.CharField(max_length=16, default="daifugo")
    solo = models.BooleanField(default=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    options = models.JSONField(default=dict)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    seed = models.CharField(max_length=32, default="")
    # CPU / time-out / disconnect driver: when the next automatic move is due, and which
    # process drives the room until when (notes §7.14: a dead driver's lease expires and
    # any other process's sweeper picks the room up).
    timers = models.JSONField(default=dict)  # tables.core.pacing
    # the hand in progress as tables.core.history records it (its seed and secret stay
    # here until the hand ends; only the commitment is shown) and the room's finished hands
    hand = models.JSONField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    driver = models.CharField(max_length=64, blank=True, default="")
    driver_until = models.DateTimeField(null=True, blank=True)
    empty_since = models.DateTimeField(null=True, blank=True, db_index=True)
    # the browser ids (hashes, rooms.tokens.digest) of the people the host removed: they cannot
    # join this room again (try38); kept only while the room lives, like the seats' own
    removed = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.game} room {self.id} ({self.status}, v{self.version})"

    @property
    def group(self) -> str:
        """The channel-layer group of the room's sockets (doorbells only)."""
        return f"room.{self.id.hex}"


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", "人"
        CPU = "cpu", "CPU"

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    order = models.PositiveSmallIntegerField()  # the seat number once the game starts
    kind = models.CharField(max_length=5, choices=Kind.choices)
    name = models.CharField(max_length=200)  # 16 grapheme clusters (rooms.passphrase.clean_name)
    is_host = models.BooleanField(default=False)
    token_hash = models.CharField(max_length=64, null=True, blank=True, db_index=True)
    browser_hash = models.CharField(max_length=64, null=True, blank=True)
    channel_name = models.CharField(max_length=200, null=True, blank=True)
    seen_at = models.DateTimeField(null=True, blank=True)
    left_at = models.DateTimeField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    auto = models.BooleanField(default=False)  # おまかせ after two time-outs in a row
    # a CPU seat's level (games.core.engine.LEVELS; issue 16); people's seats ignore it:
    # their stand-in, おまかせ and hints are always つよい (rooms.driver.level_for)
    level = models.CharField(max_length=8, default="normal")

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["room", "order"], name="seat_order_unique")]

    def __str__(self) -> str:
        return f"seat {self.order} of {self.room_id} ({self.kind})"

    @property
    def is_human(self) -> bool:
        return self.kind == self.Kind.HUMAN


class RoomEvent(models.Model):
    """Append-only log of accepted changes: who did what to which version."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True)
    by = models.CharField(max_length=8)  # human, cpu, timeout, host, system
    action = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["room", "version"]
        constraints = [models.UniqueConstraint(fields=["room", "version"], name="event_version_unique")]


class HandRecord(models.Model):
    """One finished hand of a room (games.core.record): the deal's seed and secret, every
    action, the result. Seat numbers only, never names; deleted with its room."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="hands")
    no = models.PositiveIntegerField()
    record = models.JSONField()
    #: the Seat ids of the hand's seats, by seat number (never names: the viewer names a
    #: seat only while that same seat is still in the room, rooms.views.hand_page)
    seats = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["room", "no"]
        constraints = [models.UniqueConstraint(fields=["room", "no"], name="hand_no_unique")]
