"""Reading articles to import from files, folders with a manifest, and JSON Lines files.

Whatever cannot be read is a Source with an `error`, and a file that is no article one that
is `skipped`: one line, after the file's name (and the line's number, in a manifest or JSON
Lines file), saying what was not imported and why."""

import codecs
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .services import FORMATS, MAX_BYTES

MANIFEST = "manifest.jsonl"
METADATA = ("outlet", "url", "title", "published")
JSON_LINES = ".jsonl"
EXPECTED = ".txt, .html, .jsonl"
# A JSON Lines file is UTF-8 (RFC 8259); one in UTF-16 or UTF-32 starts with one of these.
WIDE_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE)


@dataclass
class Source:
    """One article to archive, or the reason it cannot be read (`error`)."""

    label: str  # what to call it in messages: a path, or path:line
    raw: bytes = b""
    source_file: str = ""
    raw_format: str = ""
    metadata: dict = field(default_factory=dict)
    error: str = ""
    # Why a file that is no article was passed over: reported, but no error (a folder may
    # keep notes or a gold.json beside its articles).
    skipped: str = ""


@dataclass
class Manifest:
    """What a folder's manifest.jsonl says: each file's metadata and the line giving it, the
    files whose line is wrong (they are not imported), and the lines that name no file."""

    path: Path
    entries: dict[str, tuple[int, dict]] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    errors: list[Source] = field(default_factory=list)

    def source(self, path: Path, raw_format: str) -> Source:
        """`path`'s source with the metadata its line gives, or why it is not imported."""
        if path.name in self.refused:
            return Source(str(path), error=f"not imported: {self.refused[path.name]}")
        _, metadata = self.entries.get(path.name, (0, {}))
        return Source(str(path), source_file=path.name, raw_format=raw_format, metadata=metadata)

    def unused(self, seen: set[str]) -> Iterator[Source]:
        """A line for each entry naming a file that is not in the folder."""
        for name, (number, _) in self.entries.items():
            if name not in seen:
                where = f"{self.path}:{number}"
                yield Source(where, error=f"ignored: names {name}, which is not in this folder")


