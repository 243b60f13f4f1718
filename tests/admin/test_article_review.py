"""An article's review screen: its quotes waiting for review come first on its page, each
with speaker, unit, the sentence around it and the attribution, and are published or
rejected in the row; the article list counts what waits."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from quotes.models import Quote
from tests.admin.conftest import posted_back
from tests.factories import (
    ArticleFactory,
    MembershipFactory,
    PersonFactory,
    PrintingFactory,
    UnitFactory,
)

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:archive_article_changelist")

BODY = (
    "The storm-damaged pier has been closed since January.\n\n"
    "Repairs went on all winter. Harbour master Ilse Vantongeren, of the 3rd Coastal Watch "
    "Brigade, said: “The pier will reopen in May, whatever the council decides.” The "
    "council meets on Thursday. Nobody else spoke.\n\n"
    "Asked about the ferry, she said: “The ferry runs again in June.”\n\n"
    "An old promise: “The lighthouse stays lit.”"
)


def change_url(article):
    return reverse("admin:archive_article_change", args=[article.pk])


def printed(article, text, status=Quote.Status.SUGGESTED, **quote):
    return PrintingFactory(
        article=article,
        text=text,
        quote__text=text,
        quote__status=status,
        attribution="Harbour master Ilse Vantongeren said",
        **{f"quote__{k}": v for k, v in quote.items()},
    ).quote


@pytest.fixture
def article():
    article = ArticleFactory(title="Pier to reopen", body=BODY)
    ilse = PersonFactory(name="Ilse Vantongeren")
    MembershipFactory(
        person=ilse, unit=UnitFactory(name="3rd Coastal Watch Brigade"), article=article
    )
    MembershipFactory(person=ilse, unit=UnitFactory(name="Harbour Board"))
    printed(article, "The pier will reopen in May, whatever the council decides.", person=ilse)
    printed(article, "The ferry runs again in June.", person=None, speaker_description="she")
    printed(article, "The lighthouse stays lit.", status=Quote.Status.PUBLISHED, person=ilse)
    return article


def review_section(page):
    start = page.index('id="review"')
    return page[start : page.index("</section>", start)]


def test_waiting_quotes_come_first_with_speaker_unit_sentence_and_attribution(
    admin_client, article
):
    """The section lists the suggested quotes before the article's fields, each with its
    speaker, the unit this article states, the sentence around it with the quoted words
    marked, and the attribution as printed; a published quote is not in it."""
    page = admin_client.get(change_url(article)).content.decode()

    assert page.index('id="review"') < page.index('id="article_form"')
    section = review_section(page)
    assert "Quotes waiting for review (2)" in section
    assert "Ilse Vantongeren" in section
    assert "3rd Coastal Watch Brigade" in section
    assert "Harbour Board" not in section  # known, but not what this article says
    assert (
        "Harbour master Ilse Vantongeren, of the 3rd Coastal Watch Brigade, said: “"
        '<mark class="quoted">The pier will reopen in May, whatever the council decides.'
        "</mark>” The council meets on Thursday."
    ) in section
    assert "Nobody else spoke" not in section
    assert "The storm-damaged pier" not in section
    assert "Harbour master Ilse Vantongeren said" in section
    assert "The lighthouse stays lit." not in section
    pier = Quote.objects.get(text__startswith="The pier")
    assert reverse("admin:quotes_quote_change", args=[pier.pk]) in section
    assert reverse("admin:quotes_quote_curate", args=[pier.pk, "publish"]) in section
    assert reverse("admin:quotes_quote_curate", args=[pier.pk, "reject"]) in section


def test_the_article_text_is_escaped(admin_client):
    """Markup in an article's text is shown as text in the review, never run."""
    article = ArticleFactory(body="<script>alert(1)</script> She said: “The tide turns.”")
    printed(article, "The tide turns.")

    section = review_section(admin_client.get(change_url(article)).content.decode())

    assert "<script>" not in section
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in section


def test_publish_in_the_row_publishes_and_comes_back_to_the_article(
    admin_client, admin_user, article
):
    """Publish in a row publishes that quote as the user who pressed it and returns to the
    article, where it no longer waits."""
    pier = Quote.objects.get(text__startswith="The pier")
    url = reverse("admin:quotes_quote_curate", args=[pier.pk, "publish"])

    response = admin_client.post(url, {"next": change_url(article)})

    assert response.status_code == 302
    assert response["Location"] == change_url(article)
    pier.refresh_from_db()
    assert pier.status == Quote.Status.PUBLISHED
    assert pier.history.first().history_user == admin_user
    page = admin_client.get(change_url(article)).content.decode()
    assert "Quotes waiting for review (1)" in page
    assert f"Quote {pier.short_id} published." in page


