"""Property-based tests (hypothesis) of reading and importing folders of random, broken and
oddly encoded files: every run ends without a traceback, every file or line refused has one
line naming it, the database holds exactly the articles accepted, and the names stored are
clean."""

import json
import os
import tempfile
from pathlib import Path, PurePath

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from archive.models import Article, Outlet
from archive.services import ArticleRejected, decode
from archive.sources import collect
from archive.text import clean_name
from quotes.models import Person, Quote, Unit

from .conftest import import_paths

pytestmark = pytest.mark.django_db

# Modest example counts: each example imports a whole folder, extraction and all.
EXAMPLES = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

SENTENCES = [
    "Harbour master Ilse Vantongeren said: “The pier will reopen in May.”",
    "“We have the timber and the crews,” said Tomas Quirke, a spokesman of the 3rd brigade.",
    "The council meets again in June.",
    "Мэр Сергей Наев заявил: «Причал откроется в мае».",
    "Le maire a déclaré : « La jetée rouvrira en mai. »",
    "Der Bürgermeister sagte: „Die Straße wird geöffnet.“",
    "Runa\u200b Elvestad\u202e said the ferry is late.",
]
ENCODINGS = [
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "utf-16-be",
    "utf-32",
    "utf-32-le",
    "latin-1",
    "cp1251",
    "cp1252",
]
TAGS = ["div", "p", "nav", "a", "article", "b", "table", "td", "script", "span"]

texts = st.one_of(
    st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=4).map("\n\n".join),
    st.text(max_size=60),
)


@st.composite
def encoded_texts(draw) -> bytes:
    """Text in any of ENCODINGS, with or without a byte order mark, and where the encoding
    lacks a character, a question mark."""
    return draw(texts).encode(draw(st.sampled_from(ENCODINGS)), errors="replace")


@st.composite
def html_pages(draw) -> bytes:
    """Pages nested up to 300 deep, cut short, or made of navigation alone."""
    depth = draw(st.integers(0, 300))
    tags = draw(st.lists(st.sampled_from(TAGS), min_size=depth, max_size=depth))
    body = "".join(f"<{t}>" for t in tags) + draw(texts) + "".join(f"</{t}>" for t in tags)
    page = f"<html><head><title>{draw(texts)}</title></head><body>{body}</body></html>"
    cut = draw(st.none() | st.integers(0, len(page)))
    return page[:cut].encode(draw(st.sampled_from(ENCODINGS)), errors="replace")


@st.composite
def broken(draw, contents) -> bytes:
    """Contents with a NUL put anywhere, cut at any byte, or two encodings run together."""
    raw = draw(contents)
    how = draw(st.sampled_from(["nul", "cut", "mixed"]))
    at = draw(st.integers(0, len(raw)))
    if how == "nul":
        return raw[:at] + b"\x00" + raw[at:]
    if how == "cut":
        return raw[:at]
    return raw + draw(encoded_texts())


# Mostly text that may be read, so that articles are archived beside the refused files.
file_contents = st.one_of(
    st.just(b""),
    st.binary(max_size=200),
    encoded_texts(),
    encoded_texts(),
    st.sampled_from(SENTENCES).map(str.encode),
    html_pages(),
    broken(encoded_texts()),
    broken(html_pages()),
)

json_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=1),
)
metadata_values = st.one_of(
    st.none(),
    st.sampled_from(["Harbour Gazette", "Новая газета", "Le-Monde!", "2031-05-02", "soon"]),
    st.just("https://g.test/" + "a" * 1100),
    st.just("O" * 250),
    st.text(max_size=20),
    json_values,
)


@st.composite
def json_lines(draw, file_names) -> str:
    """Lines of a manifest or a JSON Lines file: objects with right and wrong types, other
    JSON values, text that is no JSON, and lines cut short."""

    def row():
        fields = {
            "file": draw(st.sampled_from(file_names) | st.sampled_from(file_names) | json_values),
            "text": draw(texts | json_values),
            "html": draw(st.none() | html_pages().map(lambda b: b.decode("latin-1"))),
        }
        for name in ("outlet", "url", "title", "published"):
            fields[name] = draw(metadata_values)
        keep = draw(st.lists(st.sampled_from(sorted(fields)), unique=True))
        return {name: fields[name] for name in keep}

    lines = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["object", "object", "value", "garbage", "cut"]))
        if kind == "object":
            lines.append(json.dumps(row(), ensure_ascii=draw(st.booleans())))
        elif kind == "value":
            lines.append(json.dumps(draw(json_values)))
        elif kind == "garbage":
            lines.append(draw(st.text(max_size=20)).replace("\n", " "))
        else:
            line = json.dumps(row())
            lines.append(line[: draw(st.integers(0, len(line)))])
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


