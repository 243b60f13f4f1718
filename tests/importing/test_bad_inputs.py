"""import_articles on bad input: each bad file or line gets one line naming it, the rest of the
run goes on, and nothing of a refused article is left behind, on SQLite and PostgreSQL alike."""

import os

import pytest

from archive.models import Article, Outlet
from archive.services import MAX_BYTES
from quotes.models import Person, Quote

from .conftest import PIER, write, write_lines

pytestmark = pytest.mark.django_db

FERRY = "The ferry will run again on Monday, the harbour office said in a short statement.\n"


def test_manifest_lines_that_are_not_objects_are_reported_and_the_rest_goes_on(tmp_path, run):
    """A manifest line that is a list, a string or not JSON gets a line; the files are still
    imported, with the metadata the good lines give."""
    write(tmp_path, "a.txt", PIER)
    write_lines(
        tmp_path,
        "manifest.jsonl",
        [[1, 2, 3], "a string", '"a string"', {"file": "a.txt", "outlet": "Harbour Gazette"}],
    )
    result = run(tmp_path)
    manifest = tmp_path / "manifest.jsonl"
    assert result.line_for(f"{manifest}:1") == "ignored: not a JSON object but a list"
    assert result.line_for(f"{manifest}:2").startswith("ignored: not a JSON object (invalid JSON")
    assert result.line_for(f"{manifest}:3") == "ignored: not a JSON object but a string"
    assert (result.archived, result.rejected) == (1, 3)
    assert Article.objects.get().outlet.name == "Harbour Gazette"


def test_manifest_file_that_is_null_or_missing(tmp_path, run):
    """{"file": null} and a line naming a file the folder lacks are reported, not passed over."""
    write(tmp_path, "a.txt", PIER)
    write_lines(tmp_path, "manifest.jsonl", [{"file": None}, {"file": "gone.txt"}, {"title": "x"}])
    result = run(tmp_path)
    manifest = tmp_path / "manifest.jsonl"
    assert result.line_for(f"{manifest}:1") == 'ignored: "file" is null'
    assert (
        result.line_for(f"{manifest}:2") == "ignored: names gone.txt, which is not in this folder"
    )
    assert result.line_for(f"{manifest}:3") == 'ignored: no "file"'
    assert result.archived == 1


def test_a_name_with_control_characters_is_reported_on_one_line(tmp_path, run):
    """A manifest may name a file "a<newline>b.txt" or "<record separator>": the line reporting
    it shows the character escaped, so that each thing refused is still one line."""
    write(tmp_path, "a.txt", PIER)
    write_lines(tmp_path, "manifest.jsonl", [{"file": "a\nb.txt"}, {"file": "\x1e"}])
    result = run(tmp_path)
    manifest = tmp_path / "manifest.jsonl"
    assert len(result.lines) == 2
    assert result.line_for(f"{manifest}:1") == (
        "ignored: names a\\nb.txt, which is not in this folder"
    )
    assert result.line_for(f"{manifest}:2") == "ignored: names \\x1e, which is not in this folder"
    assert result.archived == 1


def test_wrong_typed_manifest_field_refuses_its_file(tmp_path, run):
    """A file whose manifest line gives a field of the wrong type ("published": 12) is not
    imported without it: it is refused, whole, with the line."""
    write(tmp_path, "a.txt", PIER)
    write(tmp_path, "b.txt", FERRY)
    write_lines(tmp_path, "manifest.jsonl", [{"file": "a.txt", "published": 12}])
    result = run(tmp_path)
    assert result.line_for(tmp_path / "a.txt") == (
        'not imported: its line in manifest.jsonl (line 1) is wrong: "published" is a number, '
        "not a string"
    )
    assert list(Article.objects.values_list("source_file", flat=True)) == ["b.txt"]


def test_file_named_twice_in_the_manifest_is_refused(tmp_path, run):
    """Two manifest lines for one file leave its metadata in doubt: it is not imported."""
    write(tmp_path, "a.txt", PIER)
    write_lines(tmp_path, "manifest.jsonl", [{"file": "a.txt", "title": "One"}, {"file": "a.txt"}])
    result = run(tmp_path)
    assert result.line_for(tmp_path / "a.txt") == (
        "not imported: manifest.jsonl names it twice (lines 1 and 2)"
    )
    assert not Article.objects.exists()


@pytest.mark.parametrize(
    "line, reason",
    [
        ('{"text": 5}', '"text" is a number, not a string'),
        ('{"html": ["<p>"]}', '"html" is a list, not a string'),
        ('{"text": "ok", "title": {"a": 1}}', '"title" is an object, not a string'),
        ('{"text": "ok", "published": 12}', '"published" is a number, not a string'),
        ('{"text": "ok", "file": false}', '"file" is true or false, not a string'),
        ('{"text": "a\\u0000b"}', '"text" holds a NUL character'),
        ('{"text": "\\ud800"}', '"text" holds an unpaired surrogate'),
        ('{"text": "   "}', 'needs a "text" or "html" field'),
        ("[1, 2, 3]", "not a JSON object but a list"),
        ('"a string"', "not a JSON object but a string"),
        ('{"text": "trunc', "not a JSON object (invalid JSON: Unterminated string"),
        ("[" * 100_000, "not a JSON object (invalid JSON: nested too deep)"),
    ],
)
def test_bad_json_lines(tmp_path, run, line, reason):
    """A JSON Lines line that is not an article gets a line with its number; the good line
    after it is imported."""
    path = write(tmp_path, "batch.jsonl", f'{line}\n{{"text": {FERRY!r}}}\n'.replace("'", '"'))
    result = run(path)
    assert result.line_for(f"{path}:1").startswith(f"not imported: {reason}")
    assert (result.archived, result.rejected) == (1, 1)


