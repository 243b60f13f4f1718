"""The API's quote record, written in one place from plain values: QuoteSerializer writes it
from models (the detail, feeds of the API), quotes.api.rows from values() rows (the list).
A field added to the record is added here, and to QuoteSerializer's declared fields, which
describe it in the schema."""

from quotes import paths


def article_output(*, pk, url, archived_path, outlet, title, published, site) -> dict:
    """An article as a printing names it; `outlet` is (name, slug) or None."""
    return {
        "id": pk,
        "url": url,
        "archived_url": site + archived_path,
        "outlet": None if outlet is None else {"name": outlet[0], "slug": outlet[1]},
        "title": title,
        "published": None if published is None else published.isoformat(),
    }


def printing_output(*, article, text, start, end, attribution, language) -> dict:
    """A printing ("appearance") with its article (article_output)."""
    return {
        "article": article,
        "text": text,
        "start": start,
        "end": end,
        "attribution": attribution,
        "language": language,
    }


def quote_output(quote, person, *, units, appearances, dates, outlets, site) -> dict:
    """A quote: `person` its speaker (a Person or None), `units` its speaker's public units as
    (name, slug), `appearances` its printings (printing_output), `dates` and `outlets` the
    publication dates and outlet ids of its printings' articles (None where unknown)."""
    known = [day for day in dates if day]
    return {
        "id": quote.short_id,
        "permalink": site + paths.page_path(quote),
        "text": quote.text,
        "speaker": None
        if person is None
        else {"name": person.name, "slug": person.slug, "url": site + paths.page_path(person)},
        "speaker_description": quote.speaker_description,
        "units": [{"name": name, "slug": slug} for name, slug in units],
        "appearances": appearances,
        "first_published": min(known).isoformat() if known else None,
        "outlet_count": len({outlet for outlet in outlets if outlet}),
    }
