"""An anonymous visitor walking every public address sees only published material."""

import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from urllib.parse import unquote, urlencode, urljoin, urlsplit

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from quotes.models import Quote
from quotes.search import refresh_search
from tests.factories import (
    MembershipFactory,
    OutletFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

SITE_URL = "https://verbatim.test"
SAME_SITE_HOSTS = {"testserver", "verbatim.test"}
# Enough for every seed and every link the small archive below gives; reaching it is
# reported, so that a growing site raises it rather than being walked in part.
MAX_URLS = 1000
CITATION_FORMATS = ("bib", "ris", "json")
NOT_SHOWN_STATUSES = {404, 410}
# Absolute same-site URLs in feeds, sitemaps, JSON, CSV and citation files.
ABSOLUTE_URL = re.compile(r"https?://[^\s\"'<>\\{},]+")

# Each kind of material that must never be public, by the word its markers are built from.
HIDDEN_KINDS = {
    "Suggested": "suggested quote",
    "Rejected": "rejected quote",
    "Withdrawn": "withdrawn quote",
    "Merged": "quote merged into the suggested one",
    "Absorbed": "merged person's suggested quote",
    "Side": "published speaker's suggested quote",
}


@dataclass
class Material:
    """One quote's world: its speaker, unit, outlet and article, with the strings that
    show them on a page."""

    quote: object
    person: object
    unit: object
    outlet: object
    article: object
    markers: dict = field(default_factory=dict)


def quote_world(word, *, status, person=None, unit=None, outlet=None, **quote_fields):
    """A quote of `status` whose text, speaker, alias, unit, outlet, headline and article
    address all carry `word`, so that any of them is found on a page by a plain search. A
    `person`, `unit` or `outlet` given is used instead of a new one (and not marked)."""
    key = word.lower()
    markers = {f"SECRET{word.upper()}TEXT": "text"}
    if person is None:
        person = PersonFactory(name=f"Zorblat {word}son", description="Harbour clerk")
        PersonAliasFactory(person=person, name=f"Zorb {word}son")
        markers |= {
            person.name: "speaker",
            f"Zorb {word}son": "speaker's alias",
            person.slug: "speaker's slug",
        }
    if unit is None:
        unit = UnitFactory(name=f"Secret {word} Brigade")
        markers |= {unit.name: "unit", unit.slug: "unit's slug"}
    if outlet is None:
        outlet = OutletFactory(name=f"{word} Outlet Ltd")
        markers |= {outlet.name: "outlet", outlet.slug: "outlet's slug"}
    quote = QuoteFactory(
        person=person,
        # The search word ({key}flumox) is not a marker: a search box may echo it.
        text=f"SECRET{word.upper()}TEXT: the {key}flumox barges sail at noon.",
        status=status,
        **quote_fields,
    )
    printing = PrintingFactory(
        quote=quote,
        person=person,
        attribution=f"said {person.name}",
        article__outlet=outlet,
        article__title=f"{word} Headline Affair",
        article__url=f"https://{key}.test/{key}-secret-story",
    )
    MembershipFactory(person=person, unit=unit, article=printing.article)
    markers |= {
        f"{word} Headline Affair": "article title",
        f"{key}-secret-story": "article address",
        quote.short_id: "permalink id",
    }
    return Material(quote, person, unit, outlet, printing.article, markers)


@pytest.fixture
def walk_settings(settings, monkeypatch):
    """Absolute links on one known origin, and rate limits that one visitor reading every
    page does not reach: the limits are not what this walk is about."""
    settings.SITE_URL = SITE_URL
    if hasattr(settings, "RATE_LIMITS"):
        settings.RATE_LIMITS = {group: "100000/min" for group in settings.RATE_LIMITS}
    # DRF reads its rates into the throttle class once, at import.
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": "100000/min", "user": "100000/min"}
    )
    return settings


