"""Outlets and the articles archived from them, with their raw sources exactly as received."""

import functools
import hashlib
from functools import partial

from django.conf import settings
from django.core.validators import URLValidator
from django.db import connection, models
from django.urls import reverse
from django.utils import timezone
from simple_history import manager as simple_history_manager
from simple_history.models import HistoricalRecords
from simple_history.utils import get_change_reason_from_object

from verbatim import sql

from . import blobs
from .slugs import save_with_unique_slug

# What an article keeps exactly as archived: its bytes (in its row, or as a blob where
# `raw_key` names one), how they are read, and their hash and size.
FIXED_FIELDS = ("raw", "raw_format", "sha256", "raw_size", "raw_key")

# Only web addresses: a javascript: or data: URL would run or render wherever it is linked.
validate_web_url = URLValidator(
    schemes=["http", "https"], message="Enter a web address starting with http:// or https://."
)


class HistoryManager(simple_history_manager.HistoryManager):
    """django-simple-history's manager of historical rows, its class built once: the
    `history` descriptor builds it on every access, which each saved row pays (an import
    saves hundreds). Every HistoricalRecords here takes it as `history_manager`."""

    @classmethod
    @functools.cache
    def from_queryset(cls, queryset_class, class_name=None):
        return super().from_queryset(queryset_class, class_name)

    def bulk_history_insert(self, objs, *, update=False, default_change_reason=""):
        """The history rows `bulk_history_create` would write for `objs` (each one's user and
        change reason as it gives them), copied by the database from the rows as stored: one
        INSERT ... SELECT for each user and reason, rather than a historical instance built
        for each object and inserted by the ORM, which took an import longer than the insert.
        For rows just written from these objects, as the import writes them (the copy is
        of the row, not of the object)."""
        if not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
            return
        history = self.model
        groups = {}  # (user id, reason): ids
        for obj in objs:
            user = history.get_default_history_user(obj)  # its _history_user, if it has one
            reason = get_change_reason_from_object(obj) or default_change_reason
            groups.setdefault((getattr(user, "pk", None), reason), []).append(obj.pk)
        now, kind = timezone.now(), "~" if update else "+"
        with connection.cursor() as cursor:
            for (user_id, reason), ids in groups.items():
                parameters = [now, reason, kind, user_id, sql.values(ids, connection)]
                cursor.execute(_history_insert_sql(history), parameters)


@functools.cache
def _history_insert_sql(history) -> str:
    """INSERT INTO the historical table of `history` the tracked columns of its model's rows
    whose ids are the last parameter (verbatim.sql), with the history date, change reason,
    type and user (the first four parameters)."""
    q = connection.ops.quote_name
    model = history.instance_type
    pairs = [(history._meta.get_field(f.name).column, f.column) for f in history.tracked_fields]
    into = [q(column) for column, _ in pairs]
    into += [q(name) for name in ("history_date", "history_change_reason", "history_type")]
    into.append(q("history_user_id"))
    pk = q(model._meta.pk.column)
    return (
        f"INSERT INTO {q(history._meta.db_table)} ({', '.join(into)}) "  # noqa: S608 - names only
        f"SELECT {', '.join(q(column) for _, column in pairs)}, %s, %s, %s, %s "
        f"FROM {q(model._meta.db_table)} WHERE {pk} {sql.any_of(connection)} ORDER BY {pk}"
    )


class FixityError(ValueError):
    """An attempt to change an archived article's raw source, its format or its hash."""


