"""The capture a worker runs: a queued page fetched, kept as a WARC and archived once.

The page is fetched by archive.fetch, read by archive.page and kept by archive.warc; it is
archived as a new article, or recorded as a later version of one.

A capture goes QUEUED (archive.queueing: request_capture, retry) -> RUNNING -> DONE or FAILED
(run_capture, which the `archive.tasks.capture_page` task runs). A FAILED capture has a
one-line reason and nothing else written; a DONE one has the final URL, the status, the
content type, the text the page held, the SHA-256 of its body, and the gzipped WARC of every
request and response (redirects included) with a metadata record, and its SHA-256. A capture
requested with `review` (the admin's), or of a page a canonical link ties to an archived
article, stops short of archiving: it ends in REVIEW with all of that and the metadata the
page gives (`proposed`), and archive_reviewed archives it, with the archivist's corrections,
into DONE.

Archiving: the page body (Content-Encoding undone, in the charset it was served in) goes to
`archive_article`, the one way in. The same article is never archived twice: an article with
the same content hash or archived from the same URL (after redirects) is found first; the
capture then points at it, and when the text differs it is a new version of that article (the
capture keeps the text and its own WARC; the article is never rewritten). A canonical link
(`<link rel=canonical>`, `og:url`) is only what the page says: a page it ties to an article
of the site the page was fetched from waits in REVIEW, whatever the capture asked for, and
becomes a version of that article only through archive_reviewed; a tie to another site's
article is ignored, with a note in the capture's `reason` (canonical_claim).
"""

import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.text import Truncator

from .fetch import CaptureFailed, fetch
from .metadata import domain_of
from .models import Article, Capture
from .page import Page, kind_and_charset, read_page
from .services import ArticleRejected, archive_article
from .warc import page_body, warc_of

# What capture_and_archive records on a capture.
CAPTURED_FIELDS = [
    "state",
    "proposed",
    "reason",
    "article",
    "final_url",
    "status_code",
    "content_type",
    "body",
    "content_sha256",
    "warc_sha256",
    "warc_size",
    "warc_key",
    "captured_at",
]


class CaptureRefused(ValueError):
    """A capture that cannot be requested (a URL that is not http or https, a retry of a
    capture that did not fail) or archived after review (it is not awaiting review); nothing
    was stored."""


# Running.


def run_capture(
    capture_id: int, *, task_id: str = "", fallback: dict | None = None
) -> Capture | None:
    """Fetch, keep and archive one queued capture, and return it as it ended. A capture that
    is not queued (done, failed, or running in another worker) is left as it is, so that
    running the task twice archives once. The one exception is the capture's own task run
    again (`task_id`, given by the task) after its worker died mid-capture (quotes.workers
    queues such a task again): that run takes over the capture left RUNNING. `fallback` is
    what a followed feed or sitemap said of the page (title, published, author, outlet): each
    is used only where the page itself says nothing."""
    claimable = Q(state=Capture.State.QUEUED)
    if task_id:
        claimable |= Q(state=Capture.State.RUNNING, task_id=task_id)
    claimed = Capture.objects.filter(claimable, pk=capture_id).update(state=Capture.State.RUNNING)
    capture = Capture.objects.filter(pk=capture_id).select_related("requested_by").first()
    if not claimed or capture is None:
        return capture
    try:
        capture_and_archive(capture, fallback)
    except (CaptureFailed, ArticleRejected) as exc:
        fail(capture.pk, str(exc))
    except Exception as exc:
        # Never left RUNNING; the task's own record keeps the traceback.
        fail(capture.pk, f"internal error: {type(exc).__name__}: {exc}")
        raise
    capture.refresh_from_db()
    return capture


def fail(capture_id: int, reason: str) -> None:
    """Mark a capture FAILED, with `reason` made one line of at most 500 characters."""
    reason = " ".join(reason.split()) or "failed"
    Capture.objects.filter(pk=capture_id).update(
        state=Capture.State.FAILED, reason=Truncator(reason).chars(500)
    )


def capture_and_archive(capture: Capture, fallback: dict | None = None) -> None:
    """Fetch a running capture's page, keep the exchange as a WARC, and archive the page (or
    find the article it already is) or hold it for review: the capture is saved DONE or
    REVIEW with all it recorded."""
    fetched = fetch(capture.url)
    page = read_page(fetched)
    warc = warc_of(
        fetched, requested_url=capture.url, canonical_url=page.canonical_url, charset=page.encoding
    )
    # Stored before the transaction: a blob no row names, if it rolls back, is harmless.
    capture.keep_warc(warc)
    with transaction.atomic():
        capture.article, capture.state, capture.proposed, capture.reason = archive_or_hold(
            capture, page, fallback
        )
        capture.final_url = page.final.url
        capture.status_code = page.final.status
        capture.content_type = page.final.content_type[:200]
        capture.body = page.found["body"]
        capture.content_sha256 = page.content_sha256
        capture.captured_at = fetched.fetched_at
        capture.save(update_fields=CAPTURED_FIELDS)


