"""Public pages: quotes, their permalinks, people, units, outlets and archived articles."""

from django.conf import settings
from django.core.cache import cache
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views import View
from django.views.generic import DetailView, ListView, TemplateView
from django.views.generic.detail import SingleObjectMixin
from django_filters.views import FilterView

from archive.models import Article, Outlet

from . import citations
from .filters import QuoteFilter
from .models import (
    PRINTING_ORDER,
    Appearance,
    Membership,
    Person,
    Quote,
    Unit,
    public_quote_q,
    quoted_outlets,
)

PEOPLE_PER_PAGE = 100


def survivor_of(obj):
    """What `obj` was merged into, following chains of merges. A cycle, which only bad data
    can make, stops at an object that is itself still merged."""
    seen = {obj.pk}
    while obj.merged_into_id and obj.merged_into_id not in seen:
        obj = obj.merged_into
        seen.add(obj.pk)
    return obj


class HomeView(TemplateView):
    template_name = "quotes/home.html"
    # The archive-wide counts scan every public quote: recomputed at most once a minute.
    STATS_SECONDS = 60

    def get_context_data(self, **kwargs):
        public = Quote.objects.public()
        return super().get_context_data(
            **cache.get_or_set("home-stats", self.stats, self.STATS_SECONDS),
            latest_quotes=public.in_list_order().for_listing()[:5],
            **kwargs,
        )

    @staticmethod
    def stats():
        public = Quote.objects.public()
        # Counted from the quotes and printings side, distinct ids only: joining every
        # outlet or article row to its quotes and de-duplicating whole rows is far slower.
        printings = Appearance.objects.filter(public_quote_q("quote"))
        return {
            "quote_count": public.count(),
            "person_count": public.exclude(person=None).values("person").distinct().count(),
            "outlet_count": printings.exclude(article__outlet=None)
            .values("article__outlet")
            .distinct()
            .count(),
            "article_count": printings.values("article").distinct().count(),
            "top_people": list(Person.objects.quoted().order_by("-quote_count", "name")[:10]),
        }


class QuoteListView(FilterView):
    """Quotes found by words and filters (see QuoteFilter), the matching words marked."""

    filterset_class = QuoteFilter
    # An invalid filter shows its error and no quotes rather than all of them.
    strict = True
    template_name = "quotes/quote_list.html"
    context_object_name = "quotes"

    def get_queryset(self):
        # Staff may ask for suggested or rejected quotes (the filter's `status`); nobody
        # else is ever given a queryset that holds them.
        quotes = Quote.objects.live() if self.request.user.is_staff else Quote.objects.public()
        return quotes.for_listing()

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        self.filterset.highlight(context["object_list"])
        return context


class QuoteDetailView(DetailView):
    context_object_name = "quote"
    template_name = "quotes/quote_detail.html"

    def get(self, request, *args, **kwargs):
        short_id = kwargs["short_id"]
        quote = get_object_or_404(Quote.objects.select_related("person"), short_id=short_id.lower())
        survivor = survivor_of(quote)
        if not survivor.is_public:
            raise Http404("No such quote.")
        if survivor != quote or short_id != quote.short_id:
            return redirect(survivor, permanent=True)
        self.object = quote
        return self.render_to_response(self.get_context_data(object=quote))

    def get_context_data(self, **kwargs):
        appearances = self.object.appearances.select_related("article__outlet").order_by(
            *PRINTING_ORDER
        )
        memberships = (
            self.object.person.memberships.select_related("unit").order_by("unit__name")
            if self.object.person_id
            else Membership.objects.none()
        )
        return super().get_context_data(
            appearances=appearances,
            units=list(dict.fromkeys(m.unit for m in memberships)),
            **kwargs,
        )


class PersonListView(ListView):
    template_name = "quotes/person_list.html"
    context_object_name = "people"
    paginate_by = PEOPLE_PER_PAGE

    def get_queryset(self):
        return Person.objects.quoted().order_by("sort_name", "name")


# The detail-with-list views below follow Django's "SingleObjectMixin with ListView"
# pattern; their templates get the object by model name and the page's rows as object_list.


