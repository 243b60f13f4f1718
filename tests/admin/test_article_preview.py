"""The preview step of the admin's "Archive an article": a pasted text or an uploaded page is
read, not archived, and shown with what it says about itself; the archivist corrects the
prefilled fields and archives it with the preview's button. The source waits on the server,
named by its SHA-256, never sent back by the browser."""

import datetime
import json

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from archive.models import Article, Outlet
from quotes import roles
from quotes.models import Quote
from tests.admin.conftest import posted_back
from tests.factories import ArticleFactory, OutletFactory

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")

PIER_TEXT = (
    "The storm-damaged pier has been closed since January, and the town has missed it.",
    "Harbour master Ilse Vantongeren said: “The pier will reopen in May, whatever the "
    "council decides.” She added that the <b>new</b> railings would be painted blue.",
    "Repairs began last week, and the contractor expects to finish on time, weather "
    "permitting, before the first ferries of the season arrive in the harbour.",
)
AUTHOR_LD = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    "headline": "Pier to reopen in May",
    "author": {"@type": "Person", "name": "Wendela Invented"},
}


def pier_page(*, title="Pier to reopen in May") -> bytes:
    """An invented page of an invented outlet, declaring its site name, date, author (in
    JSON-LD), canonical address and language."""
    body = "".join(
        f"<p>{paragraph.replace('<b>', '&lt;b&gt;').replace('</b>', '&lt;/b&gt;')}</p>"
        for paragraph in PIER_TEXT
    )
    return (
        '<!doctype html><html lang="nl-BE"><head><meta charset="utf-8">'
        f"<title>{title} | Harbour Gazette</title>"
        '<meta property="og:site_name" content="Harbour Gazette">'
        '<meta property="article:published_time" content="2025-04-02T06:30:00+02:00">'
        '<link rel="canonical" href="https://harbourgazette.example/2025/04/pier">'
        f'<script type="application/ld+json">{json.dumps(AUTHOR_LD)}</script>'
        "</head><body><nav>Home | News | Sport</nav>"
        f"<article><h1>{title}</h1>{body}</article>"
        "<footer>© Harbour Gazette</footer></body></html>"
    ).encode()


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with no source held."""
    cache.clear()
    yield
    cache.clear()


def upload(client, raw=None, **data):
    """The first step with an uploaded .html page."""
    page = SimpleUploadedFile("pier.html", raw or pier_page(), content_type="text/html")
    fields = {"text": "", "outlet": "", "url": "", "title": "", "published": "", **data}
    return client.post(ADD, {**fields, "file": page})


def preview_rows(response):
    return dict(response.context["preview"].rows)


def test_an_upload_is_previewed_with_what_the_page_says(admin_client):
    """The first submit archives nothing: the same page comes back with the page's title,
    date, site name, author, language and addresses, and the start of its text."""
    response = upload(admin_client)

    assert response.status_code == 200
    assert Article.objects.count() == 0
    assert Quote.objects.count() == 0
    assert Outlet.objects.count() == 0
    html = response.content.decode()
    assert "What the page says" in html
    assert response.context["title"] == "Archive an article"
    assert preview_rows(response) == {
        "Title": "Pier to reopen in May",
        "Publication date": "2025-04-02",
        "Outlet (site name)": "Harbour Gazette",
        "Author": "Wendela Invented",
        "Language": "nl-BE",
        "Canonical URL": "https://harbourgazette.example/2025/04/pier",
        "URL": "https://harbourgazette.example/2025/04/pier",
    }
    for shown in ("Wendela Invented", "nl-BE", "https://harbourgazette.example/2025/04/pier"):
        assert shown in html
    assert (
        "a new outlet “Harbour Gazette” for harbourgazette.example, created when it is archived"
        in html
    )
    assert "The storm-damaged pier has been closed since January" in html
    assert 'value="Archive this article"' in html


def test_the_fields_are_prefilled_from_the_page(admin_client):
    """The editable fields hold what the page says, ready to be corrected."""
    form = upload(admin_client).context["adminform"].form

    values = {name: form[name].value() for name in ("outlet", "url", "title", "author")}
    assert values == {
        "outlet": "Harbour Gazette",
        "url": "https://harbourgazette.example/2025/04/pier",
        "title": "Pier to reopen in May",
        "author": "Wendela Invented",
    }
    assert form["published"].value() == "2025-04-02"


def test_what_the_archivist_typed_wins_over_the_page(admin_client):
    """A field filled in the first step keeps its value; the others come from the page."""
    response = upload(admin_client, title="Pier reopens", published="2025-04-01")

    form = response.context["adminform"].form
    assert form["title"].value() == "Pier reopens"
    assert form["published"].value() == "2025-04-01"
    assert form["outlet"].value() == "Harbour Gazette"
    # The preview still says what the page says.
    assert preview_rows(response)["Title"] == "Pier to reopen in May"


def test_the_source_is_held_on_the_server_not_sent_back(admin_client):
    """The preview's form carries the upload's SHA-256 only: no file, no text."""
    raw = pier_page()

    html = upload(admin_client, raw).content.decode()

    assert f'name="source_sha256" value="{Article.digest(raw)}"' in html
    assert 'name="file"' not in html and 'name="text"' not in html
    assert 'enctype="multipart/form-data"' not in html


def test_the_preview_escapes_the_page(admin_client):
    """Markup in the page's text or title is shown as text, never as markup."""
    html = upload(admin_client, pier_page(title="Pier <i>reopens</i>")).content.decode()

    assert "<b>new</b>" not in html
    assert "&lt;b&gt;new&lt;/b&gt;" in html
    assert "<i>reopens</i>" not in html


