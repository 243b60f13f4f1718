"""Archiving an article from the admin: pasted text or an uploaded .txt/.html file is previewed,
then goes through `archive_article` when the preview is confirmed, and the new article's change
page lists the quotes found for review. (The preview itself: test_article_preview.py.)"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive.models import Article, Outlet
from quotes.models import Person, Quote
from tests.admin.conftest import posted_back
from tests.factories import ArticleFactory, OutletFactory

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")

PIER = (
    "Harbour master Ilse Vantongeren said: "
    "“The pier will reopen in May, whatever the council decides.”"
)
PIER_HTML = f"""<!doctype html>
<html><head><title>Pier to reopen in May</title></head>
<body><nav>Home | News | Sport</nav>
<article><h1>Pier to reopen in May</h1>
<p>The storm-damaged pier has been closed since January.</p>
<p>{PIER}</p>
<p>Repairs began last week, and the contractor expects to finish on time.</p>
</article>
<footer>© Kustkrant</footer></body></html>"""


def post(client, **data):
    """The first step: the source and what the archivist typed, posted for the preview."""
    fields = {"text": "", "outlet": "", "url": "", "title": "", "published": "", **data}
    return client.post(ADD, fields)


def archive(client, **data):
    """Both steps: the source posted, then the preview's form sent back as the browser would
    (its button archives)."""
    preview = post(client, **data)
    assert preview.status_code == 200
    assert "What the page says" in preview.content.decode()
    assert Article.objects.count() == 0
    return client.post(ADD, posted_back(preview))


def change_page(client, article):
    return client.get(reverse("admin:archive_article_change", args=[article.pk]))


def test_add_page_offers_text_file_and_existing_outlets(admin_client):
    """The add page is a multipart form with a text box, a file field and the outlets' names."""
    OutletFactory(name="Kustkrant")

    response = admin_client.get(ADD)

    assert response.status_code == 200
    content = response.content.decode()
    assert 'enctype="multipart/form-data"' in content
    assert 'name="text"' in content and 'name="file"' in content
    assert '<option value="Kustkrant">' in content
    assert 'name="publish"' in content


def test_pasted_text_is_archived_and_its_quotes_listed(admin_client, extraction):
    """Pasted text becomes an article; its change page lists the suggested quote and speaker."""
    response = archive(
        admin_client,
        text=PIER,
        outlet="Kustkrant",
        url="https://kustkrant.test/pier",
        title="Pier to reopen",
        published="2031-04-02",
    )

    article = Article.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    assert article.title == "Pier to reopen"
    assert article.outlet.name == "Kustkrant"
    assert str(article.published) == "2031-04-02"
    assert article.read_raw() == PIER.encode()

    quote = Quote.objects.get()
    assert quote.status == Quote.Status.SUGGESTED
    assert quote.person.name == "Ilse Vantongeren"
    page = change_page(admin_client, article).content.decode()
    assert "The pier will reopen in May, whatever the council decides." in page
    assert "Ilse Vantongeren" in page
    assert "Suggested" in page
    assert reverse("admin:quotes_quote_change", args=[quote.pk]) in page


def test_uploaded_txt_file_is_archived(admin_client, extraction):
    """A .txt upload is stored byte for byte with its file name, and its quote is suggested."""
    raw = (PIER + "\n\nThe council meets on Thursday.\n").encode()
    upload = SimpleUploadedFile("pier.txt", raw, content_type="text/plain")

    response = archive(admin_client, file=upload, outlet="Kustkrant")

    assert response.status_code == 302
    article = Article.objects.get()
    assert article.read_raw() == raw
    assert article.source_file == "pier.txt"
    assert article.raw_format == Article.Format.TEXT
    assert "Ilse Vantongeren" in change_page(admin_client, article).content.decode()


def test_uploaded_html_file_is_archived_with_its_text(admin_client, extraction):
    """An .html upload is reduced to its article text; the quote in it is suggested."""
    upload = SimpleUploadedFile("pier.html", PIER_HTML.encode(), content_type="text/html")

    response = archive(admin_client, file=upload, outlet="Kustkrant")

    assert response.status_code == 302
    article = Article.objects.get()
    assert article.raw_format == Article.Format.HTML
    assert "The pier will reopen in May" in article.body
    assert "Home | News | Sport" not in article.body
    page = change_page(admin_client, article).content.decode()
    assert "The pier will reopen in May, whatever the council decides." in page