def test_json_lines_not_in_utf8(tmp_path, run):
    """A JSON Lines file in UTF-16 is refused in one line; a line that is not UTF-8 in one."""
    wide = write(tmp_path, "wide.jsonl", '{"text": "x"}\n', "utf-16")
    mixed = write(tmp_path, "mixed.jsonl", b'{"text": "caf\xe9"}\n{"text": "ok then"}\n')
    result = run(wide, mixed)
    assert result.line_for(wide).startswith("not imported: JSON Lines must be UTF-8 text")
    assert result.line_for(f"{mixed}:1") == "not imported: not UTF-8 text (JSON Lines are UTF-8)"
    assert result.archived == 1


def test_unknown_extensions_in_a_folder_are_reported(tmp_path, run):
    """Files of other types in a folder are named, not passed over in silence; being no
    articles, they do not fail the run."""
    write(tmp_path, "x.pdf", b"%PDF-1.4")
    write(tmp_path, "README", "notes")
    write(tmp_path, "a.txt", PIER)
    result = run(tmp_path)
    assert result.line_for(tmp_path / "x.pdf") == (
        "not imported: unknown extension .pdf (expected .txt, .html, .jsonl)"
    )
    assert result.line_for(tmp_path / "README") == (
        "not imported: unknown extension (none) (expected .txt, .html, .jsonl)"
    )
    assert (result.archived, result.rejected, result.skipped) == (1, 0, 2)


def test_file_of_unknown_type_named_on_the_command_line_is_refused(tmp_path, run):
    """A file asked for by name that is no article is refused (the run fails)."""
    path = write(tmp_path, "x.pdf", b"%PDF-1.4")
    result = run(path)
    assert result.line_for(path) == (
        "not imported: unknown extension .pdf (expected .txt, .html, .jsonl)"
    )
    assert (result.rejected, result.skipped) == (1, 0)


def test_symbolic_links_in_a_folder_are_refused(tmp_path, run):
    """A link in an import folder, to a file or a folder, is not followed."""
    outside = tmp_path / "outside"
    write(outside, "secret.txt", PIER)
    folder = tmp_path / "import"
    write(folder, "a.txt", FERRY)
    os.symlink(outside / "secret.txt", folder / "link.txt")
    os.symlink(outside, folder / "elsewhere")
    result = run(folder)
    assert result.line_for(folder / "link.txt") == "not imported: a symbolic link"
    assert result.line_for(folder / "elsewhere") == "not imported: a symbolic link"
    assert list(Article.objects.values_list("source_file", flat=True)) == ["a.txt"]


@pytest.mark.parametrize("at", [0, 100, 5000, -1])
def test_nul_anywhere_is_binary(tmp_path, run, at):
    """A NUL byte anywhere in a file, not only in its first 4 KB, makes it binary."""
    raw = bytearray((PIER * 60).encode())
    raw[at] = 0
    path = write(tmp_path, "a.txt", bytes(raw))
    result = run(path)
    assert result.line_for(path) == (
        "this looks like a binary file, not text (it holds NUL characters)"
    )
    assert not Article.objects.exists()


def test_empty_and_huge_files(tmp_path, run):
    """An empty file and one over the size cap are refused; the huge one is not even read."""
    write(tmp_path, "empty.txt", b"")
    write(tmp_path, "blank.txt", b" \n\n ")
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    result = run(tmp_path)
    assert result.line_for(tmp_path / "empty.txt") == "the article is empty"
    assert result.line_for(tmp_path / "blank.txt") == "the article is empty"
    assert result.line_for(huge) == "not imported: the article is larger than 10 MB"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_byte_order_marks(tmp_path, run, encoding):
    """UTF-8, UTF-16 and UTF-32 text starting with a byte order mark is decoded; the raw
    bytes are kept as they came."""
    raw = (
        ("\ufeff" if encoding in ("utf-16-be", "utf-32-be") else "") + PIER + "Caf\u00e9 \u2014 ok."
    ).encode(encoding)
    path = write(tmp_path, "a.txt", raw)
    assert run(path).archived == 1
    article = Article.objects.get()
    assert article.body.startswith("Harbour council") and article.body.endswith("Café — ok.")
    assert article.read_raw() == raw


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_byte_order_mark(tmp_path, run, encoding):
    """UTF-16 without a byte order mark is read where its zero bytes show the order."""
    path = write(tmp_path, "a.txt", PIER, encoding)
    assert run(path).archived == 1
    assert Article.objects.get().body.startswith("Harbour council delays pier decision")


