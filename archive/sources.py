"""Reading articles to import from files, folders with a manifest, and JSON Lines files."""

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .services import FORMATS, ArticleRejected, format_for

MANIFEST = "manifest.jsonl"
METADATA = ("outlet", "url", "title", "published")


@dataclass
class Source:
    """One article to archive, or the reason it cannot be read (`error`)."""

    label: str  # what to call it in messages: a path, or path:line
    raw: bytes = b""
    source_file: str = ""
    raw_format: str = ""
    metadata: dict = field(default_factory=dict)
    error: str = ""


def read_manifest(folder: Path) -> tuple[dict[str, dict], list[Source]]:
    """{file name: metadata} from a folder's manifest.jsonl, and one error per bad line."""
    path = folder / MANIFEST
    entries, errors = {}, []
    if not path.exists():
        return entries, errors
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            entries[row["file"]] = {k: row.get(k) for k in METADATA}
        except (ValueError, KeyError, TypeError):
            errors.append(Source(f"{path}:{number}", error="not a JSON object with a 'file'"))
    return entries, errors


def from_jsonl(path: Path) -> Iterator[Source]:
    """Articles stored one a line: {"text" or "html", "file", "outlet", "url", "title",
    "published"}."""
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            label = f"{path}:{number}"
            try:
                row = json.loads(line)
            except ValueError as exc:
                yield Source(label, error=f"invalid JSON ({exc.msg})")
                continue
            if not isinstance(row, dict) or not (row.get("text") or row.get("html")):
                yield Source(label, error='needs a "text" or "html" field')
                continue
            is_html = bool(row.get("html"))
            yield Source(
                label,
                raw=(row["html"] if is_html else row["text"]).encode(),
                source_file=row.get("file") or f"{path.name}:{number}",
                raw_format="html" if is_html else "txt",
                metadata={k: row.get(k) for k in METADATA},
            )


def from_file(path: Path, metadata: dict | None = None) -> Iterator[Source]:
    if path.suffix.lower() == ".jsonl":
        yield from from_jsonl(path)
        return
    try:
        raw_format = format_for(path.name)
        raw = path.read_bytes()
    except (ArticleRejected, OSError) as exc:
        yield Source(str(path), error=str(exc))
        return
    yield Source(str(path), raw, path.name, raw_format, metadata or {})


def collect(paths: list[Path]) -> Iterator[Source]:
    """Every article under `paths`, in a stable order. A folder's manifest.jsonl supplies
    metadata for its files, and is not itself an article."""
    for path in paths:
        if path.is_dir():
            for folder in sorted({p.parent for p in path.rglob("*")} | {path}):
                manifest, errors = read_manifest(folder)
                yield from errors
                for child in sorted(folder.iterdir()):
                    if (
                        child.is_file()
                        and child.name != MANIFEST
                        and (child.suffix.lower() in FORMATS or child.suffix.lower() == ".jsonl")
                    ):
                        yield from from_file(child, manifest.get(child.name))
        elif path.is_file():
            manifest, _ = read_manifest(path.parent)
            yield from from_file(path, manifest.get(path.name))
        else:
            yield Source(str(path), error="no such file or folder")
