"""import_articles: files, folders with manifests, JSON Lines, idempotency and bad files."""

import json

import pytest
from django.core.management import CommandError, call_command

from archive.models import Article, Outlet
from quotes.models import Person, Printing, Quote

PIER = (
    "Harbour council delays pier decision\n\n"
    "Harbour master Ilse Vantongeren of the 3rd coastal pilot brigade spoke after the vote.\n\n"
    "“The pier will reopen in May, whatever the council decides. We have the timber and the "
    "crews,” she said.\n"
)
PIER_AGAIN = (
    "Pier to reopen in May, says harbour master\n\n"
    "Ilse Vantongeren, the harbour master, said: 'The pier will reopen in May, whatever the "
    "council decides. We have the timber and the crews.'\n"
)


def write(folder, name, text, encoding="utf-8"):
    path = folder / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def manifest(folder, rows):
    write(folder, "manifest.jsonl", "\n".join(json.dumps(r) for r in rows) + "\n")


@pytest.mark.django_db
def test_folder_with_manifest_supplies_metadata(tmp_path, capsys):
    """A folder's manifest gives each file its outlet, URL, title and date."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", PIER_AGAIN)
    manifest(
        tmp_path,
        [
            {
                "file": "a.txt",
                "outlet": "Harbour Gazette",
                "url": "https://g.test/1",
                "title": "Pier decision delayed",
                "published": "2031-05-02",
            },
            {"file": "b.txt", "outlet": None, "url": None, "title": None, "published": None},
        ],
    )
    call_command("import_articles", str(tmp_path))
    assert "2 archived, 0 already archived, 0 rejected" in capsys.readouterr().out
    a = Article.objects.get(source_file="a.txt")
    assert (a.outlet.name, a.url, a.title, str(a.published)) == (
        "Harbour Gazette",
        "https://g.test/1",
        "Pier decision delayed",
        "2031-05-02",
    )
    b = Article.objects.get(source_file="b.txt")
    assert b.outlet is None and b.url is None and b.published is None
    assert b.raw.tobytes() if hasattr(b.raw, "tobytes") else bytes(b.raw) == PIER_AGAIN.encode()


@pytest.mark.django_db
def test_same_statement_in_two_articles_is_one_quote(tmp_path):
    """Two outlets printing one statement give one quote with two printings."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", PIER_AGAIN)
    call_command("import_articles", str(tmp_path), publish=True)
    quote = Quote.objects.get()
    assert quote.status == Quote.Status.PUBLISHED
    assert quote.person.name == "Ilse Vantongeren"
    assert quote.printings.count() == 2
    unit = quote.person.memberships.get().unit
    assert unit.name.lower() == "3rd coastal pilot brigade"


@pytest.mark.django_db
def test_importing_twice_changes_nothing(tmp_path, capsys):
    """Importing the same file twice leaves the database as the first import left it."""
    write(tmp_path, "a.txt", PIER)
    call_command("import_articles", str(tmp_path))
    counts = [m.objects.count() for m in (Article, Quote, Printing, Person, Outlet)]
    capsys.readouterr()
    call_command("import_articles", str(tmp_path / "a.txt"))
    assert "0 archived, 1 already archived" in capsys.readouterr().out
    assert [m.objects.count() for m in (Article, Quote, Printing, Person, Outlet)] == counts


@pytest.mark.django_db
def test_without_publish_quotes_are_suggested(tmp_path):
    """Without --publish the extracted quotes wait for review."""
    write(tmp_path, "a.txt", PIER)
    call_command("import_articles", str(tmp_path))
    assert set(Quote.objects.values_list("status", flat=True)) == {"suggested"}


@pytest.mark.django_db
def test_bad_files_get_one_line_each_and_the_rest_goes_on(tmp_path, capsys):
    """Each bad file (or bad line of a JSON Lines file) gets a one-line error; good files are
    still imported; the exit status is non-zero. Other file types in a folder are named and
    skipped, without being counted as rejected."""
    write(tmp_path, "good.txt", PIER)
    write(tmp_path, "empty.txt", "")
    write(tmp_path, "binary.txt", b"\x00\x01\x02PNG")
    write(tmp_path, "notes.pdf", b"%PDF-1.4")
    write(tmp_path, "broken.jsonl", '{"text": "ok"\nnot json\n')
    with pytest.raises(CommandError, match="1 archived, 0 already archived, 5 rejected, 1 skipped"):
        call_command("import_articles", str(tmp_path), str(tmp_path / "missing.txt"))
    err = capsys.readouterr().err
    assert "empty.txt: the article is empty" in err
    assert "binary.txt: this looks like a binary file" in err
    assert "broken.jsonl:1: not imported: not a JSON object (invalid JSON" in err
    assert "broken.jsonl:2: not imported: not a JSON object (invalid JSON" in err
    assert "missing.txt: not imported: no such file or folder" in err
    assert "notes.pdf: not imported: unknown extension .pdf (expected .txt, .html, .jsonl)" in err
    assert Article.objects.count() == 1


