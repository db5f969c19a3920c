"""A token bucket shared by the per-socket message limit (rooms.ratelimit) and the browser
error reports (analytics.views): ``capacity`` events at once, refilled at ``rate`` per
second. Thread-safe; it keeps no identity of its own (callers decide whose bucket it is)."""
from __future__ import annotations

import threading
import time


class TokenBucket:
    """``take()`` spends one credit and says whether there was one."""

    def __init__(self, capacity: float, rate: float):
        self.capacity, self.rate = capacity, rate
        self.credits, self.at = capacity, time.monotonic()
        self.lock = threading.Lock()

    def take(self) -> bool:
        """Spend one credit; False when the bucket is empty (the caller drops the event)."""
        with self.lock:
            now = time.monotonic()
            self.credits = min(self.capacity, self.credits + (now - self.at) * self.rate)
            self.at = now
            if self.credits < 1:
                return False
            self.credits -= 1
            return True
