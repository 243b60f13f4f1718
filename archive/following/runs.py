"""One run of one source: the source held under a lease, its feed, sitemap or home page read,
and each new item captured through the same capture as an address an archivist gives.

A run claims its source's lease (Source.leased_until) with one UPDATE that only a free or
lapsed lease matches, so two workers never run one source at once, and renews it after each
item; a run whose worker died leaves a lapsed lease and a run RUNNING, which the next claim
marks abandoned before taking the source up again.

An item is: broken (no usable link: one line says why, and a capture that fails says its
own reason), old (already archived, recorded for this source, or published more than
FOLLOW_MAX_AGE_DAYS ago), filtered out (Source.words, Source.languages), refused by
robots.txt, left for a later run (past FOLLOW_MAX_ITEMS), or captured. An item recorded
before is taken again only when the source says it changed since (a later <lastmod> or
<updated>): the capture then makes it a new version of its article.
"""

import datetime
import uuid

import regex
from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.text import Truncator

from ..capture import CaptureRefused, run_capture
from ..fetch import CaptureFailed
from ..languages import detect
from ..models import Article, Capture
from ..queueing import new_capture
from . import polite
from .models import Source, SourceItem, SourceRun
from .reading import Item, Listing, read_listing
from .services import add_source

MAX_BACK_OFF = datetime.timedelta(days=1)
SURE_LETTERS = 60  # letters of a title and summary enough to read their language from


class LeaseLost(Exception):
    """The run held its source past its lease, and another worker has taken it."""


def run_source(source_id: int, *, worker: str = "") -> SourceRun | None:
    """Run the source once, if no other run holds it and it is not paused; the run as it
    ended, or None when it was not run."""
    run = claim(source_id, worker or uuid.uuid4().hex)
    if run is None:
        return None
    try:
        follow(run)
    except polite.PutOff as exc:
        finish(run, SourceRun.State.FAILED, str(exc), put_off=exc.seconds)
    except (CaptureFailed, polite.Disallowed, LeaseLost) as exc:
        finish(run, SourceRun.State.FAILED, str(exc))
    except Exception as exc:
        finish(run, SourceRun.State.FAILED, f"internal error: {type(exc).__name__}: {exc}")
        raise
    return run


def claim(source_id: int, worker: str) -> SourceRun | None:
    """The source's lease taken and a new run begun; None if another run holds it or the
    source is paused. A run left RUNNING under a lapsed lease is marked abandoned."""
    now = timezone.now()
    lease = datetime.timedelta(seconds=settings.FOLLOW_LEASE_SECONDS)
    free = Q(leased_until__isnull=True) | Q(leased_until__lt=now)
    claimed = Source.objects.filter(free, pk=source_id, paused=False).update(
        leased_until=now + lease, leased_by=worker
    )
    if not claimed:
        return None
    SourceRun.objects.filter(source_id=source_id, state=SourceRun.State.RUNNING).update(
        state=SourceRun.State.FAILED,
        finished_at=now,
        reason="abandoned: its worker stopped before the run ended; the source was run again",
    )
    return SourceRun.objects.create(source_id=source_id, worker=worker, started_at=now)


def renew(run: SourceRun) -> None:
    """Hold the source for another lease; LeaseLost if it is no longer this run's."""
    lease = datetime.timedelta(seconds=settings.FOLLOW_LEASE_SECONDS)
    held = Source.objects.filter(pk=run.source_id, leased_by=run.worker).update(
        leased_until=timezone.now() + lease
    )
    if not held:
        raise LeaseLost("the run outlived its lease and another worker took the source")


