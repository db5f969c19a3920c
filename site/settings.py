"""Django settings for Tefuda.

Production-safe by default: DEBUG off (``TEFUDA_DEBUG=1`` only for development:
``scripts/serve --dev``), the site's own 404/500 pages, a secret key made once in
``var/secret_key`` readable by its owner only. Embedded defaults need nothing else on one
machine: SQLite (``var/db.sqlite3``) and the in-memory channel layer. Set ``DATABASE_URL``
(e.g. ``postgres://…``) and ``REDIS_URL`` (``redis://127.0.0.1:6379/0``) to run several
daphne processes on PostgreSQL and channels-redis.

Environment (README "Playing on a home network", "Deploying on the internet"):

- ``TEFUDA_ALLOWED_HOSTS``: host names the site answers to (comma-separated);
- ``TEFUDA_HTTPS=1``: served over TLS (behind a proxy): Secure cookies, HSTS
  (``TEFUDA_HSTS_SECONDS``, default one year; ``TEFUDA_HSTS_INCLUDE_SUBDOMAINS=1``,
  ``TEFUDA_HSTS_PRELOAD=1``), plain-HTTP requests redirected;
- ``TEFUDA_TRUSTED_PROXIES``: the reverse proxies (addresses or networks) whose
  ``X-Forwarded-For``/``-Proto`` are believed (tefuda_site.asgi); nobody else's are;
- ``TEFUDA_ALLOWED_ORIGINS``: extra full origins allowed to open the room socket
  (tefuda_site.origin; the site's own is always allowed);
- ``TEFUDA_SECRET_KEY``: the key, instead of var/secret_key.
"""
from __future__ import annotations

import mimetypes
import os
import stat
from pathlib import Path

import dj_database_url

from tables.core.i18n import LANGUAGES as TABLE_LANGUAGES

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TEFUDA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    """The configured key, else one generated once and kept in var/secret_key (never
    committed), created readable and writable by its owner only (0600); a key file that
    others could read (made by an older version) is set to 0600. The key also keys the
    passphrase HMAC (rooms.passphrase.room_key)."""
    if os.environ.get("TEFUDA_SECRET_KEY"):
        return os.environ["TEFUDA_SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    if not path.exists():
        import secrets

        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it just now
            pass
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_urlsafe(50))
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = _env_flag("TEFUDA_DEBUG")
ALLOWED_HOSTS = _env_list("TEFUDA_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = _env_list("TEFUDA_CSRF_TRUSTED_ORIGINS")
TEFUDA_ALLOWED_ORIGINS = _env_list("TEFUDA_ALLOWED_ORIGINS")
TEFUDA_TRUSTED_PROXIES = _env_list("TEFUDA_TRUSTED_PROXIES")

# Served over TLS (README "Deploying on the internet"): `manage.py check --deploy` has no
# warning with TEFUDA_HTTPS=1 TEFUDA_HSTS_INCLUDE_SUBDOMAINS=1 TEFUDA_HSTS_PRELOAD=1.
HTTPS = _env_flag("TEFUDA_HTTPS")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("TEFUDA_HSTS_SECONDS", "31536000")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("TEFUDA_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = _env_flag("TEFUDA_HSTS_PRELOAD")
CSRF_FAILURE_VIEW = "tefuda_site.views.csrf_failure"

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "tefuda_site.static_files.StaticFiles",  # django.contrib.staticfiles, fewer files collected
    "axes",  # the admin login: locked out after repeated failures (AXES_* below)
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
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
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
        # (above, searched first). tables/core/env.py: Django's escaping, missing names print "";
        # the tables' own templates (tables/<game>/templates) first, then DIRS (the waiting room).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "tables.core.env.environment"},
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
         # secure_delete: deleted rows are zeroed in the file (tefuda_site/sqlite/forget.py)
         "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA secure_delete=ON;"}
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
    CACHES["axes"] = CACHES["default"]
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The admin login's failure counts outlive a restart in a table of their own
    # (`manage.py createcachetable`, run by scripts/serve; tests make it with the test database).
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
              "axes": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "tefuda_axes_cache"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The admin login (the only login): django-axes counts failures per user name and client
# address (the proxy's X-Forwarded-For only from TEFUDA_TRUSTED_PROXIES, tefuda_site.asgi)
# and locks that pair out for an hour after 5; a success resets the count. The counts live
# in the cache (Redis with REDIS_URL), never in the database: no log of who tried.
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_CACHE = "axes"
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("TEFUDA_ADMIN_LOGIN_FAILURES", "5"))
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin_locked.html"

LANGUAGE_CODE = "ja"
LANGUAGES = list(TABLE_LANGUAGES)  # 日本語 (the source text), English, 简体中文 (issue 14)
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the language switch is remembered after the browser closes
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request when it is missing (tests)
BUILD_DIR = BASE_DIR / "build"  # scripts/setup's output: static/app/tefuda-py.zip, sw.js
(BUILD_DIR / "static").mkdir(parents=True, exist_ok=True)
NODE_MODULES = BASE_DIR / "node_modules"  # npm ci (scripts/setup); served from our origin
STATICFILES_DIRS = [
    BASE_DIR / "static",
    BUILD_DIR / "static",  # app/tefuda-py.zip: games/ + tables/ + Jinja2 + MarkupSafe for Pyodide
    ("pyodide", NODE_MODULES / "pyodide"),  # npm pyodide: pyodide.mjs, pyodide.asm.wasm, …
    ("chartjs", NODE_MODULES / "chart.js" / "dist"),  # the analytics dashboard's charts
    # htmx's morph swap (idiomorph-ext.min.js: Idiomorph and its htmx extension): the hand
    # is morphed, not rebuilt (tables/core/frames.py MORPH)
    ("idiomorph", NODE_MODULES / "idiomorph" / "dist"),
]
# Python 3.11's table lacks .mjs (Pyodide's pyodide.mjs / pyodide.asm.mjs are imported as
# modules, which browsers refuse as application/octet-stream); WebAssembly's streaming
# compile needs application/wasm. Django's static view (tests) reads this table.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")
# WhiteNoise serves static files from the daphne process itself.
# Static files: scripts/serve collects them (collectstatic writes gzip and brotli copies
# beside each, which WhiteNoise serves to browsers that accept them: Pyodide's 9.6 MB wasm
# goes as ~3.5 MB, bench/pyodide_boot.py) and says so with TEFUDA_STATIC_COLLECTED=1; else
# (tests, a tree never collected) they are served from the finders as they are. Names stay
# plain (Pyodide's loader asks for its files by name).
WHITENOISE_USE_FINDERS = not _env_flag("TEFUDA_STATIC_COLLECTED")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tefuda_site.static_files.CompressedOnce"},
}

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
