"""The filters of the public quote list: words, speaker, unit, outlet and dates."""

from django import forms
from django.db.models import Q
from django_filters import CharFilter, DateFilter, FilterSet, ModelChoiceFilter

from archive.models import Outlet

from .models import Appearance, Person, PersonAlias, Quote, Unit

ISO_DATE = "%Y-%m-%d"
BAD_DATE = "Give the date as YYYY-MM-DD, for example 2024-03-01."


class QuoteFilterForm(forms.Form):
    def clean(self):
        cleaned_data = super().clean()
        start, end = cleaned_data.get("from"), cleaned_data.get("to")
        if start and end and start > end:
            raise forms.ValidationError("The “from” date is after the “to” date.")
        return cleaned_data


def date_filter(label, lookup_expr):
    return DateFilter(
        field_name="appearances__article__published",
        lookup_expr=lookup_expr,
        label=label,
        input_formats=[ISO_DATE],
        error_messages={"invalid": BAD_DATE},
        widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE),
    )


class QuoteFilter(FilterSet):
    """Published quotes narrowed by query parameters.

    `q` finds words (case-insensitive) in a quote's canonical text, in any printed wording
    of it, or in the speaker's name or aliases. `speaker`, `unit` and `outlet` take slugs;
    `from` and `to` take ISO dates and bound the day an article printed the quote. An
    unknown slug or a malformed date is a form error: the view then shows the message and
    no quotes (`strict`), never the unfiltered list.
    """

    q = CharFilter(
        field_name="text",
        lookup_expr="icontains",
        method="search",
        label="Words",
        max_length=200,
        widget=forms.TextInput(attrs={"type": "search"}),
    )
    speaker = ModelChoiceFilter(
        field_name="person",
        lookup_expr="exact",
        label="Speaker",
        to_field_name="slug",
        queryset=Person.objects.all(),
        error_messages={"invalid_choice": "No speaker is known as “%(value)s”."},
        widget=forms.HiddenInput,
    )
    unit = ModelChoiceFilter(
        field_name="person__memberships__unit",
        lookup_expr="exact",
        label="Unit",
        to_field_name="slug",
        queryset=Unit.objects.all(),
        distinct=True,
        error_messages={"invalid_choice": "No unit is known as “%(value)s”."},
        widget=forms.HiddenInput,
    )
    outlet = ModelChoiceFilter(
        field_name="appearances__article__outlet",
        lookup_expr="exact",
        label="Outlet",
        to_field_name="slug",
        queryset=Outlet.objects.all(),
        error_messages={"invalid_choice": "No outlet is known as “%(value)s”."},
        widget=forms.HiddenInput,
    )
    # "from" is a Python keyword, so these two are declared through the class namespace.
    locals().update({"from": date_filter("From", "gte"), "to": date_filter("To", "lte")})

    # Applied in one filter() call, so that together they must hold for one appearance:
    # "outlet X in June" must not match a quote X printed in May and another paper in June.
    PRINTED = ("outlet", "from", "to")

    class Meta:
        model = Quote
        fields = []
        form = QuoteFilterForm

    def search(self, queryset, name, value):
        words = Q(**{f"{name}__icontains": value})
        printed = Appearance.objects.filter(text__icontains=value).values("quote")
        aliases = PersonAlias.objects.filter(name__icontains=value).values("person")
        return queryset.filter(
            words
            | Q(pk__in=printed)
            | Q(person__name__icontains=value)
            | Q(person__in=aliases)
            | Q(speaker_description__icontains=value)
        )

    def filter_queryset(self, queryset):
        printed = {}
        for name, value in self.form.cleaned_data.items():
            spec = self.filters[name]
            if name not in self.PRINTED:
                queryset = spec.filter(queryset, value)
            elif value is not None:
                printed[f"{spec.field_name}__{spec.lookup_expr}"] = value
        if printed:
            queryset = queryset.filter(**printed).distinct()
        return queryset
