"""The sitemap of every public page: list pages, published quotes, quoted people, units with
quoted members, outlets that printed published quotes and the articles that carry them.

Each section is one page of at most 50,000 URLs (the sitemap protocol's limit); an archive that
outgrows that needs a sitemap index (django.contrib.sitemaps.views.index) instead."""

from types import SimpleNamespace
from urllib.parse import urlsplit

from django.contrib.sitemaps import Sitemap
from django.db.models import Max
from django.urls import reverse

from . import public
from .absolute_urls import site_url


class SiteSitemap(Sitemap):
    """A sitemap section whose locations are on the site's origin (quotes.absolute_urls.site_url:
    SITE_URL, or in development the host asked for). Django's sitemap view passes the
    request's scheme and a RequestSite (its Host header) instead."""

    def get_urls(self, page=1, site=None, protocol=None):
        asked = SimpleNamespace(
            scheme=self.get_protocol(protocol), get_host=lambda: self.get_domain(site)
        )
        origin = urlsplit(site_url(asked))
        return super().get_urls(
            page=page, site=SimpleNamespace(domain=origin.netloc), protocol=origin.scheme
        )


class ListPageSitemap(SiteSitemap):
    """The home page and the lists, last changed when a public quote last did."""

    changefreq = "daily"
    priority = 0.8

    def items(self):
        return [
            "quotes:home",
            "quotes:quote-list",
            "quotes:person-list",
            "quotes:unit-list",
            "quotes:outlet-list",
            "quotes:article-list",
            "quotes:about",
        ]

    def location(self, name):
        return reverse(name)

    def lastmod(self, name):
        if not hasattr(self, "_lastmod"):
            self._lastmod = public.quotes().aggregate(last=Max("updated_at"))["last"]
        return self._lastmod


class QuoteSitemap(SiteSitemap):
    """Permalinks of published quotes; never a suggested, rejected or merged one."""

    priority = 0.6

    def items(self):
        return public.quotes().only("short_id", "updated_at").order_by("pk")

    def lastmod(self, quote):
        return quote.updated_at


class PersonSitemap(SiteSitemap):
    """People with at least one published quote."""

    def items(self):
        return (
            public.people()
            .annotate(last_quoted=Max("quotes__updated_at", filter=public.quote_q("quotes")))
            .only("slug")
            .order_by("pk")
        )

    def lastmod(self, person):
        return person.last_quoted


class UnitSitemap(SiteSitemap):
    """Units publicly stated for at least one member who has a published quote."""

    def items(self):
        prefix = "memberships__person__quotes"
        last = Max(
            f"{prefix}__updated_at",
            filter=public.quote_q(prefix) & public.stated_q("memberships"),
        )
        return public.units().annotate(last_quoted=last).only("slug").order_by("pk")

    def lastmod(self, unit):
        return unit.last_quoted


class OutletSitemap(SiteSitemap):
    """Outlets that printed at least one published quote."""

    def items(self):
        prefix = "articles__printings__quote"
        return (
            public.outlets()
            .annotate(last_archived=Max("articles__archived_at", filter=public.quote_q(prefix)))
            .only("slug")
            .order_by("pk")
        )

    def lastmod(self, outlet):
        return outlet.last_archived


class ArticleSitemap(SiteSitemap):
    """Archived articles that carry a published quote; their bodies are not loaded."""

    priority = 0.4

    def items(self):
        return public.articles().only("pk", "archived_at").order_by("pk")

    def lastmod(self, article):
        return article.archived_at


SITEMAPS = {
    "pages": ListPageSitemap,
    "quotes": QuoteSitemap,
    "people": PersonSitemap,
    "units": UnitSitemap,
    "outlets": OutletSitemap,
    "articles": ArticleSitemap,
}
