"""A URLconf for the error tests: the site's routes plus views that fail on purpose."""
from django.http import HttpResponse
from django.urls import include, path

from analytics.sessions import no_analytics


def broken(request):
    return 1 // 0


@no_analytics
def offline(request):
    return HttpResponse("<!doctype html><p>offline practice</p>", content_type="text/html")


urlpatterns = [
    path("boom/", broken, name="boom"),
    path("client-only/", offline, name="client_only"),
    path("", include("tefuda_site.urls")),
]
