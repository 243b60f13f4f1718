"""The API's quote list written from plain rows: what QuoteSerializer gives each quote, read
with values() rather than model instances.

A page of 50 quotes has about 100 printings, each with its article and outlet, and the
speakers' memberships with their units: as models, prefetched (public.for_listing), they
cost several times the page's SQL in Python. Here the quotes come from the list's own query
(only the columns shown, with the speaker), the printings and units from one query each.
QuoteSerializer stays for the detail and for the schema; both write their records with
quotes.api.output, and a test holds the two to the same output.
"""

from collections import defaultdict

from archive.models import Article
from quotes import paths, public
from quotes.models import PRINTING_ORDER, Printing

from .output import article_output, printing_output, quote_output

# The columns of the quote list's rows (and of their speakers) that the output shows.
QUOTE_COLUMNS = ("short_id", "text", "speaker_description", "person__name", "person__slug")

PRINTING_COLUMNS = (
    "quote_id",
    "text",
    "start",
    "end",
    "attribution",
    "language",
    "article_id",
    "article__url",
    "article__title",
    "article__published",
    "article__outlet_id",
    "article__outlet__name",
    "article__outlet__slug",
)


def listed(quotes):
    """`quotes` (the list's rows, in its order) with only what quotes_data reads."""
    return quotes.prefetch_related(None).select_related("person").only(*QUOTE_COLUMNS)


def quotes_data(quotes, site):
    """QuoteSerializer's output for each of `quotes` (from `listed`); `site` is the origin
    of absolute links. Two queries."""
    printed = defaultdict(list)
    rows = Printing.objects.filter(quote__in=[quote.pk for quote in quotes])
    for row in rows.order_by(*PRINTING_ORDER).values_list(*PRINTING_COLUMNS):
        printed[row[0]].append(row)
    units = _units([quote.person_id for quote in quotes if quote.person_id])
    return [_quote(quote, printed[quote.pk], units, site) for quote in quotes]


def _units(people):
    """Each of `people`'s public units, by name, once (public.units_of): {id: [(name, slug)]}."""
    found = defaultdict(dict)
    stated = public.memberships().filter(person__in=people).order_by()
    rows = stated.values_list("unit__name", "pk", "person_id", "unit_id", "unit__slug")
    # Sorted here, as units_of sorts, rather than by the database's collation.
    for name, _, person, unit, slug in sorted(rows):
        found[person].setdefault(unit, (name, slug))
    return {person: list(units.values()) for person, units in found.items()}


def _quote(quote, printings, units, site):
    person = quote.person
    return quote_output(
        quote,
        person,
        units=units.get(quote.person_id, []) if person is not None else [],
        appearances=[_printing(row, site) for row in printings],
        dates=[row[9] for row in printings],
        outlets=[row[10] for row in printings],
        site=site,
    )


def _printing(row, site):
    (_, text, start, end, attribution, language, article, url, title, published) = row[:10]
    outlet, outlet_name, outlet_slug = row[10:]
    return printing_output(
        article=article_output(
            pk=article,
            url=url,
            archived_path=paths.path_of(Article, article),
            outlet=None if outlet is None else (outlet_name, outlet_slug),
            title=title,
            published=published,
            site=site,
        ),
        text=text,
        start=start,
        end=end,
        attribution=attribution,
        language=language,
    )
