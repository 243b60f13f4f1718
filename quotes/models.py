"""People, military units, quotes and their printings in archived articles."""

import datetime
import secrets
from collections import defaultdict
from functools import partial
from itertools import combinations

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVectorField
from django.db import connection, models
from django.db.models import F, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce, Upper
from django.urls import reverse
from simple_history.models import HistoricalRecords

from archive.models import Article, HistoryManager
from archive.text import save_with_unique_slug
from verbatim import pagecache

from .extraction.places import is_country, is_place
from .extraction.units import unit_key
from .names import (
    fold,
    is_patronymic,
    name_key,
    name_keys,
    parse_name,
    sort_name,
    split_title,
)

# Crockford-style alphabet: no 0/O or 1/I/L to misread when a permalink is copied by hand.
SHORT_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SHORT_ID_LENGTH = 8


def new_short_id():
    return "".join(secrets.choice(SHORT_ID_ALPHABET) for _ in range(SHORT_ID_LENGTH))


def unique_slug(instance, save):
    """`save()` a person or unit, first giving it a slug from its name if it has none: in any
    script, suffixed -2, -3, ... where taken, even by a concurrent import (archive.text)."""
    if instance.slug:
        save()
    else:
        save_with_unique_slug(instance, instance.name, save)


class PersonQuerySet(models.QuerySet):
    def named(self, name):
        """People called `name`, or known by it as an alias, in any order, romanisation or
        case, with or without title and patronymic (at least two words, so that a bare
        surname never joins two different people)."""
        key = name_key(name)
        if len(key.split()) < 2:
            return self.none()
        return self.filter(Q(key=key) | Q(alias_set__key=key)).distinct()

    def sharing_names(self, name):
        """People whose name holds every word of `name` or whose words `name` holds, at least
        two words in common ("Oskar Thalberg" and "Thalberg Oskar Henrikovich")."""
        tokens = name_key(name).split()
        if len(tokens) < 2:
            return self.none()
        wider = Q()
        for token in tokens:
            wider &= Q(key__contains=token)
        narrower = Q(key__in=[" ".join(sorted(pair)) for pair in combinations(tokens, 2)])
        return self.filter(wider | narrower)


