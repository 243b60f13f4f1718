"""Public pages: quotes, their permalinks, people, units, outlets and archived articles."""

import math
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Prefetch, Subquery
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views import View
from django.views.generic import DetailView, ListView, TemplateView
from django.views.generic.detail import SingleObjectMixin
from django_filters.views import FilterView

from archive.models import Outlet

from . import absolute_urls, pagination, public, stats
from .citations.citation import Citation, citable_quotes
from .citations.files import FILES
from .filters import QuoteFilter
from .models import Correction, Membership, Quote
from .pagination import PagedListMixin
from .tasks import refresh_archive_figures
from .templatetags.comparison import compare_articles

PEOPLE_PER_PAGE = 100


def archive_figures() -> dict:
    """The home page's archive-wide figures, read from the row quotes.stats keeps, never
    counted in a request; a recount is queued when they are due (once, whoever asks)."""
    row = stats.stored()
    if row is None:
        # Once in an archive's life: there is nothing to show until the first count.
        row = stats.refresh()
    elif stats.due(row) and stats.claim_refresh():
        refresh_archive_figures.enqueue()
        # With the immediate backend the recount is done by now; with workers this is still
        # the row as it was.
        row = stats.stored() or row
    return stats.as_context(row)


class HomeView(TemplateView):
    template_name = "quotes/home.html"

    def get_context_data(self, **kwargs):
        # The latest quotes are always current.
        return super().get_context_data(
            **archive_figures(),
            latest_quotes=public.for_list_rows(public.quotes().in_list_order())[:5],
            **kwargs,
        )


class QuoteListView(PagedListMixin, FilterView):
    """Quotes found by words and filters (see QuoteFilter), the matching words marked; an
    estimated count past a thousand, numbered pages then keyset ones (quotes.pagination);
    when nothing matches, the people and units whose names resemble the words."""

    filterset_class = QuoteFilter
    # An invalid filter shows its error and no quotes rather than all of them.
    strict = True
    template_name = "quotes/quote_list.html"
    context_object_name = "quotes"

    def get_queryset(self):
        # Archivists and editors may ask for suggested or rejected quotes (the filter's
        # `status`); nobody else, a staff account with no role included, is ever given a
        # queryset that holds them.
        if public.sees_unpublished(self.request.user):
            return Quote.objects.live()
        return public.quotes()

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def list_pages(self, queryset):
        if not self.filterset.is_valid():
            return {"queryset": public.for_list_rows(queryset)}
        pages = self.filterset.pages()
        # The filter's listing is fetched as the API's and the feeds' are (for_listing); the
        # page shows less of each row.
        rows = public.for_list_rows(pages["queryset"].prefetch_related(None))
        return {**pages, "queryset": rows}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        self.filterset.highlight(context["object_list"])
        if not context["object_list"] and not self.out_of_range and self.filterset.is_valid():
            context["did_you_mean"] = self.filterset.did_you_mean()
        return context


