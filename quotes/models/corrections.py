"""Corrections: the public record of each change made to a public quote."""

from django.conf import settings
from django.db import models

from .quotes import Quote


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
