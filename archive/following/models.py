"""What the archive follows (Source), each run of a source (SourceRun), what a run did with
each item it listed (SourceItem), and what it knows of each host it asks (Host, HostSlot)."""

import datetime

from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..models import Capture, Outlet, validate_web_url


class Source(models.Model):
    """A feed, a sitemap or an outlet's home page, run every `interval` minutes. At most one
    run of a source at a time holds its lease (`leased_until`); a run whose worker died lets
    it lapse, and the next worker takes the source up again."""

    class Kind(models.TextChoices):
        UNKNOWN = "", _("Not run yet")
        FEED = "feed", _("RSS or Atom feed")
        SITEMAP = "sitemap", _("Sitemap")
        SITEMAP_INDEX = "index", _("Sitemap index")
        SITE = "site", _("Home page (feeds and sitemaps found from it)")

    url = models.URLField(max_length=1000, unique=True, validators=[validate_web_url])
    outlet = models.ForeignKey(
        Outlet, null=True, blank=True, on_delete=models.PROTECT, related_name="sources"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, blank=True, editable=False)
    found_on = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="found",
        editable=False,
        help_text=_("The home page this feed or sitemap was found from."),
    )
    paused = models.BooleanField(default=False)
    interval = models.PositiveIntegerField(
        _("interval (minutes)"), default=30, help_text=_("How often the source is run.")
    )
    words = models.TextField(
        blank=True,
        help_text=_(
            "Only items whose title or summary holds one of these words or phrases (one a "
            "line, any case). Empty: every item."
        ),
    )
    languages = models.CharField(
        max_length=100,
        blank=True,
        help_text=_("Only items in these languages (ISO 639-1 codes: 'en, uk'). Empty: any."),
    )
    publish = models.BooleanField(
        default=True,
        help_text=_(
            "Publish the quotes the machine is sure of at once (the rest wait for review), as "
            "a capture asked to publish does."
        ),
    )
    etag = models.CharField(max_length=500, blank=True, editable=False)
    last_modified = models.CharField(max_length=100, blank=True, editable=False)
    next_run_at = models.DateTimeField(default=timezone.now, db_index=True)
    failures = models.PositiveSmallIntegerField(default=0, editable=False)
    leased_until = models.DateTimeField(null=True, blank=True, editable=False)
    leased_by = models.CharField(max_length=64, blank=True, editable=False)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["url"]

    def __str__(self):
        return self.url

    def get_absolute_url(self):
        return reverse("admin:following_source_change", args=[self.pk])

    def word_list(self) -> list[str]:
        return [w.strip().casefold() for w in self.words.splitlines() if w.strip()]

    def language_list(self) -> list[str]:
        return [c.strip().lower() for c in self.languages.replace(";", ",").split(",") if c.strip()]


class SourceRun(models.Model):
    """One run of a source: when, how it ended, and what it counted."""

    class State(models.TextChoices):
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        NOT_MODIFIED = "unchanged", _("Unchanged (304)")
        FAILED = "failed", _("Failed")

    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="runs")
    state = models.CharField(max_length=10, choices=State.choices, default=State.RUNNING)
    reason = models.CharField(max_length=500, blank=True, help_text=_("Why it failed."))
    worker = models.CharField(max_length=64, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    listed = models.PositiveIntegerField(default=0, help_text=_("Items the source listed."))
    captured = models.PositiveIntegerField(default=0)
    old = models.PositiveIntegerField(default=0, help_text=_("Already archived, or too old."))
    skipped = models.PositiveIntegerField(
        default=0, help_text=_("Filtered out, refused by robots.txt, or left for a later run.")
    )
    broken = models.PositiveIntegerField(default=0, help_text=_("Unusable or failed to capture."))

    class Meta:
        ordering = ["-started_at", "-pk"]

    def __str__(self):
        return f"{self.source} at {self.started_at:%Y-%m-%d %H:%M}"

    def summary(self) -> str:
        """What the run found, in a line."""
        if self.state in (self.State.RUNNING, self.State.NOT_MODIFIED):
            return self.get_state_display()
        counts = _("%(listed)d listed, %(captured)d captured, %(old)d old, ") % {
            "listed": self.listed,
            "captured": self.captured,
            "old": self.old,
        } + _("%(skipped)d skipped, %(broken)d broken") % {
            "skipped": self.skipped,
            "broken": self.broken,
        }
        return f"{counts}; {self.reason}" if self.reason else counts


class SourceItem(models.Model):
    """What a run did with one item of its source: captured it (with the capture), or why
    not, in a line. An item's URL recorded for a source is not taken again unless the source
    says it changed since (`modified`)."""

    class Outcome(models.TextChoices):
        CAPTURED = "captured", _("Captured")
        FILTERED = "filtered", _("Filtered out")
        DISALLOWED = "disallowed", _("Refused by robots.txt")
        BROKEN = "broken", _("Broken")
        FOUND = "found", _("Source found")

    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="items")
    run = models.ForeignKey(SourceRun, on_delete=models.CASCADE, related_name="items")
    url = models.CharField(max_length=1000, blank=True, db_index=True)
    title = models.CharField(max_length=500, blank=True)
    published = models.DateTimeField(null=True, blank=True)
    modified = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    reason = models.CharField(max_length=500, blank=True)
    capture = models.ForeignKey(
        Capture, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.url or self.reason


class Host(models.Model):
    """A host the archive follows sources on: its robots.txt, kept for a while (so that an
    unchanged feed costs one request), and until when it asked to be left alone."""

    name = models.CharField(max_length=253, unique=True)
    robots = models.TextField(blank=True)
    robots_status = models.PositiveSmallIntegerField(null=True, blank=True)
    robots_fetched_at = models.DateTimeField(null=True, blank=True)
    quiet_until = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return self.name

    def robots_fresh(self, hours: float) -> bool:
        return bool(
            self.robots_fetched_at
            and timezone.now() - self.robots_fetched_at < datetime.timedelta(hours=hours)
        )


class HostSlot(models.Model):
    """One of the FOLLOW_HOST_CONCURRENCY connections the archive may have open to a host at
    once: held by a worker for one request (until `held_until`, in case it dies), then free
    again from `free_at`, FOLLOW_HOST_DELAY_SECONDS later."""

    host = models.ForeignKey(Host, on_delete=models.CASCADE, related_name="slots")
    number = models.PositiveSmallIntegerField()
    held_by = models.CharField(max_length=64, blank=True)
    held_until = models.DateTimeField(default=timezone.now)
    free_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["host", "number"], name="one_slot_number_per_host")
        ]

    def __str__(self):
        return f"{self.host} #{self.number}"
