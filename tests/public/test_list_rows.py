"""A quote's row in a list (quotes/templatetags/verbatim.py `quote_row`), built in Python:
the whole row as a reader gets it, its words and names escaped, in English and Ukrainian."""

import datetime

import pytest

from tests.factories import (
    ArticleFactory,
    MembershipFactory,
    OutletFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)


@pytest.fixture
def row_quote():
    quote = QuoteFactory(
        text='Keep the <b>quay</b> & "pier" open.\n\nAll winter.',
        person__name="Olena <Vartan>",
    )
    unit = UnitFactory(name="Harbour & Pier Watch")
    MembershipFactory(person=quote.person, unit=unit)
    gazette = OutletFactory(name="Gazette <Daily>")
    first = ArticleFactory(
        outlet=gazette, published=datetime.date(2031, 3, 5), body=f"Intro. {quote.text} End."
    )
    unknown = ArticleFactory(outlet=None, published=None, body=f"{quote.text}")
    PrintingFactory(quote=quote, article=first)
    PrintingFactory(quote=quote, article=unknown)
    return quote, unit, gazette


@pytest.mark.django_db
def test_a_row_is_the_whole_entry_with_every_name_escaped(client, row_quote):
    """The row: the words in paragraphs, the speaker and their unit linked, each outlet once
    (the unknown one named so), the first day printed and the permalink; markup in the words
    and names shows as text."""
    quote, unit, gazette = row_quote
    html = client.get("/quotes/").content.decode()
    person = quote.person
    assert (
        '\n<article class="quote">\n'
        "  <blockquote>\n"
        "    \n"
        "    <p>Keep the &lt;b&gt;quay&lt;/b&gt; &amp; &quot;pier&quot; open.</p>\n\n"
        "<p>All winter.</p>\n"
        '    <footer class="quote__speaker">— <cite>'
        f'<a href="/people/{person.slug}/">Olena &lt;Vartan&gt;</a></cite>, '
        f'<a href="/units/{unit.slug}/">Harbour &amp; Pier Watch</a></footer>\n'
        "  </blockquote>\n"
        '  <p class="quote__meta">\n'
        "    Printed by\n"
        f'    <a href="/outlets/{gazette.slug}/">Gazette &lt;Daily&gt;</a>, Unknown outlet\n'
        '    · first printed <time datetime="2031-03-05">5 March 2031</time>\n'
        f'    · <a href="/q/{quote.short_id}/">Permalink</a>\n'
        "  </p>\n"
        "</article>\n"
    ) in html


@pytest.mark.django_db
def test_a_row_in_ukrainian(client, row_quote):
    """On the Ukrainian list the row's own words are Ukrainian and its links lead to the
    Ukrainian pages."""
    quote, _, gazette = row_quote
    html = client.get("/uk/quotes/").content.decode()
    assert (
        "    Надрукували:\n"
        f'    <a href="/uk/outlets/{gazette.slug}/">Gazette &lt;Daily&gt;</a>, Невідоме видання\n'
        "    · уперше надруковано"
    ) in html
    assert f'    · <a href="/uk/q/{quote.short_id}/">Постійне посилання</a>\n' in html


@pytest.mark.django_db
def test_an_unnamed_speakers_description_is_escaped(client):
    """A speaker known only by a description is named by it, in italics, as text."""
    PrintingFactory(quote__person=None, quote__speaker_description="a <i>guard</i> & a cook")
    html = client.get("/quotes/").content.decode()
    assert "<cite><em>a &lt;i&gt;guard&lt;/i&gt; &amp; a cook (unnamed)</em></cite>" in html
    html = client.get("/uk/quotes/").content.decode()
    assert "<cite><em>a &lt;i&gt;guard&lt;/i&gt; &amp; a cook (без імені)</em></cite>" in html
