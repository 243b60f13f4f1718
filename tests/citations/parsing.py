"""Readers of the files the citations emit, written for the tests: each one rejects what the
real tools would reject (unbalanced braces, lines without a tag) rather than guessing."""

import re

LATEX_ESCAPES = {
    r"\textbackslash{}": "\\",
    r"\textbraceleft{}": "{",
    r"\textbraceright{}": "}",
    r"\textasciitilde{}": "~",
    r"\textasciicircum{}": "^",
    r"\%": "%",
    r"\&": "&",
    r"\$": "$",
    r"\#": "#",
    r"\_": "_",
}
LATEX_ESCAPE = re.compile("|".join(re.escape(e) for e in LATEX_ESCAPES))
UNESCAPED_SPECIAL = re.compile(r"(?<!\\)[%&$#_~^]")


def parse_bibtex(source):
    """(entry type, key, {field: raw value}) of a file holding one BibTeX entry. Braces are
    counted as BibTeX counts them, whether or not a backslash comes before them."""
    match = re.match(r"\s*@(\w+)\{([A-Za-z0-9_:-]+),", source)
    assert match, "no entry header"
    entry_type, key, pos, fields = match.group(1), match.group(2), match.end(), {}
    while True:
        macro = re.compile(r"\s*(\w+)\s*=\s*([a-z]+)\s*(,|(?=\s*\}))").match(source, pos)
        if macro:
            fields[macro.group(1)] = macro.group(2)
            pos = macro.end()
            continue
        field = re.compile(r"\s*(\w+)\s*=\s*\{").match(source, pos)
        if not field:
            break
        depth, i = 1, field.end()
        while depth:
            assert i < len(source), f"unbalanced braces in {field.group(1)}"
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            i += 1
        fields[field.group(1)] = source[field.end() : i - 1]
        pos = re.compile(r"\s*,?").match(source, i).end()
    assert re.fullmatch(r"\s*\}\s*", source[pos:]), f"text after the fields: {source[pos:]!r}"
    return entry_type, key, fields


def latex_text(value):
    """A BibTeX field value read back as plain text; fails on a special left unescaped."""
    assert not UNESCAPED_SPECIAL.search(LATEX_ESCAPE.sub("", value)), value
    value = LATEX_ESCAPE.sub(lambda m: LATEX_ESCAPES[m.group()], value)
    if value.startswith("{") and value.endswith("}"):
        value = value[1:-1]
    return value


def parse_ris(source):
    """[(tag, value), ...] of one RIS record: every line `XX  - value`, ending with ER."""
    lines = source.split("\r\n")
    assert lines[-1] == "", "the last line is not ended"
    pairs = []
    for line in lines[:-1]:
        match = re.fullmatch(r"([A-Z][A-Z0-9])  - (.*)", line)
        assert match, f"not a RIS line: {line!r}"
        pairs.append((match.group(1), match.group(2)))
    assert pairs[0] == ("TY", "NEWS") and pairs[-1] == ("ER", "")
    return pairs
