#!/usr/bin/env python
"""Django's command-line utility for Verbatim."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 - reads the settings now, to report them plainly
    except ImproperlyConfigured as error:
        # A setting to fix is one sentence saying what to set, never a traceback.
        sys.exit(f"Verbatim cannot start: {error}")
    execute_from_command_line(sys.argv)
