"""The browser error endpoint (POST only; the dashboard lives in the admin, see admin.py)."""
from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from tefuda_site.throttle import TokenBucket

from .errors import record_client_error

BODY_MAX = 2048


#: A process-wide budget of browser error reports: 20 at once, one more every 2 s (nothing
#: per client is kept: no IP, no cookie).
BUDGET = TokenBucket(capacity=20, rate=0.5)


@require_POST
def client_error(request: HttpRequest) -> HttpResponse:
    """Count one browser error: JSON ``{"kind": "error"|"unhandledrejection", "message": str,
    "path": str, "line": int}``. 204 when counted, 429 over the rate limit, 400 for a body
    that is not such an object or longer than :data:`BODY_MAX` bytes (CSRF protected)."""
    if len(request.body) > BODY_MAX:
        return HttpResponse(status=400)
    try:
        data = json.loads(request.body)
    except ValueError:
        return HttpResponse(status=400)
    if not isinstance(data, dict):
        return HttpResponse(status=400)
    if not BUDGET.take():
        return HttpResponse(status=429)
    record_client_error(data)
    return HttpResponse(status=204)