def json_type(value) -> str:
    """What JSON calls `value`'s type, with its article."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    names = {dict: "an object", list: "a list", str: "a string", int: "a number"}
    return next((n for t, n in names.items() if isinstance(value, t)), "a number")


def wrong_string(row: dict, name: str, *, required: bool = False) -> str:
    """Why `row[name]` cannot be stored as text, or "" when it can (or is null or absent and
    need not be there)."""
    value = row.get(name)
    if value is None and required:
        return f'"{name}" is null' if name in row else f'no "{name}"'
    if value is None:
        return ""
    if not isinstance(value, str):
        return f'"{name}" is {json_type(value)}, not a string'
    if "\x00" in value:
        return f'"{name}" holds a NUL character'
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return f'"{name}" holds an unpaired surrogate (\\ud800-\\udfff), which is no text'
    return ""


def json_lines(path: Path) -> Iterator[tuple[int, dict | None, str]]:
    """(line number, object, "") for each line of a JSON Lines file holding a JSON object,
    (line number, None, why not) for each other line that is not blank; (0, None, why) when
    the file cannot be read at all."""
    try:
        with path.open("rb") as lines:
            if lines.read(4).startswith(WIDE_MARKS):
                yield 0, None, "JSON Lines must be UTF-8 text, and this is UTF-16 or UTF-32"
                return
            lines.seek(0)
            for number, line in enumerate(lines, 1):
                if number == 1:
                    line = line.removeprefix(codecs.BOM_UTF8)
                try:
                    text = line.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    yield number, None, "not UTF-8 text (JSON Lines are UTF-8)"
                    continue
                if not text.strip():
                    continue
                try:
                    row = json.loads(text)
                except (ValueError, RecursionError) as exc:
                    reason = (
                        f"{exc.msg.removesuffix(' at')} at column {exc.colno}"
                        if isinstance(exc, json.JSONDecodeError)
                        else "nested too deep"
                    )
                    yield number, None, f"not a JSON object (invalid JSON: {reason})"
                    continue
                if not isinstance(row, dict):
                    yield number, None, f"not a JSON object but {json_type(row)}"
                    continue
                yield number, row, ""
    except OSError as exc:
        yield 0, None, f"cannot be read ({exc.strerror or exc})"


def read_manifest(folder: Path) -> Manifest:
    """The folder's manifest.jsonl, read line by line; a folder without one has an empty
    manifest."""
    path = folder / MANIFEST
    manifest = Manifest(path)
    first_line = {}  # file name: the line that named it first
    if path.is_symlink():
        manifest.errors.append(Source(str(path), error="ignored: a symbolic link"))
        return manifest
    if not path.exists():
        return manifest
    for number, row, error in json_lines(path):
        where = f"{path}:{number}" if number else str(path)
        if error:
            manifest.errors.append(Source(where, error=f"ignored: {error}"))
            continue
        name = row.get("file")
        if not isinstance(name, str) or not name or wrong_string(row, "file"):
            problem = wrong_string(row, "file", required=True) or '"file" is empty'
            manifest.errors.append(Source(where, error=f"ignored: {problem}"))
            continue
        if name in first_line:
            lines = f"lines {first_line[name]} and {number}"
            manifest.refused[name] = f"{MANIFEST} names it twice ({lines})"
            manifest.entries.pop(name, None)
            continue
        first_line[name] = number
        problem = next(filter(None, (wrong_string(row, k) for k in METADATA)), "")
        if problem:
            manifest.refused[name] = f"its line in {MANIFEST} (line {number}) is wrong: {problem}"
            continue
        manifest.entries[name] = (number, {k: row.get(k) for k in METADATA})
    return manifest


def from_jsonl(path: Path) -> Iterator[Source]:
    """Articles stored one a line: {"text" or "html", "file", "outlet", "url", "title",
    "published"}."""
    for number, row, error in json_lines(path):
        label = f"{path}:{number}" if number else str(path)
        if error:
            yield Source(label, error=f"not imported: {error}")
            continue
        kind = "html" if row.get("html") else "text"
        problem = next(filter(None, (wrong_string(row, k) for k in (kind, "file", *METADATA))), "")
        if row.get(kind) is None or (not problem and not row[kind].strip()):
            problem = 'needs a "text" or "html" field'
        if problem:
            yield Source(label, error=f"not imported: {problem}")
            continue
        yield Source(
            label,
            raw=row[kind].encode(),
            source_file=row.get("file") or f"{path.name}:{number}",
            raw_format=FORMATS[".html" if kind == "html" else ".txt"],
            metadata={k: row.get(k) for k in METADATA},
        )


def from_file(path: Path, manifest: Manifest, *, in_folder: bool = False) -> Iterator[Source]:
    """The articles of one file: a JSON Lines file's, or the file itself with the metadata
    the manifest beside it gives. A file of another type is refused when it was asked for,
    passed over (`skipped`) when it was found `in_folder`."""
    suffix = path.suffix.lower()
    if path.name == MANIFEST:
        yield Source(str(path), error="not imported: a manifest; import its folder instead")
        return
    if suffix == JSON_LINES:
        if path.name in manifest.entries or path.name in manifest.refused:
            yield Source(
                str(manifest.path),
                skipped=f"ignored: its line for {path.name}, whose lines give their own metadata",
            )
        yield from from_jsonl(path)
        return
    if suffix not in FORMATS:
        reason = f"not imported: unknown extension {suffix or '(none)'} (expected {EXPECTED})"
        yield Source(str(path), **{"skipped" if in_folder else "error": reason})
        return
    source = manifest.source(path, FORMATS[suffix])
    if source.error:
        yield source
        return
    try:
        if path.stat().st_size > MAX_BYTES:
            source.error = f"not imported: the article is larger than {MAX_BYTES >> 20} MB"
        else:
            source.raw = path.read_bytes()
    except OSError as exc:
        source.error = f"not imported: cannot be read ({exc.strerror or exc})"
    yield source


def from_folder(folder: Path) -> Iterator[Source]:
    """Every article in `folder` and the folders in it, in name order. Its manifest.jsonl
    supplies metadata and is not itself an article; a symbolic link is not followed, and
    every file that is not imported is named, with the reason."""
    manifest = read_manifest(folder)
    yield from manifest.errors
    try:
        children = sorted(folder.iterdir())
    except OSError as exc:
        yield Source(str(folder), error=f"not imported: cannot be read ({exc.strerror or exc})")
        return
    folders = []
    for child in children:
        if child.name == MANIFEST:
            continue
        if child.is_symlink():
            yield Source(str(child), error="not imported: a symbolic link")
        elif child.is_dir():
            folders.append(child)
        elif child.is_file():
            yield from from_file(child, manifest, in_folder=True)
        else:
            yield Source(str(child), error="not imported: not a regular file")
    yield from manifest.unused({child.name for child in children})
    for inner in folders:
        yield from from_folder(inner)


def collect(paths: list[Path], *, report_skipped: bool = False) -> Iterator[Source]:
    """Every article under `paths`, in a stable order, and a Source with an error for each
    thing that cannot be imported; with `report_skipped`, one for each file that is no
    article too. A file named here is read even through a symbolic link, with the metadata
    its folder's manifest gives it."""
    for path in paths:
        if path.is_dir():
            found = from_folder(path)
        elif path.is_file():
            found = from_file(path, read_manifest(path.parent))
        else:
            found = [Source(str(path), error="not imported: no such file or folder")]
        yield from (source for source in found if report_skipped or not source.skipped)
