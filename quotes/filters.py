"""The filters of the quote list: full-text words, speaker, unit, outlet, dates, language, reach,
status."""

import functools

from django import forms
from django.conf.locale import LANG_INFO
from django.core.cache import cache
from django.db.models import Exists, OuterRef
from django.utils.functional import lazy
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django_filters import (
    CharFilter,
    ChoiceFilter,
    DateFilter,
    FilterSet,
    ModelChoiceFilter,
    NumberFilter,
)

from archive import language_names, languages
from archive.models import Outlet

from . import pagination, public, search, spread
from .models import LIST_ORDER, OUTLETS_ORDER, Person, Quote, Unit

ISO_DATE = "%Y-%m-%d"
BAD_DATE = _("Give the date as YYYY-MM-DD, for example 2024-03-01.")
STAFF_ONLY_STATUS = _(
    "Only archive staff can choose quotes by status; the public list shows published quotes."
)

# What a slug that names no public record is told, by the noun of what it should name.
UNKNOWN = {
    "speaker": _("No speaker is known as “%(value)s”."),
    "unit": _("No unit is known as “%(value)s”."),
    "outlet": _("No outlet is known as “%(value)s”."),
}


class QuoteFilterForm(forms.Form):
    def clean(self):
        cleaned_data = super().clean()
        start, end = cleaned_data.get("from"), cleaned_data.get("to")
        if start and end and start > end:
            raise forms.ValidationError(_("The “from” date is after the “to” date."))
        name = cleaned_data.get("outlet_name")
        if name and not outlets_named(name).exists():
            # The name goes in as a parameter, not into the message: one holding "%" would
            # break the API's error, which formats each message with its parameters.
            unknown = forms.ValidationError(UNKNOWN["outlet"], params={"value": name})
            self.add_error("outlet_name", unknown)
        return cleaned_data


class LanguageField(forms.CharField):
    """An ISO 639-1 code ("uk"): any language Django can name, not only those offered."""

    def to_python(self, value):
        return super().to_python(value).strip().lower()

    def validate(self, value):
        super().validate(value)
        if value and (len(value) != 2 or value not in LANG_INFO):
            raise forms.ValidationError(
                _("“%(value)s” is not a language code: give two letters, for example uk."),
                params={"value": value},
            )


def language_choices():
    """The languages the archive reads (archive.languages), by name, for the form."""
    codes = sorted(languages.CYRILLIC + languages.OTHERS, key=lambda c: LANG_INFO[c]["name"])
    return [
        ("", _("Any language")),
        *((code, lazy(language_names.name, str)(code)) for code in codes),
    ]


class LanguageFilter(CharFilter):
    field_class = LanguageField


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
    # A text box that says its format, not type=date, which browsers show in the reader's
    # locale (mm/dd/yyyy in the United States) while the address and the API take ISO dates.
    return iso_date_filter(
        "printings__printed_on",
        lookup_expr,
        label=label,
        widget=forms.DateInput(
            attrs={
                "placeholder": "YYYY-MM-DD",
                "pattern": r"\d{4}-\d{2}-\d{2}",
                "inputmode": "numeric",
                "size": 10,
                "maxlength": 10,
                "aria-describedby": "date-format",
            },
            format=ISO_DATE,
        ),
    )


def visible(public_records, every_record=None):
    """The records a filter may name: for archivists and editors every one (they may filter
    suggested quotes), for anyone else, a staff account with no role included, the public
    ones only, so that a slug never prints an unpublished name.
    The public queryset is built once and cloned for each request: building its EXISTS
    subquery cost more than the rest of the list's filters together."""
    public_records = functools.cache(public_records)

    def records(request):
        if every_record is not None and public.sees_unpublished(getattr(request, "user", None)):
            return every_record
        return public_records().all()

    return records


def outlets_named(name):
    """The public outlets whose name is `name`, or else holds it ("Gazette")."""
    name = " ".join(name.split())
    exact = public.uncounted_outlets().filter(name__iexact=name)
    return exact if exact.exists() else public.uncounted_outlets().filter(name__icontains=name)


# How long the outlet filter's suggestions are kept: a new outlet shows within minutes.
OUTLET_NAMES_SECONDS = 300
OUTLET_NAMES_SHOWN = 2000


def outlet_options() -> str:
    """The public outlets' names as the <option>s of the outlet filter's suggestions, built
    in Python and cached, as every quote list page offers them: a template loop over 200
    names cost 3 ms a page."""

    def read():
        names = public.uncounted_outlets().order_by("name").values_list("name", flat=True)
        shown = ((name,) for name in names[:OUTLET_NAMES_SHOWN])
        return str(format_html_join("", '<option value="{}">', shown))

    options = cache.get_or_set("quote-list:outlet-options", read, OUTLET_NAMES_SECONDS)
    return mark_safe(options)  # noqa: S308 - each name escaped by format_html_join


