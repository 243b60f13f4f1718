"""The review queues: quotes and people that may be one, and printings whose article
credits someone other than their quote's speaker, each left for an archivist to decide."""

from django.db import models

from archive.models import Article

from .people import Person
from .printings import Printing
from .quotes import Quote


class MergeSuggestion(models.Model):
    """Two quotes that may be one statement, left for an archivist to decide."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        MERGED = "merged", "Merged"
        DISMISSED = "dismissed", "Dismissed"

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="+")
    candidate = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="+")
    score = models.FloatField()
    evidence = models.JSONField(
        default=dict,
        blank=True,
        help_text="For a translation: what agreed and what did not (quotes.matching.evidence).",
    )
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
