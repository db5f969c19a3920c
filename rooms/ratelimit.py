"""A per-socket credit bucket (notes §5.5, after lila-ws): ``capacity`` messages at once,
refilled at ``rate`` per second."""
from __future__ import annotations

import time


class Bucket:
    def __init__(self, capacity: float = 30, rate: float = 6):
        self.capacity, self.rate = capacity, rate
        self.credits, self.at = capacity, time.monotonic()

    def take(self) -> bool:
        """Spend one credit; False when empty (the message is dropped)."""
        now = time.monotonic()
        self.credits = min(self.capacity, self.credits + (now - self.at) * self.rate)
        self.at = now
        if self.credits < 1:
            return False
        self.credits -= 1
        return True
