"""Fixtures for the admin tests."""

import pytest
from django.contrib.auth import get_user_model

from archive.models import Capture
from quotes.models import MergeSuggestion
from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)


def populate(n):
    """`n` rows of every model, each related to the others as the importer would relate them."""
    for _ in range(n):
        person = PersonFactory()
        PersonAliasFactory(person=person)
        quote = PrintingFactory(quote__person=person).quote
        PrintingFactory(quote=quote)
        unit = UnitFactory(parent=UnitFactory(), aliases=["an alias"])
        MembershipFactory(person=person, unit=unit, article=quote.printings.first().article)
        MergeSuggestion.objects.create(
            quote=quote, candidate=QuoteFactory(person=person), score=0.8
        )
        Capture.objects.create(
            url=f"https://news.test/captured/{quote.pk}",
            state=Capture.State.FAILED,
            reason="HTTP 404 Not Found",
            article=quote.printings.first().article,
            requested_by=get_user_model().objects.filter(is_superuser=True).first(),
        )


@pytest.fixture
def extraction():
    """Skip where the extractor is not in this checkout (it is built alongside the admin)."""
    try:
        import quotes.extraction.pipeline  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"extraction pipeline not available: {exc}")


def posted_back(response, **changes):
    """The change form's own data, as the browser would send it back, with `changes`."""
    data = {}
    forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        forms.extend([formset.management_form, *formset.forms])
    for form in forms:
        for name, field in form.fields.items():
            value = form[name].value()
            if value is None or field.disabled:
                continue
            data[form.add_prefix(name)] = (
                [str(v) for v in value]
                if isinstance(value, list | tuple)
                else (value.pk if hasattr(value, "pk") else value)
            )
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False and v is not None}
