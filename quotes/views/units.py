"""The unit pages: the list of units with quoted members and each unit's page."""

from django.conf import settings
from django.views.generic import ListView
from django.views.generic.detail import SingleObjectMixin

from archive.romanise import is_cyrillic, name_language

from .. import public
from ..pagination import PagedListMixin
from .research import research_links
from .timelines import TimelineTotalMixin


class UnitListView(ListView):
    template_name = "quotes/unit_list.html"
    context_object_name = "units"

    def get_queryset(self):
        return public.units().order_by("name")


class UnitDetailView(TimelineTotalMixin, PagedListMixin, SingleObjectMixin, ListView):
    """A unit, its quoted members and their public quotes, paged as the quote list is."""

    template_name = "quotes/unit_detail.html"

    def get(self, request, *args, **kwargs):
        self.object = public.resolve_unit(kwargs["slug"])
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.for_list_rows(public.in_unit(public.quotes(), self.object))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        return context | dict(
            unit=self.object,
            **self.languages(),
            members=public.members_counted(self.object),
            children=public.uncounted_units().filter(parent=self.object).order_by("name"),
            research=research_links("unit", self.object, "quotes:unit-feed"),
        )

    def languages(self):
        """The unit's aliases as (name, language) and its name's language: a name in
        Cyrillic is marked "uk" or "ru" from its letters, else from the language of an
        article that states someone's membership (read only where a name needs it)."""
        unit = self.object
        printed_in = ""
        if any(is_cyrillic(n) and not name_language(n) for n in [unit.name, *unit.aliases]):
            stated = public.memberships().filter(unit=unit, article__language__in=["uk", "ru"])
            printed_in = stated.values_list("article__language", flat=True).first() or ""
        return {
            "name_language": name_language(unit.name, printed_in),
            "aliases": [(alias, name_language(alias, printed_in)) for alias in unit.aliases],
        }
