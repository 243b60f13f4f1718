"""Background tasks of the quotes app: reading archived articles again with the current rules
(`reextract --queue`). Importing articles is archive.tasks.import_article.

A task may run more than once: a worker that dies mid-task has the task put back in the queue
(quotes.workers). The task here is idempotent, so that is safe.
"""

from django_tasks import task

from archive.models import Article

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
