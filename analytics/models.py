"""Daily aggregate counters: the only thing analytics stores.

One row per ``(day, game, metric, key)`` holding a count ``n``. Recording bumps ``n``
(:mod:`analytics.record`), so the table grows with the number of distinct things counted
per day, never with traffic: a busy day and a quiet day have about the same rows.

There is no per-person, per-browser or per-room row, and no free text from players: keys
are enumerated labels (:mod:`analytics.metrics`), exception class names and code places,
or scrubbed, truncated browser error messages (capped per day).
"""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

KEY_MAX = 120


class DailyCount(models.Model):
    """How many times ``metric`` (with ``key``) happened in ``game`` on local ``day``.

    ``game`` is ``""`` for site-wide metrics (sessions, errors); ``key`` is ``""`` when
    the metric has no breakdown.
    """

    day = models.DateField()
    game = models.CharField(max_length=16, blank=True, default="")
    metric = models.CharField(max_length=32)
    key = models.CharField(max_length=KEY_MAX, blank=True, default="")
    n = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("日ごとの数")
        constraints = [
            models.UniqueConstraint(fields=["day", "game", "metric", "key"], name="analytics_daily_unique"),
        ]
        indexes = [models.Index(fields=["metric", "day"], name="analytics_metric_day")]

    def __str__(self) -> str:
        return f"{self.day} {self.game or '*'} {self.metric}[{self.key}] = {self.n}"


class Dashboard(DailyCount):
    """Proxy model that gives the staff dashboard its place in the admin index."""

    class Meta:
        proxy = True
        verbose_name = _("利用状況ダッシュボード")
        verbose_name_plural = _("利用状況ダッシュボード")
