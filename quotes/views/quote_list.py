"""The quote list (/quotes/): quotes found by words and filters."""

from django.conf import settings
from django_filters.views import FilterView

from .. import public, spread
from ..filters import QuoteFilter, outlet_options
from ..models import Quote
from ..pagination import PagedListMixin

# The altered-printings facet counts no further (a count of a large list would read it all).
ALTERED_FACET_LIMIT = 1000


class QuoteListView(PagedListMixin, FilterView):
    """Quotes found by words and filters (see QuoteFilter), the matching words marked; an
    estimated count past a thousand, numbered pages then keyset ones (quotes.pagination);
    when nothing matches, the people and units whose names resemble the words."""

    filterset_class = QuoteFilter
    # An invalid filter shows its error and no quotes rather than all of them.
    strict = True
    template_name = "quotes/quote_list.html"
    context_object_name = "quotes"

    def get_queryset(self):
        # Archivists and editors may ask for suggested or rejected quotes (the filter's
        # `status`); nobody else, a staff account with no role included, is ever given a
        # queryset that holds them.
        if public.sees_unpublished(self.request.user):
            return Quote.objects.live()
        return public.quotes()

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def list_pages(self, queryset):
        if not self.filterset.is_valid():
            return {"queryset": public.for_list_rows(queryset)}
        pages = self.filterset.pages()
        # The filter's listing is fetched as the API's and the feeds' are (for_listing); the
        # page shows less of each row.
        rows = public.for_list_rows(pages["queryset"].prefetch_related(None))
        return {**pages, "queryset": rows}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # The outlet filter's suggestions, as the reader types a name.
        context["outlet_options"] = outlet_options()
        self.filterset.highlight(context["object_list"])
        if not context["object_list"] and not self.out_of_range and self.filterset.is_valid():
            context["did_you_mean"] = self.filterset.did_you_mean()
        context["altered_facet"] = self.altered_facet(context["object_list"])
        context["altered_facet_limit"] = ALTERED_FACET_LIMIT
        return context

    def altered_facet(self, rows):
        """How many of the listed quotes have an altered printing (quotes.spread), a facet
        that narrows the list to them, counted up to ALTERED_FACET_LIMIT (past it, the
        limit: the list itself estimates large counts); None where nothing is listed. One
        query."""
        if not rows or not self.filterset.is_valid():
            return None
        if self.filterset.form.cleaned_data.get("altered"):
            return 0
        altered = spread.altered(self.filterset.qs.order_by()).values("pk")
        return altered[:ALTERED_FACET_LIMIT].count()
