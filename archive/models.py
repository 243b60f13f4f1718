"""Outlets and the articles archived from them, with their raw sources exactly as received."""

import hashlib

from django.db import models
from django.urls import reverse
from django.utils.text import slugify
from simple_history.models import HistoricalRecords


class Outlet(models.Model):
    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True)
    home_url = models.URLField(blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = slugify(self.name)[:200] or "outlet"
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("quotes:outlet-detail", kwargs={"slug": self.slug})


class ArticleQuerySet(models.QuerySet):
    def public(self):
        """Articles that carry at least one published quote."""
        return self.filter(
            appearances__quote__status="published", appearances__quote__merged_into=None
        ).distinct()


class Article(models.Model):
    class Format(models.TextChoices):
        TEXT = "txt", "Plain text"
        HTML = "html", "HTML"

    outlet = models.ForeignKey(
        Outlet, null=True, blank=True, on_delete=models.PROTECT, related_name="articles"
    )
    title = models.CharField(max_length=500, blank=True)
    url = models.URLField(max_length=1000, null=True, blank=True, unique=True)
    published = models.DateField(null=True, blank=True, db_index=True)
    body = models.TextField(help_text="The article text that quotes are found in.")
    raw = models.BinaryField(help_text="The source exactly as received.")
    raw_format = models.CharField(max_length=4, choices=Format.choices, default=Format.TEXT)
    sha256 = models.CharField("SHA-256", max_length=64, unique=True, editable=False)
    source_file = models.CharField(max_length=255, blank=True)
    archived_at = models.DateTimeField(auto_now_add=True)

    objects = ArticleQuerySet.as_manager()
    # The raw bytes never change (see fixity), so the history need not copy them.
    history = HistoricalRecords(excluded_fields=["raw"])

    class Meta:
        ordering = ["-published", "-archived_at"]

    def __str__(self):
        return self.title or self.source_file or f"Article {self.pk}"

    def get_absolute_url(self):
        return reverse("quotes:article-detail", kwargs={"pk": self.pk})

    @staticmethod
    def digest(raw: bytes) -> str:
        return hashlib.sha256(raw).hexdigest()