def archive_or_hold(
    capture: Capture, page: Page, fallback: dict | None = None
) -> tuple[Article | None, str, dict, str]:
    """What becomes of a captured page, as (article, state, proposed, reason): the article it
    already is, or a new one archived from it, DONE; or held in REVIEW with the metadata it
    proposes, when a canonical link ties it to an archived article or the capture asked for
    review; or DONE with no article, a PDF without text. The `fallback` metadata fills what
    the page does not say."""
    if page.no_article:
        return None, Capture.State.DONE, {}, page.no_article
    url = page.final.url
    article = existing_article(page.content_sha256, url)
    if article is not None:
        return article, Capture.State.DONE, {}, ""
    claimed, canonical_url, note = canonical_claim(url, page.canonical_url)
    missing = {k: v for k, v in (fallback or {}).items() if v and not page.found.get(k)}
    # Only an archivist makes a page a version of the article its canonical link names:
    # archived at once, its replay would be that article's.
    if claimed is not None or capture.review:
        found = {**page.found, **missing}
        return None, Capture.State.REVIEW, proposal(found, url, canonical_url), note
    article = archive_new(
        capture,
        raw=page.fetched.body,
        kind=page.kind,
        encoding=page.encoding,
        url=url,
        canonical_url=canonical_url,
        captured_at=page.fetched.fetched_at,
        content_sha256=page.content_sha256,
        fetched_url=url,
        corrected=missing,
    )
    return article, Capture.State.DONE, {}, note


def existing_article(content_sha256: str, url: str) -> Article | None:
    """The article this page already is: the same bytes, else the article archived from the
    address the page was fetched from (`url`, after redirects)."""
    found = Article.objects.filter(Q(sha256=content_sha256) | Q(url=url)).defer("raw", "body")
    return min(found, key=lambda article: article.sha256 != content_sha256, default=None)


def canonical_claim(url: str, canonical_url: str) -> tuple[Article | None, str, str]:
    """What a page fetched from `url` (after redirects), with the canonical URL
    `canonical_url`, claims to be by a canonical link, its own or an archived article's: (the
    article it is another address of, the canonical URL the page keeps, a note for the
    capture). A canonical link is only the word of whoever wrote the page, so it ties the page
    to an article (the page's canonical URL is the article's URL or canonical URL, or the
    article's canonical URL is the page's address) only when the page was fetched from that
    article's site, and run_capture then leaves it for review. Any other such tie is ignored,
    and the page does not keep a canonical URL that names another site's article."""
    ties = Q(canonical_url=url)
    if canonical_url:
        ties |= Q(url=canonical_url) | Q(canonical_url=canonical_url)
    tied = list(Article.objects.filter(ties).only("url", "canonical_url").order_by("pk")[:20])
    site = domain_of(url)
    for article in tied:
        if site_of(article) == site:
            return (
                article,
                canonical_url,
                f"a canonical link ties it to article {article.pk}: it is a version of that "
                "article only once reviewed",
            )
    if not tied:
        return None, canonical_url, ""
    if canonical_url and any(canonical_url in (a.url, a.canonical_url) for a in tied):
        canonical_url = ""
    other = tied[0]
    return (
        None,
        canonical_url,
        f"a canonical link ties it to article {other.pk} ({site_of(other) or 'no site'}), "
        f"but it was fetched from {site}: the link is ignored",
    )


def site_of(article: Article) -> str:
    return domain_of(article.url or article.canonical_url)


def archive_new(
    capture,
    *,
    raw,
    kind,
    encoding,
    url,
    canonical_url,
    captured_at,
    content_sha256,
    fetched_url,
    user=None,
    corrected=None,
):
    """The page archived as a new article, or the article another capture of it (the same
    bytes, or the same `fetched_url`) archived a moment ago. `corrected` holds the metadata
    an archivist gave (archive_reviewed), which wins over the page's own as it does for any
    article."""
    try:
        article, _created = archive_article(
            raw=raw,
            raw_format=kind,
            url=url,
            canonical_url=canonical_url,
            publish=capture.publish,
            user=user or capture.requested_by,
            captured_at=captured_at,
            encoding=encoding,
            **(corrected or {}),
        )
    except (ArticleRejected, IntegrityError):
        # Another capture of the same page may have archived it a moment ago (the URL is
        # unique; archive_article rolls its own savepoint back): then this is a version of
        # that article.
        article = existing_article(content_sha256, fetched_url)
        if article is None:
            raise
    return article


def proposal(found: dict, url: str, canonical_url: str) -> dict:
    """What a page says about itself, as a capture awaiting review keeps it (JSON): the
    metadata read_source found, the canonical URL it may keep (canonical_claim) and the
    address it was fetched from, which the article would get."""
    published = found.get("published")
    return {
        "title": found.get("title") or "",
        "published": published.isoformat() if published else "",
        "outlet": found.get("outlet") or "",
        "author": found.get("author") or "",
        "language": found.get("language") or "",
        "canonical_url": canonical_url,
        "url": url,
    }


