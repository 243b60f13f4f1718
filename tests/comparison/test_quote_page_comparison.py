"""Each article on a quote's page is compared, word by word, with the canonical text."""

import pytest

from tests.factories import OutletFactory, PrintingFactory, QuoteFactory

CANONICAL = (
    "We looked at the harbour through rose-colored glasses. The cranes were idle all winter "
    "and nobody in the office would say why. Next year the ships will come back."
)


@pytest.fixture
def quote():
    return QuoteFactory(text=CANONICAL)


def page(client, quote):
    response = client.get(quote.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def comparison_of(html, outlet_name):
    """The comparison block of the one article printed by `outlet_name`."""
    entry = html.index(f'<p class="printing__meta">{outlet_name} ·')
    block = html.index('<div class="comparison">', entry)
    return html[block : html.index("</li>", block)]


@pytest.mark.django_db
def test_identical_wording_says_so(client, quote):
    """An outlet that printed the canonical words (typography aside) is 'Identical wording'
    with no marks."""
    PrintingFactory(
        quote=quote,
        text=CANONICAL.replace("rose-colored", "rose–colored").upper(),
        article__outlet=OutletFactory(name="Faithful Post"),
    )
    block = comparison_of(page(client, quote), "Faithful Post")
    assert "Identical wording" in block
    assert "<ins" not in block and "<del" not in block


@pytest.mark.django_db
def test_changed_words_are_marked_as_a_pair(client, quote):
    """ "rose-tinted spectacles" shows as the canonical words struck and the outlet's inserted."""
    PrintingFactory(
        quote=quote,
        text=CANONICAL.replace("colored glasses", "tinted spectacles"),
        article__outlet=OutletFactory(name="Loose Ledger"),
    )
    block = comparison_of(page(client, quote), "Loose Ledger")
    assert "2 words changed" in block
    assert (
        '<span class="changed" title="changed by this article">'
        "<del>colored glasses.</del><ins>tinted spectacles.</ins></span>"
    ) in block


@pytest.mark.django_db
def test_cut_sentence_is_collapsed_but_kept(client, quote):
    """A cut sentence is summarised with its word count and its words kept in <details>."""
    cut = "The cranes were idle all winter and nobody in the office would say why."
    PrintingFactory(
        quote=quote,
        text=CANONICAL.replace(cut + " ", "").replace("ships", "big ships"),
        article__outlet=OutletFactory(name="Short Tribune"),
    )
    block = comparison_of(page(client, quote), "Short Tribune")
    assert "1 word added, 14 not printed" in block
    assert "<summary>[… 14 words not printed …]</summary>" in block
    assert f"<del>{cut}</del></details>" in block
    assert '<ins title="added by this article">big</ins>' in block


@pytest.mark.django_db
def test_partial_printing_is_not_a_wall_of_deletions(client, quote):
    """An outlet that printed one sentence has the rest summarised as not printed here."""
    PrintingFactory(
        quote=quote,
        text="The cranes were idle all winter",
        article__outlet=OutletFactory(name="Brief Courier"),
    )
    block = comparison_of(page(client, quote), "Brief Courier")
    assert "24 words not printed" in block
    assert "<summary>[… 9 words not printed here …]</summary>" in block
    assert "<summary>[… 15 words not printed here …]</summary>" in block
    assert "The cranes were idle all winter" in block


@pytest.mark.django_db
def test_words_are_escaped(client):
    """Markup in the canonical text or in the printed wording renders as text."""
    quote = QuoteFactory(text="Tell them <script>alert(1)</script> we are fine.")
    PrintingFactory(
        quote=quote,
        text="Tell them <b>loudly</b> <script>alert(1)</script> we are all fine.",
        article__outlet=OutletFactory(name="Markup Weekly"),
    )
    html = page(client, quote)
    block = comparison_of(html, "Markup Weekly")
    assert "<script>" not in html and "<b>" not in html
    assert "4 words added" in block
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in block
    assert '<ins title="added by this article">&lt;b&gt;loudly&lt;/b&gt;</ins>' in block