@pytest.mark.django_db
def test_rejected_file_leaves_database_as_it_was(tmp_path):
    """A file that fails half-way through leaves no article, quote or person behind."""
    write(tmp_path, "a.txt", PIER)
    manifest(tmp_path, [{"file": "a.txt", "published": "next Tuesday"}])
    with pytest.raises(CommandError):
        call_command("import_articles", str(tmp_path))
    assert not Article.objects.exists()
    assert not Person.objects.exists()
    assert not Outlet.objects.exists()


@pytest.mark.django_db
def test_html_is_reduced_to_article_text(tmp_path):
    """An HTML page is archived raw, and its quotes are found in the article text only."""
    html = (
        "<html><head><title>Pier | Gazette</title>"
        "<meta property='og:site_name' content='Harbour Gazette'></head><body>"
        "<nav>Home | Sport</nav><article><h1>Pier to reopen</h1>"
        "<p>Harbour master Ilse Vantongeren said: &ldquo;The pier will reopen in May, "
        "whatever the council decides.&rdquo;</p><p>The council meets again in June to "
        "discuss the harbour budget and the new ferry timetable for the summer.</p></article>"
        "<script>alert('x')</script></body></html>"
    )
    write(tmp_path, "pier.html", html)
    call_command("import_articles", str(tmp_path))
    article = Article.objects.get()
    assert article.raw_format == "html"
    assert "<" not in article.body and "alert" not in article.body
    assert article.outlet.name == "Harbour Gazette"
    printing = Printing.objects.get()
    assert article.body[printing.start : printing.end] == printing.text
    assert printing.text.startswith("The pier will reopen in May")


@pytest.mark.django_db
def test_jsonl_articles(tmp_path):
    """A JSON Lines file holds one article a line, with its metadata."""
    rows = [
        {"file": "p1.txt", "text": PIER, "outlet": "Gazette", "published": "2031-05-02"},
        {"file": "p2.txt", "text": PIER_AGAIN, "outlet": "Courier"},
    ]
    write(tmp_path, "batch.jsonl", "\n".join(json.dumps(r) for r in rows))
    call_command("import_articles", str(tmp_path / "batch.jsonl"))
    assert sorted(Article.objects.values_list("source_file", flat=True)) == ["p1.txt", "p2.txt"]
    assert Quote.objects.get().printings.count() == 2


@pytest.mark.django_db
def test_same_url_with_other_content_is_rejected(tmp_path, capsys):
    """A second, different copy of an already archived URL is refused, not overwritten."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", PIER_AGAIN)
    manifest(
        tmp_path,
        [
            {"file": "a.txt", "url": "https://g.test/1"},
            {"file": "b.txt", "url": "https://g.test/1"},
        ],
    )
    with pytest.raises(CommandError):
        call_command("import_articles", str(tmp_path))
    err = capsys.readouterr().err
    assert "b.txt: another version of https://g.test/1 is already archived" in err
    assert Article.objects.get().source_file == "a.txt"


@pytest.mark.django_db
def test_windows_1252_text_is_decoded(tmp_path):
    """An old file in Windows-1252 is decoded rather than rejected."""
    write(tmp_path, "old.txt", PIER.replace("“", '"').replace("”", '"') + "Caf\u00e9.\n", "cp1252")
    call_command("import_articles", str(tmp_path))
    assert "Café" in Article.objects.get().body


@pytest.mark.django_db
def test_named_file_of_unsupported_type_is_refused(tmp_path, capsys):
    """A file named on the command line that is not .txt, .html or .jsonl is refused."""
    write(tmp_path, "notes.pdf", b"%PDF-1.4")
    with pytest.raises(CommandError):
        call_command("import_articles", str(tmp_path / "notes.pdf"))
    assert (
        "notes.pdf: not imported: unknown extension .pdf (expected .txt, .html, .jsonl)"
        in capsys.readouterr().err
    )


@pytest.mark.django_db
def test_plain_text_headline_becomes_the_title(tmp_path):
    """A text file's first line is its title when the manifest gives none and it reads as a
    headline; a first line that is a sentence is not taken."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", "The harbour was quiet on Monday.\n\nNothing else happened.\n")
    call_command("import_articles", str(tmp_path))
    assert Article.objects.get(source_file="a.txt").title == "Harbour council delays pier decision"
    assert Article.objects.get(source_file="b.txt").title == ""


@pytest.mark.django_db
def test_first_paragraph_quoting_someone_is_not_a_headline(tmp_path):
    """An article that opens with a quoted sentence has no headline taken from it, and the
    quote keeps its speaker."""
    write(
        tmp_path,
        "a.txt",
        "Runa Elvestad, a ferry captain, said: “The hulls are rusting through below the "
        "waterline.”\n\nThe ministry has promised an inspection.\n",
    )
    call_command("import_articles", str(tmp_path))
    assert Article.objects.get().title == ""
    assert Quote.objects.get().person.name == "Runa Elvestad"