class Person(models.Model):
    name = models.CharField(
        max_length=200, db_index=True, help_text="The display name, in natural order, no rank."
    )
    sort_name = models.CharField(
        max_length=200,
        blank=True,
        db_index=True,
        help_text="The name as sorted in an index: surname first ('Krishtop, Maxim').",
    )
    slug = models.SlugField(max_length=200, unique=True)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    # The surname folded (names.name_keys): an import looks for the people a printed name
    # may be by their surnames alone (quotes.services.importing.resemblances).
    surname_key = models.CharField(max_length=200, blank=True, editable=False)
    description = models.CharField(max_length=500, blank=True)
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_people"
    )

    objects = PersonQuerySet.as_manager()
    history = HistoricalRecords(history_manager=HistoryManager)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "people"
        indexes = [models.Index(fields=["surname_key"], name="person_surname")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.with_keys()
        if "update_fields" in kwargs and kwargs["update_fields"] is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key", "surname_key", "sort_name"}
        unique_slug(self, partial(super().save, *args, **kwargs))

    def get_absolute_url(self):
        return reverse("quotes:person-detail", kwargs={"slug": self.slug})

    def with_keys(self):
        """This person with what their name derives set: the keys they are found by and the
        sort name (save() sets them; a bulk insert does not call it)."""
        self.key, self.surname_key = name_keys(self.name)
        self.sort_name = sort_name(self.name)
        return self

    @property
    def aliases(self):
        return [a.name for a in self.alias_set.all()]

    def add_alias(self, name):
        """Record another spelling or name order of this person's name; a title alone, a
        patronymic alone ("Mr Alekseevich") or a name with a place glued to it is refused,
        and a title is left out. Returns whether the name is (now) one of theirs."""
        if not self.may_be_called(name):
            return False
        name = " ".join(split_title(name)[1])  # "Mr Galkin" is recorded as "Galkin"
        if name != self.name:
            # One INSERT ... ON CONFLICT DO NOTHING (an alias they have already is kept as
            # it is), rather than get_or_create's read, savepoint, insert and release.
            alias = PersonAlias(person=self, name=name).with_keys()
            PersonAlias.objects.bulk_create([alias], ignore_conflicts=True)
            pagecache.changed()  # bulk_create sends no post_save
        return True

    def may_be_called(self, name):
        """Whether `name` can stand for this person alone: more than a title or a
        patronymic, and no place or country before or after the name."""
        title, tokens = split_title(name)
        if not tokens:
            return False
        own = set(name_key(self.name).split()) | {fold(t) for t in parse_name(self.name).given}
        if len(tokens) == 1 and is_patronymic(tokens[0]) and fold(tokens[0]) not in own:
            return False
        for size in (3, 2, 1):
            for words in (tokens[:size], tokens[-size:]):
                if len(words) < len(tokens) and is_country(" ".join(words)):
                    return False
        return not any(
            is_place(token) and fold(token) not in own for token in {tokens[0], tokens[-1]}
        )


class PersonAlias(models.Model):
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="alias_set")
    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    surname_key = models.CharField(max_length=200, blank=True, editable=False)  # as Person's

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "aliases"
        constraints = [
            models.UniqueConstraint(fields=["person", "name"], name="unique_person_alias")
        ]
        indexes = [models.Index(fields=["surname_key"], name="personalias_surname")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.with_keys()
        super().save(*args, **kwargs)

    def with_keys(self):
        """This alias with the keys of its name set (save() sets them; a bulk insert does
        not call it)."""
        self.key, self.surname_key = name_keys(self.name)
        return self


class Surname(models.Model):
    """Every folded surname (`surname_key`) a person or an alias has had, once however many
    people share it: an import looks up the people a printed name may be by first finding
    the surnames alike to its own here, among a few short rows, and then reading only the
    people who have them (quotes.services.importing.resemblances), rather than reading every
    person whose surname merely holds the same letters.

    Kept by the database itself: triggers on quotes_person and quotes_personalias (migration
    0016) add a new key whatever writes it (save(), a bulk insert, COPY, loaddata). A key
    nobody has any more stays, and finds nobody."""

    key = models.CharField(max_length=200, primary_key=True)

    def __str__(self):
        return self.key

    @classmethod
    def fill(cls):
        """Add every surname people and aliases have: after rows were written with the
        triggers off (a bulk load as PostgreSQL's replica)."""
        q = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {q(cls._meta.db_table)} ({q('key')}) "  # noqa: S608 - names only
                f"SELECT surname_key FROM {q(Person._meta.db_table)} WHERE surname_key <> '' "
                f"UNION SELECT surname_key FROM {q(PersonAlias._meta.db_table)} "
                f"WHERE surname_key <> '' "
                f"EXCEPT SELECT {q('key')} FROM {q(cls._meta.db_table)}"
            )


class Unit(models.Model):
    name = models.CharField(max_length=300)
    slug = models.SlugField(max_length=200, unique=True)
    key = models.CharField(
        max_length=300,
        unique=True,
        editable=False,
        help_text="The name folded for matching (case, spelling variants, punctuation).",
    )
    aliases = models.JSONField(
        default=list, blank=True, help_text="Other spellings and abbreviations of the name."
    )
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="children"
    )

    history = HistoricalRecords(history_manager=HistoryManager)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.key = unit_key(self.name)
        unique_slug(self, partial(super().save, *args, **kwargs))

    def get_absolute_url(self):
        return reverse("quotes:unit-detail", kwargs={"slug": self.slug})


