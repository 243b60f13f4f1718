"""Background exports (issue 11): downloads too large for one request, and their tokens."""

import secrets

from django.db import models
from django.urls import reverse


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
    # The finished file, a blob in the "archive" storage (archive.blobs), by its SHA-256.
    sha256 = models.CharField("SHA-256", max_length=64, blank=True, editable=False)
    key = models.CharField(
        "file's key",
        max_length=200,
        blank=True,
        editable=False,
        help_text="Where the file is stored.",
    )
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