def slug_filter(noun, field_name, queryset, **attrs):
    """A record named by its slug; an unknown slug is an error naming it, never ignored.
    `queryset` may be a function of the request (see `visible`)."""
    return ModelChoiceFilter(
        field_name=field_name,
        lookup_expr="exact",
        to_field_name="slug",
        queryset=queryset,
        error_messages={"invalid_choice": UNKNOWN[noun]},
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
    dates and bound the day an article printed the quote; `language` takes an ISO 639-1 code
    and keeps quotes printed in that language (one printing holding it with the outlet and
    dates given, as printing.language says); `min_outlets` keeps quotes printed
    by at least that many outlets; `altered=yes` keeps quotes with a printing that changes
    the meaning against the others (quotes.spread). `status` is for archivists and editors
    only (the view gives them unpublished quotes too; without it they see published ones);
    anyone else,
    a staff account with no role included, who sends it gets an error. `unit` and
    `unit_name` go by public memberships only (public.memberships), for staff too.

    `sort` orders the rows: `best` (best match first; the default with `q`, and only with
    it: without `q` it means `newest`), `newest` (the day first printed, newest first, undated
    last; the default without `q`) or `outlets` (most outlets first, then newest); ties are
    broken by id, so that a page's URL always shows the same rows. Best match ranks the
    newest search.RANK_WINDOW matches (see `listing`); `qs`, which downloads read, holds
    every match in list order. An unknown slug
    or a malformed value is a form error: the view then shows the message and no quotes
    (`strict`), never the unfiltered list.
    """

    q = text_filter(_("Words"), "by_words")
    who = text_filter(_("Speaker’s name"), "by_who")
    unit_name = text_filter(_("Unit’s name"), "by_unit_name")
    # Named as the reader knows it, offered as they type (the list's datalist of outlets).
    outlet_name = text_filter(
        _("Outlet’s name"), "by_outlet_name", list="outlet-names", autocomplete="off"
    )
    speaker = slug_filter(
        "speaker",
        "person",
        visible(public.uncounted_people, Person.objects.all()),
        label=_("Speaker"),
        widget=forms.HiddenInput,
    )
    unit = slug_filter(
        "unit",
        "person__memberships__unit",
        visible(public.uncounted_units, Unit.objects.all()),
        method="by_unit",
        label=_("Unit"),
        widget=forms.HiddenInput,
    )
    outlet = slug_filter(
        "outlet",
        "printings__printed_by",
        visible(public.uncounted_outlets, Outlet.objects.all()),
        label=_("Outlet"),
        widget=forms.HiddenInput,
    )
    # "from" is a Python keyword, so these two are declared through the class namespace.
    locals().update({"from": date_filter(_("From"), "gte"), "to": date_filter(_("To"), "lte")})
    language = LanguageFilter(
        field_name="printings__language",
        lookup_expr="exact",
        label=_("Language"),
        max_length=10,
        widget=forms.Select(choices=language_choices()),
    )
    min_outlets = CountFilter(
        field_name="reach",
        lookup_expr="gte",
        label=_("Printed by at least (outlets)"),
        min_value=1,
        error_messages={
            "invalid": _("Give the number of outlets as a whole number, for example 2."),
            "min_value": _("Give at least 1 outlet."),
        },
        widget=forms.NumberInput(attrs={"min": 1, "inputmode": "numeric"}),
    )
    altered = ChoiceFilter(
        label=_("Altered printings"),
        choices=[("yes", _("Only quotes with a printing that changes the meaning"))],
        empty_label=_("Any"),
        method="by_altered",
        error_messages={"invalid_choice": _("Give “yes” to keep quotes with altered printings.")},
    )
    sort = ChoiceFilter(
        label=_("Sort"),
        choices=[
            ("best", _("Best match")),
            ("newest", _("Newest")),
            ("outlets", _("Most outlets")),
        ],
        empty_label=None,
        method="by_nothing",
        error_messages={"invalid_choice": _("“%(value)s” is not a way to sort quotes.")},
    )
    status = ChoiceFilter(
        field_name="status",
        lookup_expr="exact",
        label=_("Status"),
        choices=Quote.Status.choices,
        empty_label=_("Published (default)"),
        error_messages={"invalid_choice": _("“%(value)s” is not a status of a quote.")},
    )

    # Applied in one filter() call, so that together they must hold for one printing:
    # "outlet X in June" must not match a quote X printed in May and another paper in June.
    PRINTED = ("outlet", "from", "to", "language")

    class Meta:
        model = Quote
        fields = []
        form = QuoteFilterForm

    def __init__(self, data=None, *args, request=None, **kwargs):
        # Bound even without parameters, so that the bare list is filtered to published
        # quotes and ordered like any other.
        super().__init__({} if data is None else data, *args, request=request, **kwargs)
        if not public.sees_unpublished(getattr(request, "user", None)):
            # Refused rather than ignored, so that nobody takes the public list for a
            # list of suggested or rejected quotes.
            self.filters["status"] = ChoiceFilter(
                field_name="status",
                label=_("Status"),
                choices=[],
                error_messages={"invalid_choice": STAFF_ONLY_STATUS},
                widget=forms.HiddenInput,
            )

    def by_words(self, queryset, name, value):
        return search.search_quotes(queryset, value)

    def by_who(self, queryset, name, value):
        return queryset.filter(person__in=search.people_like(value))

    def by_unit_name(self, queryset, name, value):
        members = public.memberships().filter(unit__in=search.units_like(value))
        return queryset.filter(person__in=members.values("person"))

    def by_outlet_name(self, queryset, name, value):
        outlets = outlets_named(value)
        return queryset.filter(
            Exists(public.printings().filter(quote=OuterRef("pk"), printed_by__in=outlets))
        )

    def by_unit(self, queryset, name, value):
        return public.in_unit(queryset, value)

    def by_altered(self, queryset, name, value):
        return spread.altered(queryset) if value == "yes" else queryset

    def by_nothing(self, queryset, name, value):
        return queryset  # `sort` is applied by filter_queryset and listing

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data
        for name, value in data.items():
            if name not in self.PRINTED:
                queryset = self.filters[name].filter(queryset, value)
        # One printing must hold all three (see PRINTED).
        queryset = queryset.printed(
            outlet=data.get("outlet"),
            since=data.get("from"),
            until=data.get("to"),
            language=data.get("language"),
        )
        if not data.get("status"):
            queryset = queryset.filter(status=Quote.Status.PUBLISHED)
        return queryset.order_by(*self.order) if self.order else queryset.in_list_order()

    @property
    def sorted_by(self):
        """How the rows are ordered: "best", "newest" or "outlets" (see the class's doc)."""
        data = self.form.cleaned_data if self.form.is_valid() else {}
        chosen = data.get("sort") or ("best" if data.get("q") else "newest")
        return "newest" if chosen == "best" and not data.get("q") else chosen

    @property
    def order(self):
        """The list's order, for keyset pages; None for best match, which is numbered only."""
        return {"newest": LIST_ORDER, "outlets": OUTLETS_ORDER}.get(self.sorted_by)

    def pages(self):
        """paginate()'s arguments for this list: its rows (`listing`), their order, and for a
        search what to count: every match (not only the ranked window), in list order, so
        that the planner reads the full-text index or walks the list's order index rather
        than test every quote's words."""
        arguments = {"queryset": self.listing(), "order": self.order}
        if self.form.is_valid() and self.form.cleaned_data.get("q"):
            arguments["count_queryset"] = self.qs.in_list_order()
        if self.sorted_by == "best":
            arguments["max_rows"] = search.RANK_WINDOW
            arguments.update(self._found_once(arguments["count_queryset"]))
        return arguments

    def _found_once(self, found):
        """For best match, where PostgreSQL's planner expects few enough matches to count:
        the ids of the newest COUNT_CAP + 1 matches, read once, give both the count and the
        ranked window, so that the search (a phrase's positions checked in every quote
        holding its words) runs once rather than twice. {} otherwise (SQLite, or a common
        word, which is estimated and not counted)."""
        estimate = pagination.planner_estimate(found)
        if estimate is None or estimate > pagination.TRUST_ESTIMATE_PAST * pagination.COUNT_CAP:
            return {}
        ids = list(found.values_list("pk", flat=True)[: pagination.COUNT_CAP + 1])
        window = Quote.objects.filter(pk__in=ids[: search.RANK_WINDOW])
        return {
            "queryset": public.for_listing(search.best_first(window, self.form.cleaned_data["q"])),
            "total": pagination.count(found, counted=len(ids)),
        }

    def listing(self):
        """The rows as the list pages show them, with what a listing shows of each: `qs`,
        or for best match its newest search.RANK_WINDOW rows ranked."""
        if self.sorted_by == "best" and self.form.is_valid():
            return public.for_listing(search.best_first(self.qs, self.form.cleaned_data["q"]))
        return public.for_listing(self.qs)

    def did_you_mean(self, limit=3):
        """For a search that found nothing: the public people whose names resemble `who`,
        or else the words of `q`, and the public units whose names resemble `unit_name`, or
        else the words of `q` (search.people_like and units_like, forgiving spelling), most
        quoted first: {"people": [...], "units": [...]}, each empty when nothing resembles."""
        data = self.form.cleaned_data
        words = search.Terms.parse(data.get("q") or "").words
        names = data.get("who") or words
        units = data.get("unit_name") or words
        people = public.people().filter(pk__in=search.people_like(names)) if names else None
        found_units = public.units().filter(pk__in=search.units_like(units)) if units else None
        return {
            "people": list(people.order_by("-quote_count", "name")[:limit]) if names else [],
            "units": list(found_units.order_by("-quote_count", "name")[:limit]) if units else [],
        }

    def highlight(self, quotes):
        """Mark the searched words in `quotes` (see search.highlight); a no-op without `q`."""
        words = self.form.cleaned_data.get("q") if self.form.is_valid() else None
        if words:
            search.highlight(quotes, words)
