"""The search tests' `index` fixture: the language tests list quotes the same way."""

from tests.search.conftest import index

__all__ = ["index"]