def test_the_outlet_is_matched_by_name_or_domain(admin_client):
    """The preview says which existing outlet the article would be filed under, by name or
    by the domain of its address."""
    by_domain = OutletFactory(name="The Gazette", domain="harbourgazette.example")
    html = upload(admin_client).content.decode()
    assert "the existing outlet “The Gazette” (same domain, harbourgazette.example)" in html

    OutletFactory(name="harbour gazette")
    html = upload(admin_client).content.decode()
    assert "the existing outlet “harbour gazette” (same name)" in html
    assert by_domain.articles.count() == 0


def test_going_straight_through_archives_what_the_page_says(admin_client, extraction):
    """Nothing to correct: the preview's button archives the page with its own metadata."""
    raw = pier_page()
    preview = upload(admin_client, raw)

    response = admin_client.post(ADD, posted_back(preview))

    article = Article.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    assert article.read_raw() == raw
    assert article.source_file == "pier.html"
    assert article.title == "Pier to reopen in May"
    assert article.published == datetime.date(2025, 4, 2)
    assert (article.outlet.name, article.outlet.domain) == (
        "Harbour Gazette",
        "harbourgazette.example",
    )
    assert article.author == "Wendela Invented"
    assert article.language == "nl"  # the page's nl-BE, as ISO 639-1
    assert article.canonical_url == article.url == "https://harbourgazette.example/2025/04/pier"
    assert cache.get(f"upload:{article.sha256}") is None


def test_a_corrected_title_is_what_gets_archived(admin_client, extraction):
    """The archivist's corrections in the preview win over what the page says."""
    preview = upload(admin_client)

    admin_client.post(
        ADD,
        posted_back(
            preview, title="Pier will reopen in May", author="W. Invented", outlet="Kustkrant"
        ),
    )

    article = Article.objects.get()
    assert article.title == "Pier will reopen in May"
    assert article.author == "W. Invented"
    assert article.outlet.name == "Kustkrant"
    assert article.published == datetime.date(2025, 4, 2)


