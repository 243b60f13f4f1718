"""Articles that print one statement in several pieces, as a reporter breaks a quote with
"she said"."""

from tests.factories import ArticleFactory, PrintingFactory


def printed_in_pieces(quote, pieces, *, attributions=None, **article_fields):
    """A new article (with `article_fields`) whose body quotes each of `pieces` in turn, and a
    printing of `quote` for each piece; returns the article."""
    attributions = attributions or ["she said"] * len(pieces)
    body, spans = "The council met on Tuesday.", []
    for piece, attribution in zip(pieces, attributions, strict=True):
        body += " “"
        spans.append((len(body), len(body) + len(piece), attribution))
        body += f"{piece},” {attribution}."
    article = ArticleFactory(body=body, **article_fields)
    for start, end, attribution in spans:
        PrintingFactory(
            quote=quote,
            article=article,
            text=body[start:end],
            start=start,
            end=end,
            segments=[[start, end]],
            attribution=attribution,
        )
    return article
