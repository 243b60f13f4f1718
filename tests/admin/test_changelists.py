"""Every model's change list and change page in the admin: they load, their queries do not grow
with the number of rows, and their search finds what an archivist would type."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from archive.models import Article, Capture, Outlet
from quotes.models import Membership, MergeSuggestion, Person, Printing, Quote, Unit

from .conftest import populate

pytestmark = pytest.mark.django_db

MODELS = [Outlet, Article, Capture, Person, Unit, Membership, Quote, Printing, MergeSuggestion]


def changelist(model):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_changelist_runs_no_query_per_row(admin_client, django_assert_max_num_queries, model):
    """A change list of twelve rows runs no more queries than one of two."""
    populate(2)
    with CaptureQueriesContext(connection) as few:
        assert admin_client.get(changelist(model)).status_code == 200
    populate(10)

    with django_assert_max_num_queries(len(few)):
        response = admin_client.get(changelist(model))

    assert response.status_code == 200
    assert len(response.context["cl"].result_list) >= 12


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_change_page_loads(admin_client, model):
    """Every model's change page opens for a superuser."""
    populate(1)
    obj = model.objects.first()
    opts = model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    assert admin_client.get(url).status_code == 200


def found(admin_client, model, term):
    response = admin_client.get(changelist(model), {"q": term})
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_quote_search_by_text_speaker_alias_and_short_id(admin_client):
    """Quotes are found by their words, their speaker's name or alias, and their short id."""
    from tests.factories import PersonAliasFactory, PersonFactory, QuoteFactory

    person = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=person, name="Harbourmaster Vantongeren")
    quote = QuoteFactory(person=person, text="The pier will reopen in May.")
    QuoteFactory(text="The ferry runs twice a day.")

    assert found(admin_client, Quote, "pier will reopen") == [quote]
    assert found(admin_client, Quote, "Vantongeren") == [quote]
    assert found(admin_client, Quote, "Harbourmaster") == [quote]
    assert found(admin_client, Quote, quote.short_id) == [quote]


def test_person_search_by_alias_and_name_order(admin_client):
    """People are found by an alias, and by their name in another order or case."""
    from tests.factories import PersonAliasFactory, PersonFactory

    person = PersonFactory(name="Zoë Van Acker")
    PersonAliasFactory(person=person, name="Z. Van Acker")
    PersonFactory(name="Marta Example")

    assert found(admin_client, Person, "Z. Van") == [person]
    assert found(admin_client, Person, "VAN ACKER, Zoë") == [person]
    assert found(admin_client, Person, "Marta") != [person]


def test_unit_search_by_alias(admin_client):
    """Units are found by any of their alias spellings."""
    from tests.factories import UnitFactory

    unit = UnitFactory(name="3rd Coastal Watch Brigade", aliases=["3 CWB"])
    UnitFactory(name="1st Dune Rangers")

    assert found(admin_client, Unit, "Coastal") == [unit]
    assert found(admin_client, Unit, "cwb") == [unit]


def test_article_outlet_and_suggestion_search(admin_client):
    """Articles are found by title, outlets by name, suggestions by either quote's words."""
    from tests.factories import ArticleFactory, OutletFactory, QuoteFactory

    outlet = OutletFactory(name="Kustkrant")
    article = ArticleFactory(title="Pier to reopen", outlet=outlet)
    ArticleFactory(title="Ferry timetable")
    quote = QuoteFactory(text="The pier will reopen in May.")
    suggestion = MergeSuggestion.objects.create(
        quote=quote, candidate=QuoteFactory(person=quote.person), score=0.7
    )

    assert found(admin_client, Article, "reopen") == [article]
    assert found(admin_client, Article, "Kustkrant") == [article]
    assert found(admin_client, Outlet, "kust") == [outlet]
    assert found(admin_client, MergeSuggestion, "pier will") == [suggestion]


def test_article_list_never_loads_bodies_or_raw_sources(admin_client):
    """The article list leaves bodies and raw sources in the database: they can be megabytes."""
    from tests.factories import ArticleFactory

    ArticleFactory()
    with CaptureQueriesContext(connection) as queries:
        admin_client.get(changelist(Article))
    article_selects = [
        q["sql"] for q in queries if 'FROM "archive_article"' in q["sql"] and "SELECT" in q["sql"]
    ]
    assert article_selects
    assert not any('"archive_article"."raw"' in sql for sql in article_selects)
