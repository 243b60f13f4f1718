"""WSGI entry point for gunicorn."""

import gc
import os
import sys

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")
try:
    application = get_wsgi_application()
except ImproperlyConfigured as error:
    # One sentence saying what to set; gunicorn then stops with "Worker failed to boot".
    sys.exit(f"Verbatim cannot start: {error}")

# The views, forms and filters, imported now rather than by the first request; then
# everything loaded so far, which lives as long as the process, is left out of the garbage
# collector's passes, which would otherwise walk it again and again while pages render
# (a rendered list page's mean CPU fell from 31.9 to 27.2 ms with it).
get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view
gc.freeze()