NAMES = ["a", "b", "c", "sub/d"]
EXTENSIONS = [".txt", ".html", ".htm", ".jsonl", ".pdf", "", ".TXT"]


@st.composite
def folders(draw) -> dict:
    """{relative path: bytes, or None for a symbolic link to a file outside}, with perhaps a
    manifest."""
    names = draw(
        st.lists(
            st.tuples(st.sampled_from(NAMES), st.sampled_from(EXTENSIONS)).map("".join),
            unique_by=lambda n: n.split("/")[-1],
            max_size=5,
        )
    )
    files = {}
    for name in names:
        if name.endswith(".jsonl"):
            lines = draw(json_lines([PurePath(n).name for n in names]))
            files[name] = lines.encode("utf-8", errors="surrogatepass")
        elif draw(st.integers(0, 9)) == 0:
            files[name] = None
        else:
            files[name] = draw(file_contents)
    if draw(st.booleans()):
        manifest = draw(json_lines([PurePath(n).name for n in names] + ["missing.txt"]))
        files["manifest.jsonl"] = manifest.encode("utf-8", errors="surrogatepass")
    return files


def materialise(root: Path, files: dict) -> Path:
    folder = root / "import"
    outside = root / "outside.txt"
    outside.write_text("Harbour master Ilse Vantongeren said the pier will reopen.\n")
    for name, raw in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if raw is None:
            os.symlink(outside, path)
        else:
            path.write_bytes(raw)
    folder.mkdir(exist_ok=True)
    return folder


@EXAMPLES
@given(files=folders())
def test_any_folder_imports_cleanly(files, capsys):
    """Whatever a folder holds, the import ends without a traceback; each thing refused gets
    exactly one line naming it; what was accepted is archived, whole, and nothing else is;
    a second run archives nothing more."""
    with tempfile.TemporaryDirectory() as tmp, transaction.atomic():
        folder = materialise(Path(tmp), files)
        sources = list(collect([folder], report_skipped=True))
        run = import_paths(folder, capsys=capsys)

        labels = [source.label for source in sources]
        assert len(labels) == len(set(labels))
        for line in run.lines:
            assert sum(line.startswith(f"{label}: ") for label in labels) == 1, line
            # What was refused, counted by --hypothesis-show-statistics.
            event(line.split(": ", 1)[1][:40])
        event(f"{run.archived} archived")
        for source in sources:
            if source.error or source.skipped:
                run.line_for(source.label)
        named = {s.label for s in sources if any(n.startswith(f"{s.label}: ") for n in run.lines)}
        accepted = [s for s in sources if s.label not in named]
        assert len(run.lines) == run.rejected + run.skipped == len(named)
        assert run.skipped == sum(bool(s.skipped) for s in sources)
        assert run.archived + run.unchanged == len(accepted)
        assert Article.objects.count() == run.archived
        archived = set(Article.objects.values_list("source_file", flat=True))
        assert archived <= {PurePath(s.source_file).name for s in accepted}
        assert not Outlet.objects.filter(articles=None).exists()
        assert not Quote.objects.filter(printings=None).exists()
        names = [
            *Outlet.objects.values_list("name", flat=True),
            *Article.objects.values_list("title", flat=True),
            *Person.objects.values_list("name", flat=True),
            *Unit.objects.values_list("name", flat=True),
        ]
        assert all(name == clean_name(name) for name in names)

        again = import_paths(folder, capsys=capsys)
        assert again.archived == 0
        assert Article.objects.count() == run.archived
        transaction.set_rollback(True)


@settings(max_examples=50, deadline=None, database=None)
@given(raw=file_contents)
def test_decode_gives_text_or_a_reason(raw):
    """Any bytes decode to text without a NUL, or are refused with a reason."""
    try:
        text = decode(raw)
    except ArticleRejected as exc:
        assert str(exc)
    else:
        assert "\x00" not in text
