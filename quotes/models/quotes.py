"""Quotes: one statement each, its permalink id, the order of quote lists, and the dates
and reach a quote keeps from its printings."""

import datetime
import secrets
from collections import defaultdict

from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVectorField
from django.db import connection, models
from django.db.models import F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce, Upper
from django.urls import reverse
from simple_history.models import HistoricalRecords

from archive.models import Article, HistoryManager
from verbatim import pagecache

from .people import Person
from .printings import Printing

# Crockford-style alphabet: no 0/O or 1/I/L to misread when a permalink is copied by hand.
SHORT_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SHORT_ID_LENGTH = 8


def new_short_id():
    return "".join(secrets.choice(SHORT_ID_ALPHABET) for _ in range(SHORT_ID_LENGTH))


# Latest first printed first and undated last, written so that SQLite and PostgreSQL (which
# sort NULL at opposite ends) agree and both can walk an index for it.
LIST_ORDER = (Coalesce("first_published", Value(datetime.date.min)).desc(), F("id").desc())
# The "most outlets" order: the quotes printed by the most outlets first, then as LIST_ORDER.
OUTLETS_ORDER = (F("reach").desc(), *LIST_ORDER)


class VectorField(SearchVectorField):
    """A tsvector column that bulk_create writes as one UNNEST array per column on
    PostgreSQL, as it does every column whose type the backend knows by its internal type:
    a search vector's it does not, and each row of an import's quotes was then a row of
    placeholders that Django compiled and psycopg parsed (a third of a second for a thousand
    quotes). To the backend it is text; its column is still a tsvector (db_type)."""

    def get_internal_type(self):
        return "TextField"


class QuoteQuerySet(models.QuerySet):
    # Which quotes are public, and what a public list shows of them, is for quotes.public
    # to say (quotes, for_listing, for_list_rows, in_unit).

    def live(self):
        """Quotes that have not been merged into another."""
        return self.filter(merged_into__isnull=True)

    def suggested(self):
        """The suggestions waiting for a decision: suggested and live (a merged quote lives
        on in its survivor, and is nobody's to publish)."""
        return self.live().filter(status=Quote.Status.SUGGESTED)

    def by_speaker(self, person):
        return self.filter(person=person)

    def in_list_order(self, *first):
        """Ordered as every quote list is, after the orderings `first` (e.g. a search rank)."""
        return self.order_by(*first, *LIST_ORDER)

    def printed(self, *, outlet=None, since=None, until=None, language=None):
        """Quotes with one printing that holds every given condition (by `outlet`, on or
        after `since`, on or before `until`, in `language`), read from the printings' own
        copy of their article's outlet and date, which the printing_outlet_published index
        covers (and printing_language_published, the language with the dates)."""
        conditions = {}
        if language:
            conditions["language"] = language
        if outlet is not None:
            conditions["printed_by"] = outlet
        if since is not None:
            conditions["printed_on__gte"] = since
        if until is not None:
            conditions["printed_on__lte"] = until
        if not conditions:
            return self
        found = self.filter(pk__in=Printing.objects.filter(**conditions).values("quote"))
        if until is not None:
            # Implied (a quote printed by `until` was first printed by then) but said, in the
            # terms of quote_list_order, so that a walk of that index starts at `until`.
            found = found.alias(_first=LIST_ORDER[0].expression).filter(_first__lte=until)
        return found


