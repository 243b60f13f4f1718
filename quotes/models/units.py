"""Military units and people's memberships of them, as articles state them."""

from functools import partial

from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from archive.models import Article, HistoryManager

from ..extraction.units import unit_key
from .people import Person, unique_slug, wikidata_field


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
    wikidata = wikidata_field()

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