class QuoteDetailView(DetailView):
    """A quote's permalink: the statement, who carried it, and an entry for each article
    that printed it (all its pieces, compared with the canonical text as a whole), grouped
    by outlet. A merged quote redirects to the survivor; a withdrawn one answers 410."""

    context_object_name = "quote"
    template_name = "quotes/quote_detail.html"
    # Whether the quote has corrections, and its speaker units, comes with it, saving most
    # pages a query or two: few quotes are corrected, and most speakers serve in no unit.
    # Built once, as DetailView allows (each request reads a copy, get_queryset()).
    queryset = Quote.objects.select_related("person").annotate(
        has_corrections=Exists(Correction.objects.filter(quote=OuterRef("pk"))),
        has_units=Exists(Membership.objects.filter(person=OuterRef("person"))),
    )

    def get(self, request, *args, **kwargs):
        short_id = kwargs["short_id"]
        try:
            quote = public.resolve_quote(short_id, self.get_queryset())
        except public.Gone as gone:
            return render(request, "quotes/quote_gone.html", {"quote": gone.quote}, status=410)
        if short_id != quote.short_id:
            return redirect(quote, permanent=True)
        self.object = quote
        return self.render_to_response(self.get_context_data(object=quote))

    def get_context_data(self, **kwargs):
        articles = public.articles_printing(self.object)
        comparisons = compare_articles(self.object, articles)
        for article, comparison in zip(articles, comparisons, strict=True):
            article.comparison = comparison
        person = self.object.person
        memberships = (
            public.memberships().filter(person=person).select_related("unit")
            if self.object.has_units
            else []
        )
        return super().get_context_data(
            articles=articles,
            outlets=self.by_outlet(articles),
            # The comparisons share one legend, shown where any of them marks a difference.
            marked=any(not comparison.identical for comparison in comparisons),
            # Every printing, in printing order, for the citation and the page's metadata.
            printings=[piece for article in articles for piece in article.pieces],
            units=[unit for unit, _ in public.units_of(person, memberships)],
            corrections=self.object.corrections.all() if self.object.has_corrections else [],
            **kwargs,
        )

    @staticmethod
    def by_outlet(articles):
        """(outlet, its articles) in order of each outlet's first printing; the articles
        whose outlet is unknown come last, under None."""
        groups = {}
        for article in articles:
            groups.setdefault(article.outlet_id, (article.outlet, []))[1].append(article)
        unknown = groups.pop(None, None)
        return list(groups.values()) + ([unknown] if unknown else [])


class PersonListView(ListView):
    template_name = "quotes/person_list.html"
    context_object_name = "people"
    paginate_by = PEOPLE_PER_PAGE

    def get_queryset(self):
        return public.people().order_by("sort_name", "name")


# The detail-with-list views below follow Django's "SingleObjectMixin with ListView"
# pattern; their templates get the object by model name and the page's rows as object_list.


def research_links(filter_name, obj, feed_name):
    """Where a researcher takes a person's, unit's or outlet's quotes further: the quote list
    filtered to it (QuoteFilter's `filter_name`), the same filter's CSV and JSON Lines
    downloads, and its Atom feed."""
    query = "?" + urlencode({filter_name: obj.slug})
    return {
        "list": reverse("quotes:quote-list") + query,
        "csv": reverse("quotes:quote-export-csv") + query,
        "jsonl": reverse("quotes:quote-export-jsonl") + query,
        "feed": reverse(feed_name, kwargs={"slug": obj.slug}),
    }


class PersonDetailView(PagedListMixin, SingleObjectMixin, ListView):
    """A person and their public quotes, paged as the quote list is; the page of a merged
    person redirects."""

    template_name = "quotes/person_detail.html"

    def get(self, request, *args, **kwargs):
        person = public.resolve_person(kwargs["slug"])
        if person.slug != kwargs["slug"]:
            return redirect(person, permanent=True)
        self.object = person
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.for_list_rows(public.quotes().by_speaker(self.object))

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            person=self.object,
            aliases=[alias.name for alias in public.aliases().filter(person=self.object)],
            units=public.units_of(self.object),
            research=research_links("speaker", self.object, "quotes:person-feed"),
            **kwargs,
        )


class UnitListView(ListView):
    template_name = "quotes/unit_list.html"
    context_object_name = "units"

    def get_queryset(self):
        return public.units().order_by("name")


class UnitDetailView(PagedListMixin, SingleObjectMixin, ListView):
    """A unit, its quoted members and their public quotes, paged as the quote list is."""

    template_name = "quotes/unit_detail.html"

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(
            public.units().select_related("parent"), slug=kwargs["slug"]
        )
        return super().get(request, *args, **kwargs)

    def get_paginate_by(self, queryset):
        return settings.QUOTES_PER_PAGE

    def get_queryset(self):
        return public.for_list_rows(public.in_unit(public.quotes(), self.object))

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            unit=self.object,
            members=public.people()
            .filter(pk__in=public.memberships().filter(unit=self.object).values("person"))
            .order_by("name"),
            children=public.units().filter(parent=self.object).order_by("name"),
            research=research_links("unit", self.object, "quotes:unit-feed"),
            **kwargs,
        )


