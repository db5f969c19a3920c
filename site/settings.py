"""Django settings for Tefuda.

Embedded defaults need nothing else on one machine: SQLite (``var/db.sqlite3``) and the
in-memory channel layer. Set ``DATABASE_URL`` (e.g. ``postgres://…``) and ``REDIS_URL``
(``redis://127.0.0.1:6379/0``) to run several daphne processes on PostgreSQL and
channels-redis; set ``TEFUDA_SECRET_KEY`` and ``TEFUDA_DEBUG=0`` in production.
"""
from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TEFUDA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    """The configured key, else one generated once and kept in var/ (never committed)."""
    if os.environ.get("TEFUDA_SECRET_KEY"):
        return os.environ["TEFUDA_SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    if not path.exists():
        import secrets

        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("TEFUDA_DEBUG", "1") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("TEFUDA_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("TEFUDA_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "games",
    "rooms",
    "analytics",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tefuda_site.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "analytics.sessions.SessionCountMiddleware",  # distinct browsers per day, no identifier
]

ROOT_URLCONF = "tefuda_site.urls"
ASGI_APPLICATION = "tefuda_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "tefuda_site.csp.nonce",
            ],
        },
    },
    {
        # The room socket's per-seat fragments (rooms/render.py), compiled to Python: 3–5×
        # faster than Django templates at a seat's render. Pages stay Django templates
        # (above, searched first). rooms/jinja.py: Django's escaping, missing names print "".
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "rooms.jinja.environment"},
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}", conn_max_age=0
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One writer at a time without "database is locked" under concurrent sockets; writers
    # queue on a file lock instead of SQLite's sleeping busy handler (tefuda_site/sqlite).
    DATABASES["default"]["ENGINE"] = "tefuda_site.sqlite"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20,
         "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}
    )
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test_db.sqlite3")}
    # Keep each thread's SQLite connection (opening one per socket message cost about a
    # fifth of the server's CPU under bench/ws_load.py). Consumers' database calls share one
    # thread; a finished request thread's connection closes when it is collected.
    # PostgreSQL keeps CONN_MAX_AGE=0 (notes §3 #12: use its "pool" option instead).
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("TEFUDA_SQLITE_CONN_MAX_AGE", "600"))

elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Several daphne processes on PostgreSQL (pip install ".[postgres]"): psycopg's pool
    # instead of a connection per thread hop (notes §3 #12; CONN_MAX_AGE stays 0).
    # CONN_HEALTH_CHECKS: the pool checks each connection as it hands it out, so a
    # PostgreSQL restart costs a reconnect instead of one failed query per stale pooled
    # connection (tests/multiprocess/test_scaled_setup.py).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("pool", True)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

if os.environ.get("REDIS_URL"):
    from .layers import redis_host

    CHANNEL_LAYERS = {
        "default": {
            # channels-redis, delivering messages between one process's own sockets in the
            # process; the connection options are explained in tefuda_site/layers.py
            "BACKEND": "tefuda_site.layers.LocalFirstRedisChannelLayer",
            "CONFIG": {"hosts": [redis_host(os.environ["REDIS_URL"])]},
        }
    }
    # The join limits count in Redis too, so every process sees the same count
    # (rooms.ratelimit); without REDIS_URL the default per-process memory cache serves.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": os.environ["REDIS_URL"], "KEY_PREFIX": "tefuda"}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", "日本語"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request when it is missing (tests)
STATICFILES_DIRS = [BASE_DIR / "static"]
# WhiteNoise serves static files from the daphne process itself (scripts/serve runs
# collectstatic; the finders also serve them without it, e.g. in tests).
WHITENOISE_USE_FINDERS = True

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        # counts error records by exception class and place (no message text)
        "analytics": {"class": "analytics.errors.ErrorCountHandler", "level": "ERROR"},
    },
    "root": {"handlers": ["console", "analytics"], "level": os.environ.get("TEFUDA_LOG_LEVEL", "WARNING")},
}
