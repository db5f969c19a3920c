"""Seat credentials (notes §5.2).

- seat token: random, minted when a seat is taken, kept by the tab in sessionStorage and
  sent in the socket's first ``hello`` message; it brings the tab back to its seat.
- browser id: random, in an HttpOnly cookie shared by the browser's tabs; it lets a
  reopened tab take back its *disconnected* seat, never a connected one.

Only SHA-256 digests are stored.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

BROWSER_COOKIE = "tefuda_bid"
BROWSER_COOKIE_AGE = 60 * 60 * 24 * 30


def new_token() -> str:
    """A fresh 256-bit URL-safe secret."""
    return secrets.token_urlsafe(32)


def digest(token: str | None) -> str | None:
    """The stored form of a token (hex SHA-256); ``None`` for a missing/odd token."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    return hashlib.sha256(token.encode()).hexdigest()


def same(stored: str | None, token: str | None) -> bool:
    """Constant-time check of ``token`` against a stored digest."""
    d = digest(token)
    return bool(stored and d and hmac.compare_digest(stored, d))