class Membership(models.Model):
    """A person's membership of a unit, as stated by an article."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="memberships")
    unit = models.ForeignKey(Unit, on_delete=models.CASCADE, related_name="memberships")
    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.SET_NULL, related_name="memberships"
    )
    rank = models.CharField(
        max_length=100,
        blank=True,
        help_text="The rank as the article prints it: 'Lieutenant Colonel'.",
    )
    role = models.CharField(
        max_length=200,
        blank=True,
        help_text="The role as the article prints it: 'deputy commander'.",
    )
    doubt = models.CharField(
        max_length=300,
        blank=True,
        help_text="Why the machine is unsure the article ties the person to the unit: "
        "'unit stated only inside the quotation'. Empty when sure.",
    )

    history = HistoricalRecords(history_manager=HistoryManager)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["person", "unit", "article"], name="unique_membership_per_article"
            )
        ]

    def __str__(self):
        return f"{self.person} – {self.unit}"


# Latest first printed first and undated last, written so that SQLite and PostgreSQL (which
# sort NULL at opposite ends) agree and both can walk an index for it.
LIST_ORDER = (Coalesce("first_published", Value(datetime.date.min)).desc(), F("id").desc())
# The "most outlets" order: the quotes printed by the most outlets first, then as LIST_ORDER.
OUTLETS_ORDER = (F("reach").desc(), *LIST_ORDER)
# The order of a quote's printings: earliest first, undated last; then the first archived,
# then the first in its article.
PRINTING_ORDER = (
    F("article__published").asc(nulls_last=True),
    "article__archived_at",
    "start",
)


class QuoteQuerySet(models.QuerySet):
    # Which quotes are public, and what a public list shows of them, is for quotes.public
    # to say (quotes, for_listing, for_list_rows, in_unit).

    def live(self):
        """Quotes that have not been merged into another."""
        return self.filter(merged_into__isnull=True)

    def by_speaker(self, person):
        return self.filter(person=person)

    def in_list_order(self, *first):
        """Ordered as every quote list is, after the orderings `first` (e.g. a search rank)."""
        return self.order_by(*first, *LIST_ORDER)

    def printed(self, *, outlet=None, since=None, until=None):
        """Quotes with one printing that holds every given condition (by `outlet`, on or
        after `since`, on or before `until`), read from the printings' own copy of their
        article's outlet and date, which the printing_outlet_published index covers."""
        conditions = {}
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
    search_vector = SearchVectorField(null=True, editable=False)

    objects = QuoteQuerySet.as_manager()
    history = HistoricalRecords(
        excluded_fields=["search_vector", "updated_at", "reach"], history_manager=HistoryManager
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
            # The order of every quote list: latest first printed first, undated last.
            models.Index(LIST_ORDER[0], F("id").desc(), name="quote_list_order"),
            models.Index(*OUTLETS_ORDER, name="quote_outlets_order"),
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
        dates, outlets, stale = defaultdict(set), defaultdict(set), set()
        for quote_id, printed_by, printed_on, outlet, published in printings:
            if (printed_by, printed_on) != (outlet, published):
                stale.add(quote_id)
            if published is not None:
                dates[quote_id].add(published)
            if outlet is not None:
                outlets[quote_id].add(outlet)
        if stale:
            articles = Article.objects.filter(pk=OuterRef("article_id"))
            Printing.objects.filter(quote__in=list(stale)).update(
                printed_by=Subquery(articles.values("outlet")[:1]),
                printed_on=Subquery(articles.values("published")[:1]),
            )
        changed = []
        for quote in quotes:
            first, reach = min(dates[quote.pk], default=None), len(outlets[quote.pk])
            if (first, reach) != (quote.first_published, quote.reach):
                quote.first_published, quote.reach = first, reach
                changed.append(quote)
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


class PrintingQuerySet(models.QuerySet):
    def with_articles(self, *, body=False):
        """With each printing's article and outlet, but never the article's raw source (up
        to megabytes, which no page shows) and its text only when `body` is asked for."""
        deferred = ["article__raw"] if body else ["article__raw", "article__body"]
        return self.select_related("article__outlet").defer(*deferred)


class Printing(models.Model):
    """A quote as printed in one article: its exact words and where they stand."""

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="printings")
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


