"""/api/quotes/: published quotes, their representation, filters, errors and query count."""

import json

import pytest
from django.test import RequestFactory
from rest_framework.renderers import JSONRenderer
from rest_framework.serializers import ModelSerializer

from quotes import public
from quotes.api.serializers import QuoteSerializer
from quotes.models import Quote
from quotes.search_data import refresh_search
from tests.factories import MembershipFactory, PrintingFactory, QuoteFactory


def texts(response):
    return [quote["text"] for quote in response.json()["results"]]


@pytest.mark.django_db
def test_list_shows_only_published_unmerged_quotes(client, archive):
    """Suggested, rejected and merged quotes never appear in the API."""
    response = client.get("/api/quotes/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert sorted(texts(response)) == ["The bridge held.", "We hold the pier."]
    assert response.json()["count"] == 2
    for quote in archive["hidden"]:
        assert client.get(f"/api/quotes/{quote.short_id}/").status_code == 404


@pytest.mark.django_db
def test_quote_representation(client, archive):
    """A quote gives its permalink, speaker, units, printings, first date and outlet count."""
    pier = archive["pier"]
    data = client.get(f"/api/quotes/{pier.short_id}/").json()
    assert data["id"] == pier.short_id
    assert data["permalink"] == f"http://testserver/q/{pier.short_id}/"
    assert data["text"] == "We hold the pier."
    assert data["speaker"] == {
        "name": "Olena Harbourmaster",
        "slug": "olena-harbourmaster",
        "url": "http://testserver/people/olena-harbourmaster/",
    }
    assert data["speaker_description"] == ""
    assert data["units"] == [{"name": "3rd Coastal Brigade", "slug": "3rd-coastal-brigade"}]
    assert data["first_published"] == "2031-03-05"
    assert data["outlet_count"] == 2
    # Oldest printing first, as on the quote's page.
    first, second = data["appearances"]
    assert first["article"]["outlet"] == {"name": "Morning Post", "slug": "morning-post"}
    assert first["article"]["published"] == "2031-03-05"
    assert first["article"]["url"].startswith("https://news.test/story/")
    article_id = first["article"]["id"]
    assert first["article"]["archived_url"] == f"http://testserver/articles/{article_id}/"
    assert first["text"] == "We hold the pier."
    assert first["attribution"] == "she said"
    assert first["end"] - first["start"] == len("We hold the pier.")
    assert second["article"]["outlet"]["name"] == "Evening Star"


@pytest.mark.django_db
def test_unnamed_speaker_is_null_with_a_description(client, archive):
    """A quote whose speaker the articles do not name has speaker null and no units."""
    data = client.get(f"/api/quotes/{archive['bridge'].short_id}/").json()
    assert data["speaker"] is None
    assert data["speaker_description"] == "one soldier"
    assert data["units"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, expected",
    [
        ("speaker=olena-harbourmaster", ["We hold the pier."]),
        ("unit=3rd-coastal-brigade", ["We hold the pier."]),
        ("outlet=evening-star", ["The bridge held.", "We hold the pier."]),
        ("outlet=morning-post", ["We hold the pier."]),
        ("from=2031-04-01", ["The bridge held.", "We hold the pier."]),
        ("to=2031-04-01", ["We hold the pier."]),
        ("outlet=morning-post&from=2031-04-01", []),
    ],
)
def test_filters_match_the_quote_list(client, archive, query, expected):
    """The API takes the quote list's parameters and gives the same quotes."""
    response = client.get(f"/api/quotes/?{query}")
    assert response.status_code == 200
    assert sorted(texts(response)) == expected
    site = client.get(f"/quotes/?{query}")
    assert sorted(quote.text for quote in site.context["quotes"]) == expected


@pytest.mark.django_db
@pytest.mark.parametrize("words", ["pier", "BRIDGE", "soldier", "Harbourmaster", "absent"])
def test_word_search_gives_the_quote_lists_results(client, archive, words):
    """`q` (the site's word search, whatever its rules) gives the quote list's quotes, in
    the quote list's order."""
    response = client.get("/api/quotes/", {"q": words})
    assert response.status_code == 200
    site = client.get("/quotes/", {"q": words})
    assert texts(response) == [quote.text for quote in site.context["quotes"]]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["quotes/%00", "people/%00", "articles/x", "units/%C2%84"])