def test_utf32_without_byte_order_mark_is_refused(tmp_path, run):
    """UTF-32 without a byte order mark is not guessed at: it is refused as binary."""
    path = write(tmp_path, "a.txt", PIER, "utf-32-le")
    assert "binary" in run(path).line_for(path)


@pytest.mark.parametrize(
    "text, encoding",
    [
        ("Le maire a déclaré que la jetée rouvrira en mai. Ça ira très bien, à côté.", "latin-1"),
        ("Der Bürgermeister sagte, dass die Straße bald geöffnet wird.", "cp1252"),
        ("Новая газета сообщила, что мэр заявил: «Причал откроется в мае».", "cp1251"),
    ],
)
def test_single_byte_code_pages(tmp_path, run, text, encoding):
    """Latin-1, Windows-1252 and Windows-1251 text is decoded (charset-normalizer)."""
    path = write(tmp_path, "a.txt", text + "\n", encoding)
    assert run(path).archived == 1
    assert Article.objects.get().body == text


def test_undecodable_text_is_refused(tmp_path, run):
    """Bytes that read as no text the archive knows are refused with a line."""
    path = write(tmp_path, "a.txt", bytes(range(1, 256)) * 4)
    assert run(path).line_for(path).startswith("cannot tell which character encoding")


def test_deeply_nested_html(tmp_path, run):
    """A page nested deeper than the HTML parser reads is refused with the reason; one nested
    less deeply is read."""
    text = "<p>Harbour master Ilse Vantongeren said the pier will reopen in May this year.</p>"
    write(tmp_path, "deep.html", "<html><body>" + "<div>" * 3000 + text + "</div>" * 3000)
    write(tmp_path, "shallow.html", "<html><body>" + "<div>" * 100 + text + "</div>" * 100)
    result = run(tmp_path)
    assert result.line_for(tmp_path / "deep.html") == (
        "this HTML page is nested more than 255 elements deep: its article text cannot be read"
    )
    assert Article.objects.get().source_file == "shallow.html"


def test_malformed_html_is_read(tmp_path, run):
    """Unclosed and stray tags do not stop the article text being found."""
    path = write(
        tmp_path,
        "a.html",
        "<html><body><article><p>The harbour master said the pier will reopen in May, whatever "
        "the council decides.<p>The council meets again in June.</b></i></td><div",
    )
    assert run(path).archived == 1
    assert "pier will reopen" in Article.objects.get().body


def test_page_of_navigation_only_is_refused(tmp_path, run):
    """A page with menus and links but no article is refused, not archived as "Home"."""
    path = write(
        tmp_path,
        "nav.html",
        "<html><head><title>Gazette</title></head><body><nav><ul><li><a href='/'>Home</a></li>"
        "<li><a href='/sport'>Sport</a></li></ul></nav><footer><a href='/c'>Contact</a>"
        "</footer></body></html>",
    )
    assert run(path).line_for(path) == "no article text found in this HTML page"
    assert not Article.objects.exists()


@pytest.mark.parametrize(
    "field, value, reason",
    [
        ("outlet", "O" * 300, "the outlet name is 300 characters long; at most 200 fit"),
        (
            "url",
            "https://g.test/" + "a" * 1185,
            "the URL is 1,200 characters long; at most 1,000 fit",
        ),
        ("title", "T" * 600, "the title is 600 characters long; at most 500 fit"),
    ],
)
def test_over_long_metadata_is_refused(tmp_path, run, field, value, reason):
    """Metadata longer than its column is refused with a line, the same on SQLite (which
    would store it) as on PostgreSQL (which would fail)."""
    write(tmp_path, "a.txt", PIER)
    write_lines(tmp_path, "manifest.jsonl", [{"file": "a.txt", field: value}])
    assert run(tmp_path).line_for(tmp_path / "a.txt") == reason
    assert not Article.objects.exists()
    assert not Outlet.objects.exists()


def test_over_long_addresses_a_page_gives_itself_are_dropped(tmp_path, run):
    """A page's own canonical URL too long to keep is the page's fault: the article is
    archived without it."""
    long_url = "https://g.test/" + "a" * 1200
    path = write(
        tmp_path,
        "a.html",
        f"<html><head><link rel='canonical' href='{long_url}'></head><body><article><p>The "
        "harbour master said the pier will reopen in May, whatever the council decides.</p>"
        "</article></body></html>",
    )
    assert run(path).archived == 1
    article = Article.objects.get()
    assert (article.url, article.canonical_url) == (None, "")


def test_refused_article_leaves_nothing_behind(tmp_path, run):
    """An article refused after its outlet and people were looked up leaves no outlet, person
    or quote."""
    write(tmp_path, "a.txt", PIER)
    write_lines(
        tmp_path, "manifest.jsonl", [{"file": "a.txt", "outlet": "New", "published": "soon"}]
    )
    run(tmp_path)
    assert not Article.objects.exists()
    assert not Outlet.objects.exists()
    assert not Person.objects.exists()
    assert not Quote.objects.exists()
