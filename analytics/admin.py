"""The staff dashboard, in the Django admin (Analytics → Usage dashboard).

The :class:`~analytics.models.Dashboard` proxy's changelist is replaced by the dashboard
(totals, daily charts drawn with the vendored Chart.js, the special-card table, the
quit-point funnel, recent error kinds) and ``export.csv`` next to it. Both go through
``admin_site.admin_view``: anonymous and non-staff users are sent to the admin login;
every active staff user may view (nothing can be added, changed or deleted here).
"""
from __future__ import annotations

from datetime import date, timedelta

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy as _

from . import dashboard
from .models import Dashboard

DEFAULT_DAYS = 30
MAX_DAYS = 366


class RangeForm(forms.Form):
    start = forms.DateField(label=_("開始日"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    end = forms.DateField(label=_("終了日"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    game = forms.ChoiceField(label=_("ゲーム"), required=False, choices=dashboard.game_choices)

    def range(self) -> tuple[date, date, str]:
        """``(start, end, game)``: the last 30 days by default, at most a year, start ≤ end."""
        data = self.cleaned_data if self.is_valid() else {}
        end = data.get("end") or timezone.localdate()
        start = data.get("start") or end - timedelta(days=DEFAULT_DAYS - 1)
        if start > end:
            start, end = end, start
        start = max(start, end - timedelta(days=MAX_DAYS - 1))
        return start, end, data.get("game") or ""


@admin.register(Dashboard)
class DashboardAdmin(admin.ModelAdmin):
    def has_view_permission(self, request, obj=None) -> bool:
        return bool(request.user.is_active and request.user.is_staff)

    def has_module_permission(self, request) -> bool:
        return self.has_view_permission(request)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_urls(self):
        csv_view = self.admin_site.admin_view(self.export_csv)
        return [path("export.csv", csv_view, name="analytics_dashboard_csv")] + super().get_urls()

    def _range(self, request) -> tuple[RangeForm, tuple[date, date, str]]:
        if not self.has_view_permission(request):
            raise PermissionDenied
        form = RangeForm(request.GET or None)
        start, end, game = form.range()
        if not form.is_bound:  # show the default range in the date fields
            form = RangeForm(initial={"start": start, "end": end, "game": game})
        return form, (start, end, game)

    def changelist_view(self, request, extra_context=None):
        form, (start, end, game) = self._range(request)
        data = dashboard.build(start, end, game)
        context = {**self.admin_site.each_context(request), "title": gettext("利用状況ダッシュボード"),
                   "opts": self.model._meta, "form": form, "query": request.GET.urlencode(),
                   "game_label": dict(dashboard.game_choices()).get(game, game),
                   "charts": {"days": data["days"], "series": data["series"], "funnel": data["funnel"],
                              "labels": dashboard.chart_labels()},
                   **data}
        return TemplateResponse(request, "admin/analytics/dashboard.html", context)

    def export_csv(self, request):
        _, (start, end, game) = self._range(request)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        name = f"tefuda-usage-{start}-{end}{'-' + game if game else ''}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        dashboard.write_csv(response, start, end, game)
        return response