@pytest.fixture
def archive(db, walk_settings):
    """A published quote, and beside it every kind of material the public must not see:
    a suggested, a rejected and a withdrawn quote, a published quote merged into the
    suggested one, and a person merged into the suggested quote's speaker (their name now
    that speaker's alias), each with its own speaker, unit, outlet and article. The published
    quote's speaker also has a suggested quote of their own, printed by the same outlet in
    another article, and the suggested quote's unit is filed as a sub-unit of the published
    quote's unit."""
    visible = PersonFactory(name="Quillon Visibleson", description="Ferry master")
    PersonAliasFactory(person=visible, name="Q. Visibleson")
    visible_unit = UnitFactory(name="Open Visible Brigade")
    visible_outlet = OutletFactory(name="Visible Outlet Ltd")
    published = QuoteFactory(
        person=visible, text="VISIBLEPUBLISHEDTEXT: the visibleflumox ferry runs on time."
    )
    visible_article = PrintingFactory(
        quote=published,
        person=visible,
        attribution="said Quillon Visibleson",
        article__outlet=visible_outlet,
        article__title="Visible Headline Affair",
    ).article
    MembershipFactory(person=visible, unit=visible_unit, article=visible_article)

    hidden = {}
    hidden["Suggested"] = quote_world("Suggested", status=Quote.Status.SUGGESTED)
    hidden["Rejected"] = quote_world("Rejected", status=Quote.Status.REJECTED)
    hidden["Withdrawn"] = quote_world(
        "Withdrawn",
        status=Quote.Status.WITHDRAWN,
        withdrawal_reason=Quote.WithdrawalReason.LEGAL,
        withdrawal_note="Removed at the speaker's lawyer's request.",
        withdrawn_at=timezone.now(),
    )
    hidden["Merged"] = quote_world(
        "Merged", status=Quote.Status.PUBLISHED, merged_into=hidden["Suggested"].quote
    )
    hidden["Absorbed"] = quote_world("Absorbed", status=Quote.Status.SUGGESTED)
    absorbed, survivor = hidden["Absorbed"].person, hidden["Suggested"].person
    absorbed.merged_into = survivor
    absorbed.save()
    PersonAliasFactory(person=survivor, name=absorbed.name)
    hidden["Suggested"].unit.parent = visible_unit
    hidden["Suggested"].unit.save()
    side = quote_world(
        "Side",
        status=Quote.Status.SUGGESTED,
        person=visible,
        unit=visible_unit,
        outlet=visible_outlet,
    )
    refresh_search(Quote.objects.values_list("pk", flat=True))
    return {
        "published": Material(published, visible, visible_unit, visible_outlet, visible_article),
        "hidden": hidden,
        "side": side,
    }


class Links(HTMLParser):
    """The href of every link on an HTML page (anchors and <link> elements)."""

    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag in {"a", "link", "area"}:
            self.hrefs.extend(value for name, value in attrs if name == "href" and value)


def same_site(url, base):
    """`url` (relative to `base`) as a path and query on this site, or None for another
    site, a fragment on the same page, static files and the admin."""
    split = urlsplit(urljoin(base, url))
    if split.scheme not in {"http", "https"} or split.hostname not in SAME_SITE_HOSTS:
        return None
    if split.path.startswith(("/static/", "/admin/")):
        return None
    return split.path + (f"?{split.query}" if split.query else "")


def links_in(response, url):
    """The same-site addresses a response at `url` links or redirects to: the hrefs of an
    HTML page, the absolute URLs in anything else (feeds, sitemap, JSON, CSV, citations)."""
    content_type = response.get("Content-Type", "")
    text = response.walk_text
    if content_type.startswith("text/html"):
        parser = Links()
        parser.feed(text)
        found = parser.hrefs
    else:
        found = [unescape(match) for match in ABSOLUTE_URL.findall(text)]
    if response.get("Location"):
        found.append(response["Location"])
    return [link for link in (same_site(href, f"http://testserver{url}") for href in found) if link]


def with_query(path, **params):
    return f"{path}?{urlencode(params)}"


