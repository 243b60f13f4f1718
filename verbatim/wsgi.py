"""WSGI entry point for gunicorn."""

import os
import sys

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")
try:
    application = get_wsgi_application()
except ImproperlyConfigured as error:
    # One sentence saying what to set; gunicorn then stops with "Worker failed to boot".
    sys.exit(f"Verbatim cannot start: {error}")