class PersonDetailView(SingleObjectMixin, ListView):
    """A person and their public quotes; the page of a merged person redirects."""

    template_name = "quotes/person_detail.html"

    def get(self, request, *args, **kwargs):
        person = get_object_or_404(Person, slug=kwargs["slug"])
        survivor = survivor_of(person)
        if survivor.merged_into_id or not Person.objects.quoted().filter(pk=survivor.pk).exists():
            raise Http404("No such person.")
        if survivor != person:
            return redirect(survivor, permanent=True)
        self.object = person
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return Quote.objects.public().by_speaker(self.object).for_listing()

    def get_context_data(self, **kwargs):
        memberships = self.object.memberships.select_related("unit").order_by("unit__name", "pk")
        # Each unit once, with the rank and role as first stated with it.
        units = {}
        for m in memberships:
            title = ", ".join(t for t in (m.rank, m.role) if t)
            if not units.get(m.unit):
                units[m.unit] = title
        return super().get_context_data(person=self.object, units=list(units.items()), **kwargs)


class UnitListView(ListView):
    template_name = "quotes/unit_list.html"
    context_object_name = "units"

    def get_queryset(self):
        return Unit.objects.quoted().order_by("name")


class UnitDetailView(SingleObjectMixin, ListView):
    """A unit, its quoted members and their public quotes."""

    template_name = "quotes/unit_detail.html"

    def get(self, request, *args, **kwargs):
        self.object = self.get_object(queryset=Unit.objects.select_related("parent"))
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return Quote.objects.public().in_unit(self.object).for_listing()

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            unit=self.object,
            members=Person.objects.quoted().filter(memberships__unit=self.object).order_by("name"),
            children=self.object.children.order_by("name"),
            **kwargs,
        )


class OutletListView(ListView):
    template_name = "quotes/outlet_list.html"
    context_object_name = "outlets"

    def get_queryset(self):
        return quoted_outlets().order_by("name")


class OutletDetailView(SingleObjectMixin, ListView):
    """An outlet's articles that carry public quotes, each with those quotes."""

    template_name = "quotes/outlet_detail.html"
    paginate_by = 20

    def get(self, request, *args, **kwargs):
        self.object = self.get_object(queryset=Outlet.objects.all())
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        public_appearances = (
            Appearance.objects.filter(public_quote_q("quote"))
            .select_related("quote__person")
            .order_by("start")
        )
        return (
            Article.objects.filter(public_quote_q("appearances__quote"), outlet=self.object)
            .distinct()
            .prefetch_related(
                Prefetch("appearances", queryset=public_appearances, to_attr="public_appearances")
            )
        )

    def get_context_data(self, **kwargs):
        return super().get_context_data(outlet=self.object, **kwargs)


class ArticleDetailView(DetailView):
    """An archived article as plain text, its public quotes highlighted."""

    template_name = "quotes/article_detail.html"
    context_object_name = "article"

    def get_queryset(self):
        return Article.objects.public().select_related("outlet")

    def get_context_data(self, **kwargs):
        appearances = (
            self.object.appearances.filter(public_quote_q("quote"))
            .select_related("quote__person")
            .order_by("start")
        )
        return super().get_context_data(appearances=appearances, **kwargs)


class QuoteCitationView(View):
    """A public quote's citation as a file: BibTeX (.bib), RIS (.ris) or CSL-JSON (.json).
    Like the permalink, a merged quote's file redirects to the survivor's file in the same
    format, and anything not public is not found."""

    def get(self, request, short_id, format):
        if format not in citations.FILES:
            raise Http404("No such citation format.")
        quote = get_object_or_404(citations.citable_quotes(), short_id=short_id.lower())
        survivor = survivor_of(quote)
        if not survivor.is_public:
            raise Http404("No such quote.")
        if survivor != quote or short_id != quote.short_id:
            return redirect(
                "quotes:quote-citation", short_id=survivor.short_id, format=format, permanent=True
            )
        content_type, render = citations.FILES[format]
        response = HttpResponse(render(citations.Citation.of(quote, request=request)))
        response["Content-Type"] = content_type
        filename = f"verbatim-{quote.short_id}.{format}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
