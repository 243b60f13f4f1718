"""The archived articles' pages: the articles list (/articles/) and each article's page."""

import math
from urllib.parse import urlencode

from django import forms
from django.db.models import Count, Exists, OuterRef, Subquery
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.generic import DetailView, ListView

from archive.models import Outlet

from .. import mementos, pagination, public
from .memento import add_memento_headers

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
        label=gettext_lazy("Outlet"),
        required=False,
        error_messages={"invalid_choice": gettext_lazy("No outlet is known as “%(value)s”.")},
    )

    def __init__(self, *args, outlets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["outlet"].choices = [
            ("", gettext("All outlets")),
            (UNKNOWN_OUTLET, gettext("Outlet unknown")),
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


class ArticlePagesMixin:
    """For a ListView of articles in the articles list's order: a page costs the same few
    queries however many rows it shows, and is read through indexes (articles_from) with an
    exact count up to a thousand articles, an estimate beyond (quotes.pagination.count). A
    page that does not exist answers 404 with the reason and a link to the last numbered
    page. `page_rows` says what each row is read with."""

    out_of_range = False

    def page_rows(self, articles):
        return articles

    def paginate_queryset(self, queryset, page_size):
        count = pagination.count(queryset, estimate_first=True)
        page = pagination.Page(rows=[], count=count, params=self.request.GET.copy())
        # Numbered as far as the exact count goes; past it pages go on from a row.
        self.numbered = max(1, pagination.COUNT_CAP // page_size)
        pages = math.ceil(count / page_size) if count.exact else self.numbered
        page.last_number = max(1, min(self.numbered, pages))
        rows = self.page_rows(queryset)
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
                pagination.numbered_up_to(self.numbered)
                if asked.isdigit() and int(asked) > self.numbered
                else gettext("That is not a page number.")
            )
        page.number = int(asked)
        found = articles_from(rows, page_size + 1, start=(page.number - 1) * page_size)
        page.rows = found[:page_size]
        if page.number > 1 and not page.rows:
            # Counted exactly here (a rare path), so that the link leads to the last page.
            pages = max(1, math.ceil(queryset.count() / page_size))
            page.last_number = min(page.last_number, pages)
            raise pagination.OutOfRange(pagination.only_pages(pages))
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
                gettext("The article this page started from is no longer in this list.")
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
            raise pagination.OutOfRange(gettext("There are no more articles in this list."))

    def render_to_response(self, context, **kwargs):
        if self.out_of_range:
            kwargs["status"] = 404
        return super().render_to_response(context, **kwargs)


class ArticleListView(ArticlePagesMixin, ListView):
    """Every archived article that carries a public quote, so that each one is reachable,
    its outlet known or not: newest first (undated ones after the dated, latest archived
    first), each with its number of public quotes, filtered by ArticleFilterForm."""

    template_name = "quotes/article_list.html"
    context_object_name = "articles"
    paginate_by = ARTICLES_PER_PAGE

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

    def page_rows(self, articles):
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
            self.object.captures.filter(state="done")
            .exclude(warc_key="")
            .defer("body")
            .order_by("-captured_at", "-requested_at", "-pk")
        )
        original = self.object.url
        return super().get_context_data(
            printings=printings,
            captures=captures,
            more_articles=articles_of(self.object.outlet),
            timegate=mementos.memento_path("timegate", original) if original else "",
            timemap=mementos.memento_path("timemap-link", original) if original else "",
            **kwargs,
        )

    def render_to_response(self, context, **kwargs):
        """The page with the Memento links of its original; it is itself the memento (with
        its Memento-Datetime) where no capture of the page is shown."""
        response = super().render_to_response(context, **kwargs)
        article = self.object
        if not article.url:
            return response
        moment = None if context["captures"] else mementos.article_memento(article).datetime
        return add_memento_headers(
            response, original=article.url, moment=moment, request=self.request
        )
