"""Running import_articles on a folder of awkward files, and reading what it reported."""

import json
import re
from dataclasses import dataclass

import pytest
from django.core.management import CommandError, call_command

PIER = (
    "Harbour council delays pier decision\n\n"
    "Harbour master Ilse Vantongeren of the 3rd coastal pilot brigade spoke after the vote.\n\n"
    "“The pier will reopen in May, whatever the council decides. We have the timber and the "
    "crews,” she said.\n"
)
SUMMARY = re.compile(r"(\d+) archived, (\d+) already archived, (\d+) rejected(?:, (\d+) skipped)?")


@dataclass
class Run:
    """What one import printed: its summary figures and its error lines."""

    archived: int
    unchanged: int
    rejected: int
    skipped: int
    lines: list[str]

    def line_for(self, label) -> str:
        """The one error line naming `label` (a path, or path:line)."""
        found = [line for line in self.lines if line.startswith(f"{label}: ")]
        assert len(found) == 1, (label, self.lines)
        return found[0].removeprefix(f"{label}: ")


def import_paths(*paths, capsys) -> Run:
    """Run import_articles on `paths`; any exception but the CommandError of a run with
    rejected files fails the test, and so does a line reporting an internal error."""
    capsys.readouterr()
    try:
        call_command("import_articles", *map(str, paths), verbosity=0)
    except CommandError as exc:
        summary = str(exc)
    else:
        summary = ""
    out, err = capsys.readouterr()
    figures = SUMMARY.search(summary or out)
    assert figures, (out, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert not any("Traceback" in line or "internal error" in line for line in lines), lines
    return Run(*(int(figure or 0) for figure in figures.groups()), lines)


def write(folder, name, content, encoding="utf-8"):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode(encoding) if isinstance(content, str) else content)
    return path


def write_lines(folder, name, rows):
    """A JSON Lines file: dicts and lists become JSON, strings are written as they are."""
    lines = [row if isinstance(row, str) else json.dumps(row) for row in rows]
    return write(folder, name, "\n".join(lines) + "\n")


@pytest.fixture
def run(capsys):
    return lambda *paths: import_paths(*paths, capsys=capsys)
