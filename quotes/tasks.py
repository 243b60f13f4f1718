"""Background tasks of the quotes app: reading archived articles again with the current rules
(`reextract --queue`), writing large exports to files, recounting the archive-wide figures.
Importing articles is archive.tasks.import_article.

A task may run more than once: a worker that dies mid-task has the task put back in the queue
(quotes.workers). Each task here is idempotent, so that is safe.
"""

from django_tasks import task

from archive.models import Article

from . import stats
from .export_files import clean_expired_exports, drop_exports_over_budget, run_export
from .services import reextraction


@task()
def reextract_article(article_id: int) -> dict:
    """Read archived article `article_id` again with the current rules, keeping every curated
    record as the archivist left it (quotes.services.reextraction, in one transaction).

    Idempotent: a second run with the same rules changes nothing. An article that no longer
    exists is nothing to do."""
    article = Article.objects.filter(pk=article_id).first()
    if article is None:
        return {"article": article_id, "found": False}
    report = reextraction.reextract_article(article=article)
    return {
        "article": article_id,
        "found": True,
        "changed": report.changed,
        "removed": report.removed,
        "added": report.added,
        "kept": report.kept,
        "conflicts": report.conflicts,
        "relinked": report.relinked,
        "notes": report.notes,
    }


@task()
def export_quotes_file(export_id: int) -> dict:
    """Write background export `export_id`'s file (quotes.export_files.run_export), then delete
    the exports that have expired and the oldest files past the disk budget. Running it
    again starts the file over, so a task queued again after its worker died is safe."""
    export = run_export(export_id)
    expired = clean_expired_exports()
    dropped = drop_exports_over_budget()
    if export is None:
        return {
            "export": export_id,
            "found": False,
            "expired_deleted": expired,
            "over_budget_dropped": dropped,
        }
    return {
        "export": export_id,
        "found": True,
        "status": export.status,
        "rows": export.rows,
        "expired_deleted": expired,
        "over_budget_dropped": dropped,
    }


@task()
def refresh_archive_figures() -> dict:
    """Recount the home page's archive-wide figures (quotes.stats.refresh)."""
    figures = stats.refresh()
    return {"quotes": figures.quote_count, "computed_at": figures.computed_at.isoformat()}
