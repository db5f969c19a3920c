"""Content-Security-Policy for every HTML response (notes §5.2, §5.6, §7.10).

Django 5.2 has no built-in CSP, so this small middleware sets one: scripts only from this
origin or with the response's nonce (``request.csp_nonce``, also ``{{ csp_nonce }}`` in
templates through :func:`nonce`, which templates/base.html gives its scripts), no
eval, no plugins, no framing; sockets, fetches, workers and the service worker only from
this origin (CSP 3: ``'self'`` covers ``ws:``/``wss:`` of the same host).
``'wasm-unsafe-eval'`` lets Pyodide compile WebAssembly for the browser's practice table
(issue 12); it allows no JavaScript eval. Inline ``<script>`` without the nonce does not
run; ``<script type="application/json">`` data blocks (``json_script``) are not scripts.
Styles allow inline ``style`` (htmx's indicator rule, per-element widths); names are
escaped by the templates, and a style cannot run code.

A view that sets its own ``Content-Security-Policy`` header keeps it.
"""
from __future__ import annotations

import secrets

from asgiref.sync import iscoroutinefunction, markcoroutinefunction

POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "font-src 'self'; "
    "connect-src 'self'; "
    "object-src 'none'; "
    "base-uri 'none'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADER = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    """Give each request a fresh nonce and each response the policy (sync and async)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        request.csp_nonce = secrets.token_urlsafe(18)
        return self._add(request, self.get_response(request))

    async def __acall__(self, request):
        request.csp_nonce = secrets.token_urlsafe(18)
        return self._add(request, await self.get_response(request))

    @staticmethod
    def _add(request, response):
        if HEADER not in response:
            response[HEADER] = POLICY.format(nonce=request.csp_nonce)
        return response


def nonce(request) -> dict:
    """Template context processor: ``{{ csp_nonce }}`` for ``<script nonce="…">``."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