class Outlet(models.Model):
    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True)
    home_url = models.URLField(blank=True, validators=[validate_web_url])
    domain = models.CharField(
        max_length=253,
        blank=True,
        db_index=True,
        help_text="The outlet's web domain, without 'www.' ('harbourgazette.example'): "
        "captured pages are matched to their outlet by it.",
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        if self.slug:
            super().save(*args, **kwargs)
        else:
            save_with_unique_slug(self, self.name, partial(super().save, *args, **kwargs))

    def get_absolute_url(self):
        return reverse("quotes:outlet-detail", kwargs={"slug": self.slug})


class ArticleQuerySet(models.QuerySet):
    def update(self, **kwargs):
        """Refused for the raw source, its format and its hash, which never change."""
        refuse_fixed(kwargs)
        return super().update(**kwargs)

    def bulk_update(self, objs, fields, batch_size=None):
        # Refused before bulk_update opens its transaction, which a failure would spoil.
        refuse_fixed(fields)
        return super().bulk_update(objs, fields, batch_size=batch_size)


def refuse_fixed(field_names):
    fixed = [name for name in FIXED_FIELDS if name in field_names]
    if fixed:
        raise FixityError(
            f"{', '.join(fixed)} of an archived article cannot be changed: "
            "the raw source and its SHA-256 are kept exactly as received"
        )


class Article(models.Model):
    class Format(models.TextChoices):
        TEXT = "txt", "Plain text"
        HTML = "html", "HTML"
        # A PDF a capture found instead of a page; its text is read with pypdf.
        PDF = "pdf", "PDF"

    outlet = models.ForeignKey(
        Outlet, null=True, blank=True, on_delete=models.PROTECT, related_name="articles"
    )
    title = models.CharField(max_length=500, blank=True)
    url = models.URLField(
        max_length=1000, null=True, blank=True, unique=True, validators=[validate_web_url]
    )
    published = models.DateField(null=True, blank=True, db_index=True)
    body = models.TextField(help_text="The article text that quotes are found in.")
    raw = models.BinaryField(
        blank=True,
        help_text="The source exactly as received, where it is small enough to keep in the "
        "row (ARCHIVE_INLINE_MAX_BYTES); empty where `raw_key` names its blob.",
    )
    raw_size = models.PositiveBigIntegerField(
        "raw size", default=0, editable=False, help_text="The raw source's length in bytes."
    )
    raw_key = models.CharField(
        "raw source's key",
        max_length=200,
        blank=True,
        editable=False,
        help_text="Where the raw source is stored (archive.blobs), if not in the row.",
    )
    raw_format = models.CharField(max_length=4, choices=Format.choices, default=Format.TEXT)
    sha256 = models.CharField("SHA-256", max_length=64, unique=True, editable=False)
    source_file = models.CharField(max_length=255, blank=True)
    canonical_url = models.URLField(
        max_length=1000,
        blank=True,
        db_index=True,
        validators=[validate_web_url],
        help_text="The address the page gives as its own (<link rel=canonical>).",
    )
    author = models.CharField(max_length=300, blank=True)
    language = models.CharField(max_length=20, blank=True)
    captured_at = models.DateTimeField(
        null=True, blank=True, help_text="When the page was fetched from the web, if it was."
    )
    archived_at = models.DateTimeField(auto_now_add=True)

    objects = ArticleQuerySet.as_manager()
    # The raw bytes never change (see fixity), so the history need not copy them.
    history = HistoricalRecords(
        excluded_fields=["raw", "raw_size", "raw_key"], history_manager=HistoryManager
    )

    class Meta:
        ordering = ["-published", "-archived_at"]

    def __str__(self):
        return self.title or self.source_file or f"Article {self.pk}"

    def save(self, *args, **kwargs):
        self.check_fixity(kwargs.get("update_fields"))
        super().save(*args, **kwargs)
        self.remember_as_archived()

    def get_absolute_url(self):
        return reverse("quotes:article-detail", kwargs={"pk": self.pk})

    # What readers are shown of an article, in one place: where the outlet or title is
    # unknown, what is known (the day it was archived) instead. The name of the file it came
    # from is the archivist's (the admin shows it), never the reader's.

    @property
    def outlet_label(self):
        return self.outlet.name if self.outlet_id else "Outlet unknown"

    @property
    def label(self):
        if self.title:
            return self.title
        if self.archived_at:
            return f"Untitled article archived on {self.archived_at:%-d %B %Y}"
        return "Untitled article"

    @classmethod
    def from_db(cls, db, field_names, values):
        article = super().from_db(db, field_names, values)
        article.remember_as_archived()
        return article

    def remember_as_archived(self):
        # Kept so that a save can tell a changed source from an unchanged one without reading
        # the row again. A deferred field is not in __dict__: it is read back if ever saved.
        self._as_archived = {
            name: self.__dict__[name] for name in FIXED_FIELDS if name in self.__dict__
        }

    def check_fixity(self, update_fields=None):
        """Raise FixityError if saving would change the stored raw source, its format or its
        hash. A new article, or a save that leaves them as stored, passes."""
        if self.pk is None:
            return
        written = set(FIXED_FIELDS) - self.get_deferred_fields()
        if update_fields is not None:
            written &= set(update_fields)
        known = getattr(self, "_as_archived", {})
        stored = {name: known[name] for name in written if name in known}
        unknown = written - set(stored)
        if unknown:
            # A field loaded after a deferred read, or an instance built by hand with the pk
            # of a stored row: compare with the row itself.
            row = Article.objects.filter(pk=self.pk).values(*unknown).first()
            if row is None:
                return
            stored.update(row)
        changed = [
            name
            for name in FIXED_FIELDS
            if name in stored and not same_value(stored[name], getattr(self, name))
        ]
        if changed:
            raise FixityError(
                f"article {self.pk}: {', '.join(changed)} cannot be changed once archived; "
                "the raw source and its SHA-256 are kept exactly as received"
            )

    def read_raw(self) -> bytes:
        """The raw source exactly as received, from the row or from its blob (checked against
        the article's SHA-256; archive.blobs.BlobError if it cannot be read as stored). Every
        reader of an article's raw source goes through here."""
        if self.raw_key:
            return blobs.read(self.raw_key, self.sha256)
        return bytes(self.raw or b"")

    @staticmethod
    def digest(raw: bytes) -> str:
        return hashlib.sha256(raw).hexdigest()

    @staticmethod
    def raw_fields(raw: bytes) -> dict:
        """An article's fields that keep `raw`: in the row up to ARCHIVE_INLINE_MAX_BYTES,
        else stored as a blob first (so a transaction that rolls back may leave a blob no row
        names, harmless: the same bytes archived again find it)."""
        if len(raw) <= settings.ARCHIVE_INLINE_MAX_BYTES:
            return {"raw": raw, "raw_size": len(raw), "raw_key": ""}
        blob = blobs.put(raw)
        return {"raw": b"", "raw_size": blob.size, "raw_key": blob.key}


def same_value(stored, value) -> bool:
    """Equality that holds across the binary types databases return (PostgreSQL gives a
    memoryview, SQLite bytes)."""
    binary = (bytes, bytearray, memoryview)
    if isinstance(stored, binary) and isinstance(value, binary):
        return bytes(stored) == bytes(value)
    return stored == value


class Capture(models.Model):
    """One fetch of a web page: what was asked, what the server answered (kept as a gzipped
    WARC with its SHA-256), and how it went. A capture that succeeds archives an Article, or
    is a later version of one already archived; one asked for with `review` first waits for an
    archivist to check what the page says about itself (`proposed`)."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        REVIEW = "review", "Awaiting review"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    url = models.URLField(
        "requested URL", max_length=1000, validators=[validate_web_url], db_index=True
    )
    state = models.CharField(
        max_length=10, choices=State.choices, default=State.QUEUED, db_index=True
    )
    reason = models.CharField(
        max_length=500, blank=True, help_text="Why the capture failed, in one line."
    )
    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.PROTECT, related_name="captures"
    )
    final_url = models.URLField(max_length=1000, blank=True, help_text="After redirects.")
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=200, blank=True)
    body = models.TextField(blank=True, help_text="The article text this version held.")
    content_sha256 = models.CharField(
        "content SHA-256", max_length=64, blank=True, db_index=True, editable=False
    )
    # The WARC itself is a blob (archive.blobs): read it with read_warc().
    warc_sha256 = models.CharField("WARC SHA-256", max_length=64, blank=True, editable=False)
    warc_size = models.PositiveBigIntegerField("WARC size", null=True, blank=True, editable=False)
    warc_key = models.CharField(
        "WARC's key",
        max_length=200,
        blank=True,
        editable=False,
        help_text="Where the WARC is stored.",
    )
    publish = models.BooleanField(
        default=False, help_text="Publish the quotes found, once captured."
    )
    review = models.BooleanField(
        default=False,
        editable=False,
        help_text="Wait, once captured, for an archivist to check the page's metadata before "
        "it is archived.",
    )
    proposed = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text="What the page says about itself (title, publication date, outlet, author, "
        "language, canonical URL, URL), as proposed for the article.",
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    task_id = models.CharField(max_length=64, blank=True, editable=False)
    attempts = models.PositiveSmallIntegerField(default=0, editable=False)
    requested_at = models.DateTimeField(auto_now_add=True)
    captured_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-pk"]

    def __str__(self):
        return f"{self.url} ({self.get_state_display().lower()})"

    @property
    def has_warc(self) -> bool:
        return bool(self.warc_key)

    def keep_warc(self, warc: bytes) -> None:
        """Store `warc` as a blob and record its hash, size and key (saved by the caller)."""
        blob = blobs.put(warc)
        self.warc_sha256, self.warc_size, self.warc_key = blob.sha256, blob.size, blob.key

    def read_warc(self) -> bytes:
        """The capture's WARC exactly as stored, checked against its SHA-256 (b"" for a capture
        that kept none; archive.blobs.BlobError if it cannot be read as stored). Every reader
        of a WARC goes through here."""
        if not self.warc_key:
            return b""
        return blobs.read(self.warc_key, self.warc_sha256)


class Package(models.Model):
    """A WACZ file the archive served (archive.wacz): of one capture, or of every capture of
    an article (`capture` empty). The same captures always give the same file, so its
    SHA-256 names it: a researcher's copy can be checked against it."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="packages")
    capture = models.ForeignKey(
        Capture, null=True, blank=True, on_delete=models.CASCADE, related_name="packages"
    )
    sha256 = models.CharField("SHA-256", max_length=64, unique=True, editable=False)
    size = models.PositiveBigIntegerField(editable=False)
    first_served_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-first_served_at", "-pk"]

    def __str__(self):
        return f"WACZ {self.sha256[:12]} ({self.size} bytes)"
