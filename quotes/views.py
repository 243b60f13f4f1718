"""Public pages: quotes, their permalinks, people, units, outlets and archived articles."""

from django.conf import settings
from django.core.cache import cache
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views import View
from django.views.generic import DetailView, ListView, TemplateView
from django.views.generic.detail import SingleObjectMixin
from django_filters.views import FilterView

from . import citations, public
from .filters import QuoteFilter
from .models import Membership, Quote

PEOPLE_PER_PAGE = 100


class HomeView(TemplateView):
    template_name = "quotes/home.html"
    # The archive-wide counts scan every public quote: recomputed at most once a minute.
    STATS_SECONDS = 60

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **cache.get_or_set("home-stats", self.stats, self.STATS_SECONDS),
            latest_quotes=public.quotes().in_list_order().for_listing()[:5],
            **kwargs,
        )

    @staticmethod
    def stats():
        quotes = public.quotes()
        # Counted from the quotes and printings side, distinct ids only: joining every
        # outlet or article row to its quotes and de-duplicating whole rows is far slower.
        printings = public.printings()
        return {
            "quote_count": quotes.count(),
            "person_count": quotes.exclude(person=None).values("person").distinct().count(),
            "outlet_count": printings.exclude(article__outlet=None)
            .values("article__outlet")
            .distinct()
            .count(),
            "article_count": printings.values("article").distinct().count(),
            "top_people": list(public.people().order_by("-quote_count", "name")[:10]),
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
        quotes = Quote.objects.live() if self.request.user.is_staff else public.quotes()
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
        try:
            quote = public.resolve_quote(short_id)
        except public.Gone as gone:
            return render(request, "quotes/quote_gone.html", {"quote": gone.quote}, status=410)
        if short_id != quote.short_id:
            return redirect(quote, permanent=True)
        self.object = quote
        return self.render_to_response(self.get_context_data(object=quote))

    def get_context_data(self, **kwargs):
        appearances = self.object.appearances.select_related("article__outlet").order_by(
            *public.PRINTING_ORDER
        )
        person = self.object.person
        if person:
            memberships = Membership.objects.select_related("unit")
            prefetch_related_objects([person], Prefetch("memberships", queryset=memberships))
        return super().get_context_data(
            appearances=appearances,
            units=[unit for unit, _ in public.units_of(person)],
            corrections=self.object.corrections.all(),
            **kwargs,
        )


class PersonListView(ListView):
    template_name = "quotes/person_list.html"
    context_object_name = "people"
    paginate_by = PEOPLE_PER_PAGE

    def get_queryset(self):
        return public.people().order_by("sort_name", "name")


# The detail-with-list views below follow Django's "SingleObjectMixin with ListView"
# pattern; their templates get the object by model name and the page's rows as object_list.


class PersonDetailView(SingleObjectMixin, ListView):
    """A person and their public quotes; the page of a merged person redirects."""

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
        return public.quotes().by_speaker(self.object).for_listing()

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            person=self.object, units=public.units_of(self.object), **kwargs
        )


class UnitListView(ListView):
    template_name = "quotes/unit_list.html"
    context_object_name = "units"

    def get_queryset(self):
        return public.units().order_by("name")


class UnitDetailView(SingleObjectMixin, ListView):
    """A unit, its quoted members and their public quotes."""

    template_name = "quotes/unit_detail.html"

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(
            public.units().select_related("parent"), slug=kwargs["slug"]
        )
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.quotes().in_unit(self.object).for_listing()

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            unit=self.object,
            members=public.people().filter(memberships__unit=self.object).order_by("name"),
            children=public.units().filter(parent=self.object).order_by("name"),
            **kwargs,
        )


class OutletListView(ListView):
    template_name = "quotes/outlet_list.html"
    context_object_name = "outlets"

    def get_queryset(self):
        return public.outlets().order_by("name")


class OutletDetailView(SingleObjectMixin, ListView):
    """An outlet's articles that carry public quotes, each with those quotes."""

    template_name = "quotes/outlet_detail.html"
    paginate_by = 20

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(public.outlets(), slug=kwargs["slug"])
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        public_appearances = public.printings().select_related("quote__person").order_by("start")
        return (
            public.articles()
            .filter(outlet=self.object)
            .order_by("-published", "-archived_at", "-pk")
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
        return public.articles().select_related("outlet")

    def get_context_data(self, **kwargs):
        appearances = (
            public.printings()
            .filter(article=self.object)
            .select_related("quote__person")
            .order_by("start")
        )
        # Newest first; the WARCs and texts stay in the database (they can be megabytes).
        captures = (
            self.object.captures.filter(state="done", warc__isnull=False)
            .exclude(warc_sha256="")
            .defer("warc", "body")
            .order_by("-captured_at", "-requested_at", "-pk")
        )
        return super().get_context_data(appearances=appearances, captures=captures, **kwargs)


class QuoteCitationView(View):
    """A public quote's citation as a file: BibTeX (.bib), RIS (.ris) or CSL-JSON (.json).
    Like the permalink, a merged quote's file redirects to the survivor's file in the same
    format, and anything not public is not found."""

    def get(self, request, short_id, format):
        if format not in citations.FILES:
            raise Http404("No such citation format.")
        try:
            quote = public.resolve_quote(short_id, citations.citable_quotes())
        except public.Gone:
            raise Http404("This quote was withdrawn.") from None
        if short_id != quote.short_id:
            return redirect(
                "quotes:quote-citation", short_id=quote.short_id, format=format, permanent=True
            )
        content_type, render = citations.FILES[format]
        response = HttpResponse(render(citations.Citation.of(quote, request=request)))
        response["Content-Type"] = content_type
        filename = f"verbatim-{quote.short_id}.{format}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
