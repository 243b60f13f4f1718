"""Turning an archived article's extraction into people, units, quotes and appearances."""


def extract_from_article(sender, *, article, **kwargs):
    raise NotImplementedError
