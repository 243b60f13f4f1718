"""The production settings for the benchmark: a bare view beside the site, a header counting
each request's queries, static files collected into var/bench/, and rate limits raised far
above what 32 clients from one address ask for (the limits still count, in Redis as in
production; they just never answer 429)."""

import os

from verbatim.settings import *  # noqa: F403 - these settings, the few below changed
from verbatim.settings import BASE_DIR, MIDDLEWARE, REST_FRAMEWORK

ROOT_URLCONF = "bench.scale.urls"
# Outermost, so that it counts every query any other middleware or the view runs.
MIDDLEWARE = ["bench.scale.middleware.QueryCountMiddleware", *MIDDLEWARE]
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT", str(BASE_DIR / "var" / "bench" / "static"))

# Per second: DRF's throttles keep a list of each client's request times over the period, and
# all 32 clients are one address, so a minute's list would grow to tens of thousands of
# entries, read and written on every API request, which no real client's 120/min comes near.
NO_LIMIT = "1000000/s"
RATE_LIMITS = {"search": NO_LIMIT, "download": NO_LIMIT, "feed": NO_LIMIT}
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"anon": NO_LIMIT, "user": NO_LIMIT},
}
