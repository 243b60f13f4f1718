"""Only http and https addresses are stored for articles and outlets, wherever they come in:
a manifest, a JSON Lines file, the archive service, the admin's forms."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse

from archive.models import Article, Outlet
from archive.services import ArticleRejected, archive_article
from tests.admin.conftest import posted_back
from tests.factories import ArticleFactory, OutletFactory

pytestmark = pytest.mark.django_db

TEXT = "Harbour council meets\n\nThe harbour was quiet on Monday. Nothing else happened.\n"
OTHER = "Ferry returns\n\nThe ferry runs again from Thursday, the operator announced.\n"
BAD_URLS = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://g.test/a"]


def write_folder(folder, rows):
    """Articles a.txt, b.txt, ... with a manifest giving each its URL."""
    for name, text in zip("ab", (TEXT, OTHER), strict=False):
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [json.dumps({"file": f"{name}.txt", "url": url}) for name, url in rows]
    (folder / "manifest.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_manifest_with_script_and_data_urls_is_refused(tmp_path, capsys):
    """Manifest rows giving a javascript: or data: URL get a one-line error naming the file and
    the URL, and neither article is archived."""
    write_folder(tmp_path, [("a", BAD_URLS[0]), ("b", BAD_URLS[1])])

    with pytest.raises(CommandError, match="0 archived, 0 already archived, 2 rejected"):
        call_command("import_articles", str(tmp_path))

    err = capsys.readouterr().err
    assert "a.txt: the URL 'javascript:alert(1)' is not an http:// or https:// web address" in err
    assert "b.txt: the URL 'data:text/html,<script>alert(1)</script>' is not an http://" in err
    assert not Article.objects.exists()
    assert not Outlet.objects.exists()


def test_manifest_with_web_urls_is_kept(tmp_path, capsys):
    """https and http URLs are archived as given."""
    write_folder(tmp_path, [("a", "https://g.test/pier"), ("b", "http://old.g.test/ferry")])

    call_command("import_articles", str(tmp_path))

    assert "2 archived, 0 already archived, 0 rejected" in capsys.readouterr().out
    assert Article.objects.get(source_file="a.txt").url == "https://g.test/pier"
    assert Article.objects.get(source_file="b.txt").url == "http://old.g.test/ferry"


def test_jsonl_record_with_a_script_url_is_refused(tmp_path, capsys):
    """A JSON Lines record with a javascript: URL is refused on its line; the good line in the
    same file is archived."""
    rows = [
        {"file": "p1.txt", "text": TEXT, "url": "javascript:alert(1)"},
        {"file": "p2.txt", "text": OTHER, "url": "https://g.test/ferry"},
    ]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")

    with pytest.raises(CommandError, match="1 archived, 0 already archived, 1 rejected"):
        call_command("import_articles", str(path))

    assert f"{path}:1: the URL 'javascript:alert(1)' is not" in capsys.readouterr().err
    assert list(Article.objects.values_list("url", flat=True)) == ["https://g.test/ferry"]


@pytest.mark.parametrize("url", BAD_URLS)
def test_archive_service_refuses_other_schemes(url):
    """archive_article, the one way in, refuses any URL that is not http or https."""
    with pytest.raises(ArticleRejected, match="is not an http:// or https:// web address"):
        archive_article(raw=TEXT.encode(), url=url)

    assert not Article.objects.exists()


def test_page_metadata_with_a_script_url_is_not_stored():
    """An HTML page whose own canonical link is not a web address is archived without it: the
    address is the page's error, not the article's."""
    html = (
        "<html><head><title>Pier</title>"
        '<link rel="canonical" href="javascript:alert(1)">'
        '<meta property="og:url" content="javascript:alert(1)"></head>'
        "<body><article><h1>Pier</h1><p>The harbour was quiet on Monday. The ferry ran late "
        "and the council met for an hour to discuss the budget for the summer.</p>"
        "</article></body></html>"
    )

    article, created = archive_article(raw=html.encode(), source_file="pier.html")

    assert created
    assert article.url is None


@pytest.mark.parametrize("url", BAD_URLS)
def test_models_refuse_other_schemes(url):
    """The article's URL and the outlet's home page validate as web addresses."""
    with pytest.raises(ValidationError) as article_error:
        ArticleFactory.build(url=url).full_clean(exclude=["outlet"])
    with pytest.raises(ValidationError) as outlet_error:
        OutletFactory.build(home_url=url).full_clean()

    assert "url" in article_error.value.message_dict
    assert "home_url" in outlet_error.value.message_dict


@pytest.mark.parametrize("url", BAD_URLS)
def test_admin_add_form_refuses_other_schemes(admin_client, url):
    """The admin's archive form shows an error on the URL and archives nothing."""
    response = admin_client.post(
        reverse("admin:archive_article_add"),
        {"text": TEXT, "outlet": "", "url": url, "title": "", "published": ""},
    )

    assert response.status_code == 200
    assert "Enter a web address starting with http:// or https://." in response.content.decode()
    assert response.context["adminform"].form.errors["url"]
    assert not Article.objects.exists()


def test_admin_add_form_keeps_an_https_url(admin_client):
    """An https URL typed in the admin is archived with the article."""
    preview = admin_client.post(
        reverse("admin:archive_article_add"),
        {"text": TEXT, "outlet": "", "url": "https://g.test/pier", "title": "", "published": ""},
    )
    response = admin_client.post(reverse("admin:archive_article_add"), posted_back(preview))

    assert response.status_code == 302
    assert Article.objects.get().url == "https://g.test/pier"


def test_admin_change_forms_refuse_other_schemes(admin_client):
    """Editing an article's URL or an outlet's home page in the admin refuses javascript:."""
    article = ArticleFactory(url="https://g.test/pier")
    outlet = article.outlet

    article_response = admin_client.post(
        reverse("admin:archive_article_change", args=[article.pk]),
        {
            "title": article.title,
            "outlet": outlet.pk,
            "url": "javascript:alert(1)",
            "published": "2031-01-01",
            "printings-TOTAL_FORMS": "0",
            "printings-INITIAL_FORMS": "0",
        },
    )
    outlet_response = admin_client.post(
        reverse("admin:archive_outlet_change", args=[outlet.pk]),
        {"name": outlet.name, "home_url": "javascript:alert(1)"},
    )

    for response in (article_response, outlet_response):
        assert response.status_code == 200
        assert "Enter a web address starting with http:// or https://." in (
            response.content.decode()
        )
    assert Article.objects.get().url == "https://g.test/pier"
    assert Outlet.objects.get().home_url.startswith("https://")
