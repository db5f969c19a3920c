"""HTTP routes of rooms/ (included at the site root)."""
from django.urls import path

from . import views

app_name = "rooms"
urlpatterns = [
    path("rooms/enter/", views.enter, name="enter"),
    path("rooms/<uuid:room_id>/", views.room_page, name="room"),
    path("rooms/<uuid:room_id>/join/", views.join, name="join"),
    path("rooms/<uuid:room_id>/hands/<int:no>/", views.hand_page, name="hand"),
    path("practice/", views.practice, name="practice"),
    path("practice/<slug:game>/", views.practice, name="practice_game"),
    path("practice/<slug:game>/started", views.practice_started, name="practice_started"),
]
