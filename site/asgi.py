"""ASGI entry point: HTTP through Django, WebSockets through the Channels router with an
Origin check (the site's own scheme, host and port: tefuda_site.origin).

Behind a reverse proxy listed in ``TEFUDA_TRUSTED_PROXIES`` (its addresses or networks), the
client address and scheme come from its ``X-Forwarded-For`` / ``X-Forwarded-Proto``
(uvicorn's ProxyHeadersMiddleware: the rightmost address that is not a listed proxy); from
anyone else those headers are ignored. Run daphne *without* ``--proxy-headers``, which would
trust them from any peer."""
import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tefuda_site.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from .origin import SameOriginValidator  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(CookieMiddleware(URLRouter(websocket_urlpatterns))),
    }
)
if settings.TEFUDA_TRUSTED_PROXIES:
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    application = ProxyHeadersMiddleware(application, trusted_hosts=settings.TEFUDA_TRUSTED_PROXIES)

# A server process, tuned for latency (bench/ws_load.py, two daphne on redis, 16–20 rooms):
# - gc.freeze(): Django, the engines and the compiled templates loaded above are kept out
#   of the cyclic collector from now on. A full collection scanned them all and stopped the
#   process for 67–130 ms (every few seconds under load: the slowest 1 % of moves); with
#   them frozen it scans the ~28,000 objects made since, 15–19 ms.
# - a 1 ms GIL switch interval (Python's default is 5 ms): a database thread hop waits for
#   the GIL after every SQLite call while the event loop renders, and a move's transaction
#   held the database's one write lock for 4.1 ms (p50) instead of 1.4 ms.
gc.freeze()
sys.setswitchinterval(0.001)
