"""Routes of analytics (included under /analytics/)."""
from django.urls import path

from . import views

app_name = "analytics"
urlpatterns = [
    path("client-error/", views.client_error, name="client_error"),
]
