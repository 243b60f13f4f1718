"""The shared cache of public pages: an anonymous reader's page, rendered once, is served to
every reader from the cache until anything public changes.

What is cached: the 200 answer to an anonymous GET (no session or messages cookie) outside
the admin, unless the view says no (`never_cache`, Cache-Control private or no-store), sets
a cookie or a CSRF token, streams, varies on a request header other than Accept, or is
larger than PAGE_CACHE_MAX_BYTES. A page's key is its URL (host included), the request's
Accept header, so the API's formats are kept apart, and the language it is answered in. A
public page's language is in its URL (verbatim/locale.py: /uk/quotes/, English unprefixed);
the language in the key as well keeps an English page from ever being served as a Ukrainian
one, or the reverse, should a language ever come from anywhere else.

When it goes stale: the archive has a *generation*, one value in the shared cache, and any
change to a public record replaces it. Each page is stored with the generation it was
rendered in, and served only while that is still the current one, so a page rendered before
a change is never served after it. Public records are the models in PUBLIC_MODELS, whose
saves and deletes are caught here, plus `quote_changed` (the lifecycle service's signal,
which also covers its bulk updates). A change is published when its transaction commits:
before that no other connection can see it. The thread that made it publishes it too before
it next reads the cache, so that a test, whose transaction never commits, sees its own
changes. A page served costs one round trip to the cache (the generation and the page, read
together); a page rendered, one more to store it.

With a read replica a page rendered just after a change may have read the replica before it
caught up; so for PAGE_CACHE_REPLICA_SETTLE seconds after a change, pages are rendered but
not stored.

If the cache cannot be reached (verbatim.cache answers as a miss and says it is `down`),
pages are rendered as if there were none. A change committed while it cannot be reached is
published by the process that made it as soon as it reads the cache again and finds it
back, before serving anything from it; a page another process serves in between may be one
from before the change, should the same cache come back with it.

Limits still count for a page served from the cache: this middleware comes after the rate
limits (verbatim.ratelimit) and asks the API's DRF throttles before serving an API answer.

The cache must be shared by every process that writes or serves (Redis, REDIS_URL): with a
per-process cache a change made by one process would not reach the others, so without
REDIS_URL the page cache is off unless PAGE_CACHE_SECONDS turns it on (the tests do, in one
process).
"""

import hashlib
import logging
import secrets
import threading
import time

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import get_max_age

from verbatim.routers import replica_configured

# The records the public pages show; a save or delete of any of them changes the generation.
PUBLIC_MODELS = (
    "quotes.Quote",
    "quotes.Printing",
    "quotes.Person",
    "quotes.PersonAlias",
    "quotes.Unit",
    "quotes.Membership",
    "quotes.Correction",
    "quotes.ArchiveFigures",
    "archive.Outlet",
    "archive.Article",
    "archive.Capture",  # an article's page links its captures
)
GENERATION_KEY = "pagecache:generation"
KEY_PREFIX = "pagecache:page:"
# The request headers a stored page may vary on: DRF's content negotiation (Accept), and the
# cookie, which for the anonymous requests served here holds nothing of the reader's.
VARY_ALLOWED = {"accept", "cookie"}
HEADER = "X-Page-Cache"
NEVER_PATHS = ("/admin/",)
NOT_STORED = {"private", "no-store", "no-cache"}

_pending = threading.local()
# A change this process could not publish while the cache was away (any thread's).
_unpublished = threading.Event()
logger = logging.getLogger(__name__)


def enabled() -> bool:
    return settings.PAGE_CACHE_SECONDS > 0


# --- The generation ------------------------------------------------------------------------


def generation() -> str:
    """The archive's current generation: "<when it began>:<random>"."""
    return _read()[0]


def _read(*keys) -> tuple[str | None, dict]:
    """The generation, and whatever of `keys` the cache holds, in one round trip; None for
    the generation when the cache cannot be reached."""
    if getattr(_pending, "changed", False) or _unpublished.is_set():
        publish()
    found = cache.get_many([GENERATION_KEY, *keys])
    value = found.get(GENERATION_KEY)
    if value is None and not _down():
        # Evicted or never set: start one (another process may start its own at the same
        # moment; whichever lands, pages from before stay unreachable).
        cache.add(GENERATION_KEY, _new_generation(), timeout=None)
        value = cache.get(GENERATION_KEY)
    return (None, {}) if _down() else (value, found)


def publish() -> None:
    """Start a new generation: every page cached so far is out of date. A generation that
    cannot be written (the cache is away) is written when the process next reads the cache
    and finds it back, before anything is served from it."""
    _pending.changed = False
    cache.set(GENERATION_KEY, _new_generation(), timeout=None)
    if _down():
        logger.warning("page cache unreachable: the change is published when it is back")
        _unpublished.set()
    else:
        _unpublished.clear()


