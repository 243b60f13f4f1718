"""The people pages: the list of quoted people and each person's page."""

from django.conf import settings
from django.shortcuts import redirect
from django.views.generic import ListView
from django.views.generic.detail import SingleObjectMixin

from archive.romanise import is_cyrillic, name_language

from .. import public
from ..pagination import PagedListMixin
from .research import research_links
from .timelines import TimelineTotalMixin

PEOPLE_PER_PAGE = 100


class PersonListView(ListView):
    template_name = "quotes/person_list.html"
    context_object_name = "people"
    paginate_by = PEOPLE_PER_PAGE

    def get_queryset(self):
        return public.people().order_by("sort_name", "name")


class PersonDetailView(TimelineTotalMixin, PagedListMixin, SingleObjectMixin, ListView):
    """A person and their public quotes, paged as the quote list is; the page of a merged
    person redirects."""

    template_name = "quotes/person_detail.html"

    def get(self, request, *args, **kwargs):
        person = public.resolve_person(kwargs["slug"])
        if person.slug != kwargs["slug"]:
            return redirect(person, permanent=True)
        self.object = person
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.for_list_rows(public.quotes().by_speaker(self.object), memberships=False)

    def paginate_queryset(self, queryset, page_size):
        # Every row's speaker is the page's person: their memberships, read once for the
        # header, are each row's too.
        self.memberships = list(public.listed_memberships().filter(person=self.object))
        found = super().paginate_queryset(queryset, page_size)
        for quote in found[2]:
            quote.person.listed_memberships = self.memberships
        return found

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        return context | dict(
            person=self.object,
            aliases=self.aliases(),
            name_language=name_language(self.object.name, self.printed_in()),
            units=public.units_of(self.object, self.memberships),
            research=research_links("speaker", self.object, "quotes:person-feed"),
        )

    def aliases(self):
        """The person's public aliases as (name, language): the language is marked on a
        name in Cyrillic ("Пєсков" lang="uk"), from its letters or its printing."""
        found = public.aliases_with_languages().filter(person=self.object)
        return [(a.name, name_language(a.name, a.printed_in or "")) for a in found]

    def printed_in(self):
        """The language of the person's first public printing in Cyrillic, which their name
        is marked with where it is in Cyrillic and its letters do not tell ("" if none)."""
        if not is_cyrillic(self.object.name):
            return ""
        printings = public.printings().filter(quote__person=self.object, language__in=["uk", "ru"])
        return printings.values_list("language", flat=True).first() or ""
