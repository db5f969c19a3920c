"""The room socket opens only from a page of this very site: Origin equal to the socket's own
scheme, host and port, or one of TEFUDA_ALLOWED_ORIGINS (issue 15 #7: the host name alone was
compared, so http://127.0.0.1:9999 — any page on another port — was let in)."""
import pytest
from channels.db import database_sync_to_async as adb
from channels.testing import WebsocketCommunicator

from tefuda_site.asgi import application

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def opens(room_id, origin: bytes | None, host: bytes = b"testserver:8000", scheme: str = "ws") -> bool:
    headers = [(b"host", host)] + ([(b"origin", origin)] if origin is not None else [])
    comm = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=headers)
    comm.scope["scheme"] = scheme
    connected, _ = await comm.connect()
    await comm.disconnect()
    return connected


@pytest.mark.parametrize("origin", [
    b"http://testserver:9999",   # another port of the same host
    b"https://testserver:8000",  # another scheme
    b"http://testserver",        # the default port is not 8000
    b"http://evil.example:8000", b"null", b"", None, b"http://testserver:8000/path", b"file://testserver",
])
async def test_a_foreign_origin_cannot_open_the_socket(make_room, origin):
    room, _ = await adb(make_room)(("あき",))
    assert not await opens(room.id, origin)


async def test_the_sites_own_origin_opens_it(make_room, settings):
    room, _ = await adb(make_room)(("あき",))
    assert await opens(room.id, b"http://testserver:8000")
    assert await opens(room.id, b"HTTP://TestServer:8000")  # scheme and host are case-free
    assert await opens(room.id, b"https://testserver", host=b"testserver", scheme="wss")
    assert await opens(room.id, b"https://testserver", host=b"testserver:443", scheme="wss")
    assert not await opens(room.id, b"http://testserver", host=b"testserver", scheme="wss")
    # a Host the site does not serve is refused even when Origin matches it
    assert not await opens(room.id, b"http://other.example:8000", host=b"other.example:8000")


async def test_configured_origins_are_let_in(make_room, settings):
    room, _ = await adb(make_room)(("あき",))
    settings.TEFUDA_ALLOWED_ORIGINS = ["https://cards.example"]
    assert await opens(room.id, b"https://cards.example")
    assert not await opens(room.id, b"https://cards.example:8443")