def test_reject_in_the_row(admin_client, article):
    """Reject in a row rejects that quote and keeps it, with its printing."""
    ferry = Quote.objects.get(text__startswith="The ferry")
    url = reverse("admin:quotes_quote_curate", args=[ferry.pk, "reject"])

    admin_client.post(url, {"next": change_url(article)})

    ferry.refresh_from_db()
    assert ferry.status == Quote.Status.REJECTED
    assert ferry.printings.count() == 1


def test_an_article_with_nothing_to_review_says_so(admin_client):
    """An article whose quotes are all decided says nothing waits."""
    article = ArticleFactory(body="She said: “The tide turns.”")
    printed(article, "The tide turns.", status=Quote.Status.PUBLISHED)

    page = admin_client.get(change_url(article)).content.decode()

    assert "Quotes waiting for review (0)" in page
    assert "No quote from this article waits for review." in page


def test_the_new_articles_page_opens_on_its_review(admin_client, extraction):
    """After an article is archived from the admin, its page lists the suggested quote with
    its speaker and the buttons to decide."""
    preview = admin_client.post(
        reverse("admin:archive_article_add"),
        {
            "text": "Harbour master Ilse Vantongeren said: “The pier will reopen in May, "
            "whatever the council decides.”",
            "outlet": "",
            "url": "",
            "title": "Pier",
            "published": "",
        },
    )
    response = admin_client.post(
        reverse("admin:archive_article_add"), posted_back(preview), follow=True
    )

    section = review_section(response.content.decode())
    assert "Quotes waiting for review (1)" in section
    assert "Ilse Vantongeren" in section
    assert "Publish" in section and "Reject" in section


def test_article_list_counts_quotes_waiting_for_review(admin_client):
    """The list shows how many live suggested quotes each article holds, and sorts by it."""
    body = "“One thing.” “Another thing.” “A third thing.”"
    busy, quiet = ArticleFactory(title="Busy", body=body), ArticleFactory(title="Quiet", body=body)
    one = printed(busy, "One thing.")
    printed(busy, "Another thing.")
    printed(busy, "A third thing.", status=Quote.Status.PUBLISHED)
    merged = printed(quiet, "One thing.", person=one.person)
    Quote.objects.filter(pk=merged.pk).update(merged_into=one)

    response = admin_client.get(CHANGELIST)
    counts = {a.title: a.waiting_count for a in response.context["cl"].result_list}
    assert counts == {"Busy": 2, "Quiet": 0}
    assert "To review" in response.content.decode()

    column = response.context["cl"].list_display.index("waiting_count")
    ordered = admin_client.get(CHANGELIST, {"o": f"-{column}"}).context["cl"].result_list
    assert [a.title for a in ordered] == ["Busy", "Quiet"]
    ordered = admin_client.get(CHANGELIST, {"o": f"{column}"}).context["cl"].result_list
    assert [a.title for a in ordered] == ["Quiet", "Busy"]


def test_article_list_counts_in_a_fixed_number_of_queries(
    admin_client, django_assert_max_num_queries
):
    """Counting what waits runs no query per article."""
    for _ in range(2):
        PrintingFactory(quote__status=Quote.Status.SUGGESTED)
    with CaptureQueriesContext(connection) as few:
        admin_client.get(CHANGELIST)
    for _ in range(10):
        PrintingFactory(quote__status=Quote.Status.SUGGESTED)

    with django_assert_max_num_queries(len(few)):
        response = admin_client.get(CHANGELIST)

    assert [a.waiting_count for a in response.context["cl"].result_list] == [1] * 12


def test_review_page_runs_a_fixed_number_of_queries(admin_client, django_assert_max_num_queries):
    """The page, its review section and its list of printings cost the same few queries
    however many quotes wait, and never load the article's text once per row."""
    body = " ".join(f"“Statement number {n}.”" for n in range(12))
    article = ArticleFactory(body=body)
    for n in range(2):
        printed(article, f"Statement number {n}.")
    with CaptureQueriesContext(connection) as few:
        admin_client.get(change_url(article))
    for n in range(2, 12):
        printed(article, f"Statement number {n}.")

    with django_assert_max_num_queries(len(few)):
        page = admin_client.get(change_url(article)).content.decode()

    assert "Quotes waiting for review (12)" in page
