"""Verbatim's one settings module, driven by environment variables.

Production is the default: DEBUG is off and a SECRET_KEY must be given. The development
switch is VERBATIM_DEV=1 (set by `make serve` and by the test runner), which turns DEBUG on,
supplies a throwaway key and relaxes the HTTPS-only settings.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from .environment import env_bool, env_json, env_list, env_rate

BASE_DIR = Path(__file__).resolve().parent.parent


DEV = env_bool("VERBATIM_DEV")
DEBUG = env_bool("DEBUG", default=DEV)

if DEV:
    SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-not-secret-" + "x" * 40)
elif os.environ.get("SECRET_KEY"):
    SECRET_KEY = os.environ["SECRET_KEY"]
else:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set: set it to a long random string (openssl rand -hex 32) in "
        "production, or set VERBATIM_DEV=1 to run in development mode."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEV else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.postgres",
    "django.contrib.sitemaps",
    "django_filters",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    # Background tasks: Django 6's framework as backported for 5.2, and its database backend.
    "django_tasks",
    "django_tasks_db",
    # Failed admin logins, and the lockout after too many of them.
    "axes",
    # Only for its system check of the cache the rate limits count in (verbatim/ratelimit.py).
    "django_ratelimit",
    "archive",
    # Following outlets' feeds and sitemaps (archive/following, docs/following.md).
    "archive.following",
    "quotes",
]

MIDDLEWARE = [
    # Outermost: one log line per request, with the id every line written meanwhile carries.
    "verbatim.service.RequestLogMiddleware",
    # In development, the site's own 404 page rather than Django's debug page.
    "verbatim.service.SitePagesInDevelopmentMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: a public page's is in its address (/uk/...), the admin's the reader's.
    "verbatim.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Who made each change, for the history of every record.
    "simple_history.middleware.HistoryRequestMiddleware",
    # 429 for a client that searches, downloads or reads feeds too often.
    "verbatim.ratelimit.RateLimitMiddleware",
    # Anonymous reads of public pages go to the read replica, if there is one.
    "verbatim.routers.ReplicaMiddleware",
    # Anonymous readers' pages from the shared cache (after the limits, which still count).
    "verbatim.pagecache.PageCacheMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Axes first: it refuses a locked-out login before ModelBackend checks the password. It needs
# the request, so tests log in with client.force_login() or client.login(request=...).
# Background tasks (captures, imports, re-extraction): in production the database backend,
# whose workers (`python manage.py run_worker`, any number on any host) share the queue; in
# development, or with VERBATIM_TASKS=immediate, each task runs at once where it is enqueued,
# so no worker is needed.
VERBATIM_TASKS = os.environ.get("VERBATIM_TASKS", "immediate" if DEV else "database")
if VERBATIM_TASKS not in {"immediate", "database"}:
    raise ImproperlyConfigured("VERBATIM_TASKS must be 'immediate' or 'database'.")
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks_db.DatabaseBackend"
            if VERBATIM_TASKS == "database"
            else "django_tasks.backends.immediate.ImmediateBackend"
        ),
        "QUEUES": ["default"],
    }
}
# A task RUNNING longer than this is taken to have lost its worker and is queued again
# (quotes/workers.py; a visibility timeout, so longer than any task takes). A task whose
# workers died TASK_MAX_ATTEMPTS times fails instead.
TASK_STALE_SECONDS = int(os.environ.get("TASK_STALE_SECONDS", 600))
TASK_MAX_ATTEMPTS = int(os.environ.get("TASK_MAX_ATTEMPTS", 3))

# The history is a record, never a way back: old versions are shown, not restored.
SIMPLE_HISTORY_REVERT_DISABLED = True

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "verbatim.urls"

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
            ],
        },
    },
]

# Plain inputs and selects made in Python, not from templates each (verbatim/forms.py).
FORM_RENDERER = "verbatim.forms.FormRenderer"

WSGI_APPLICATION = "verbatim.wsgi.application"

# DATABASE_URL picks the database (postgres://... or sqlite:///path); with nothing set the
# app runs on a SQLite file in var/ so that it works with zero setup.
DEFAULT_SQLITE = BASE_DIR / "var" / "verbatim.sqlite3"
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DEFAULT_SQLITE}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DEFAULT_SQLITE.parent.mkdir(exist_ok=True)
    # Wait for the writer instead of failing at once when two processes share the file.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
# DATABASE_REPLICA_URL, where set, is a read replica of the same database (PostgreSQL
# streaming replication): verbatim.routers sends the reads of anonymous GET requests to
# public pages there, everything else to "default". Migrations never run on it, and tests
# read it as the default's mirror.
if os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = dj_database_url.parse(
        os.environ["DATABASE_REPLICA_URL"], conn_max_age=60, conn_health_checks=True
    )
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
# On PostgreSQL, parameters are bound by the server and a query a connection has run
# DATABASE_PREPARE_THRESHOLD times (default 2) is prepared: the import and the pages run the
# same few queries over and over, and each is then parsed and planned once a connection.
# 0 turns this off (Django's default), for a pooler in transaction mode (PgBouncer before
# 1.21) that cannot keep prepared statements.
PREPARE_THRESHOLD = os.environ.get("DATABASE_PREPARE_THRESHOLD", "2")
if not PREPARE_THRESHOLD.isdigit():
    raise ImproperlyConfigured(
        f"DATABASE_PREPARE_THRESHOLD={PREPARE_THRESHOLD!r} is not a whole number (0 for off)."
    )
PREPARE_THRESHOLD = int(PREPARE_THRESHOLD)
for database in DATABASES.values():
    if database["ENGINE"] == "django.db.backends.postgresql" and PREPARE_THRESHOLD:
        options = database.setdefault("OPTIONS", {})
        options.update(server_side_binding=True, prepare_threshold=PREPARE_THRESHOLD)
DATABASE_ROUTERS = ["verbatim.routers.ReplicaRouter"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The public pages in English at their own addresses and in every other language under its
# code (/uk/quotes/), verbatim/locale.py; the admin in the reader's language. Adding one:
# docs/translating.md.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("uk", "Українська")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# ISO 8601 dates in every language, the admin's included (verbatim/formats).
FORMAT_MODULE_PATH = ["verbatim.formats"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Stored files (archive/blobs.py, docs/operations.md#stored-files): WARCs, raw sources past
# ARCHIVE_INLINE_MAX_BYTES, export files, under BLOB_DIR (shared by web and worker hosts,
# readable by the app's user and group only: unpublished material), or in the backend
# BLOB_STORAGE names with BLOB_STORAGE_OPTIONS (JSON), e.g. django-storages' S3.
BLOB_DIR = Path(os.environ.get("BLOB_DIR", BASE_DIR / "var" / "blobs"))
BLOB_STORAGE = os.environ.get("BLOB_STORAGE", "django.core.files.storage.FileSystemStorage")
BLOB_STORAGE_OPTIONS = env_json("BLOB_STORAGE_OPTIONS")
if BLOB_STORAGE == "django.core.files.storage.FileSystemStorage":
    modes = {"file_permissions_mode": 0o640, "directory_permissions_mode": 0o750}
    BLOB_STORAGE_OPTIONS = {"location": str(BLOB_DIR), **modes, **BLOB_STORAGE_OPTIONS}
# Most articles are a few kilobytes of text, kept in their rows; a page or a PDF is larger.
ARCHIVE_INLINE_MAX_BYTES = int(os.environ.get("ARCHIVE_INLINE_MAX_BYTES", 64 * 1024))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "archive": {"BACKEND": BLOB_STORAGE, "OPTIONS": BLOB_STORAGE_OPTIONS},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEV
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Uploaded articles are read into the database, never kept as files on disk.
DATA_UPLOAD_MAX_MEMORY_SIZE = 20 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 20 * 1024 * 1024
# The longest text (UTF-8 bytes of its body, after HTML or PDF is reduced to text) one article
# may have: extraction reads it all in one request or task (bench/bench_extraction.py). A
# longer one is refused with that reason (archive.services.archive_article).
MAX_ARTICLE_TEXT_BYTES = int(os.environ.get("MAX_ARTICLE_TEXT_BYTES", 2 * 1024 * 1024))
# The most quotations one article may hold: storing and linking them is what an import spends
# its time on while it holds the import lock (about 2 ms each), so a longer one is refused.
MAX_ARTICLE_QUOTATIONS = int(os.environ.get("MAX_ARTICLE_QUOTATIONS", 3000))
# A longer text (characters) is archived from the admin by a worker whatever VERBATIM_TASKS
# says, with a page showing its progress (archive/admin/importing.py).
BACKGROUND_IMPORT_CHARS = int(os.environ.get("BACKGROUND_IMPORT_CHARS", 50_000))

# Security: safe by default, relaxed only for local development over plain HTTP.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEV)
# The health checks answer a load balancer's or an orchestrator's plain-HTTP probe where it
# stands, not with a redirect to HTTPS that a probe does not follow.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SESSION_COOKIE_SECURE = not DEV
CSRF_COOKIE_SECURE = not DEV
SECURE_HSTS_SECONDS = 0 if DEV else int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEV
SECURE_HSTS_PRELOAD = not DEV
# Behind a TLS proxy, it tells us the scheme and the client's address (verbatim.ratelimit).
BEHIND_PROXY = env_bool("BEHIND_PROXY")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# The cache holds the rate-limit counters. Production sets REDIS_URL (or CACHE_URL), so that
# every worker process on every web host shares it and counts a client's requests together;
# without it each process keeps its own LocMemCache, the zero-setup default for development.
# Nothing read from the database is cached per process (the home page's figures are a table
# row, quotes.stats); the only in-process memos are of pure functions of text (stemming).
CACHE_URL = os.environ.get("REDIS_URL") or os.environ.get("CACHE_URL")
if CACHE_URL:
    if urlsplit(CACHE_URL).scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            "REDIS_URL or CACHE_URL must be a redis://, rediss:// or unix:// URL."
        )
    CACHES = {
        "default": {
            "BACKEND": "verbatim.cache.RedisCache",
            "LOCATION": CACHE_URL,
            # A frozen Redis costs one request half a second, not five, and then none for a
            # while (verbatim.cache.RETRY_SECONDS): the cache answers as a miss.
            "OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Public pages are kept in that cache for anonymous readers until anything public changes
# (verbatim/pagecache.py). It must be shared by every process, so it is off without REDIS_URL
# unless PAGE_CACHE_SECONDS says otherwise (the tests run in one process and turn it on).
PAGE_CACHE_SECONDS = int(os.environ.get("PAGE_CACHE_SECONDS") or (300 if CACHE_URL else 0))
PAGE_CACHE_MAX_BYTES = int(os.environ.get("PAGE_CACHE_MAX_BYTES") or 1024 * 1024)
# With a read replica, pages are not stored for this long after a change, so that one rendered
# from a replica that had not caught up is never kept.
PAGE_CACHE_REPLICA_SETTLE = float(os.environ.get("PAGE_CACHE_REPLICA_SETTLE") or 5)

# With the cache away the limits count nothing and let requests through (a 500, or a 429 for
# everyone, would be worse); verbatim.cache logs that it is away.
RATELIMIT_FAIL_OPEN = True

SILENCED_SYSTEM_CHECKS = [
    # django-ratelimit's list of supported caches predates Django's own RedisCache, which
    # increments atomically as the limits need.
    "django_ratelimit.W001",
    # SQLite keeps an index's INCLUDE columns out (quote_public_person_order's first dates):
    # the index still serves, and PostgreSQL, where they matter, keeps them.
    "models.W040",
]
if not CACHE_URL:
    # LocMemCache counts per process, so with several workers a client gets a few times its
    # limit. It is the development default; production sets REDIS_URL.
    SILENCED_SYSTEM_CHECKS.append("django_ratelimit.E003")

# The client, for rate limits and login lockouts: its address (REMOTE_ADDR, or behind a proxy
# the last address in X-Forwarded-For, the one the proxy appended; a client can send others),
# and for IPv6 the /64 it is in, so that rotating addresses within it gains nothing.
RATELIMIT_IP_META_KEY = "verbatim.ratelimit.client_network"
AXES_CLIENT_IP_CALLABLE = "verbatim.ratelimit.client_network"

# Per-client limits on the costly public pages (verbatim/ratelimit.py says which pages are
# in which group); beyond them the client gets a 429 page with Retry-After.
RATE_LIMITS = {
    "search": env_rate("RATE_LIMIT_SEARCH", "60/min"),
    "download": env_rate("RATE_LIMIT_DOWNLOAD", "30/min"),
    "feed": env_rate("RATE_LIMIT_FEED", "60/min"),
}

# Admin login lockout (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one
# username from one address (an IPv6 /64), that pair is refused for the cool-off time, even
# with the right password; other addresses are not. After LOGIN_ACCOUNT_FAILURE_LIMIT wrong
# passwords for the username from any addresses, it is refused from every one, so that
# guesses spread over many addresses are stopped too. verbatim.ratelimit.failure_limit says
# which limit applies to a login; axes counts the username's failures against it.
LOGIN_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", 5))
LOGIN_ACCOUNT_FAILURE_LIMIT = int(
    os.environ.get("AXES_ACCOUNT_FAILURE_LIMIT", 3 * LOGIN_FAILURE_LIMIT)
)
AXES_FAILURE_LIMIT = "verbatim.ratelimit.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", 60)))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]
AXES_RESET_ON_SUCCESS = env_bool("AXES_RESET_ON_SUCCESS", default=True)
AXES_LOCKOUT_CALLABLE = "verbatim.ratelimit.lockout_response"

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "style-src": ["'self'"],
        "script-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# One JSON object a line on standard error, each with the id of the request it was written in
# (verbatim.service): what log collectors read, and greppable by request id.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "verbatim.service.RequestIdFilter"},
        "database_down": {"()": "verbatim.service.DatabaseDownFilter"},
    },
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # The request log is ours (one line per request, JSON); Django's would say it again.
    "loggers": {
        "django.server": {"level": "WARNING"},
        "django.request": {"filters": ["database_down"]},
        # Its start-up banner on every command says nothing an operator needs.
        "axes": {"level": "WARNING"},
    },
}

# Public lists.
QUOTES_PER_PAGE = 25

# Downloads (quotes/views/downloads.py): a selection of at most EXPORT_DIRECT_MAX_ROWS quotes and
# printings streams back at once, well within a web worker's timeout; a larger one is written
# by a task into the "archive" storage (BLOB_DIR) and kept EXPORT_KEEP_HOURS.
EXPORT_DIRECT_MAX_ROWS = int(os.environ.get("EXPORT_DIRECT_MAX_ROWS", 20_000))
EXPORT_KEEP_HOURS = int(os.environ.get("EXPORT_KEEP_HOURS", 72))
# The space the stored export files may take together: past it, finishing an export deletes
# the oldest files (quotes.export_files.drop_exports_over_budget), whose links then answer 410.
EXPORT_DISK_BUDGET_BYTES = int(os.environ.get("EXPORT_DISK_BUDGET_BYTES", 5 * 1024**3))
# How many downloads may stream at once across every process: each holds a web worker and a
# database connection for a few seconds, and four at once slowed every other answer of the
# site fiftyfold. Past it a download answers 429 with Retry-After.
EXPORT_DIRECT_CONCURRENCY = int(os.environ.get("EXPORT_DIRECT_CONCURRENCY", 2))

# Where the public site lives (scheme and host, e.g. https://verbatim.example): the origin of
# every absolute link, through quotes.absolute_urls.site_url. Required in production (a deploy
# check refuses it missing or on localhost); in development, left empty, pages use the host
# they were asked for and commands http://127.0.0.1:8000.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")

# Capturing pages from their URL (archive/fetch.py). A capture, redirects included, must be
# done within CAPTURE_TIMEOUT_SECONDS (each connect and read waits at most what is left of
# it), follows at most CAPTURE_MAX_REDIRECTS redirects and reads at most CAPTURE_MAX_BYTES
# (the cap on uploads; also after gzip is undone). Hosts on private, loopback, link-local,
# reserved or multicast addresses are refused unless CAPTURE_ALLOW_PRIVATE=1 (development, or
# an archive that must fetch from its own network).
CAPTURE_TIMEOUT_SECONDS = float(os.environ.get("CAPTURE_TIMEOUT_SECONDS", 30))
CAPTURE_MAX_REDIRECTS = int(os.environ.get("CAPTURE_MAX_REDIRECTS", 10))
CAPTURE_MAX_BYTES = int(os.environ.get("CAPTURE_MAX_BYTES", 10 * 1024 * 1024))
CAPTURE_ALLOW_PRIVATE = env_bool("CAPTURE_ALLOW_PRIVATE")
# The archive names itself to the sites it fetches from, with its address where it has one.
CAPTURE_USER_AGENT = f"VerbatimArchive/0.1 (+{SITE_URL})" if SITE_URL else "VerbatimArchive/0.1"

# Following outlets (archive/following, docs/following.md). Feeds, sitemaps and robots.txt
# are asked for as FOLLOW_USER_AGENT, which names the archive and where to write to it
# (FOLLOW_CONTACT_URL, by default the public site's /about/); robots.txt rules for the
# FOLLOW_ROBOTS_AGENT token are obeyed. To one host the archive has at most
# FOLLOW_HOST_CONCURRENCY requests open at once, each FOLLOW_HOST_DELAY_SECONDS after the
# last on its connection; a Retry-After up to FOLLOW_MAX_WAIT_SECONDS is waited out, a longer
# one puts the source off. A run captures at most FOLLOW_MAX_ITEMS items (the rest wait for
# the next), none published more than FOLLOW_MAX_AGE_DAYS ago, and holds its source for
# FOLLOW_LEASE_SECONDS at a time: a run whose worker died is taken up again after that.
FOLLOW_CONTACT_URL = os.environ.get("FOLLOW_CONTACT_URL", f"{SITE_URL}/about/" if SITE_URL else "")
FOLLOW_ROBOTS_AGENT = "VerbatimArchive"
FOLLOW_USER_AGENT = f"{FOLLOW_ROBOTS_AGENT}/0.1 (+{FOLLOW_CONTACT_URL})".replace(" (+)", "")
FOLLOW_HOST_CONCURRENCY = int(os.environ.get("FOLLOW_HOST_CONCURRENCY", 1))
FOLLOW_HOST_DELAY_SECONDS = float(os.environ.get("FOLLOW_HOST_DELAY_SECONDS", 5))
FOLLOW_MAX_WAIT_SECONDS = float(os.environ.get("FOLLOW_MAX_WAIT_SECONDS", 60))
FOLLOW_MAX_ITEMS = int(os.environ.get("FOLLOW_MAX_ITEMS", 20))
FOLLOW_MAX_AGE_DAYS = int(os.environ.get("FOLLOW_MAX_AGE_DAYS", 7))
FOLLOW_LEASE_SECONDS = int(os.environ.get("FOLLOW_LEASE_SECONDS", 900))
FOLLOW_ROBOTS_HOURS = float(os.environ.get("FOLLOW_ROBOTS_HOURS", 24))
FOLLOW_SITEMAPS_PER_INDEX = int(os.environ.get("FOLLOW_SITEMAPS_PER_INDEX", 3))

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
    # Per client (an address, an IPv6 /64: verbatim.ratelimit.client_network). The API
    # authenticates nobody today, so every client gets the anonymous rate; the user rate is
    # there for when it does.
    "DEFAULT_THROTTLE_CLASSES": [
        "verbatim.ratelimit.AnonymousRateThrottle",
        "verbatim.ratelimit.SignedInRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_rate("RATE_LIMIT_API", "120/min"),
        "user": env_rate("RATE_LIMIT_API_USER", "600/min"),
    },
    # For any DRF throttle that reads the address itself (ours use client_network): never
    # X-Forwarded-For unless behind a proxy, and then only the entry the proxy added.
    "NUM_PROXIES": 1 if BEHIND_PROXY else 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Verbatim API",
    "DESCRIPTION": "Read-only access to Verbatim's published quotes, people, units, outlets "
    "and archived articles.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from our own static files: the CSP allows no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}
