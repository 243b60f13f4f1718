"""A person's or unit's optional Wikidata item: validated, shown on their pages, in the
admin, the API, the downloads, and as the speaker's schema.org sameAs on the permalink."""

import csv
import io
import json
from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError

from quotes.models import Person, Unit
from tests.factories import MembershipFactory, PersonFactory, PrintingFactory, UnitFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def printing():
    person = PersonFactory(name="Iryna Lighthouse", wikidata="Q4200001")
    unit = UnitFactory(name="7th Lighthouse Keepers Brigade", wikidata="Q4200002")
    MembershipFactory(person=person, unit=unit)
    return PrintingFactory(quote__person=person, quote__text="The pier will reopen in May.")


class JsonLd(HTMLParser):
    def __init__(self):
        super().__init__()
        self.inside, self.found = False, []

    def handle_starttag(self, tag, attrs):
        self.inside = tag == "script" and dict(attrs).get("type") == "application/ld+json"

    def handle_data(self, data):
        if self.inside:
            self.found.append(json.loads(data))

    def handle_endtag(self, tag):
        self.inside = False


@pytest.mark.parametrize("value", ["42", "q42", "Q042", "Q42 ", "P31", "Q"])
def test_anything_but_an_item_id_is_refused(value):
    with pytest.raises(ValidationError):
        Person(name="Anna Example", wikidata=value).clean_fields(exclude=["slug", "key"])
    with pytest.raises(ValidationError):
        Unit(name="1st Example Brigade", wikidata=value).clean_fields(exclude=["slug", "key"])


def test_pages_show_the_item(client, printing):
    person, unit = printing.quote.person, Unit.objects.get()
    link = '<a href="https://www.wikidata.org/wiki/{0}" rel="external noopener">{0}</a>'
    assert link.format("Q4200001") in client.get(person.get_absolute_url()).content.decode()
    assert link.format("Q4200002") in client.get(unit.get_absolute_url()).content.decode()


def test_permalink_names_the_speaker_the_same_as_the_item(client, printing):
    """schema.org Quotation: the speaker's sameAs is their Wikidata item; the words'
    language is given."""
    printing.language = "en"
    printing.save()
    parser = JsonLd()
    parser.feed(client.get(printing.quote.get_absolute_url()).content.decode())
    [data] = parser.found
    assert data["@type"] == "Quotation"
    assert data["inLanguage"] == "en"
    assert data["spokenByCharacter"]["sameAs"] == "https://www.wikidata.org/wiki/Q4200001"


def test_api_gives_the_item(client, printing):
    person, unit = printing.quote.person, Unit.objects.get()
    assert client.get(f"/api/people/{person.slug}/").json()["wikidata"] == "Q4200001"
    assert client.get(f"/api/units/{unit.slug}/").json()["wikidata"] == "Q4200002"


def body(response):
    return b"".join(response.streaming_content).decode()


def test_downloads_give_the_items(client, printing):
    """JSON Lines: the speaker's and each unit's item; CSV: the speaker's, in a last column."""
    [record] = [json.loads(line) for line in body(client.get("/quotes/export.jsonl")).splitlines()]
    assert record["speaker"]["wikidata"] == "Q4200001"
    assert record["units"] == [{"name": "7th Lighthouse Keepers Brigade", "wikidata": "Q4200002"}]

    header, row = list(csv.reader(io.StringIO(body(client.get("/quotes/export.csv")))))
    assert row[header.index("speaker_wikidata")] == "Q4200001"
    # After the columns published before it (only the lineage columns follow it).
    assert header.index("speaker_wikidata") == header.index("language") + 1


def test_admin_edits_the_item(admin_client, printing):
    person = printing.quote.person
    page = admin_client.get(f"/admin/quotes/person/{person.pk}/change/").content.decode()
    assert 'name="wikidata"' in page
    assert 'value="Q4200001"' in page
    unit = Unit.objects.get()
    assert (
        'name="wikidata"'
        in admin_client.get(f"/admin/quotes/unit/{unit.pk}/change/").content.decode()
    )