class MergeSuggestion(models.Model):
    """Two quotes that may be one statement, left for an archivist to decide."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        MERGED = "merged", "Merged"
        DISMISSED = "dismissed", "Dismissed"

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="+")
    candidate = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="+")
    score = models.FloatField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-score"]
        constraints = [
            models.UniqueConstraint(fields=["quote", "candidate"], name="unique_merge_suggestion")
        ]

    def __str__(self):
        return f"{self.quote.short_id} ~ {self.candidate.short_id} ({self.score:.2f})"


class PersonMergeSuggestion(models.Model):
    """Two people who may be one (a spelling variant, a surname alone), left for an archivist."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        MERGED = "merged", "Merged"
        DISMISSED = "dismissed", "Dismissed"

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    candidate = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    score = models.FloatField()
    reason = models.CharField(max_length=300, blank=True)
    article = models.ForeignKey(
        Article,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The article whose import raised the doubt.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-score"]
        constraints = [
            models.UniqueConstraint(
                fields=["person", "candidate"], name="unique_person_merge_suggestion"
            )
        ]

    def __str__(self):
        return f"{self.person} ~ {self.candidate} ({self.score:.2f})"


class AttributionConflict(models.Model):
    """A printing linked to a quote by its words whose article credits someone else (an
    outlet that misattributed it, or the agency that released it): both are kept, and an
    archivist decides whom the quote belongs to."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RESOLVED = "resolved", "Resolved"

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="conflicts")
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="conflicts")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["quote", "printing"], name="unique_attribution_conflict"
            )
        ]

    def __str__(self):
        return f"{self.quote.short_id}: {self.printing}"


class Correction(models.Model):
    """A change to a public quote, on the public record of its permalink and feed."""

    class Kind(models.TextChoices):
        TEXT = "text", "Text corrected"
        SPEAKER = "speaker", "Speaker corrected"
        UNIT = "unit", "Unit corrected"
        MERGED = "merged", "Merged"
        SPLIT = "split", "Printing split off"
        WITHDRAWN = "withdrawn", "Withdrawn"
        RESTORED = "restored", "Restored"

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="corrections")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    summary = models.CharField(max_length=500, help_text="What changed, as readers see it.")
    note = models.CharField(max_length=500, blank=True, help_text="Why, in the editor's words.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.quote.short_id}: {self.summary}"

    def get_absolute_url(self):
        return self.quote.get_absolute_url()


# Background exports and the archive-wide figures (issue 11) ------------------------------------


def new_export_token():
    # The token is the export's only secret: its status page and file are public to whoever
    # holds the address, so it must not be guessable (256 random bits).
    return secrets.token_urlsafe(32)


class Export(models.Model):
    """A download too large to stream within one request, written to a file by a task
    (quotes.tasks.export_quotes_file); its status page says how far it got."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        JSONL = "jsonl", "JSON Lines"

    token = models.CharField(max_length=64, unique=True, default=new_export_token, editable=False)
    format = models.CharField(max_length=5, choices=Format.choices)
    query = models.CharField(
        max_length=2000, blank=True, help_text="The quote list's filters, as a query string."
    )
    site_url = models.CharField(max_length=300, help_text="The base of the permalinks.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    rows = models.PositiveIntegerField(null=True, blank=True)
    size = models.PositiveBigIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(db_index=True)
    # Kept only while the export is queued or running: one address writes one file at a time.
    client = models.CharField(
        max_length=64, blank=True, help_text="The address that asked for it, until it is done."
    )

    class Meta:
        ordering = ["-created_at"]
        # Asking again for an export of the same filters finds the one already made.
        indexes = [models.Index(fields=["format", "query", "-created_at"], name="export_lookup")]
        constraints = [
            models.UniqueConstraint(
                fields=["client"],
                condition=models.Q(status__in=["queued", "running"]) & ~models.Q(client=""),
                name="one_pending_export_per_client",
            )
        ]

    def __str__(self):
        return f"{self.format} export {self.token[:8]}… ({self.status})"

    def get_absolute_url(self):
        return reverse("quotes:export-status", kwargs={"token": self.token})

    def get_file_url(self):
        return reverse("quotes:export-file", kwargs={"token": self.token})

    @property
    def file_name(self):
        return f"{self.token}.{self.format}"

    @property
    def is_finished(self):
        return self.status in (self.Status.READY, self.Status.FAILED)


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