def _down() -> bool:
    """Whether the cache's last command failed (verbatim.cache.RedisCache says so)."""
    return getattr(cache, "down", False)


def _new_generation() -> str:
    return f"{time.time():.3f}:{secrets.token_hex(4)}"


def _settled(value: str) -> bool:
    """Whether pages rendered in this generation may be stored (see the module's note)."""
    wait = settings.PAGE_CACHE_REPLICA_SETTLE if replica_configured() else 0
    return not wait or time.time() - float(value.split(":", 1)[0]) >= wait


def changed(**kwargs) -> None:
    """A public record changed: publish a new generation once the transaction commits."""
    if not enabled():
        return
    _pending.changed = True
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        # Once per transaction: an import saves thousands of rows in one. Django replaces
        # the list of commit hooks when a transaction ends or a savepoint is rolled back
        # (possibly with ours), so the list we were added to says whether we still are.
        if getattr(_pending, "hooks", None) is connection.run_on_commit:
            return
        _pending.hooks = connection.run_on_commit
    # Robust: the change is made whatever happens to the cache (its pages expire anyway).
    transaction.on_commit(publish, robust=True)


def connect(*signals) -> None:
    """Listen to the saves and deletes of PUBLIC_MODELS, and to `signals`: the app's own
    signals of changes no save announces (the quotes app gives its lifecycle's
    quote_changed, sent for bulk updates too). The project package imports no app: each app
    hands its signals over from its AppConfig.ready()."""
    for label in PUBLIC_MODELS:
        model = apps.get_model(label)
        post_save.connect(changed, sender=model, dispatch_uid=f"pagecache-save-{label}")
        post_delete.connect(changed, sender=model, dispatch_uid=f"pagecache-delete-{label}")
    for signal in signals:
        signal.connect(changed, dispatch_uid=f"pagecache-{id(signal)}")


# --- The middleware -----------------------------------------------------------------------


class PageCacheMiddleware:
    """Serves and stores anonymous readers' pages (see the module's note). It looks a page up
    in process_view, after the rate limits' process_view has counted the request, and stores
    the answer on its way out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        stored_as = getattr(request, "_page_cache", None)
        if stored_as is not None and not response.has_header(HEADER):
            if _storable(request, response):
                page = (stored_as[1], _kept(response))
                cache.set(stored_as[0], page, settings.PAGE_CACHE_SECONDS)
                if not _down():
                    response[HEADER] = "miss"
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not (enabled() and _readable(request)) or getattr(view_func, "page_cache_exempt", 0):
            return None
        key = _key(request)
        value, found = _read(key)
        if value is None:
            return None  # the cache is away: rendered, as without one; slower, never down
        if request.method == "GET" and _settled(value):
            request._page_cache = (key, value)
        rendered_in, response = found.get(key) or (None, None)
        if rendered_in != value or not _throttles_allow(request, view_func):
            return None
        response[HEADER] = "hit"
        return response


def _kept(response) -> HttpResponse:
    """What is stored of a page: its status, headers and bytes. A DRF Response pickled whole
    would keep the data it was rendered from too, read back (unpickled) on every hit."""
    kept = HttpResponse(response.content, status=response.status_code)
    for name, value in response.items():
        kept[name] = value
    return kept


def _key(request) -> str:
    accept = request.META.get("HTTP_ACCEPT", "")
    page = f"{request.build_absolute_uri()}\n{accept}\n{translation.get_language()}"
    return KEY_PREFIX + hashlib.sha256(page.encode()).hexdigest()


def exempt(view):
    """Marks a view the page cache leaves alone entirely: it neither looks it up nor stores
    it (unlike never_cache, which only keeps it from being stored)."""
    view.page_cache_exempt = True
    return view


def _readable(request) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
        and not request.path.startswith(NEVER_PATHS)
    )


def _storable(request, response) -> bool:
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        return False  # the page holds a CSRF token: this reader's own
    control = response.get("Cache-Control", "").lower()
    directives = {part.split("=", 1)[0].strip() for part in control.split(",")}
    if directives & NOT_STORED or get_max_age(response) == 0:
        return False
    vary = {name.strip().lower() for name in response.get("Vary", "").split(",") if name.strip()}
    if vary - VARY_ALLOWED:
        return False
    return len(response.content) <= settings.PAGE_CACHE_MAX_BYTES


def _throttles_allow(request, view_func) -> bool:
    """For a DRF view, whether its throttles let this request through (and count it, as the
    view would). A refused request goes on to the view, which refuses it in DRF's words."""
    view_class = getattr(view_func, "cls", None)
    throttles = getattr(view_class, "throttle_classes", ())
    return all(throttle().allow_request(request, None) for throttle in throttles)
