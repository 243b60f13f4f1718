"""The quote list's filters pick an outlet by its name, offered as the reader types (a
datalist of the public outlets); a name no public outlet has is said so."""

import pytest

from tests.factories import OutletFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def printed():
    gazette = PrintingFactory(
        quote__text="The gazette's words.", article__outlet=OutletFactory(name="Harbour Gazette")
    )
    post = PrintingFactory(
        quote__text="The post's words.", article__outlet=OutletFactory(name="Island Post")
    )
    PrintingFactory(quote=post.quote, article__outlet=gazette.article.outlet, text=post.text)
    return gazette, post


def test_the_filters_offer_every_public_outlet_by_name(client, printed):
    """Before: "More filters: ... outlets" offered only a count of outlets."""
    html = client.get("/quotes/").content.decode()
    assert 'list="outlet-names"' in html
    assert '<datalist id="outlet-names">' in html
    assert '<option value="Harbour Gazette">' in html and '<option value="Island Post">' in html


def test_an_outlet_name_is_offered_escaped(client):
    """The suggestions are built in Python, not by the template: a name that holds markup
    is still escaped."""
    PrintingFactory(article__outlet=OutletFactory(name='The "Quay" <Times>'))
    html = client.get("/quotes/").content.decode()
    assert '<option value="The &quot;Quay&quot; &lt;Times&gt;">' in html
    assert "<Times>" not in html


def test_an_outlet_chosen_by_name_narrows_the_list_once_per_quote(client, printed):
    html = client.get("/quotes/", {"outlet_name": "island post"}).content.decode()
    assert "The post&#x27;s words." in html or "The post's words." in html
    assert "gazette&#x27;s words" not in html and "gazette's words" not in html
    html = client.get("/quotes/", {"outlet_name": "Harbour Gazette"}).content.decode()
    assert html.count("The post") == 1 or html.count("post&#x27;s words") == 1


def test_an_unknown_outlet_name_is_said_so(client, printed):
    html = client.get("/quotes/", {"outlet_name": "Nowhere Times"}).content.decode()
    assert "No outlet is known as “Nowhere Times”." in html
