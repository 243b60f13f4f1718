"""/api/articles/: archived articles with published quotes, their text, never the raw source."""

import pytest

from tests.factories import ArticleFactory, PrintingFactory


@pytest.mark.django_db
def test_lists_only_articles_with_published_quotes(client, archive):
    """Articles whose only quotes are suggested, rejected or merged are not listed."""
    ArticleFactory(title="No quotes at all")
    data = client.get("/api/articles/").json()
    assert data["count"] == 3
    ids = {row["id"] for row in data["results"]}
    for quote in archive["hidden"]:
        article = quote.printings.get().article
        assert article.pk not in ids
        assert client.get(f"/api/articles/{article.pk}/").status_code == 404


@pytest.mark.django_db
def test_article_gives_text_and_metadata_never_the_raw_source(client):
    """The detail gives body, sha256, archived_at and the quotes; never `raw`."""
    printing = PrintingFactory(
        quote__text="We hold the pier.",
        article__raw=b"<html><script>secret()</script></html>",
        article__outlet__name="Morning Post",
    )
    article = printing.article
    response = client.get(f"/api/articles/{article.pk}/")
    data = response.json()
    assert "raw" not in data
    assert b"secret()" not in response.content
    assert data["body"] == article.body
    assert data["sha256"] == article.sha256
    assert data["archived_at"]
    assert data["archived_url"] == f"http://testserver/articles/{article.pk}/"
    assert data["outlet"] == {"name": "Morning Post", "slug": "morning-post"}
    [quote] = data["quotes"]
    assert quote["quote"]["id"] == printing.quote.short_id
    assert quote["speaker"] == printing.quote.person.name
    assert data["body"][quote["start"] : quote["end"]] == "We hold the pier."
    assert quote["segments"] == [[quote["start"], quote["end"]]]


@pytest.mark.django_db
def test_article_lists_only_its_published_quotes(client):
    """A suggested quote in a published quote's article is not shown with it."""
    article = PrintingFactory(quote__text="Shown.").article
    article.body += " “Not shown.” he said."
    article.save()
    PrintingFactory(
        article=article, quote__status="suggested", quote__text="Not shown.", text="Not shown."
    )
    data = client.get(f"/api/articles/{article.pk}/").json()
    assert [q["quote"]["id"] for q in data["quotes"]] == [
        article.printings.get(quote__text="Shown.").quote.short_id
    ]


@pytest.mark.django_db
def test_list_leaves_out_the_body(client, archive):
    """The list gives metadata only; the detail gives the text."""
    row = client.get("/api/articles/").json()["results"][0]
    assert "body" not in row
    assert "raw" not in row


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, count",
    [
        ("outlet=morning-post", 1),
        ("outlet=evening-star", 2),
        ("from=2031-04-01", 2),
        ("to=2031-04-01", 1),
        ("q=harbour+council", 3),
        ("q=weather", 0),
    ],
)
def test_article_filters(client, archive, query, count):
    """Articles are narrowed by outlet, publication dates and words in the title."""
    response = client.get(f"/api/articles/?{query}")
    assert response.status_code == 200
    assert response.json()["count"] == count


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, field",
    [
        ("outlet=nopaper", "outlet"),
        ("to=yesterday", "to"),
        ("from=2031-06-01&to=2031-01-01", "__all__"),
    ],
)
def test_bad_filter_value_is_400(client, archive, query, field):
    """A filter value that cannot be used answers 400 with its message."""
    response = client.get(f"/api/articles/?{query}")
    assert response.status_code == 400
    assert response.json()[field]


@pytest.mark.django_db
def test_list_query_count_does_not_grow_with_rows(client, django_assert_max_num_queries):
    """A page of articles runs a fixed number of queries."""
    PrintingFactory.create_batch(12)
    with django_assert_max_num_queries(2):
        response = client.get("/api/articles/?page_size=200")
    assert response.json()["count"] == 12


@pytest.mark.django_db
def test_detail_query_count(client, django_assert_max_num_queries):
    """An article with many quotes runs a fixed number of queries."""
    first = PrintingFactory()
    for n in range(5):
        PrintingFactory(article=first.article, start=100 + 10 * n, end=105 + 10 * n)
    with django_assert_max_num_queries(2):
        response = client.get(f"/api/articles/{first.article.pk}/")
    assert len(response.json()["quotes"]) == 6
