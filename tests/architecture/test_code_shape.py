"""The code stays as the next engineer can read it: no module of the apps or the project
package over MAX_MODULE_LINES lines, and no function over MAX_FUNCTION_LINES lines unless
its docstring says why it is long. (The import contracts, no circles and no import running
back up a layer, are kept by `lint-imports` in `make lint`; docs/architecture.md.)"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("archive", "quotes", "verbatim")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
SAYS_WHY = re.compile(r"\blong\b", re.IGNORECASE)


def modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_no_module_is_over_the_limit():
    """Every module of the apps and of the project package fits in a few screens."""
    over = {
        str(path.relative_to(ROOT)): lines
        for path in modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert over == {}


def test_a_long_function_says_why():
    """A function over the limit says in its docstring why it reads best whole."""
    unexplained = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES and not SAYS_WHY.search(ast.get_docstring(node) or ""):
                unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert unexplained == []
