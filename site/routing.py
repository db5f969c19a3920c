"""WebSocket URL routes (filled by rooms/)."""
websocket_urlpatterns: list = []