class OutletListView(ListView):
    template_name = "quotes/outlet_list.html"
    context_object_name = "outlets"

    def get_queryset(self):
        return public.outlets().order_by("name")

    def get_context_data(self, **kwargs):
        return super().get_context_data(unknown_outlet_articles=articles_of(None), **kwargs)


class OutletDetailView(SingleObjectMixin, ListView):
    """An outlet's articles that carry public quotes, each with those quotes."""

    template_name = "quotes/outlet_detail.html"
    paginate_by = 20

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(public.outlets(), slug=kwargs["slug"])
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        public_printings = public.printings().select_related("quote__person").order_by("start")
        return (
            public.articles()
            .filter(outlet=self.object)
            .order_by("-published", "-archived_at", "-pk")
            .prefetch_related(
                Prefetch("printings", queryset=public_printings, to_attr="public_printings")
            )
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(
            outlet=self.object,
            research=research_links("outlet", self.object, "quotes:outlet-feed"),
            **kwargs,
        )
        # An article that prints one quote in several pieces has a printing per piece: the
        # page lists each quote once per article, where its first piece stands.
        for article in context["object_list"]:
            by_quote = {a.quote_id: a.quote for a in article.public_printings}
            article.public_quotes = list(by_quote.values())
        return context


# The articles list's `outlet` value for articles whose outlet is unknown. An outlet whose slug
# happens to be this too is not offered in the list's filter; its own page lists its articles.
UNKNOWN_OUTLET = "unknown"
ARTICLES_PER_PAGE = 50


def articles_of(outlet):
    """The address of the articles list filtered to `outlet`, or to the articles whose outlet
    is unknown when it is None."""
    slug = outlet.slug if outlet is not None else UNKNOWN_OUTLET
    return reverse("quotes:article-list") + "?" + urlencode({"outlet": slug})


class ArticleFilterForm(forms.Form):
    """The articles list's one filter: one outlet (by slug, among those with a public
    article), or the articles whose outlet is unknown. An unknown slug is an error naming
    it, never ignored."""

    outlet = forms.ChoiceField(
        label="Outlet",
        required=False,
        error_messages={"invalid_choice": "No outlet is known as “%(value)s”."},
    )

    def __init__(self, *args, outlets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["outlet"].choices = [
            ("", "All outlets"),
            (UNKNOWN_OUTLET, "Outlet unknown"),
            *((o.slug, o.name) for o in outlets if o.slug != UNKNOWN_OUTLET),
        ]


# The articles list's order is the dated articles newest first, then the undated latest
# archived first (ids follow the archiving order). Each part is read in the order of an index
# (on `published`; the primary key), so that a page stops after its rows: one ORDER BY
# published DESC NULLS LAST, which no index serves, would sort every public article for each
# page. The first pages are numbered; past them, pages go on from a row (`after`, `before`:
# an article's id), as an offset would walk every row before the page.


def articles_from(articles, limit, *, start=0, after=None):
    """Up to `limit` of `articles` in the list's order, from the `start`th or from the one
    following the article `after`."""
    dated = articles.filter(published__isnull=False).order_by("-published", "-pk")
    undated = articles.filter(published=None).order_by("-pk")
    if after is not None and after.published is None:
        return list(undated.filter(pk__lt=after.pk)[:limit])
    if after is not None:
        dated = dated.filter(published__lte=after.published).exclude(
            published=after.published, pk__gte=after.pk
        )
    rows = list(dated[start : start + limit])
    if len(rows) < limit:
        # The undated follow the dated: from their first where this page holds dated rows,
        # else as far into them as the page falls past the dated ones.
        skip = start - dated.count() if start and not rows else 0
        rows += list(undated[skip : skip + limit - len(rows)])
    return rows


def articles_before(articles, limit, *, before):
    """Up to `limit` of `articles` preceding the article `before` in the list's order, in
    that order."""
    dated = articles.filter(published__isnull=False).order_by("published", "pk")
    rows = []
    if before.published is None:
        rows = list(articles.filter(published=None, pk__gt=before.pk).order_by("pk")[:limit])
    else:
        dated = dated.filter(published__gte=before.published).exclude(
            published=before.published, pk__lte=before.pk
        )
    if len(rows) < limit:
        rows += list(dated[: limit - len(rows)])
    return rows[::-1]


class ArticleListView(ListView):
    """Every archived article that carries a public quote, so that each one is reachable,
    its outlet known or not: newest first (undated ones after the dated, latest archived
    first), each with its number of public quotes, filtered by ArticleFilterForm. A page
    costs the same few queries however many rows it shows, and is read through indexes
    (articles_from) with an exact count up to a thousand articles, an estimate beyond
    (quotes.pagination.count). A page that does not exist answers 404 with the reason and a
    link to the last numbered page."""

    template_name = "quotes/article_list.html"
    context_object_name = "articles"
    paginate_by = ARTICLES_PER_PAGE
    out_of_range = False

    def get(self, request, *args, **kwargs):
        with_articles = Exists(public.articles().filter(outlet=OuterRef("pk")))
        self.outlets = list(Outlet.objects.filter(with_articles).only("name", "slug"))
        self.form = ArticleFilterForm(request.GET, outlets=self.outlets)
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        articles = public.articles()
        if not self.form.is_valid():
            return articles.none()
        outlet = self.form.cleaned_data["outlet"]
        if outlet == UNKNOWN_OUTLET:
            return articles.filter(outlet=None)
        if outlet:
            return articles.filter(outlet__slug=outlet)
        return articles

    def paginate_queryset(self, queryset, page_size):
        count = pagination.count(queryset)
        page = pagination.Page(rows=[], count=count, params=self.request.GET.copy())
        # Numbered as far as the exact count goes; past it pages go on from a row.
        self.numbered = max(1, pagination.COUNT_CAP // page_size)
        pages = math.ceil(count / page_size) if count.exact else self.numbered
        page.last_number = max(1, min(self.numbered, pages))
        rows = self.with_counts(queryset)
        try:
            if "after" in self.request.GET or "before" in self.request.GET:
                self.keyset_page(page, queryset, rows, page_size)
            else:
                self.numbered_page(page, queryset, rows, page_size)
        except pagination.OutOfRange as error:
            page.message, page.rows, page.next, page.previous = error.args[0], [], None, None
            self.out_of_range = True
        return page, page, page.rows, page.has_other_pages

    def numbered_page(self, page, queryset, rows, page_size):
        asked = self.request.GET.get("page") or "1"
        if not asked.isdigit() or not 1 <= int(asked) <= self.numbered:
            raise pagination.OutOfRange(
                f"Page numbers go up to {self.numbered}; from there, “Next” goes on through "
                "the rest."
                if asked.isdigit() and int(asked) > self.numbered
                else "That is not a page number."
            )
        page.number = int(asked)
        found = articles_from(rows, page_size + 1, start=(page.number - 1) * page_size)
        page.rows = found[:page_size]
        if page.number > 1 and not page.rows:
            # Counted exactly here (a rare path), so that the link leads to the last page.
            pages = max(1, math.ceil(queryset.count() / page_size))
            page.last_number = min(page.last_number, pages)
            raise pagination.OutOfRange(
                f"There {'is' if pages == 1 else 'are'} only {pages} "
                f"page{'' if pages == 1 else 's'} here."
            )
        page.previous = {"page": page.number - 1} if page.number > 1 else None
        if len(found) > page_size:
            more = page.number < self.numbered
            page.next = {"page": page.number + 1} if more else {"after": page.rows[-1].pk}

    def keyset_page(self, page, queryset, rows, page_size):
        after = "after" in self.request.GET
        asked = self.request.GET.get("after" if after else "before", "")
        # Digits only, and few enough to be an id the database can compare.
        valid = asked.isdigit() and len(asked) <= 18
        cursor = queryset.filter(pk=int(asked)).only("published").first() if valid else None
        if cursor is None:
            raise pagination.OutOfRange(
                "The article this page started from is no longer in this list."
            )
        if after:
            found = articles_from(rows, page_size + 1, after=cursor)
            page.rows = found[:page_size]
            page.next = {"after": page.rows[-1].pk} if len(found) > page_size else None
            page.previous = {"before": page.rows[0].pk} if page.rows else None
        else:
            found = articles_before(rows, page_size + 1, before=cursor)
            page.rows = found[-page_size:]
            page.previous = {"before": page.rows[0].pk} if len(found) > page_size else None
            page.next = {"after": page.rows[-1].pk} if page.rows else None
        if not page.rows:
            raise pagination.OutOfRange("There are no more articles in this list.")

    @staticmethod
    def with_counts(articles):
        """`articles` with their outlets and their number of public quotes (counted in the
        database for the page's rows only), without their texts."""
        quote_counts = (
            public.printings()
            .filter(article=OuterRef("pk"))
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        )
        return (
            articles.select_related("outlet")
            .defer("body", "raw")
            .annotate(quote_count=Subquery(quote_counts))
        )

    def get_context_data(self, **kwargs):
        chosen = self.form.cleaned_data["outlet"] if self.form.is_valid() else ""
        return super().get_context_data(
            form=self.form,
            unknown_outlet=chosen == UNKNOWN_OUTLET,
            # Not "outlet", which base.html takes for an outlet's page (and its feed).
            chosen_outlet=next((o for o in self.outlets if o.slug == chosen), None),
            **kwargs,
        )

    def render_to_response(self, context, **kwargs):
        if self.out_of_range:
            kwargs["status"] = 404
        return super().render_to_response(context, **kwargs)


class ArticleDetailView(DetailView):
    """An archived article as plain text, its public quotes highlighted."""

    template_name = "quotes/article_detail.html"
    context_object_name = "article"

    def get_queryset(self):
        return public.articles().select_related("outlet")

    def get_context_data(self, **kwargs):
        printings = (
            public.printings()
            .filter(article=self.object)
            .select_related("quote__person")
            .order_by("start")
        )
        # Newest first; the WARCs and texts stay in the database (they can be megabytes).
        captures = (
            self.object.captures.filter(state="done", warc__isnull=False)
            .exclude(warc_sha256="")
            .defer("warc", "body")
            .order_by("-captured_at", "-requested_at", "-pk")
        )
        return super().get_context_data(
            printings=printings,
            captures=captures,
            more_articles=articles_of(self.object.outlet),
            **kwargs,
        )


class AboutView(TemplateView):
    """What the archive is and is not, how to cite it and how to take its data away."""

    template_name = "quotes/about.html"


def robots_txt(request):
    """Crawlers may read the public pages, not the admin, the downloads (the search's
    results again, as files) or the captured copies of outlets' pages; the sitemap is given
    by its absolute address, as the protocol asks."""
    sitemap_url = absolute_urls.site_url(request) + reverse("quotes:sitemap")
    return render(
        request,
        "robots.txt",
        {"sitemap_url": sitemap_url},
        content_type="text/plain; charset=utf-8",
    )


def favicon(request):
    """/favicon.ico, asked for by browsers and feed readers whatever a page links: the SVG
    icon. A temporary redirect, since the static file's name changes with its content."""
    return redirect(static("img/favicon.svg"))


class QuoteCitationView(View):
    """A public quote's citation as a file: BibTeX (.bib), RIS (.ris) or CSL-JSON (.json).
    Like the permalink, a merged quote's file redirects to the survivor's file in the same
    format, and anything not public is not found."""

    def get(self, request, short_id, format):
        if format not in FILES:
            raise Http404("No such citation format.")
        try:
            quote = public.resolve_quote(short_id, citable_quotes())
        except public.Gone:
            raise Http404("This quote was withdrawn.") from None
        if short_id != quote.short_id:
            return redirect(
                "quotes:quote-citation", short_id=quote.short_id, format=format, permanent=True
            )
        content_type, render = FILES[format]
        response = HttpResponse(render(Citation.of(quote, request=request)))
        response["Content-Type"] = content_type
        filename = f"verbatim-{quote.short_id}.{format}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
