"""The archive-wide figures of the home page (issue 11), kept in one row."""

from django.db import models


class ArchiveFigures(models.Model):
    """The archive-wide figures of the home page, one row (pk 1), recounted by a task
    (quotes.stats) when a change may have moved them, never per request."""

    quote_count = models.PositiveIntegerField(default=0)
    person_count = models.PositiveIntegerField(default=0)
    outlet_count = models.PositiveIntegerField(default=0)
    article_count = models.PositiveIntegerField(default=0)
    # [[person id, public quote count], ...], most quoted first.
    top_people = models.JSONField(default=list)
    computed_at = models.DateTimeField(null=True, blank=True)
    # Set when a change may have moved the figures; cleared by the recount as it starts, so
    # that a change made meanwhile sets it again.
    stale = models.BooleanField(default=False)
    # When a recount was queued, until it starts: so that it is queued once, not per visit.
    refresh_queued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "archive figures"

    def __str__(self):
        return f"archive figures of {self.computed_at or 'never'}"
