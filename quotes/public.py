"""What the public may see, and how it is found: the one place for every read rule.

A quote is public when it is published and not merged into another. A person, unit, outlet
or article is public only through a public quote: someone known only from suggested,
rejected, withdrawn or merged quotes has no page, no feed, no filter chip, no API record and
no sitemap entry, and their name is printed nowhere. What an article says of a speaker is
public only through a published printing in it: the unit it puts them in (a membership) and
the other spelling of their name it prints (an alias) show once a public quote of theirs
stands in that article, never from unpublished material alone. Pages, filters, feeds, the
sitemap, the API, downloads and citations all ask this module.
"""

import datetime
import functools

from django.db.models import (
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, NullIf
from django.http import Http404

from archive.models import Article, Outlet

from .models import (
    LIST_ORDER,
    PRINTING_ORDER,
    Correction,
    Membership,
    Person,
    PersonAlias,
    Printing,
    Quote,
    Unit,
)


class Gone(Exception):
    """A withdrawn quote: its permalink answers 410 with the reason and date."""

    def __init__(self, quote):
        super().__init__(f"Quote {quote.short_id} was withdrawn.")
        self.quote = quote


def quote_q(prefix: str = "") -> Q:
    """The condition that the quote at the end of the relation `prefix` is public."""
    at = f"{prefix}__" if prefix else ""
    return Q(**{f"{at}status": Quote.Status.PUBLISHED, f"{at}merged_into": None})


def quote_count(prefix: str):
    """How many public quotes lie at the end of the relation `prefix`."""
    return Count(prefix, filter=quote_q(prefix), distinct=True)


def built_once(build):
    """A read rule's queryset, built once a process and cloned for each caller. Building one
    whose conditions hold subqueries (EXISTS) resolves them every time, about a millisecond
    for memberships(), which a unit's page asked for six times; a clone costs microseconds.
    The queryset built is never evaluated, only its clones, so it holds no rows."""
    built = functools.cache(build)

    @functools.wraps(build)
    def clone():
        return built().all()

    return clone


@built_once
def quotes():
    return Quote.objects.filter(quote_q())


@built_once
def printings():
    """The printings of public quotes."""
    return Printing.objects.filter(quote_q("quote"))


@built_once
def people():
    """Unmerged people with a public quote, annotated with `quote_count`."""
    return (
        Person.objects.filter(merged_into=None)
        .annotate(quote_count=quote_count("quotes"))
        .filter(quote_count__gt=0)
    )


@built_once
def units():
    """Units with a public membership (stated for a person with a public quote), annotated
    with `quote_count`: the public quotes of the people those memberships tie to it."""
    # Counted unit by unit: the public quotes of the people in its public memberships. A
    # COUNT DISTINCT over the join of every unit's memberships and quotes tested each
    # membership's statement once per quote of its person (74 s at 1,000,000 printings;
    # this, 0.6 s).
    members = memberships().filter(unit=OuterRef(OuterRef("pk"))).values("person")
    counted = quotes().filter(person__in=members).order_by().values("pk")
    return Unit.objects.annotate(quote_count=CountOf(counted)).filter(quote_count__gt=0)


class CountOf(Subquery):
    """How many rows a subquery returns, as a column of the outer query."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) counted)"
    output_field = IntegerField()


@built_once
def outlets():
    """Outlets that printed a public quote, annotated with `quote_count`."""
    return Outlet.objects.annotate(quote_count=quote_count("articles__printings__quote")).filter(
        quote_count__gt=0
    )


@built_once
def uncounted_people():
    """people(), units() and outlets() without `quote_count`, asked with EXISTS rather than
    by counting every public quote of each (a prolific speaker or outlet has hundreds of
    thousands): for a page, feed or filter that names one."""
    return Person.objects.filter(Exists(quotes().filter(person=OuterRef("pk"))), merged_into=None)


@built_once
def uncounted_units():
    return Unit.objects.filter(Exists(memberships().filter(unit=OuterRef("pk"))))


@built_once
def uncounted_outlets():
    # Through each printing's copy of its article's outlet, which an index leads with.
    return Outlet.objects.filter(Exists(printings().filter(printed_by=OuterRef("pk"))))


@built_once
def articles():
    """Articles that carry a public quote."""
    return Article.objects.filter(Exists(printings().filter(article=OuterRef("pk"))))


@built_once
def corrections():
    """The public record of changes: every correction of a public quote, and the withdrawal
    of a withdrawn one (whose other entries, which may quote its words, are not shown)."""
    return Correction.objects.filter(
        quote_q("quote")
        | Q(
            kind=Correction.Kind.WITHDRAWN,
            quote__status=Quote.Status.WITHDRAWN,
            quote__merged_into=None,
        )
    )


def stated_q(prefix: str = "") -> Q:
    """The condition that the membership at the end of the relation `prefix` is stated by a
    published printing: its article carries a public quote of its person. One an archivist
    entered with no article stands on their word (its person must still be public)."""
    at = f"{prefix}__" if prefix else ""
    by_printing = printings().filter(
        article=OuterRef(f"{at}article"), quote__person=OuterRef(f"{at}person")
    )
    return Q(**{f"{at}article": None}) | Exists(by_printing)


@built_once
def memberships():
    """Public memberships: of public people, stated by a published printing (stated_q). The
    units they name are public too."""
    return Membership.objects.filter(
        stated_q(),
        Exists(quotes().filter(person=OuterRef("person"))),
        person__merged_into=None,
    )


def in_unit(quotes, unit):
    """`quotes` of the people publicly stated to be in `unit` (memberships)."""
    return quotes.filter(person__in=members_of(unit))


def members_of(unit) -> list[int]:
    """The ids of the people publicly stated to be in `unit`, read once for the unit object:
    its page filters its list, count, timeline and members by them, and a list of ids is
    planned and run in a fraction of the time of the memberships' subquery each time."""
    if not hasattr(unit, "_public_members"):
        stated = memberships().filter(unit=unit).order_by()
        unit._public_members = sorted(set(stated.values_list("person", flat=True)))
    return unit._public_members


def members_counted(unit):
    """The public people in `unit` (members_of) by name, each with `quote_count`: their
    public quotes, each member's counted from the quotes' index by a subquery of its own,
    rather than by people()'s count over every quote joined to its speaker."""
    theirs = quotes().filter(person=OuterRef("pk")).order_by().values("pk")
    members = Person.objects.filter(pk__in=members_of(unit))
    return members.annotate(quote_count=CountOf(theirs)).order_by("name")


def for_listing(quotes):
    """`quotes` with everything a listing shows (speaker, their public units as the list
    `person.public_memberships`, outlets, dates), fetched in a fixed number of queries
    however many quotes there are."""
    return quotes.select_related("person").prefetch_related(
        Prefetch(
            "printings",
            queryset=Printing.objects.with_articles().order_by(*PRINTING_ORDER),
        ),
        Prefetch(
            "person__memberships",
            queryset=memberships().select_related("unit").order_by("unit__name"),
            to_attr="public_memberships",
        ),
    )


def per_day(quotes) -> dict:
    """How many of `quotes` were first printed on each day, None standing for those with no
    known date: one query, counted by the database from the date each quote keeps
    (`first_published`) in the list order's form, which an index holds in its order for a
    person's public quotes (undated as date.min)."""
    listed = LIST_ORDER[0].expression
    counted = quotes.order_by().prefetch_related(None).annotate(day=listed)
    by_day = counted.values_list("day").annotate(n=Count("*"))
    return {(None if day == datetime.date.min else day): n for day, n in by_day}


def listed_memberships():
    """Public memberships with what a list's row shows of them (for_list_rows), their units'
    names and addresses, ordered by nothing."""
    return (
        memberships()
        .select_related("unit")
        .only("person", "rank", "role", "unit", "unit__name", "unit__slug")
    )


def for_list_rows(quotes, *, memberships=True):
    """`quotes` with what a list page's row shows (quotes/_quote.html) and no more: the
    speaker, each printing's date and outlet as the list `listed_printings`, and the
    speaker's public memberships with their units as the list `person.listed_memberships`
    (left for the caller to set, with `memberships=False`, where it has them: a person's
    page). Lighter than for_listing, which the API, feeds and exports read: only the
    columns shown, and plain lists where Django's prefetch would build a queryset for every
    quote and speaker."""
    printings = (
        Printing.objects.select_related("article__outlet")
        .only(
            "quote",
            "article",
            "article__published",
            "article__outlet",
            "article__outlet__slug",
            "article__outlet__name",
            "language",
        )
        .order_by(*PRINTING_ORDER)
    )
    # Not the search data a row never shows, three times its text.
    quotes = (
        quotes.select_related("person")
        .defer("search_vector", "lemma_vector")
        .prefetch_related(Prefetch("printings", queryset=printings, to_attr="listed_printings"))
    )
    if not memberships:
        return quotes
    stated = Prefetch(
        "person__memberships", queryset=listed_memberships(), to_attr="listed_memberships"
    )
    return quotes.prefetch_related(stated)


@built_once
def aliases():
    """Public aliases: the other spellings of public people's names that a published
    printing prints. The data keeps no article for an alias, so it is public when the
    article (title or text) of a public quote of the person holds it as written."""
    in_print = Q(article__body__icontains=OuterRef("name")) | Q(
        article__title__icontains=OuterRef("name")
    )
    return PersonAlias.objects.filter(
        Exists(printings().filter(in_print, quote__person=OuterRef("person"))),
        person__merged_into=None,
    )


@built_once
def aliases_with_languages():
    """Public aliases, each with `printed_in`: the language of the first public printing
    whose article holds it (the printing's own, else its article's; "" where neither is
    known), for the page to mark a name in another script with its language."""
    in_print = Q(article__body__icontains=OuterRef("name")) | Q(
        article__title__icontains=OuterRef("name")
    )
    language = Coalesce(NullIf("language", Value("")), NullIf("article__language", Value("")))
    first = (
        printings()
        .filter(in_print, quote__person=OuterRef("person"))
        .annotate(printed_in=language)
        .exclude(printed_in=None)
        .values("printed_in")[:1]
    )
    return aliases().annotate(printed_in=Subquery(first))


# Who may list quotes that are not public (the quote list's `status`, and filters naming
# people, units or outlets with none): the roles' view permission on quotes, which
# archivists and editors hold and a staff account with no role does not.
SEES_UNPUBLISHED = "quotes.view_quote"


def sees_unpublished(user) -> bool:
    return bool(user is not None and user.is_staff and user.has_perm(SEES_UNPUBLISHED))


# Following merges and resolving addresses ----------------------------------------------------


def survivor(obj):
    """What `obj` (a quote or person) was merged into, following chains of merges. A cycle,
    which only bad data can make, stops at an object that is itself still merged."""
    seen = {obj.pk}
    while obj.merged_into_id and obj.merged_into_id not in seen:
        obj = obj.merged_into
        seen.add(obj.pk)
    return obj


def resolve_quote(short_id: str, queryset=None) -> Quote:
    """The public quote a permalink id names, following merges (the caller redirects when the
    result's short id differs from the one asked for). Raises Gone for a withdrawn quote and
    Http404 for one that is not public or does not exist."""
    queryset = Quote.objects.select_related("person") if queryset is None else queryset
    if "\x00" in short_id:
        raise Http404("No such quote.")
    try:
        quote = queryset.get(short_id=short_id.lower())
    except Quote.DoesNotExist:
        raise Http404("No such quote.") from None
    found = survivor(quote)
    if found.status == Quote.Status.WITHDRAWN and not found.merged_into_id:
        raise Gone(found)
    if not found.is_public:
        raise Http404("No such quote.")
    return found if found.pk != quote.pk else quote


def resolve_person(slug: str) -> Person:
    """The public person a slug names, following merges; Http404 otherwise."""
    found = uncounted_people().filter(slug=slug).first()
    if found is not None:
        return found
    person = Person.objects.filter(slug=slug, merged_into__isnull=False).first()
    found = survivor(person) if person else None
    if found is None or found.merged_into_id or not uncounted_people().filter(pk=found.pk).exists():
        raise Http404("No such person.")
    return found


def resolve_unit(slug: str) -> Unit:
    """The public unit a slug names (with its parent), or Http404: public when someone is
    publicly stated to be in it, read as members_of, which its page then uses."""
    unit = Unit.objects.select_related("parent").filter(slug=slug).first()
    if unit is None or not members_of(unit):
        raise Http404("Nothing public here.")
    return unit


def public_or_404(queryset, **lookup):
    """The one object of a public queryset (units(), outlets(), articles()) that `lookup`
    names, or Http404."""
    found = queryset.filter(**lookup).first()
    if found is None:
        raise Http404("Nothing public here.")
    return found


# A person's units -----------------------------------------------------------------------------


def units_of(person, stated=None) -> list[tuple[Unit, str]]:
    """Each unit `person` is publicly stated to belong to, once, by name, with the rank and
    role as first stated with it ("Lieutenant Colonel, deputy commander"). Reads `stated`
    (the person's public memberships, with their units) where given, else those prefetched
    as `public_memberships`, else asks the database."""
    if person is None:
        return []
    if stated is None:
        stated = getattr(person, "public_memberships", None)
    if stated is None:
        stated = memberships().filter(person=person).select_related("unit")
    found: dict[Unit, str] = {}
    rows = sorted(stated, key=lambda m: (m.unit.name, m.pk))
    for membership in rows:
        title = ", ".join(t for t in (membership.rank, membership.role) if t)
        if not found.get(membership.unit):
            found[membership.unit] = title
    return list(found.items())


# The order of a quote's printings (models.PRINTING_ORDER) -----------------------------------


def printing_key(printing):
    """PRINTING_ORDER for printings already fetched (with their articles)."""
    published = printing.article.published
    return (
        published is None,
        published or datetime.date.min,
        printing.article.archived_at,
        printing.start,
    )


def in_printing_order(printings) -> list:
    return sorted(printings, key=printing_key)


def articles_printing(quote) -> list[Article]:
    """The articles that printed public `quote`, in printing order, each with `pieces`: the
    printings of the quote it holds (one per quoted piece), in the order they stand in it.
    Each piece's `article` is the article it is listed under. One query."""
    # The text of each article is read for the citation's title case (quotes.citations).
    # Sorted here rather than in SQL: Django takes longer to compile PRINTING_ORDER's joins
    # than a quote's few printings take to sort.
    printings = quote.printings.with_articles(body=True).order_by()
    articles: dict[int, Article] = {}
    for printing in in_printing_order(printings):
        article = articles.setdefault(printing.article_id, printing.article)
        if not hasattr(article, "pieces"):
            article.pieces = []
        printing.article = article
        article.pieces.append(printing)
    return list(articles.values())
