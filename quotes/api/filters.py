"""The filters of the API's people, unit, outlet and article lists (quotes use QuoteFilter)."""

from django.db.models import Q
from django_filters import CharFilter, FilterSet

from archive.models import Article, Outlet
from quotes import public
from quotes.filters import QuoteFilterForm, iso_date_filter, slug_filter, visible
from quotes.models import Person, Unit


class PersonFilter(FilterSet):
    """Quoted people narrowed by query parameters.

    `q` finds words (case-insensitive) in a person's name or any of their public aliases;
    `unit` takes a unit's slug and keeps the people it is publicly stated for. An unknown
    slug is an error, never ignored.
    """

    q = CharFilter(
        field_name="name",
        lookup_expr="icontains",
        method="search",
        max_length=200,
        help_text="Words (case-insensitive) in the person's name or aliases.",
    )
    unit = slug_filter(
        "unit",
        "memberships__unit",
        visible(public.units),
        method="by_unit",
        help_text="A unit's slug: only its members.",
    )

    class Meta:
        model = Person
        fields = []

    def search(self, queryset, name, value):
        # Subqueries rather than joins, so that a person with two matching aliases (or
        # memberships) is listed once and their quote count is not multiplied.
        aliases = public.aliases().filter(name__icontains=value).values("person")
        return queryset.filter(Q(name__icontains=value) | Q(pk__in=aliases))

    def by_unit(self, queryset, name, value):
        return queryset.filter(pk__in=public.memberships().filter(unit=value).values("person"))


class UnitFilter(FilterSet):
    """Units with quoted members; `q` finds words (case-insensitive) in the name."""

    q = CharFilter(
        field_name="name",
        lookup_expr="icontains",
        max_length=200,
        help_text="Words (case-insensitive) in the name.",
    )

    class Meta:
        model = Unit
        fields = []


class OutletFilter(FilterSet):
    """Outlets that printed published quotes; `q` finds words (case-insensitive) in the name."""

    q = CharFilter(
        field_name="name",
        lookup_expr="icontains",
        max_length=200,
        help_text="Words (case-insensitive) in the name.",
    )

    class Meta:
        model = Outlet
        fields = []


def published_filter(lookup_expr, help_text):
    return iso_date_filter("published", lookup_expr, help_text=help_text)


class ArticleFilter(FilterSet):
    """Archived articles that carry published quotes, narrowed by query parameters.

    `q` finds words (case-insensitive) in the title; `outlet` takes an outlet's slug;
    `from` and `to` take ISO dates and bound the day the article was published.
    """

    q = CharFilter(
        field_name="title",
        lookup_expr="icontains",
        max_length=200,
        help_text="Words (case-insensitive) in the title.",
    )
    outlet = slug_filter(
        "outlet",
        "outlet",
        visible(public.outlets),
        help_text="An outlet's slug: only its articles.",
    )
    # "from" is a Python keyword, so these two are declared through the class namespace.
    locals().update(
        {
            "from": published_filter("gte", "YYYY-MM-DD: published on or after this day."),
            "to": published_filter("lte", "YYYY-MM-DD: published on or before this day."),
        }
    )

    class Meta:
        model = Article
        fields = []
        # Its clean() rejects a "from" date after the "to" date, as on the quote list.
        form = QuoteFilterForm
