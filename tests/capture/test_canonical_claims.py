"""A captured page's canonical link is a claim, not proof: it makes the page a version of an
archived article only from that article's own site and only once an archivist has reviewed
it; from anywhere else it is ignored, and `<base href>` is never a canonical address."""

import pytest
from django.urls import reverse

from archive.capture import archive_reviewed, outcome
from archive.metadata import page_metadata
from archive.models import Article, Capture
from archive.queueing import request_capture
from archive.services import archive_article
from tests.capture.conftest import BRIDGE_TEXT, article_page, serve

pytestmark = pytest.mark.django_db

PUBLIC_URL = "https://publicdaily.example/bridge"
FORGED_TEXT = (
    "The Lowmarsh bridge has been sold to a private ferry company, the county engineer said.",
    "“Nobody will cross it for free again,” said Odile Fenwick, who leads the county's roads "
    "department, in a statement nobody else has seen.",
    "Shopkeepers on the north bank said they had not been told of any sale, and the county "
    "office could not be reached for comment on Sunday evening.",
)


def public_article() -> Article:
    """An article of another outlet, archived from its own site with its quotes public."""
    page = article_page(head=f'<link rel="canonical" href="{PUBLIC_URL}">')
    article, _ = archive_article(
        raw=page.encode(), raw_format=Article.Format.HTML, url=PUBLIC_URL, publish=True
    )
    return article


def replay_link(capture) -> str:
    """Where the article page sends readers for a capture: the banner page framing its
    replay."""
    return reverse("quotes:capture-page", args=[capture.pk])


@pytest.mark.parametrize("review", [False, True])
def test_a_page_elsewhere_cannot_claim_another_outlets_article(client, httpserver, review):
    """A page on another site naming a public article as its canonical address is its own
    article: the public article's page does not link its replay, the false canonical URL is
    not kept, and the capture says why."""
    public = public_article()
    forged = article_page(
        head=f'<link rel="canonical" href="{PUBLIC_URL}">', paragraphs=FORGED_TEXT
    )
    url = serve(httpserver, "/bridge", forged)

    capture = request_capture(url, publish=True, review=review)

    assert capture.article != public
    assert Article.objects.count() == (1 if review else 2)
    if not review:
        assert capture.state == Capture.State.DONE, capture.reason
        assert capture.article.url == url
        assert capture.article.canonical_url == ""
        assert outcome(capture).startswith(f"archived as article {capture.article.pk}")
    else:
        assert capture.state == Capture.State.REVIEW
        assert capture.proposed["canonical_url"] == ""
    assert f"article {public.pk}" in capture.reason
    assert "publicdaily.example" in capture.reason and "ignored" in capture.reason
    assert "ignored" in outcome(capture)
    page = client.get(public.get_absolute_url())
    assert page.status_code == 200
    assert replay_link(capture) not in page.content.decode()
    if review:
        assert client.get(replay_link(capture)).status_code == 404
        reviewed = archive_reviewed(capture)
        assert reviewed.article not in (None, public)
        assert reviewed.article.canonical_url == ""


def test_an_articles_false_canonical_cannot_claim_the_real_page(httpserver):
    """An article from another site that named a page's address as its own canonical one
    does not make that page, once captured, a version of it."""
    url = httpserver.url_for("/bridge")
    forged, _ = archive_article(
        raw=article_page(
            head=f'<link rel="canonical" href="{url}">', paragraphs=FORGED_TEXT
        ).encode(),
        raw_format=Article.Format.HTML,
        url="https://elsewhere.example/bridge",
    )
    serve(httpserver, "/bridge", article_page())

    capture = request_capture(url)

    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.article != forged
    assert capture.article.url == url
    assert f"article {forged.pk}" in capture.reason and "ignored" in capture.reason


@pytest.mark.parametrize("review", [False, True])
def test_a_page_on_the_same_site_is_a_version_only_after_review(client, httpserver, review):
    """Another address of an article on its own site (a print view naming it as canonical)
    waits for review even when none was asked for, publishing nothing and linking nothing;
    archived once reviewed, it is a new version of that article."""
    url = serve(httpserver, "/bridge", article_page())
    first = request_capture(url, publish=True)
    article = first.article
    print_view = serve(
        httpserver,
        "/bridge/print",
        article_page(
            head=f'<link rel="canonical" href="{url}">',
            paragraphs=(*BRIDGE_TEXT, "Update: the county has sold the bridge."),
        ),
    )

    capture = request_capture(print_view, publish=True, review=review)

    assert capture.state == Capture.State.REVIEW
    assert capture.article is None
    assert capture.proposed["canonical_url"] == url
    assert f"article {article.pk}" in capture.reason
    assert Article.objects.count() == 1
    page = client.get(article.get_absolute_url()).content.decode()
    assert replay_link(first) in page
    assert replay_link(capture) not in page

    reviewed = archive_reviewed(capture)

    assert reviewed.state == Capture.State.DONE
    assert reviewed.article == article
    assert outcome(reviewed).startswith(f"new version of article {article.pk}")
    assert replay_link(capture) in client.get(article.get_absolute_url()).content.decode()
    assert Article.objects.count() == 1


def test_a_shared_base_href_does_not_make_two_pages_one_article(httpserver):
    """Two unrelated pages with the same `<base href>` are two articles."""
    base = '<base href="https://shared.example/news/">'
    first = request_capture(serve(httpserver, "/one", article_page(head=base)))
    second = request_capture(
        serve(httpserver, "/two", article_page(head=base, paragraphs=FORGED_TEXT))
    )

    assert first.state == second.state == Capture.State.DONE, second.reason
    assert first.article != second.article
    assert first.article.canonical_url == second.article.canonical_url == ""


def test_base_href_is_not_a_canonical_url():
    """`<base href>` sets where relative links point, not the page's own address."""
    meta = page_metadata(article_page(head='<base href="https://shared.example/news/">'))
    assert meta.canonical_url == ""