def test_malformed_id_is_a_json_404(client, path):
    """An id that cannot exist answers the API's JSON 404, not the site's HTML page."""
    response = client.get(f"/api/{path}/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["speaker=%00", "unit=%00", "outlet=%00", "q=%00"])
def test_nul_character_is_a_bad_value(client, archive, query):
    """A NUL character (which PostgreSQL cannot compare) is a bad value, not a server error."""
    assert client.get(f"/api/quotes/?{query}").status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, field, message",
    [
        ("speaker=nobody", "speaker", "No speaker is known as “nobody”."),
        ("unit=nowhere", "unit", "No unit is known as “nowhere”."),
        ("outlet=nopaper", "outlet", "No outlet is known as “nopaper”."),
        # A "%" in the value is the value's, not a format (it was a server error).
        ("outlet_name=100%25 news", "outlet_name", "No outlet is known as “100% news”."),
        ("from=March", "from", "Give the date as YYYY-MM-DD"),
        ("from=2031-06-01&to=2031-01-01", "__all__", "The “from” date is after the “to” date."),
    ],
)
def test_bad_filter_value_is_400_with_the_message(client, archive, query, field, message):
    """A filter value that cannot be used answers 400 with its message, never all rows."""
    response = client.get(f"/api/quotes/?{query}")
    assert response.status_code == 400
    assert "results" not in response.json()
    assert message in " ".join(response.json()[field])


@pytest.mark.django_db
def test_page_size_is_capped_at_200(client):
    """page_size chooses the page's length, up to 200."""
    QuoteFactory.create_batch(3)
    data = client.get("/api/quotes/?page_size=2").json()
    assert data["count"] == 3
    assert len(data["results"]) == 2
    assert data["next"].endswith("page=2&page_size=2")
    assert client.get("/api/quotes/?page=9").status_code == 404


@pytest.mark.django_db
def test_page_size_above_the_cap_gives_200(client, settings):
    """Asking for more than 200 rows a page gives 200."""
    Quote.objects.bulk_create(Quote(text=f"Words {n}.", status="published") for n in range(205))
    assert len(client.get("/api/quotes/?page_size=1000").json()["results"]) == 200


@pytest.mark.django_db
def test_list_query_count_does_not_grow_with_rows(client, django_assert_max_num_queries):
    """A page of quotes with speakers, units and printings runs a fixed number of queries."""
    for _ in range(15):
        printing = PrintingFactory()
        PrintingFactory(quote=printing.quote)
        MembershipFactory(person=printing.quote.person)
    with django_assert_max_num_queries(4):
        response = client.get("/api/quotes/?page_size=200")
    assert len(response.json()["results"]) == 15


@pytest.mark.django_db
def test_written_out_quotes_are_what_the_declared_fields_give(client, archive):
    """The quote list's JSON, written out by QuoteSerializer.to_representation for speed, is
    byte for byte what DRF's walk of the declared fields gives: a named and an unnamed
    speaker, units, and a printing with no outlet, no date and no URL."""
    odd = QuoteFactory(person=archive["olena"], text="Undated, from nowhere.")
    PrintingFactory(quote=odd, article__outlet=None, article__published=None, article__url=None)
    request = RequestFactory().get("/api/quotes/")
    serializer = QuoteSerializer(context={"request": request})
    quotes = public.for_listing(public.quotes().in_list_order())
    written_out = [serializer.to_representation(quote) for quote in quotes]
    declared = [ModelSerializer.to_representation(serializer, quote) for quote in quotes]
    assert len(written_out) == 3
    assert JSONRenderer().render(written_out) == JSONRenderer().render(declared)
    assert client.get("/api/quotes/").json()["results"] == json.loads(
        JSONRenderer().render(declared)
    )


@pytest.mark.django_db
def test_list_rows_are_what_the_serializer_gives(client, archive):
    """The list writes its quotes from plain rows (quotes.api.rows), not through
    QuoteSerializer: the same bytes, for a speaker in two units (one stated twice), one in
    none, an unnamed one, and printings by one outlet twice, by none, undated; by a search
    too, whose rows are ranked."""
    olena, brigade = archive["olena"], archive["brigade"]
    MembershipFactory(person=olena, unit=brigade, role="deputy commander")
    MembershipFactory(person=olena, unit__name="1st Anchor Battalion")
    odd = QuoteFactory(person=olena, text="Undated, from nowhere, about the pier.")
    PrintingFactory(quote=odd, article__outlet=None, article__published=None, article__url=None)
    twice = QuoteFactory(text="The pier lights are out.", speaker_description="")
    PrintingFactory(quote=twice, article__outlet=archive["post"])
    PrintingFactory(quote=twice, article__outlet=archive["post"], article__title="Later")
    refresh_search(Quote.objects.values_list("pk", flat=True))
    serializer = QuoteSerializer(context={"request": RequestFactory().get("/api/quotes/")})
    for query in ["", "?q=pier"]:
        response = client.get(f"/api/quotes/{query}")
        listed = [quote["id"] for quote in response.json()["results"]]
        quotes = {q.short_id: q for q in public.for_listing(public.quotes())}
        expected = [serializer.to_representation(quotes[short_id]) for short_id in listed]
        assert len(expected) == (3 if query else 4)
        results = response.content.split(b'"results":', 1)[1][:-1]
        assert results == JSONRenderer().render(expected)
    (hers,) = [quote for quote in response.json()["results"] if quote["id"] == odd.short_id]
    assert hers["units"] == [
        {"name": "1st Anchor Battalion", "slug": hers["units"][0]["slug"]},
        {"name": "3rd Coastal Brigade", "slug": "3rd-coastal-brigade"},
    ]
