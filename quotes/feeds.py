"""Atom feeds of newly published quotes: all of them, and those of one person, unit or outlet."""

import copy

from django.contrib.syndication.views import Feed
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import format_html
from django.utils.text import Truncator

from . import public, spread
from .absolute_urls import site_url
from .citations.citation import cited_printing

FEED_LENGTH = 50


class SiteFeed(Feed):
    """A feed whose every link is on the site's origin (quotes.absolute_urls.site_url: SITE_URL,
    or in development the host asked for), never on whatever Host header the request had, as
    Django's own code would make them (through the Sites framework or request.get_host())."""

    feed_type = Atom1Feed

    def __call__(self, request, *args, **kwargs):
        # One feed object serves every request to its URL: each request gets its own copy,
        # holding that request's origin and path for the methods below.
        feed = copy.copy(self)
        feed.origin = site_url(request)
        feed.path = request.path
        return Feed.__call__(feed, request, *args, **kwargs)

    def feed_url(self):
        return self.origin + self.path

    def item_link(self, item):
        return self.origin + item.get_absolute_url()


class LatestQuotesFeed(SiteFeed):
    """The newest published quotes, newest first."""

    title = "Verbatim: new quotes"
    subtitle = "Statements newly published in Verbatim's archive of attributed quotations."

    def link(self):
        return self.origin + reverse("quotes:quote-list")

    def quotes(self, obj):
        return public.quotes()

    def items(self, obj=None):
        # for_listing fetches speakers and printings up front: no query per entry.
        quotes = public.for_listing(self.quotes(obj))
        return quotes.order_by("-created_at", "-pk")[:FEED_LENGTH]

    def item_title(self, quote):
        words = Truncator(" ".join(quote.text.split())).words(16)
        return f"{quote.speaker_name}: “{words}”"

    def item_description(self, quote):
        """The words, the speaker, and the first outlet and date that printed them, as HTML
        (Atom's summary is read as HTML, so the words are escaped)."""
        printing = cited_printing(quote.printings.all())
        if printing is None:
            return format_html("“{}” — {}", quote.text, quote.speaker_name)
        article = printing.article
        where = ", ".join(
            filter(
                None,
                [
                    article.outlet.name if article.outlet else "",
                    article.published.isoformat() if article.published else "",
                ],
            )
        )
        return format_html(
            "“{}” — {}{}", quote.text, quote.speaker_name, f" ({where})" if where else ""
        )

    def item_author_name(self, quote):
        return quote.speaker_name

    def item_pubdate(self, quote):
        return quote.created_at

    def item_updateddate(self, quote):
        return quote.updated_at


class PersonQuotesFeed(LatestQuotesFeed):
    """A quoted person's newest published quotes; a merged person's feed redirects, as their
    page does."""

    class Moved(Exception):
        """Raised by get_object for a merged person, to redirect rather than fail."""

    def __call__(self, request, *args, **kwargs):
        try:
            return super().__call__(request, *args, **kwargs)
        except self.Moved as moved:
            return redirect("quotes:person-feed", slug=moved.args[0].slug, permanent=True)

    def get_object(self, request, slug):
        person = public.resolve_person(slug)
        if person.slug != slug:
            raise self.Moved(person)
        return person

    def title(self, person):
        return f"Verbatim: quotes of {person.name}"

    def subtitle(self, person):
        return f"Statements by {person.name} newly published in Verbatim."

    def link(self, person):
        return self.origin + person.get_absolute_url()

    def quotes(self, person):
        return public.quotes().by_speaker(person)


class UnitQuotesFeed(LatestQuotesFeed):
    """The newest published quotes of a unit's members."""

    def get_object(self, request, slug):
        return public.resolve_unit(slug)

    def title(self, unit):
        return f"Verbatim: quotes from {unit.name}"

    def subtitle(self, unit):
        return f"Statements by members of {unit.name} newly published in Verbatim."

    def link(self, unit):
        return self.origin + unit.get_absolute_url()

    def quotes(self, unit):
        return public.in_unit(public.quotes(), unit)


class OutletQuotesFeed(LatestQuotesFeed):
    """The newest published quotes that an outlet printed."""

    def get_object(self, request, slug):
        return public.public_or_404(public.uncounted_outlets(), slug=slug)

    def title(self, outlet):
        return f"Verbatim: quotes printed by {outlet.name}"

    def subtitle(self, outlet):
        return f"Statements printed by {outlet.name}, newly published in Verbatim."

    def link(self, outlet):
        return self.origin + outlet.get_absolute_url()

    def quotes(self, outlet):
        return public.quotes().filter(printings__article__outlet=outlet).distinct()


class CorrectionsFeed(SiteFeed):
    """Every correction to a public quote, newest first: the archive's public record of
    changes (a withdrawn quote's entry says so, without its words)."""

    title = "Verbatim: corrections"
    subtitle = "Changes to published quotes: corrected text, speakers and units, withdrawals."

    def link(self):
        return self.origin + reverse("quotes:quote-list")

    def items(self):
        return (
            public.corrections()
            .select_related("quote")
            .order_by("-created_at", "-pk")[:FEED_LENGTH]
        )

    def item_title(self, correction):
        return f"{correction.quote.short_id}: {correction.summary}"

    def item_description(self, correction):
        if correction.quote.is_public:
            return format_html("{} — {}", correction.summary, correction.quote.text)
        return correction.summary

    def item_link(self, correction):
        return self.origin + correction.quote.get_absolute_url()

    def item_guid(self, correction):
        # Atom ids are absolute IRIs.
        return f"{self.item_link(correction)}#correction-{correction.pk}"

    def item_pubdate(self, correction):
        return correction.created_at

    def item_updateddate(self, correction):
        return correction.created_at


class AlteredPrintingsFeed(SiteFeed):
    """Printings newly flagged as changing the meaning of a public quote (quotes.spread),
    newest first, each naming the words on both sides."""

    title = "Verbatim: altered printings"
    subtitle = "Printings whose words change the meaning against the statement's other printings."

    def link(self):
        return self.origin + reverse("quotes:quote-list") + "?altered=yes"

    def items(self):
        return spread.recent_alterations(FEED_LENGTH)

    def item_title(self, alteration):
        return f"{alteration.article.outlet_label}: {alteration.get_kind_display()}"

    def item_description(self, alteration):
        return format_html(
            "{}: “{}” — {} “{}” ({} {})",
            alteration.get_kind_display(),
            alteration.others,
            alteration.article.outlet_label,
            alteration.printed,
            alteration.quote.speaker_name,
            alteration.quote.short_id,
        )

    def item_link(self, alteration):
        return f"{self.origin}{alteration.quote.get_absolute_url()}#article-{alteration.article_id}"

    def item_guid(self, alteration):
        return f"{self.origin}{alteration.quote.get_absolute_url()}#alteration-{alteration.pk}"

    def item_pubdate(self, alteration):
        return alteration.created_at

    def item_updateddate(self, alteration):
        return alteration.created_at