# Archiving a capture after review.


def archive_reviewed(
    capture: Capture,
    *,
    title: str = "",
    outlet: str | None = None,
    url: str | None = None,
    published: datetime.date | str | None = None,
    author: str = "",
    user=None,
    decisions: list[dict] | None = None,
) -> Capture:
    """Archive a capture awaiting review, with the metadata the archivist checked (and their
    `decisions` on the preview's suggestions: archive_article), and return
    it DONE. It is archived as run_capture would have archived it (the page's bytes from its
    WARC, its charset, canonical URL and capture time; the article it already is, should
    another capture have archived it meanwhile), except that the values given here win over
    the page's own; an empty one leaves the page's. `url` replaces the address it was
    fetched from as the article's URL. `user` is who archives it (its quotes are published if
    the capture was asked to publish them), else whoever requested the capture.

    CaptureRefused when the capture is not awaiting review (archived already, by someone else
    or a second click); ArticleRejected, with the capture still awaiting review, when the
    archive refuses the article (another article already has that URL)."""
    corrected = {
        "title": (title or "").strip(),
        "outlet": outlet or None,
        "published": published or None,
        "author": (author or "").strip(),
        "decisions": decisions,
    }
    with transaction.atomic():
        capture = claim_reviewed(capture)
        capture.article = reviewed_article(capture, url=url, user=user, corrected=corrected)
        capture.state = Capture.State.DONE
        capture.save(update_fields=["state", "article", "reason"])
    return capture


def claim_reviewed(capture: Capture) -> Capture:
    """The capture, fresh from the database and RUNNING until the transaction ends;
    CaptureRefused when it does not await review."""
    # The claim locks the row: a second request waits here, then finds it no longer in
    # REVIEW. Anything raised after it rolls the claim back with the rest.
    claimed = Capture.objects.filter(pk=capture.pk, state=Capture.State.REVIEW).update(
        state=Capture.State.RUNNING
    )
    capture = Capture.objects.select_related("requested_by").get(pk=capture.pk)
    if not claimed:
        raise not_in_review(capture)
    return capture


def reviewed_article(capture: Capture, *, url: str | None, user, corrected: dict) -> Article:
    """The article a reviewed capture is: the one it already is, the one a canonical link
    ties it to (now that an archivist has reviewed the tie), else a new one archived from the
    page in its WARC with the `corrected` metadata. A note on the tie goes in its reason."""
    raw = page_body(capture)
    kind, encoding = kind_and_charset(capture.content_type, raw)
    canonical_url = capture.proposed.get("canonical_url", "")
    article = existing_article(capture.content_sha256, capture.final_url)
    if article is None:
        article, canonical_url, note = canonical_claim(capture.final_url, canonical_url)
        capture.reason = note or capture.reason
    return article or archive_new(
        capture,
        raw=raw,
        kind=kind,
        encoding=encoding,
        url=url or capture.final_url,
        canonical_url=canonical_url,
        captured_at=capture.captured_at,
        content_sha256=capture.content_sha256,
        fetched_url=capture.final_url,
        user=user,
        corrected=corrected,
    )


def not_in_review(capture: Capture) -> CaptureRefused:
    """Why archive_reviewed refuses a capture that does not await review."""
    return CaptureRefused(
        f"capture {capture.pk} is {capture.get_state_display().lower()}: only a capture "
        "awaiting review can be archived from it"
    )


# Saying what became of a capture.


def outcome(capture: Capture) -> str:
    """What became of a capture, in a few words: 'archived as article 12', 'already archived
    (article 12)', 'new version of article 12', 'failed: HTTP 404 Not Found', and after a
    semicolon the note the capture keeps, if any (of a canonical link: canonical_claim)."""
    if capture.state == Capture.State.FAILED:
        return f"failed: {capture.reason}"
    if capture.state == Capture.State.DONE and capture.article is None:
        return f"captured, no article: {capture.reason}"
    said = what_became_of(capture)
    return f"{said}; {capture.reason}" if capture.reason else said


def what_became_of(capture: Capture) -> str:
    if capture.state == Capture.State.REVIEW:
        return "captured, awaiting review before it is archived"
    if capture.state != Capture.State.DONE:
        return f"not finished ({capture.get_state_display().lower()})"
    article = capture.article
    if article.captured_at and article.captured_at == capture.captured_at:
        return f"archived as article {article.pk}"
    unchanged = capture.body == article.body or (
        article.captures.filter(state=Capture.State.DONE, pk__lt=capture.pk, body=capture.body)
        .exclude(body="")
        .exists()
    )
    if unchanged:
        return f"already archived (article {article.pk})"
    return f"new version of article {article.pk}"