def test_pasted_text_is_previewed_with_its_headline(admin_client, extraction):
    """Pasted text is previewed too: its first line as the title, its text, nothing else."""
    text = "Pier to reopen\n\n" + PIER_TEXT[1]
    preview = admin_client.post(ADD, {"text": text, "outlet": "Kustkrant"})

    assert preview.status_code == 200
    assert Article.objects.count() == 0
    rows = preview_rows(preview)
    assert rows["Title"] == "Pier to reopen"
    # The page names no outlet; the one typed is shown as given, never as "not given".
    assert rows["Outlet (site name)"] == "Kustkrant (not in the page; as you gave it)"
    assert "a new outlet “Kustkrant”, created when it is archived" in preview.content.decode()

    admin_client.post(ADD, posted_back(preview))

    article = Article.objects.get()
    assert (article.title, article.outlet.name) == ("Pier to reopen", "Kustkrant")
    assert article.read_raw() == text.encode()


@pytest.mark.parametrize("sha256", ["0" * 64, "not a hash", ""])
def test_an_unknown_source_is_refused(admin_client, sha256):
    """A SHA-256 the server holds no source for is refused, asking for the source again; the
    values typed are kept on the first step's form."""
    response = admin_client.post(
        ADD, {"source_sha256": sha256, "title": "Pier to reopen", "outlet": "", "url": ""}
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert "The article is no longer held on the server" in html
    assert "paste the text or upload the file again" in html
    assert 'name="file"' in html and 'name="text"' in html
    assert response.context["adminform"].form["title"].value() == "Pier to reopen"
    assert Article.objects.count() == 0


def test_an_expired_upload_is_refused(admin_client):
    """A source gone from the server between the steps (an hour passed) is asked for again,
    and nothing is archived."""
    preview = upload(admin_client)
    cache.clear()

    response = admin_client.post(ADD, posted_back(preview))

    assert response.status_code == 200
    assert "paste the text or upload the file again" in response.content.decode()
    assert Article.objects.count() == 0


def test_an_address_already_archived_shows_on_the_preview(admin_client):
    """A page whose canonical address is already archived says so on the preview, and its
    archiving is refused until the address is corrected."""
    ArticleFactory(url="https://harbourgazette.example/2025/04/pier", title="Pier (old)")

    preview = upload(admin_client)

    assert "This URL is already archived as “Pier (old)”" in preview.content.decode()
    response = admin_client.post(ADD, posted_back(preview))
    assert response.status_code == 200
    assert Article.objects.count() == 1


def test_a_refusal_on_the_second_step_shows_the_preview_again(admin_client):
    """A value refused in the second step (a bad date) shows the preview again with the
    error, the source still held."""
    preview = upload(admin_client)

    response = admin_client.post(ADD, posted_back(preview, published="the second of April"))

    assert response.status_code == 200
    html = response.content.decode()
    assert "What the page says" in html
    assert "Enter a valid date." in html
    assert Article.objects.count() == 0


def test_the_preview_offers_no_publish_box_to_an_archivist(client, django_user_model):
    """Who may not publish on archiving is not offered it on the preview either."""
    user = django_user_model.objects.create_user("ada", password="unused", is_staff=True)
    user.groups.add(Group.objects.get(name=roles.ARCHIVISTS))
    client.force_login(user)

    html = upload(client).content.decode()

    assert "What the page says" in html
    assert 'name="publish"' not in html


@pytest.mark.django_db(transaction=True)
def test_in_production_the_upload_is_archived_by_a_worker(admin_client, settings, extraction):
    """With the database tasks backend no web request extracts: the preview's button queues
    the import and archives nothing; a worker pass archives it with the corrected title."""
    settings.VERBATIM_TASKS = "database"
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    preview = upload(admin_client)

    response = admin_client.post(ADD, posted_back(preview, title="Pier reopens in May"))

    assert response.status_code == 302
    assert response["Location"] == reverse("admin:archive_article_changelist")
    assert Article.objects.count() == 0
    message = [str(m) for m in response.wsgi_request._messages][0]
    assert "is being archived by a background worker" in message

    call_command("db_worker", "--batch", verbosity=0)

    article = Article.objects.get()
    assert article.title == "Pier reopens in May"
    assert article.author == "Wendela Invented"
    assert article.published == datetime.date(2025, 4, 2)
    assert article.printings.exists()
