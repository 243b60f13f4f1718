"""The admin's filter by language, for articles and printings alike (both keep an ISO 639-1
code in `language`)."""

from django.contrib import admin

from .. import language_names

NOT_KNOWN = "none"


class LanguageListFilter(admin.SimpleListFilter):
    """The languages the archive reads (archive.languages), by name, and "not known"; a
    fixed list, so that the list page asks no query for the languages present."""

    title = "language"
    parameter_name = "language"

    def lookups(self, request, model_admin):
        return [*language_names.choices(), (NOT_KNOWN, "Not known")]

    def queryset(self, request, queryset):
        value = self.value()
        if value == NOT_KNOWN:
            return queryset.filter(language="")
        return queryset.filter(language=value) if value else queryset
