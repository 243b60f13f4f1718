"""Fixity: an archived article's raw source, its format and its SHA-256 never change, whether
through the model, a queryset, the admin or SQL sent straight to the database."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from archive.models import Article, FixityError

pytestmark = pytest.mark.django_db

RAW = b"The council met on Tuesday."


def stored(article):
    """The article's fixed fields as the database holds them."""
    row = Article.objects.filter(pk=article.pk).values("raw", "raw_format", "sha256").get()
    return bytes(row["raw"]), row["raw_format"], row["sha256"]


@pytest.mark.parametrize(
    "field, value",
    [("raw", b"The council never met."), ("sha256", "0" * 64), ("raw_format", "html")],
)
def test_saving_a_changed_source_is_refused(archived, field, value):
    """Saving an archived article with other raw bytes, another hash or another format raises
    FixityError naming the field, and the row stays as archived."""
    article = archived(RAW)
    before = stored(article)
    article = Article.objects.get(pk=article.pk)
    setattr(article, field, value)

    with pytest.raises(FixityError, match=f"article {article.pk}: {field} cannot be changed"):
        article.save()

    assert stored(article) == before


def test_saving_other_fields_is_allowed(archived):
    """Editing an article's title, URL or date saves as before, with the source untouched."""
    article = Article.objects.get(pk=archived(RAW).pk)
    before = stored(article)
    article.title = "Council meets"
    article.url = "https://news.test/council"

    article.save()

    article.refresh_from_db()
    assert article.title == "Council meets"
    assert article.url == "https://news.test/council"
    assert stored(article) == before


def test_a_source_read_later_is_guarded_too(archived):
    """An article loaded without its raw bytes, which are then read and changed, is refused."""
    article = Article.objects.defer("raw").get(pk=archived(RAW).pk)
    assert bytes(article.raw) == RAW  # read now, after the load
    article.raw = b"Rewritten."

    with pytest.raises(FixityError, match="raw cannot be changed"):
        article.save()

    assert stored(article)[0] == RAW


def test_an_article_built_with_a_stored_pk_cannot_overwrite_it(archived):
    """A new instance given the pk of an archived article cannot replace its source."""
    article = archived(RAW)
    forged = Article(
        pk=article.pk, body="Forged.", raw=b"Forged.", sha256=Article.digest(b"Forged.")
    )

    with pytest.raises(FixityError, match="raw, sha256, raw_size cannot be changed"):
        forged.save()

    assert stored(article)[0] == RAW


@pytest.mark.parametrize(
    "values", [{"raw": b"Rewritten."}, {"sha256": "0" * 64}, {"raw_format": "html"}]
)
def test_queryset_update_of_the_source_is_refused(archived, values):
    """`Article.objects.filter(...).update()` of the raw source, its hash or its format is
    refused before any SQL is sent."""
    article = archived(RAW)
    before = stored(article)

    with pytest.raises(FixityError, match="cannot be changed"):
        Article.objects.filter(pk=article.pk).update(**values)

    assert stored(article) == before


def test_bulk_update_of_the_source_is_refused(archived):
    """bulk_update goes through the same refusal."""
    article = archived(RAW)
    article.raw = b"Rewritten."

    with pytest.raises(FixityError):
        Article.objects.bulk_update([article], ["raw"])

    assert stored(article)[0] == RAW


def test_queryset_update_of_other_fields_is_allowed(archived):
    """Other fields update through the queryset as before."""
    article = archived(RAW)

    assert Article.objects.filter(pk=article.pk).update(title="Council meets") == 1
    assert Article.objects.get(pk=article.pk).title == "Council meets"


@pytest.mark.parametrize(
    "sql, value",
    [
        ("UPDATE archive_article SET raw = %s WHERE id = %s", b"Rewritten."),
        ("UPDATE archive_article SET sha256 = %s WHERE id = %s", "0" * 64),
    ],
)
def test_database_refuses_sql_that_changes_the_source(archived, sql, value):
    """The database itself refuses an UPDATE that changes the raw bytes or the hash, whatever
    client sends it."""
    article = archived(RAW)
    before = stored(article)

    with pytest.raises(IntegrityError, match="cannot be changed"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [value, article.pk])

    assert stored(article) == before


def test_database_allows_sql_that_leaves_the_source_as_it_is(archived):
    """An UPDATE writing the same bytes and hash back, or other columns, passes the trigger,
    as Django's own saves do."""
    article = archived(RAW)

    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE archive_article SET raw = %s, sha256 = %s, title = %s WHERE id = %s",
            [RAW, article.sha256, "Council meets", article.pk],
        )

    assert Article.objects.get(pk=article.pk).title == "Council meets"
    assert stored(article)[0] == RAW


def test_tampering_helper_leaves_the_trigger_in_place(archived, tamper):
    """After the tests' tampering the database refuses changes again (so the other tests'
    tampering shows a real fault, with the guard still standing)."""
    article = archived(RAW)
    tamper(article, b"Tampered.")
    assert stored(article)[0] == b"Tampered."

    with pytest.raises(IntegrityError):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "UPDATE archive_article SET raw = %s WHERE id = %s", [b"Again.", article.pk]
            )

    assert stored(article)[0] == b"Tampered."


def test_admin_shows_the_source_and_hash_read_only(admin_client, archived):
    """The admin change page shows the hash and format but offers no field for them or the
    raw source, and a forged POST of them changes nothing."""
    article = archived(RAW, title="Council meets")
    before = stored(article)
    change = reverse("admin:archive_article_change", args=[article.pk])

    response = admin_client.get(change)

    form = response.context["adminform"].form
    assert not {"raw", "sha256", "raw_format", "source_file"} & set(form.fields)
    assert article.sha256 in response.content.decode()

    response = admin_client.post(
        change,
        {
            "title": "Council meets again",
            "outlet": article.outlet_id,
            "url": article.url,
            "published": "2031-01-01",
            "raw": "Rewritten.",
            "sha256": "0" * 64,
            "raw_format": "html",
            "printings-TOTAL_FORMS": "0",
            "printings-INITIAL_FORMS": "0",
        },
    )

    assert response.status_code == 302
    assert Article.objects.get(pk=article.pk).title == "Council meets again"
    assert stored(article) == before
