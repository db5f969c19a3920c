"""WSGI entry point (HTTP only; the site itself runs on ASGI with daphne)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tefuda_site.settings")
application = get_wsgi_application()
