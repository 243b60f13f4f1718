"""Printings, a quote as one article printed it, and the fingerprints it is matched by."""

from django.db import models
from django.db.models import F, Q
from simple_history.models import HistoricalRecords

from archive.models import Article, HistoryManager

from .people import Person

# The order of a quote's printings: earliest first, undated last; then the first archived,
# then the first in its article.
PRINTING_ORDER = (
    F("article__published").asc(nulls_last=True),
    "article__archived_at",
    "start",
)


class PrintingQuerySet(models.QuerySet):
    def with_articles(self, *, body=False):
        """With each printing's article and outlet, but never the article's raw source (up
        to megabytes, which no page shows) and its text only when `body` is asked for."""
        deferred = ["article__raw"] if body else ["article__raw", "article__body"]
        return self.select_related("article__outlet").defer(*deferred)


class Printing(models.Model):
    """A quote as printed in one article: its exact words and where they stand."""

    # Named rather than imported: quotes.py imports this module, for the dates a quote keeps
    # from its printings.
    quote = models.ForeignKey("quotes.Quote", on_delete=models.CASCADE, related_name="printings")
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="printings")
    text = models.TextField(help_text="The quoted words as printed, without quotation marks.")
    start = models.PositiveIntegerField(help_text="Offset of the first quoted character.")
    end = models.PositiveIntegerField(help_text="Offset just past the last quoted character.")
    segments = models.JSONField(
        default=list,
        blank=True,
        help_text="[start, end] of each printed piece, for a quote running over paragraphs.",
    )
    attribution = models.CharField(max_length=500, blank=True)
    person = models.ForeignKey(
        Person,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="credited_printings",
        help_text="Whom this article credits with these words (may differ from the quote's).",
    )
    speaker_description = models.CharField(
        max_length=300,
        blank=True,
        help_text="Whom this article credits when it names no person: 'one soldier', 'the SBU'.",
    )
    speaker_title = models.CharField(
        max_length=300,
        blank=True,
        help_text="The speaker's rank, title and role as this article prints them.",
    )
    language = models.CharField(
        max_length=20,
        blank=True,
        help_text="The language these words are printed in, as an ISO 639-1 code ('uk', 'en'); "
        "empty when the text is too short to tell.",
    )
    confidence = models.FloatField(
        default=1.0,
        help_text="How sure the machine is of whom this article credits, 0 to 1.",
    )
    doubt = models.CharField(
        max_length=300,
        blank=True,
        help_text="Why the machine is unsure of the speaker or their unit; empty when sure. "
        "A statement with an unsure printing waits for review.",
    )
    alternatives = models.JSONField(
        default=list,
        blank=True,
        help_text="Whom else the article may credit, as it prints their names.",
    )
    # Copies of the article's outlet and date, so that "printed by X between two dates" is one
    # index range per quote list rather than a join through every article; written on save()
    # and by Quote.refresh_dates() (which the services call when an article or printing
    # changes).
    printed_by = models.ForeignKey(
        "archive.Outlet",
        null=True,
        blank=True,
        editable=False,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,  # printing_outlet_published starts with it
    )
    printed_on = models.DateField(null=True, blank=True, editable=False)

    objects = PrintingQuerySet.as_manager()
    history = HistoricalRecords(
        excluded_fields=["printed_by", "printed_on"], history_manager=HistoryManager
    )

    class Meta:
        ordering = ["article__published", "article__archived_at", "start"]
        constraints = [
            models.UniqueConstraint(fields=["article", "start"], name="unique_printing_start"),
            models.CheckConstraint(condition=Q(end__gt=models.F("start")), name="printing_span"),
        ]
        indexes = [
            # The quote list's outlet and date filters read these alone (index-only scans).
            models.Index(
                fields=["printed_by", "printed_on", "quote"], name="printing_outlet_published"
            ),
            models.Index(fields=["printed_on", "quote"], name="printing_published_quote"),
            # The quote list's language filter, alone or with the dates.
            models.Index(
                fields=["language", "printed_on", "quote"], name="printing_language_published"
            ),
        ]

    def __str__(self):
        return f"{self.article} @{self.start}"

    def save(self, *args, **kwargs):
        if self.article_id is not None:
            self.copy_article_fields()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "printed_by", "printed_on"}
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return self.quote.get_absolute_url()

    def copy_article_fields(self):
        """Its article's outlet and date, which lists filter and sort printings by, copied
        onto it (save() does this; a bulk insert, which calls no save(), calls it itself)."""
        self.printed_by_id = self.article.outlet_id
        self.printed_on = self.article.published

    def pieces(self):
        return self.segments or [[self.start, self.end]]


class Fingerprint(models.Model):
    """One key of a printing (see `quotes.matching.fingerprint_keys`): the index that
    candidate matches are found by. The primary key (key, printing) is the index a lookup
    reads; there is no surrogate id, and keys take four bytes."""

    pk = models.CompositePrimaryKey("key", "printing")
    key = models.IntegerField()
    # Its own index, to rewrite or delete one printing's keys.
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="fingerprints")

    def __str__(self):
        return f"{self.key}"
