"""Reading settings from environment variables, each with a clear error for a bad value:
the helpers of verbatim/settings.py (no Django setup needed)."""

import json
import os
import re

from django.core.exceptions import ImproperlyConfigured


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# "120/min", "30/m", "1000/day": a number of requests per second, minute, hour or day, in the
# form both DRF's throttles and django-ratelimit read.
RATE = re.compile(r"\d+/(s|sec|second|m|min|minute|h|hour|d|day)")


def env_rate(name, default):
    value = os.environ.get(name, default).strip()
    if not RATE.fullmatch(value):
        raise ImproperlyConfigured(f"{name}={value!r} is not a rate such as 60/min or 1000/day.")
    return value


def env_json(name):
    """The JSON object in `name`, {} where it is unset or empty."""
    try:
        return json.loads(os.environ.get(name) or "{}")
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} is not JSON: {exc}") from None