def finish(run: SourceRun, state: str, reason: str = "", *, put_off=None) -> None:
    """End the run and let the source go, due again after its interval; after a failure,
    after twice as long for each failure in a row (at most a day), or when the host said."""
    now = timezone.now()
    run.state, run.finished_at = state, now
    run.reason = Truncator(" ".join(reason.split())).chars(500)
    run.save()
    source = Source.objects.get(pk=run.source_id)
    failures = source.failures + 1 if state == SourceRun.State.FAILED else 0
    wait = datetime.timedelta(minutes=source.interval)
    if failures:
        wait = min(wait * 2 ** min(failures - 1, 10), MAX_BACK_OFF)
    if put_off is not None:
        wait = max(datetime.timedelta(seconds=put_off), datetime.timedelta(seconds=1))
    Source.objects.filter(pk=run.source_id, leased_by=run.worker).update(
        leased_until=None, leased_by="", next_run_at=now + wait, failures=failures
    )


def follow(run: SourceRun) -> None:
    """Fetch the source (conditionally), read it and take its items; the run ends DONE, or
    unchanged on a 304. The source's validators (ETag, Last-Modified) are kept only once
    every item it listed has been dealt with."""
    source = run.source
    answer = polite.fetch_politely(source.url, etag=source.etag, last_modified=source.last_modified)
    run.status_code = answer.status
    if answer.status == 304:
        finish(run, SourceRun.State.NOT_MODIFIED)
        return
    listing = read_listing(answer.body, answer.content_type, answer.url)
    Source.objects.filter(pk=source.pk).update(kind=listing.kind)
    items = listing.items
    if listing.kind == Source.Kind.SITE:
        found_sources(run, source, listing)
    elif listing.kind == Source.Kind.SITEMAP_INDEX:
        items = index_items(run, listing)
    left = take(run, source, items)
    if not left:
        Source.objects.filter(pk=source.pk).update(
            etag=answer.headers.get("etag", "")[:500],
            last_modified=answer.headers.get("last-modified", "")[:100],
        )
    finish(run, SourceRun.State.DONE, f"{left} left for the next run" if left else "")


def found_sources(run: SourceRun, site: Source, listing: Listing) -> None:
    """Follow the feeds a home page links to and the sitemaps its robots.txt names, with the
    home page's outlet, filters and interval."""
    for url in [*listing.sources, *polite.sitemaps_of(site.url)]:
        source, created = add_source(
            url,
            outlet=site.outlet,
            found_on=site,
            interval=site.interval,
            words=site.words,
            languages=site.languages,
            publish=site.publish,
        )
        if created:
            record(run, Item(url=url), SourceItem.Outcome.FOUND, f"followed as source {source.pk}")


def index_items(run: SourceRun, listing: Listing) -> list[Item]:
    """The items of the newest FOLLOW_SITEMAPS_PER_INDEX sitemaps of an index; a sitemap
    that cannot be had is one broken item."""
    items = []
    for url in listing.sources[: settings.FOLLOW_SITEMAPS_PER_INDEX]:
        try:
            answer = polite.fetch_politely(url)
            items += read_listing(answer.body, answer.content_type, answer.url).items
        except (CaptureFailed, polite.Disallowed) as exc:
            items.append(Item(url=url, problem=f"sitemap {url}: {exc}"))
    return items


def take(run: SourceRun, source: Source, items: list[Item]) -> int:
    """Capture the new items, up to FOLLOW_MAX_ITEMS, newest first, counting and recording
    the others; how many new ones were left for a later run."""
    oldest = datetime.datetime.min.replace(tzinfo=datetime.UTC)
    items = sorted(items, key=lambda i: i.published or i.modified or oldest, reverse=True)
    budget, left = settings.FOLLOW_MAX_ITEMS, 0
    run.listed = len(items)
    for item in items:
        if item.problem:
            record(run, item, SourceItem.Outcome.BROKEN, item.problem)
        elif is_old(source, item):
            run.old += 1
        elif reason := filtered(source, item):
            record(run, item, SourceItem.Outcome.FILTERED, reason)
        elif budget <= 0:
            run.skipped += 1
            left += 1
        elif not polite.allowed(item.url):
            record(run, item, SourceItem.Outcome.DISALLOWED, "robots.txt disallows it")
        else:
            budget -= 1
            capture_item(run, source, item)
            renew(run)
    run.save()
    return left


