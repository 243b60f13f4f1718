"""The unit pages: the list of units with quoted members and each unit's page."""

from django.conf import settings
from django.views.generic import ListView
from django.views.generic.detail import SingleObjectMixin

from .. import public
from ..pagination import PagedListMixin
from .research import research_links


class UnitListView(ListView):
    template_name = "quotes/unit_list.html"
    context_object_name = "units"

    def get_queryset(self):
        return public.units().order_by("name")


class UnitDetailView(PagedListMixin, SingleObjectMixin, ListView):
    """A unit, its quoted members and their public quotes, paged as the quote list is."""

    template_name = "quotes/unit_detail.html"

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(
            public.units().select_related("parent"), slug=kwargs["slug"]
        )
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.for_list_rows(public.in_unit(public.quotes(), self.object))

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            unit=self.object,
            members=public.people()
            .filter(pk__in=public.memberships().filter(unit=self.object).values("person"))
            .order_by("name"),
            children=public.units().filter(parent=self.object).order_by("name"),
            research=research_links("unit", self.object, "quotes:unit-feed"),
            **kwargs,
        )
