"""The filters of the quote list: full-text words, speaker, unit, outlet, dates, reach, status."""

from django import forms
from django.db.models import Count
from django_filters import (
    CharFilter,
    ChoiceFilter,
    DateFilter,
    FilterSet,
    ModelChoiceFilter,
    NumberFilter,
)

from archive.models import Outlet

from . import public, search
from .models import Appearance, Membership, Person, Quote, Unit

ISO_DATE = "%Y-%m-%d"
BAD_DATE = "Give the date as YYYY-MM-DD, for example 2024-03-01."
STAFF_ONLY_STATUS = (
    "Only archive staff can choose quotes by status; the public list shows published quotes."
)


class QuoteFilterForm(forms.Form):
    def clean(self):
        cleaned_data = super().clean()
        start, end = cleaned_data.get("from"), cleaned_data.get("to")
        if start and end and start > end:
            raise forms.ValidationError("The “from” date is after the “to” date.")
        return cleaned_data


class CountFilter(NumberFilter):
    """A whole number, not the decimal NumberFilter takes."""

    field_class = forms.IntegerField


def iso_date_filter(field_name, lookup_expr, **attrs):
    """A date given as YYYY-MM-DD; anything else is an error saying so."""
    return DateFilter(
        field_name=field_name,
        lookup_expr=lookup_expr,
        input_formats=[ISO_DATE],
        error_messages={"invalid": BAD_DATE},
        **attrs,
    )


def date_filter(label, lookup_expr):
    return iso_date_filter(
        "appearances__article__published",
        lookup_expr,
        label=label,
        widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE),
    )


def visible(public_records, every_record=None):
    """The records a filter may name: for staff every one (they may filter suggested quotes),
    for anyone else the public ones only, so that a slug never prints an unpublished name."""

    def records(request):
        user = getattr(request, "user", None)
        if every_record is not None and user is not None and user.is_staff:
            return every_record
        return public_records()

    return records


def slug_filter(noun, field_name, queryset, **attrs):
    """A record named by its slug; an unknown slug is an error naming it, never ignored.
    `queryset` may be a function of the request (see `visible`)."""
    return ModelChoiceFilter(
        field_name=field_name,
        lookup_expr="exact",
        to_field_name="slug",
        queryset=queryset,
        error_messages={"invalid_choice": f"No {noun} is known as “%(value)s”."},
        **attrs,
    )


def text_filter(label, method, **attrs):
    return CharFilter(
        method=method,
        label=label,
        max_length=200,
        widget=forms.TextInput(attrs={"type": "search", **attrs}),
    )


