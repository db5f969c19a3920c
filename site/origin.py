"""The room socket's Origin check: a socket is accepted only from a page of this very site.

The ``Origin`` header must equal the socket request's own scheme, host and port
(``ws`` → ``http``, ``wss`` → ``https``; default ports are implied; the host must also be in
``ALLOWED_HOSTS``), or be one of ``settings.TEFUDA_ALLOWED_ORIGINS`` (full origins such as
``https://cards.example``). Channels' AllowedHostsOriginValidator compared host names only,
so a page on another port or scheme of the same host (``http://127.0.0.1:9999``) could open
the socket with the browser's cookies (issue 15 #7). Behind a TLS proxy, the scheme is the
proxy's ``X-Forwarded-Proto`` (``TEFUDA_TRUSTED_PROXIES``, tefuda_site.asgi).
"""
from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def normalise(origin: str) -> str | None:
    """``scheme://host[:port]`` in lower case with the scheme's default port left out, or
    None for anything that is not such an origin (``null``, paths, other schemes)."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path or parts.query or parts.username:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != DEFAULT_PORTS[parts.scheme] else "")


def own_origin(scope) -> str | None:
    """The origin a page of this site would have for this socket request: its scheme and
    ``Host`` header (None when the host is not one of ``ALLOWED_HOSTS``)."""
    host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin1")
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    return normalise(f"{scheme}://{host}")


def allowed(scope) -> bool:
    """Whether the socket request's ``Origin`` is this site's own or a configured one."""
    raw = dict(scope.get("headers") or ()).get(b"origin")
    origin = normalise(raw.decode("latin1")) if raw else None
    if origin is None:
        return False
    configured = {normalise(o) for o in getattr(settings, "TEFUDA_ALLOWED_ORIGINS", ())}
    return origin in configured or origin == own_origin(scope)


class SameOriginValidator:
    """ASGI middleware: sockets whose Origin is not :func:`allowed` are refused before the
    handshake completes (403, as channels' validators do); HTTP passes through."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