def seeds(archive):
    """Every address the walk starts from: the lists, feeds, sitemap, downloads and API
    roots, each object's pages by its id or slug whether public or not, and the searches and
    filters that name the hidden material. Returns (urls, hidden_urls, gone_urls)."""
    published, hidden, side = archive["published"], archive["hidden"], archive["side"]
    everything = [published, side, *hidden.values()]
    urls = [
        "/",
        "/quotes/",
        "/people/",
        "/units/",
        "/outlets/",
        "/feeds/quotes/",
        "/sitemap.xml",
        "/quotes/export.csv",
        "/quotes/export.jsonl",
        "/api/",
        "/api/quotes/",
        "/api/people/",
        "/api/units/",
        "/api/outlets/",
        "/api/articles/",
        "/api/schema/",
        "/api/docs/",
    ]
    for status in ("suggested", "rejected", "withdrawn"):
        for path in ("/quotes/", "/quotes/export.csv", "/quotes/export.jsonl", "/api/quotes/"):
            urls.append(with_query(path, status=status))
    quote_lists = ("/quotes/", "/quotes/export.csv", "/quotes/export.jsonl", "/api/quotes/")
    hidden_urls, gone_urls = set(), set()
    quotes = {m.quote for m in everything}
    people = {m.person for m in everything}
    units = {m.unit for m in everything}
    outlets = {m.outlet for m in everything}
    articles = {m.article for m in everything}
    public = {
        "quotes": {published.quote},
        "people": {published.person},
        "units": {published.unit},
        "outlets": {published.outlet},
        "articles": {published.article},
    }
    for quote in sorted(quotes, key=lambda q: q.pk):
        pages = [
            f"/q/{quote.short_id}/",
            *(f"/q/{quote.short_id}/cite.{fmt}" for fmt in CITATION_FORMATS),
            f"/api/quotes/{quote.short_id}/",
        ]
        urls.extend(pages)
        if quote not in public["quotes"]:
            hidden_urls.update(pages)
        if quote.status == Quote.Status.WITHDRAWN:
            gone_urls.add(f"/q/{quote.short_id}/")
    for person in sorted(people, key=lambda p: p.pk):
        pages = [
            f"/people/{person.slug}/",
            f"/people/{person.slug}/feed/",
            f"/api/people/{person.slug}/",
        ]
        urls.extend(pages)
        urls.extend(with_query(path, speaker=person.slug) for path in quote_lists)
        if person not in public["people"]:
            hidden_urls.update(pages)
    for unit in sorted(units, key=lambda u: u.pk):
        pages = [f"/units/{unit.slug}/", f"/units/{unit.slug}/feed/", f"/api/units/{unit.slug}/"]
        urls.extend(pages)
        urls.extend(with_query(path, unit=unit.slug) for path in quote_lists)
        urls.append(with_query("/api/people/", unit=unit.slug))
        if unit not in public["units"]:
            hidden_urls.update(pages)
    for outlet in sorted(outlets, key=lambda o: o.pk):
        pages = [
            f"/outlets/{outlet.slug}/",
            f"/outlets/{outlet.slug}/feed/",
            f"/api/outlets/{outlet.slug}/",
        ]
        urls.extend(pages)
        urls.extend(with_query(path, outlet=outlet.slug) for path in quote_lists)
        urls.append(with_query("/api/articles/", outlet=outlet.slug))
        if outlet not in public["outlets"]:
            hidden_urls.update(pages)
    for article in sorted(articles, key=lambda a: a.pk):
        pages = [f"/articles/{article.pk}/", f"/api/articles/{article.pk}/"]
        urls.extend(pages)
        if article not in public["articles"]:
            hidden_urls.update(pages)
    # Searches that would find the hidden material if it were public; none of the values
    # is itself a marker, since a search box shows what it was given.
    for word in [*hidden, "Side"]:
        key = word.lower()
        for path in quote_lists:
            urls.append(with_query(path, q=f"{key}flumox"))
        urls += [
            with_query("/quotes/", q=f"{word}son"),
            with_query("/quotes/", who=f"Zorblatt {word}son"),
            with_query("/api/quotes/", who=f"Zorblatt {word}son"),
            with_query("/quotes/", unit_name=f"Secrett {word} Brigad"),
            with_query("/api/quotes/", unit_name=f"Secrett {word} Brigad"),
            with_query("/api/people/", q=f"{word}son"),
            with_query("/api/units/", q=f"{word} Brigade"),
            with_query("/api/outlets/", q=f"{word} Outlet"),
            with_query("/api/articles/", q=f"{word} Headline"),
        ]
    return list(dict.fromkeys(urls)), hidden_urls, gone_urls


def expectations(archive):
    """{url: texts it must show} for the published material, so that the walk cannot pass
    by hiding everything."""
    published = archive["published"]
    quote, text = published.quote, published.quote.text
    return {
        f"/q/{quote.short_id}/": [text, "Quillon Visibleson", "Visible Outlet Ltd"],
        f"/q/{quote.short_id}/cite.bib": ["Quillon Visibleson"],
        f"/people/{published.person.slug}/": [text],
        f"/people/{published.person.slug}/feed/": [text],
        f"/units/{published.unit.slug}/": ["Open Visible Brigade", "Quillon Visibleson"],
        f"/outlets/{published.outlet.slug}/": ["Visible Headline Affair"],
        f"/articles/{published.article.pk}/": [text],
        "/feeds/quotes/": [text],
        "/sitemap.xml": [f"/q/{quote.short_id}/"],
        "/quotes/": [text],
        with_query("/quotes/", q="visibleflumox"): [text],
        "/quotes/export.csv": [text],
        "/quotes/export.jsonl": [text],
        "/api/quotes/": [text],
        f"/api/people/{published.person.slug}/": ["Quillon Visibleson"],
    }