class QuoteFilter(FilterSet):
    """Quotes narrowed by query parameters, best match first.

    `q` is a full-text search (stemmed: "reopening" finds "reopen") of a quote's canonical
    text and every printed wording of it, in web-search syntax: "a phrase" in double quotes,
    `or`, and -word to exclude; it also finds quotes by a speaker whose name or alias
    resembles its words. `who` finds speakers by a name or alias spelt differently
    ("Zhelezniak" finds "Zheleznyak"), `unit_name` units likewise, British and American
    spellings folded. `speaker`, `unit` and `outlet` take slugs; `from` and `to` take ISO
    dates and bound the day an article printed the quote; `min_outlets` keeps quotes printed
    by at least that many outlets. `status` is for staff only (the view gives them unpublished
    quotes too; without it they see published ones); anyone else who sends it gets an error.

    Rows are ordered by search rank (with `q`), then by the day first printed (newest first,
    undated last), then by id, so a page's URL always shows the same rows. An unknown slug
    or a malformed value is a form error: the view then shows the message and no quotes
    (`strict`), never the unfiltered list.
    """

    q = text_filter("Words", "by_words")
    who = text_filter("Speaker’s name", "by_who")
    unit_name = text_filter("Unit’s name", "by_unit_name")
    speaker = slug_filter(
        "speaker",
        "person",
        visible(public.people, Person.objects.all()),
        label="Speaker",
        widget=forms.HiddenInput,
    )
    unit = slug_filter(
        "unit",
        "person__memberships__unit",
        visible(public.units, Unit.objects.all()),
        method="by_unit",
        label="Unit",
        widget=forms.HiddenInput,
    )
    outlet = slug_filter(
        "outlet",
        "appearances__article__outlet",
        visible(public.outlets, Outlet.objects.all()),
        label="Outlet",
        widget=forms.HiddenInput,
    )
    # "from" is a Python keyword, so these two are declared through the class namespace.
    locals().update({"from": date_filter("From", "gte"), "to": date_filter("To", "lte")})
    min_outlets = CountFilter(
        field_name="appearances__article__outlet",
        lookup_expr="gte",
        method="by_outlet_count",
        label="Printed by at least (outlets)",
        min_value=1,
        error_messages={
            "invalid": "Give the number of outlets as a whole number, for example 2.",
            "min_value": "Give at least 1 outlet.",
        },
        widget=forms.NumberInput(attrs={"min": 1}),
    )
    status = ChoiceFilter(
        field_name="status",
        lookup_expr="exact",
        label="Status",
        choices=Quote.Status.choices,
        empty_label="Published (default)",
        error_messages={"invalid_choice": "“%(value)s” is not a status of a quote."},
    )

    # Applied in one filter() call, so that together they must hold for one appearance:
    # "outlet X in June" must not match a quote X printed in May and another paper in June.
    PRINTED = ("outlet", "from", "to")

    class Meta:
        model = Quote
        fields = []
        form = QuoteFilterForm

    def __init__(self, data=None, *args, request=None, **kwargs):
        # Bound even without parameters, so that the bare list is filtered to published
        # quotes and ordered like any other.
        super().__init__({} if data is None else data, *args, request=request, **kwargs)
        if not getattr(getattr(request, "user", None), "is_staff", False):
            # Refused rather than ignored, so that nobody takes the public list for a
            # list of suggested or rejected quotes.
            self.filters["status"] = ChoiceFilter(
                field_name="status",
                label="Status",
                choices=[],
                error_messages={"invalid_choice": STAFF_ONLY_STATUS},
                widget=forms.HiddenInput,
            )

    def by_words(self, queryset, name, value):
        return search.search_quotes(queryset, value)

    def by_who(self, queryset, name, value):
        return queryset.filter(person__in=search.people_like(value))

    def by_unit_name(self, queryset, name, value):
        members = Membership.objects.filter(unit__in=search.units_like(value)).values("person")
        return queryset.filter(person__in=members)

    def by_unit(self, queryset, name, value):
        return queryset.filter(person__in=Membership.objects.filter(unit=value).values("person"))

    def by_outlet_count(self, queryset, name, value):
        reach = (
            Appearance.objects.values("quote")
            .annotate(outlets=Count("article__outlet", distinct=True))
            .filter(outlets__gte=value)
            .values("quote")
        )
        return queryset.filter(pk__in=reach)

    def filter_queryset(self, queryset):
        printed = {}
        for name, value in self.form.cleaned_data.items():
            spec = self.filters[name]
            if name not in self.PRINTED:
                queryset = spec.filter(queryset, value)
            elif value is not None:
                printed[f"{spec.field_name.removeprefix('appearances__')}__{spec.lookup_expr}"] = (
                    value
                )
        if printed:
            queryset = queryset.filter(pk__in=Appearance.objects.filter(**printed).values("quote"))
        if not self.form.cleaned_data.get("status"):
            queryset = queryset.filter(status=Quote.Status.PUBLISHED)
        return self.ordered(queryset)

    def highlight(self, quotes):
        """Mark the searched words in `quotes` (see search.highlight); a no-op without `q`."""
        words = self.form.cleaned_data.get("q") if self.form.is_valid() else None
        if words:
            search.highlight(quotes, words)

    @staticmethod
    def ordered(queryset):
        ranked = ["-search_rank"] if "search_rank" in queryset.query.annotations else []
        return queryset.in_list_order(*ranked)
