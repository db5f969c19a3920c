"""The browser error endpoint (POST only; the dashboard lives in the admin, see admin.py)."""
from __future__ import annotations

import json
import threading
import time

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from .errors import record_client_error

BODY_MAX = 2048


class Budget:
    """A process-wide token bucket: ``capacity`` reports at once, ``rate`` per second.
    (Nothing per client is kept: no IP, no cookie.)"""

    def __init__(self, capacity: float = 20, rate: float = 0.5):
        self.capacity, self.rate = capacity, rate
        self.credits, self.at = capacity, time.monotonic()
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            now = time.monotonic()
            self.credits = min(self.capacity, self.credits + (now - self.at) * self.rate)
            self.at = now
            if self.credits < 1:
                return False
            self.credits -= 1
            return True


BUDGET = Budget()


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