def test_raw_html_is_shown_as_text_never_as_markup(admin_client, extraction):
    """The change page shows the raw source escaped: its markup never runs in the admin."""
    raw = PIER_HTML.replace("<nav>", '<nav><img src="x" onerror="alert(1)">').encode()
    archive(admin_client, file=SimpleUploadedFile("pier.html", raw, content_type="text/html"))

    page = change_page(admin_client, Article.objects.get()).content.decode()

    assert 'onerror="alert(1)"' not in page
    assert "&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;" in page


def test_publish_checkbox_publishes_the_extracted_quotes(admin_client, extraction):
    """With "publish extracted quotes" ticked, the new quotes are published at once."""
    archive(admin_client, text=PIER, publish="on")

    assert Quote.objects.get().status == Quote.Status.PUBLISHED


def test_outlet_typed_in_another_case_reuses_the_existing_one(admin_client, extraction):
    """A typed outlet name matching an existing outlet, in any case, does not create another."""
    outlet = OutletFactory(name="Kustkrant")

    archive(admin_client, text=PIER, outlet="  kustkrant ")

    assert Outlet.objects.count() == 1
    assert Article.objects.get().outlet == outlet


def test_body_and_raw_are_read_only_after_creation(admin_client):
    """An archived article's text cannot be edited: its quotes' offsets point into it."""
    article = ArticleFactory(body="The council met on Tuesday.")

    response = change_page(admin_client, article)

    form = response.context["adminform"].form
    assert "body" not in form.fields and "raw" not in form.fields
    admin_client.post(
        reverse("admin:archive_article_change", args=[article.pk]),
        {
            "title": "New title",
            "outlet": article.outlet_id,
            "url": article.url,
            "published": "2031-01-01",
            "body": "Rewritten.",
            "printings-TOTAL_FORMS": "0",
            "printings-INITIAL_FORMS": "0",
        },
    )
    article.refresh_from_db()
    assert article.title == "New title"
    assert article.body == "The council met on Tuesday."


def assert_rejected(response, message, *, articles=0):
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Article.objects.count() == articles
    assert Quote.objects.count() == 0
    assert Person.objects.count() == 0


def test_neither_text_nor_file_is_an_error(admin_client):
    """Submitting no text and no file says what is missing and stores nothing."""
    assert_rejected(post(admin_client, text="   "), "Paste the article text or upload")


def test_both_text_and_file_is_an_error(admin_client):
    """Text and a file together are refused: the archivist must choose one."""
    upload = SimpleUploadedFile("pier.txt", PIER.encode())
    assert_rejected(post(admin_client, text=PIER, file=upload), "not both")


def test_wrong_extension_is_an_error(admin_client):
    """Only .txt and .html files are accepted."""
    upload = SimpleUploadedFile("pier.pdf", b"%PDF-1.7 ...")
    assert_rejected(post(admin_client, file=upload), "is not a .txt or .html file")


def test_undecodable_file_is_an_error(admin_client):
    """A binary file named .txt is refused as unreadable text."""
    upload = SimpleUploadedFile("pier.txt", b"\x00\x01\x02binary\x00")
    assert_rejected(post(admin_client, file=upload), "cannot be read as text")


def test_empty_file_is_an_error(admin_client):
    """An empty upload is refused."""
    upload = SimpleUploadedFile("pier.txt", b"")
    response = post(admin_client, file=upload)
    assert response.status_code == 200
    assert Article.objects.count() == 0


def test_html_without_article_text_is_an_error(admin_client, extraction):
    """A page with no article text is refused with the archive's reason."""
    upload = SimpleUploadedFile(
        "empty.html", b"<html><head><title>Pier</title></head><body>  </body></html>"
    )
    assert_rejected(post(admin_client, file=upload), "The article was not archived")


def test_duplicate_source_is_an_error(admin_client, extraction):
    """The same text archived twice is refused the second time, naming the first article."""
    archive(admin_client, text=PIER, title="Pier to reopen")
    quotes = Quote.objects.count()

    response = post(admin_client, text=PIER)

    assert response.status_code == 200
    assert "already archived as “Pier to reopen”" in response.content.decode()
    assert Article.objects.count() == 1
    assert Quote.objects.count() == quotes


def test_duplicate_url_is_an_error(admin_client):
    """A URL that is already archived is refused on the URL field."""
    ArticleFactory(url="https://kustkrant.test/pier", title="Pier to reopen")

    response = post(admin_client, text=PIER, url="https://kustkrant.test/pier")

    assert "This URL is already archived" in response.content.decode()
    assert Article.objects.count() == 1
    assert Quote.objects.count() == 0