def hidden_markers(archive):
    """{marker: what it shows} for every string that shows hidden material."""
    worlds = {**archive["hidden"], "Side": archive["side"]}
    return {
        marker: f"{what} of the {HIDDEN_KINDS[word]}"
        for word, material in worlds.items()
        for marker, what in material.markers.items()
    }


def fetch(client, url):
    response = client.get(url)
    try:
        body = response.getvalue()
    except Exception as error:  # noqa: BLE001 - a streamed body that fails is a finding
        body = b""
        response.walk_error = f"streaming the body raised {error!r}"
    response.walk_text = body.decode("utf-8", errors="replace")
    return response


@pytest.mark.django_db
def test_anonymous_walk_finds_only_published_material(archive):
    """Walking every public page, API answer, feed, sitemap entry, download and citation as
    an anonymous visitor, from the lists and from every object's address (public or not),
    following every same-site link, never errs and never shows suggested, rejected,
    withdrawn or merged material: a non-public object's address answers 404 (a withdrawn
    quote's permalink 410 Gone) and a filter or search naming it shows nothing of it, while
    the published quote, its speaker, unit, outlet and article are all there."""
    started = time.monotonic()
    # A view that raises answers 500 and is reported with the others, not stopping the walk.
    client = Client(raise_request_exception=False)
    urls, hidden_urls, gone_urls = seeds(archive)
    must_show = expectations(archive)
    markers = hidden_markers(archive)
    queue = OrderedDict((url, "seed") for url in urls)
    visited = {}
    problems = {}

    while queue and len(visited) < MAX_URLS:
        url, source = queue.popitem(last=False)
        response = fetch(client, url)
        status = visited[url] = response.status_code
        found = []
        if status >= 500:
            error = getattr(response, "exc_info", None)
            found.append(f"server error{f': {error[1]!r}' if error else ''}")
        if hasattr(response, "walk_error"):
            found.append(response.walk_error)
        if status == 429:
            found.append("rate-limited: raise the limit in walk_settings")
        if url in gone_urls and status != 410:
            found.append(f"answers {status}, not 410 Gone, for a withdrawn quote")
        elif url in hidden_urls and status not in NOT_SHOWN_STATUSES:
            found.append(f"answers {status} for a non-public object (expected 404 or 410)")
        if url in must_show:
            if status != 200:
                found.append(f"answers {status}; published material must be reachable here")
            found.extend(
                f"does not show published {text!r}"
                for text in must_show[url]
                if text not in response.walk_text
            )
        # A marker the request itself carries (a slug in ?speaker=, a 404 page's path) is
        # echoed, not leaked.
        asked = unquote(url).lower()
        shown = (response.walk_text + "\n" + response.get("Location", "")).lower()
        found.extend(
            f"shows {marker!r} ({what})"
            for marker, what in markers.items()
            if marker.lower() in shown and marker.lower() not in asked
        )
        for link in dict.fromkeys(links_in(response, url)):
            # A non-public page that answers is reported once, not once per link on it.
            if link.split("?")[0] in hidden_urls and url.split("?")[0] not in hidden_urls:
                found.append(f"links to non-public {link}")
            if link not in visited and link not in queue:
                queue[link] = f"linked from {url}"
        if found:
            problems[url] = (status, source, found)

    elapsed = time.monotonic() - started
    if queue:
        problems["(walk)"] = (
            None,
            "bound",
            [f"stopped at MAX_URLS={MAX_URLS} with {len(queue)} addresses unvisited"],
        )
    report = "\n".join(
        f"{url} [{status}] ({source}):\n" + "\n".join(f"    - {item}" for item in items)
        for url, (status, source, items) in problems.items()
    )
    if problems:
        pytest.fail(
            f"{len(problems)} of {len(visited)} addresses walked in {elapsed:.1f}s show "
            f"non-public material or fail:\n{report}",
            pytrace=False,
        )
