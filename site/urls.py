"""URL configuration."""
from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.top, name="top"),
    path("favicon.ico", views.favicon),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the switch on every page
    path("replay/", views.replay_page, name="replay"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("admin/", admin.site.urls),
    path("analytics/", include("analytics.urls")),
    path("", include("rooms.urls")),
]
