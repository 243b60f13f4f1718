"""Background exports: a selection too large to stream is written to a file by a task
(quotes.tasks.export_quotes_file), stored as a blob (archive.blobs), kept for
EXPORT_KEEP_HOURS within EXPORT_DISK_BUDGET_BYTES, and fetched from its status page. One file
is made per normalised query, and one address writes one file at a time
(quotes.views.downloads starts them)."""

import logging

from django.conf import settings
from django.http import QueryDict
from django.utils import timezone

from archive import blobs

from .exporting import blocks, filtered_quotes
from .filters import QuoteFilter
from .models import Export

logger = logging.getLogger(__name__)

PENDING = (Export.Status.QUEUED, Export.Status.RUNNING)


class ExportInProgress(Exception):
    """The address asking for an export already has one queued or running (`export`)."""

    def __init__(self, export):
        super().__init__(f"export {export.pk} is still {export.status}")
        self.export = export


def export_query(query: str) -> str:
    """The query string that keys a background export of the quote list's filters `query`:
    only the filters that choose quotes, each with the value the filter reads (the last one
    given), blank ones left out, in a fixed order. So neither a parameter nothing reads nor
    the order of the parameters makes a new export. `sort` is left out too: an export is
    always in id order (export_queryset)."""
    given = QueryDict(query)
    kept = QueryDict(mutable=True)
    for name in sorted(QuoteFilter.base_filters.keys() - {"sort"}):
        value = given.get(name, "").strip()
        if value:
            kept[name] = value
    return kept.urlencode()


def open_export(export: Export):
    """The stored file of a ready export, open for reading; archive.blobs.BlobMissing if
    it is gone (the disk budget, or an expiry, deleted it)."""
    if not export.key:
        raise blobs.BlobMissing(f"export {export.pk} has no file")
    return blobs.open_blob(export.key)


def forget_file(export: Export) -> None:
    """Delete an export's stored file, unless another export that is kept has the same bytes
    (the same query asked again before anything changed): blobs are shared by content."""
    if export.key and not Export.objects.filter(key=export.key).exclude(pk=export.pk).exists():
        blobs.delete(export.key)


def run_export(export_id: int) -> Export | None:
    """Write export `export_id`'s file, marking it running, then ready or failed. Run by the
    export_quotes_file task; running it again starts the file over (a worker that died)."""
    export = Export.objects.filter(pk=export_id).first()
    if export is None or export.status == Export.Status.READY:
        return export
    export.status = Export.Status.RUNNING
    export.started_at = timezone.now()
    export.save(update_fields=["status", "started_at"])
    try:
        quotes, error = filtered_quotes(export.query)
        if error:
            raise ValueError(error)
        count = 0
        # Written to a temporary file, then stored whole: a file in the storage is finished.
        with blobs.spooled() as out:
            for text, rows_written in blocks(export.format, quotes, site_url=export.site_url):
                out.write(text.encode("utf-8"))
                count += rows_written
            blob = blobs.put_file(out)
    except Exception as error:
        logger.exception("Export id=%s failed", export.pk)
        export.status = Export.Status.FAILED
        export.error = str(error)[:500] or error.__class__.__name__
        export.finished_at = timezone.now()
        export.client = ""
        export.save(update_fields=["status", "error", "finished_at", "client"])
        raise
    export.status = Export.Status.READY
    export.rows = count
    export.sha256, export.size, export.key = blob.sha256, blob.size, blob.key
    export.finished_at = timezone.now()
    export.client = ""
    export.save(update_fields=["status", "rows", "sha256", "size", "key", "finished_at", "client"])
    return export


def clean_expired_exports(now=None) -> int:
    """Delete the exports past their expiry date, and their files; returns how many."""
    expired = Export.objects.filter(expires_at__lte=now or timezone.now())
    count = 0
    for export in expired:
        export.delete()
        forget_file(export)
        count += 1
    return count


def drop_exports_over_budget(now=None) -> int:
    """Delete the files of the oldest ready exports that take the stored files past
    EXPORT_DISK_BUDGET_BYTES (the newest is always kept, however large), and mark those
    exports expired: their pages and links then say the file is gone, and asking again
    starts a new one. Returns how many were dropped."""
    budget = settings.EXPORT_DISK_BUDGET_BYTES
    now = now or timezone.now()
    stored = Export.objects.filter(status=Export.Status.READY, expires_at__gt=now).order_by(
        "-finished_at", "-pk"
    )
    total = 0
    dropped = []
    kept = set()
    for index, export in enumerate(stored.only("pk", "token", "format", "size", "key")):
        if export.key in kept:
            continue  # the same bytes as a newer export's, stored once and counted once
        total += export.size or 0
        if index and total > budget:
            dropped.append(export)
        else:
            kept.add(export.key)
    if not dropped:
        return 0
    logger.info("Dropped %s exports over the disk budget of %s bytes", len(dropped), budget)
    count = Export.objects.filter(pk__in=[e.pk for e in dropped]).update(expires_at=now, key="")
    for export in dropped:
        forget_file(export)
    return count
