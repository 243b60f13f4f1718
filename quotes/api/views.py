"""The API's read-only endpoints; each lists only what the public site shows."""

from django.db.models import Prefetch
from django.http import Http404
from django_filters import utils as filter_utils
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.viewsets import ReadOnlyModelViewSet

from quotes import absolute_urls, pagination, public
from quotes.absolute_urls import site_url
from quotes.filters import QuoteFilter

from . import filters, rows, serializers

MAX_PAGE_SIZE = 200

BAD_FILTER = OpenApiResponse(
    response={
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
    description="A filter value could not be used: the messages by parameter "
    "(`__all__` for one about several). No rows are returned.",
)
NOT_FOUND = OpenApiResponse(
    response={"type": "object", "properties": {"detail": {"type": "string"}}},
    description="No such object, or no such page.",
)


class PublicFilterBackend(DjangoFilterBackend):
    """django-filter as for a visitor who is not signed in: the API shows what the public
    site shows, whoever asks, so filters meant for archive staff are refused."""

    def get_filterset_kwargs(self, request, queryset, view):
        return {**super().get_filterset_kwargs(request, queryset, view), "request": None}

    def filter_queryset(self, request, queryset, view):
        filterset = self.get_filterset(request, queryset, view)
        if not filterset.is_valid():
            raise filter_utils.translate_validation(filterset.errors)
        if getattr(view, "action", None) != "list":
            return public.for_listing(filterset.qs)
        # As the site's list: best match pages through a ranked window but counts every match.
        view.pages = filterset.pages()
        return view.pages["queryset"]


class Pages(PageNumberPagination):
    """DRF's page numbers, with `next` and `previous` on the site's origin."""

    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def page_url(self):
        # On quotes.absolute_urls.site_url, as every absolute link the site hands out, not on
        # the Host the request came with (DRF's build_absolute_uri), which a client chooses.
        return absolute_urls.absolute(self.request.get_full_path(), self.request)

    def get_next_link(self):
        if not self.page.has_next():
            return None
        number = self.page.next_page_number()
        return replace_query_param(self.page_url(), self.page_query_param, number)

    def get_previous_link(self):
        if not self.page.has_previous():
            return None
        number = self.page.previous_page_number()
        if number == 1:
            return remove_query_param(self.page_url(), self.page_query_param)
        return replace_query_param(self.page_url(), self.page_query_param, number)


class QuotePages(Pages):
    """The quote list's pages, as on the site (quotes.pagination): `page` numbers the first
    pages; from the last of them `next` continues with `after` (and `previous` with `before`),
    a quote's id, so that no page makes the database skip the rows before it. `count` is exact
    up to 1,000 quotes and estimated beyond (`count_exact` false)."""

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        try:
            self.page = pagination.paginate(
                params=request.query_params,
                per_page=self.get_page_size(request),
                **{**getattr(view, "pages", {}), "queryset": queryset},
            )
        except pagination.OutOfRange as error:
            raise NotFound(error.args[0]) from None
        return self.page.rows

    def link(self, query):
        if query is None:
            return None
        url = self.page_url()
        for name in pagination.PAGE_PARAMETERS:
            url = remove_query_param(url, name)
        for name, value in query.items():
            url = replace_query_param(url, name, value)
        return url

    def get_paginated_response(self, data):
        return Response(
            {
                "count": int(self.page.count),
                "count_exact": self.page.count.exact,
                "next": self.link(self.page.next),
                "previous": self.link(self.page.previous),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        described = super().get_paginated_response_schema(schema)
        described["properties"]["count"]["description"] = (
            "How many quotes match: exact when count_exact is true (up to 1,000), "
            "otherwise the database's estimate."
        )
        described["properties"]["count_exact"] = {"type": "boolean"}
        described["required"] = ["count", "count_exact", "results"]
        return described

    def get_schema_operation_parameters(self, view):
        cursors = [
            ("after", "A quote's id: the page of quotes that follow it (from `next`)."),
            ("before", "A quote's id: the page of quotes before it (from `previous`)."),
        ]
        return super().get_schema_operation_parameters(view) + [
            {
                "name": name,
                "required": False,
                "in": "query",
                "description": description,
                "schema": {"type": "string"},
            }
            for name, description in cursors
        ]


def query(name, description, type=OpenApiTypes.STR):
    return OpenApiParameter(name, type, OpenApiParameter.QUERY, description=description)


# QuoteFilter's parameters, described for the schema (the filter set has no help texts).
QUOTE_FILTERS = [
    query(
        "q",
        "Full-text search of the quote and every printed wording of it, stemmed "
        '("reopening" finds "reopen"); "double quotes" for a phrase, -word to leave a word '
        "out. Also finds quotes by the speaker's name or aliases. Results come best match "
        "first.",
    ),
    query("who", "A speaker's name, forgiving spelling and transliteration."),
    query("unit_name", "A unit's name, forgiving spelling variants (motorised/motorized)."),
    query(
        "min_outlets",
        "Only quotes printed by at least this many different outlets.",
        OpenApiTypes.INT,
    ),
    query("speaker", "A person's slug: only their quotes."),
    query("unit", "A unit's slug: only quotes by its members."),
    query("outlet", "An outlet's slug: only quotes it printed."),
    query("from", "YYYY-MM-DD: only quotes printed on or after this day.", OpenApiTypes.DATE),
    query("to", "YYYY-MM-DD: only quotes printed on or before this day.", OpenApiTypes.DATE),
    query(
        "language",
        "An ISO 639-1 code (uk, ru, en): only quotes printed in that language, by the same "
        "printing as the outlet and dates given.",
    ),
    query(
        "sort",
        "best (best match first; the default with q, which it needs), newest (the default "
        "without q) or outlets (printed by the most outlets first).",
    ),
    # For archive staff on the site only; the API always refuses it.
    OpenApiParameter("status", exclude=True),
]


def read_only_schema(
    *, noun, list_description, lookup, serializer, detail_serializer=None, filters=()
):
    """The schema of a list and a detail operation, with their error responses."""
    errors = {400: BAD_FILTER, 404: NOT_FOUND}
    return extend_schema_view(
        list=extend_schema(
            description=list_description,
            parameters=list(filters),
            responses={200: serializer(many=True), **errors},
        ),
        retrieve=extend_schema(
            description=f"One {noun}.",
            parameters=[lookup],
            responses={200: detail_serializer or serializer, **errors},
        ),
    )


def slug_parameter(noun):
    return OpenApiParameter(
        "slug",
        OpenApiTypes.STR,
        OpenApiParameter.PATH,
        pattern=r"^[-a-zA-Z0-9_]+$",
        description=f"The {noun}'s slug, as in its page's address.",
    )


# Any one path segment reaches the view, so that a malformed id gets the API's JSON 404
# rather than the site's HTML page.
ANY_SEGMENT = r"[^/]+"


class PublicReadOnlyViewSet(ReadOnlyModelViewSet):
    pagination_class = Pages
    lookup_value_regex = ANY_SEGMENT

    def get_object(self):
        # No id holds a NUL character, and PostgreSQL refuses to compare text with one.
        if "\x00" in self.kwargs[self.lookup_url_kwarg or self.lookup_field]:
            raise NotFound()
        return super().get_object()


@read_only_schema(
    serializer=serializers.QuoteSerializer,
    detail_serializer=serializers.QuoteDetailSerializer,
    filters=QUOTE_FILTERS,
    noun="published quote",
    list_description="Published quotes, best match first when searching, otherwise most "
    "recently printed first, narrowed by the same parameters as the "
    "quote list on the site (/quotes/), with the same results.",
    lookup=OpenApiParameter(
        "short_id",
        OpenApiTypes.STR,
        OpenApiParameter.PATH,
        pattern=r"^[0-9a-z]+$",
        description="The quote's permanent id, as in its permalink /q/<id>/.",
    ),
)
class QuoteViewSet(PublicReadOnlyViewSet):
    serializer_class = serializers.QuoteSerializer
    filterset_class = QuoteFilter
    filter_backends = [PublicFilterBackend]
    pagination_class = QuotePages
    lookup_field = "short_id"

    def get_queryset(self):
        # Ordered and prefetched (for_listing) by PublicFilterBackend, as the site's list is.
        return public.quotes()

    def list(self, request, *args, **kwargs):
        # Written from plain rows (quotes.api.rows), as QuoteSerializer would write them.
        quotes = rows.listed(self.filter_queryset(self.get_queryset()))
        page = self.paginate_queryset(quotes)
        return self.get_paginated_response(rows.quotes_data(page, site_url(request)))

    def get_serializer_class(self):
        # The detail adds each printing's lineage (quotes.spread): two queries for one quote.
        if self.action == "retrieve":
            return serializers.QuoteDetailSerializer
        return serializers.QuoteSerializer

    def retrieve(self, request, *args, **kwargs):
        try:
            public.resolve_quote(kwargs["short_id"])
        except public.Gone as gone:
            quote = gone.quote
            return Response(
                {
                    "detail": "This quote was withdrawn.",
                    "reason": quote.get_withdrawal_reason_display(),
                    "withdrawn_at": quote.withdrawn_at.isoformat() if quote.withdrawn_at else None,
                },
                status=410,
            )
        except Http404:
            pass  # the lookup below answers with the API's own 404 (or the merged quote)
        return super().retrieve(request, *args, **kwargs)


@read_only_schema(
    serializer=serializers.PersonSerializer,
    noun="person",
    list_description="People with at least one published quote, by name.",
    lookup=slug_parameter("person"),
)
class PersonViewSet(PublicReadOnlyViewSet):
    serializer_class = serializers.PersonSerializer
    filterset_class = filters.PersonFilter
    lookup_field = "slug"

    def get_queryset(self):
        memberships = public.memberships().select_related("unit").order_by("unit__name")
        aliases = Prefetch("alias_set", queryset=public.aliases(), to_attr="public_aliases")
        return (
            public.people()
            .prefetch_related(
                aliases,
                Prefetch("memberships", queryset=memberships, to_attr="public_memberships"),
            )
            .order_by("name", "pk")
        )


@read_only_schema(
    serializer=serializers.UnitSerializer,
    noun="unit",
    list_description="Military units with at least one quoted member, by name.",
    lookup=slug_parameter("unit"),
)
class UnitViewSet(PublicReadOnlyViewSet):
    serializer_class = serializers.UnitSerializer
    filterset_class = filters.UnitFilter
    lookup_field = "slug"

    def get_queryset(self):
        return public.units().select_related("parent").order_by("name", "pk")


@read_only_schema(
    serializer=serializers.OutletSerializer,
    noun="outlet",
    list_description="Outlets that printed at least one published quote, by name.",
    lookup=slug_parameter("outlet"),
)
class OutletViewSet(PublicReadOnlyViewSet):
    serializer_class = serializers.OutletSerializer
    filterset_class = filters.OutletFilter
    lookup_field = "slug"

    def get_queryset(self):
        return public.outlets().order_by("name", "pk")


@read_only_schema(
    serializer=serializers.ArticleSerializer,
    detail_serializer=serializers.ArticleDetailSerializer,
    noun="archived article, with its text and published quotes",
    list_description="Archived articles that carry at least one published quote, newest "
    "first; the list leaves out the text, which the detail gives.",
    lookup=OpenApiParameter(
        "id",
        {"type": "integer", "minimum": 1},
        OpenApiParameter.PATH,
        description="The article's id, as in its archived page's address.",
    ),
)
class ArticleViewSet(PublicReadOnlyViewSet):
    filterset_class = filters.ArticleFilter

    def get_serializer_class(self):
        if self.action == "retrieve":
            return serializers.ArticleDetailSerializer
        return serializers.ArticleSerializer

    def get_queryset(self):
        # The raw source may be large and is never shown; the list does not show the text.
        articles = public.articles().select_related("outlet").defer("raw")
        if self.action != "retrieve":
            return articles.defer("raw", "body").order_by("-published", "-archived_at", "-pk")
        public_printings = public.printings().select_related("quote__person").order_by("start")
        return articles.prefetch_related(
            Prefetch("printings", queryset=public_printings, to_attr="public_printings")
        )
