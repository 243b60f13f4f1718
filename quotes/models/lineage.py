"""Lineage: which article's printing of a statement each article took its words from
(Derivation), and printings whose words change the meaning (Alteration). Both are inferred
by quotes.lineage and stored by quotes.services.lineage; an archivist may confirm or dismiss
each, and a decided one stays decided when the statement is worked out again."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from archive.models import Article

from .quotes import Quote


class Decision(models.TextChoices):
    INFERRED = "inferred", "Inferred"
    CONFIRMED = "confirmed", "Confirmed"
    DISMISSED = "dismissed", "Dismissed"


class Derivation(models.Model):
    """`article`'s printing of `quote` most likely took its words from `source`'s (None:
    independent or unknown), with the evidence in words and its strength (0 to 1). One
    standing (not dismissed) derivation an article and quote; a dismissed one is kept so
    that the edge is never inferred again."""

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="derivations")
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="+")
    source = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    evidence = models.CharField(max_length=500, blank=True)
    strength = models.FloatField(default=0.0)
    decision = models.CharField(max_length=10, choices=Decision.choices, default=Decision.INFERRED)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["quote", "article"],
                condition=~Q(decision="dismissed"),
                name="one_standing_derivation",
            )
        ]

    def __str__(self):
        return f"{self.quote.short_id}: {self.article_id} from {self.source_id or 'none'}"


class Alteration(models.Model):
    """`article`'s printing of `quote` changes the meaning: `kind` (quotes.lineage.KINDS),
    with the words the other printings print and the words it prints."""

    class Kind(models.TextChoices):
        NEGATION_DROPPED = "negation_dropped", _("Negation dropped")
        NEGATION_ADDED = "negation_added", _("Negation added")
        NUMBER_CHANGED = "number_changed", _("Number changed")
        DATE_CHANGED = "date_changed", _("Date changed")
        PLACE_CHANGED = "place_changed", _("Place or name changed")
        QUALIFIER_DROPPED = "qualifier_dropped", _("Qualifier dropped")
        SPLICE = "splice", _("Two statements spliced")
        CUT_TO_OPPOSITE = "cut_to_opposite", _("Cut to say the opposite")
        WRONG_SPEAKER = "wrong_speaker", _("Wrong speaker")

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="alterations")
    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    others = models.TextField(help_text="The words the statement's other printings print.")
    printed = models.TextField(help_text="The words this printing prints instead.")
    key = models.CharField(max_length=64, editable=False, help_text="SHA-256 of the flag.")
    decision = models.CharField(max_length=10, choices=Decision.choices, default=Decision.INFERRED)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["quote", "article", "key"], name="unique_alteration")
        ]
        indexes = [models.Index(fields=["decision", "created_at"], name="alteration_feed")]

    def __str__(self):
        return f"{self.quote.short_id}: {self.kind}"