def is_old(source: Source, item: Item) -> bool:
    """Whether an item is not new: recorded for this source before (unless it says it changed
    since it was captured), captured for another source, archived, or too old."""
    seen = SourceItem.objects.filter(source=source, url=item.url).order_by("-pk").first()
    if seen is not None:
        changed = item.modified and seen.modified and item.modified > seen.modified
        return not (changed and seen.outcome == SourceItem.Outcome.CAPTURED)
    archived = Q(url=item.url) | Q(canonical_url=item.url)
    if Article.objects.filter(archived).exists():
        return True
    if SourceItem.objects.filter(url=item.url, outcome=SourceItem.Outcome.CAPTURED).exists():
        return True
    dated = item.published or item.modified
    age = datetime.timedelta(days=settings.FOLLOW_MAX_AGE_DAYS)
    return bool(dated and dated < timezone.now() - age)


def filtered(source: Source, item: Item) -> str:
    """Why the source's filters leave the item out ("" if they do not): none of its words
    in the title or summary, or a language it does not take."""
    text = f"{item.title}\n{item.summary}"
    words = source.word_list()
    if words and not any(word_in(word, text) for word in words):
        return "none of the source's words in its title or summary"
    languages = source.language_list()
    if languages:
        # A headline alone is too short to read its language from (a detector calls "Ferry
        # timetable changes" French): the text decides only with a summary to it.
        detected = detect(text) if len(regex.findall(r"\p{L}", text)) >= SURE_LETTERS else ""
        declared = item.language or detected or item.feed_language
        language = declared.lower().split("-")[0]
        if language and language not in languages:
            return f"in {language}, not in {', '.join(languages)}"
    return ""


def word_in(word: str, text: str) -> bool:
    return bool(regex.search(rf"(?<!\w){regex.escape(word)}(?!\w)", text, regex.IGNORECASE))


def capture_item(run: SourceRun, source: Source, item: Item) -> None:
    """Capture the item's page in a slot of its host, with what the source said of it as
    fallback metadata, and record how it went. A host that asks to be left alone (429, 5xx)
    puts the whole source off."""
    dated = item.published or item.modified
    fallback = {
        "title": item.title,
        "published": dated.date() if dated else None,
        "author": item.author,
        "outlet": source.outlet.name if source.outlet else "",
    }
    try:
        capture = new_capture(item.url, publish=source.publish)
    except CaptureRefused as exc:
        record(run, item, SourceItem.Outcome.BROKEN, str(exc))
        return
    with polite.host_slot(polite.host_of(item.url)):
        capture = run_capture(capture.pk, fallback=fallback) or capture
    if capture.state == Capture.State.FAILED:
        record(run, item, SourceItem.Outcome.BROKEN, capture.reason, capture)
        if capture.reason.startswith(("HTTP 429", "HTTP 5")):
            run.save()
            raise polite.PutOff(f"{item.url}: {capture.reason}")
        return
    record(run, item, SourceItem.Outcome.CAPTURED, capture.reason, capture)


COUNTED = {
    SourceItem.Outcome.CAPTURED: "captured",
    SourceItem.Outcome.BROKEN: "broken",
    SourceItem.Outcome.FILTERED: "skipped",
    SourceItem.Outcome.DISALLOWED: "skipped",
}


def record(run: SourceRun, item: Item, outcome: str, reason: str, capture=None) -> None:
    """Keep what the run did with an item, and count it."""
    SourceItem.objects.create(
        source_id=run.source_id,
        run=run,
        url=item.url[:1000],
        title=item.title[:500],
        published=item.published,
        modified=item.modified,
        outcome=outcome,
        reason=Truncator(" ".join(reason.split())).chars(500),
        capture=capture,
    )
    if outcome in COUNTED:
        setattr(run, COUNTED[outcome], getattr(run, COUNTED[outcome]) + 1)
