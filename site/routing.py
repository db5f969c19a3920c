"""WebSocket URL routes (filled by rooms/)."""
from rooms.routing import websocket_urlpatterns as room_routes

websocket_urlpatterns: list = [*room_routes]
