"""The quote list's filters in the admin, and its order: what the machine was unsure of first."""

from django.contrib import admin
from django.contrib.admin.views.main import ORDER_VAR, ChangeList

from archive.models import Article


class SpeakerFilter(admin.SimpleListFilter):
    """Whether the quote is attributed to a named person, only described, or to no one."""

    title = "speaker"
    parameter_name = "speaker"

    def lookups(self, request, model_admin):
        return [
            ("named", "Named person"),
            ("described", "Described only"),
            ("none", "No speaker"),
        ]

    def queryset(self, request, queryset):
        if self.value() == "named":
            return queryset.filter(person__isnull=False)
        if self.value() == "described":
            return queryset.filter(person__isnull=True).exclude(speaker_description="")
        if self.value() == "none":
            return queryset.filter(person__isnull=True, speaker_description="")
        return queryset


class DoubtFirstChangeList(ChangeList):
    """The quote list with what the machine was unsure of first, unless a column is sorted:
    it is what waits for an archivist."""

    def get_ordering(self, request, queryset):
        ordering = super().get_ordering(request, queryset)
        if ORDER_VAR in self.params:
            return ordering
        return ["-unsure", *ordering]


class DoubtFilter(admin.SimpleListFilter):
    """Whether the machine was unsure of a printing's speaker or unit: those quotes wait for
    review, first in the list."""

    title = "attribution"
    parameter_name = "attribution"

    def lookups(self, request, model_admin):
        return [("unsure", "Machine unsure"), ("sure", "Machine sure")]

    def queryset(self, request, queryset):
        if self.value() == "unsure":
            return queryset.filter(doubt__isnull=False)
        if self.value() == "sure":
            return queryset.filter(doubt__isnull=True)
        return queryset


class ArticleFilter(admin.SimpleListFilter):
    """Quotes found in one article: the link from an article's change page lands here."""

    title = "article"
    parameter_name = "article"

    def lookups(self, request, model_admin):
        # Only offered once chosen; there are far too many articles to list.
        value = self.value()
        if value and value.isdigit():
            article = Article.objects.filter(pk=value).only("title", "source_file").first()
            if article:
                return [(value, str(article))]
        return []

    def queryset(self, request, queryset):
        if self.value():
            if not self.value().isdigit():
                raise admin.options.IncorrectLookupParameters("article must be an id")
            return queryset.filter(printings__article_id=self.value())
        return queryset