class Quote(models.Model):
    """One statement by one speaker, however many outlets printed it."""

    class Status(models.TextChoices):
        SUGGESTED = "suggested", "Suggested"
        PUBLISHED = "published", "Published"
        REJECTED = "rejected", "Rejected"
        WITHDRAWN = "withdrawn", "Withdrawn"

    class WithdrawalReason(models.TextChoices):
        LEGAL = "legal", "Legal request"
        WRONG_ATTRIBUTION = "wrong-attribution", "Wrong attribution"
        DUPLICATE = "duplicate", "Duplicate"
        OTHER = "other", "Other"

    short_id = models.CharField(max_length=16, unique=True, default=new_short_id, editable=False)
    text = models.TextField(help_text="The canonical wording of the statement.")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SUGGESTED, db_index=True
    )
    person = models.ForeignKey(
        Person, null=True, blank=True, on_delete=models.PROTECT, related_name="quotes"
    )
    speaker_description = models.CharField(
        max_length=300,
        blank=True,
        help_text="For a speaker the articles do not name: their own words, e.g. 'one soldier'.",
    )
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_quotes"
    )
    text_edited = models.BooleanField(
        default=False,
        help_text="Set when an archivist corrects the text; imports then leave it as it is.",
    )
    first_published = models.DateField(
        null=True,
        blank=True,
        editable=False,
        help_text="The earliest publication date of its printings, kept by refresh_dates().",
    )
    reach = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="How many different outlets printed it, kept by refresh_dates().",
    )
    withdrawal_reason = models.CharField(
        max_length=20, choices=WithdrawalReason.choices, blank=True, editable=False
    )
    withdrawal_note = models.CharField(max_length=500, blank=True, editable=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The words of the quote and of each printed wording, for full-text search on PostgreSQL
    # (SQLite keeps them in an FTS5 table instead); written by quotes.search.refresh_search.
    search_vector = VectorField(null=True, editable=False)
    # The lemmas and Latin keys of the Cyrillic words of the same (quotes.lemmas); NULL for a
    # quote without any, which is most, so that the planner prices its index scan as cheap.
    lemma_vector = VectorField(null=True, editable=False)

    objects = QuoteQuerySet.as_manager()
    history = HistoricalRecords(
        excluded_fields=["search_vector", "lemma_vector", "updated_at", "reach"],
        history_manager=HistoryManager,
    )

    class Meta:
        ordering = ["-created_at"]
        permissions = [
            ("publish_quote", "Can publish and reject quotes"),
            ("merge_quote", "Can merge quotes and people"),
            ("withdraw_quote", "Can withdraw and restore quotes"),
        ]
        indexes = [
            models.Index(fields=["status", "-created_at"]),
            GinIndex(fields=["search_vector"], name="quote_search_vector"),
            GinIndex(fields=["lemma_vector"], name="quote_lemma_vector"),
            # The order of every quote list: latest first printed first, undated last.
            models.Index(LIST_ORDER[0], F("id").desc(), name="quote_list_order"),
            models.Index(*OUTLETS_ORDER, name="quote_outlets_order"),
            # A person's public quotes in the list's order (their page, a unit's), with the
            # date each was first printed, which their timeline counts: both read from the
            # index alone on PostgreSQL. The condition is public.quote_q's.
            models.Index(
                F("person"),
                LIST_ORDER[0],
                F("id").desc(),
                include=["first_published"],
                condition=models.Q(status="published", merged_into=None),
                name="quote_public_person_order",
            ),
            # q's match on an unnamed speaker's description (icontains, i.e. UPPER(...) LIKE
            # '%...%') read from an index rather than from every quote. PostgreSQL only.
            GinIndex(
                OpClass(Upper("speaker_description"), name="gin_trgm_ops"),
                name="quote_description_trgm",
            ),
        ]

    def __str__(self):
        words = self.text.split()
        short = " ".join(words[:12]) + (" …" if len(words) > 12 else "")
        return f"{self.speaker_name}: {short}"

    def get_absolute_url(self):
        return reverse("quotes:quote-detail", kwargs={"short_id": self.short_id})

    def refresh_dates(self):
        """Recompute what lists filter and sort this quote by, after its printings or their
        articles change: each printing's copy of its article's outlet and date, then
        `first_published` and `reach` (how many outlets) from them."""
        Quote.refresh_dates_of([self])

    # What refresh_dates_of reads of each printing, after its quote's id.
    DATED_BY = ("printed_by", "printed_on", "article__outlet", "article__published")

    @staticmethod
    def refresh_dates_of(quotes, *, printings=None):
        """refresh_dates for several quotes (distinct objects). One query reads each printing
        with its article's outlet and date (`printings`: those rows, quote id and DATED_BY,
        when the caller has read them): save() and the import's bulk insert copy them onto
        the printing, so the copies are rewritten only for a quote where an article has
        changed since. The quotes whose figures changed are written in one UPDATE and their
        history rows in one insert, as a save of each would record them, and the page cache
        hears of it as after a save."""
        ids = [quote.pk for quote in quotes]
        if not ids:
            return
        if printings is None:
            printings = (
                Printing.objects.filter(quote__in=ids)
                .order_by()
                .values_list("quote", *Quote.DATED_BY)
            )
        dates, outlets, stale = _dates_and_outlets(printings)
        if stale:
            _copy_article_fields(stale)
        changed = _with_new_dates(quotes, dates, outlets)
        if changed:
            _write_dates(changed)
            # save() records no reason unless one is set (bulk_history_create's default is "").
            Quote.history.bulk_history_insert(changed, update=True, default_change_reason=None)
            pagecache.changed()  # neither write above sends a post_save

    @property
    def speaker_name(self):
        if self.person_id:
            return self.person.name
        return self.speaker_description or "Unnamed speaker"

    @property
    def is_public(self):
        return self.status == self.Status.PUBLISHED and self.merged_into_id is None


def _dates_and_outlets(printings):
    """From the rows refresh_dates_of reads (quote id, then DATED_BY): each quote's dates and
    outlets, and the quotes with a printing whose copy of its article's outlet and date is
    out of date."""
    dates, outlets, stale = defaultdict(set), defaultdict(set), set()
    for quote_id, printed_by, printed_on, outlet, published in printings:
        if (printed_by, printed_on) != (outlet, published):
            stale.add(quote_id)
        if published is not None:
            dates[quote_id].add(published)
        if outlet is not None:
            outlets[quote_id].add(outlet)
    return dates, outlets, stale


def _copy_article_fields(quote_ids):
    """Each printing of these quotes given its article's outlet and date again, in one UPDATE
    (what Printing.copy_article_fields does to one printing before its save)."""
    articles = Article.objects.filter(pk=OuterRef("article_id"))
    Printing.objects.filter(quote__in=list(quote_ids)).update(
        printed_by=Subquery(articles.values("outlet")[:1]),
        printed_on=Subquery(articles.values("published")[:1]),
    )


def _with_new_dates(quotes, dates, outlets):
    """The quotes whose earliest date or reach (how many outlets) has changed, given the new
    ones, which are set on them."""
    changed = []
    for quote in quotes:
        first, reach = min(dates[quote.pk], default=None), len(outlets[quote.pk])
        if (first, reach) != (quote.first_published, quote.reach):
            quote.first_published, quote.reach = first, reach
            changed.append(quote)
    return changed


def _write_dates(quotes):
    """Each quote's `first_published` and `reach` written: on PostgreSQL by one UPDATE from
    arrays, which Django's bulk_update (a CASE for each quote and field) took longer to build
    than the database took to run, for every article an import links to older quotes;
    elsewhere by bulk_update."""
    if connection.vendor != "postgresql":
        Quote.objects.bulk_update(quotes, ["first_published", "reach"])
        return
    q = connection.ops.quote_name
    table, first, reach = q(Quote._meta.db_table), q("first_published"), q("reach")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} q SET {first} = v.first, {reach} = v.reach "  # noqa: S608 - names
            "FROM unnest(%s::bigint[], %s::date[], %s::integer[]) AS v(id, first, reach) "
            "WHERE q.id = v.id",
            [
                [quote.pk for quote in quotes],
                [quote.first_published for quote in quotes],
                [quote.reach for quote in quotes],
            ],
        )
