"""A quote's permalink (/q/ID/) and its citation files (/q/ID/cite.bib, .ris, .json)."""

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views import View
from django.views.generic import DetailView

from archive import language_names, languages

from .. import public
from ..citations.citation import Citation, citable_quotes
from ..citations.files import FILES
from ..models import Correction, Derivation, Membership, Quote
from ..templatetags.comparison import compare_articles
from ..wording import by_language


def cited_article(request, articles):
    """The article the reader asked to cite the quote as printed in (`?cite=<article id>`),
    or None for the earliest. Http404 for an id that is not one of `articles`: a citation is
    never of words an article did not print."""
    wanted = request.GET.get("cite")
    if wanted is None:
        return None
    for article in articles:
        if str(article.pk) == wanted:
            return article
    raise Http404("This quote was not printed in that article.")


class QuoteDetailView(DetailView):
    """A quote's permalink: the statement, who carried it, and an entry for each article
    that printed it (all its pieces, compared with the canonical text as a whole), grouped
    by outlet. A merged quote redirects to the survivor; a withdrawn one answers 410."""

    context_object_name = "quote"
    template_name = "quotes/quote_detail.html"
    # Whether the quote has corrections, its speaker units, and a lineage comes with it,
    # saving most pages a query or two: few quotes are corrected, most speakers serve in no
    # unit, and a statement printed once has no lineage.
    # Built once, as DetailView allows (each request reads a copy, get_queryset()).
    queryset = Quote.objects.select_related("person").annotate(
        has_corrections=Exists(Correction.objects.filter(quote=OuterRef("pk"))),
        has_units=Exists(Membership.objects.filter(person=OuterRef("person"))),
        # Lineage is worked out for statements printed by two articles or more only.
        has_lineage=Exists(Derivation.objects.filter(quote=OuterRef("pk"))),
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
        groups = self.by_language(articles)
        comparisons = [article.comparison for article in articles]
        person = self.object.person
        memberships = (
            public.memberships().filter(person=person).select_related("unit")
            if self.object.has_units
            else []
        )
        printings = [piece for article in articles for piece in article.pieces]
        return super().get_context_data(
            articles=articles,
            cited_article=cited_article(self.request, articles),
            outlets=self.by_outlet(articles),
            # A statement printed in several languages is shown by language, the original
            # first; in one, by outlet.
            languages=groups if len(groups) > 1 else [],
            # The comparisons share one legend, shown where any of them marks a difference.
            marked=any(not comparison.identical for comparison in comparisons),
            # Every printing, in printing order, for the citation and the page's metadata.
            printings=printings,
            quote_language=languages.text_language(
                self.object.text, [printing.language for printing in printings]
            ),
            units=[unit for unit, _ in public.units_of(person, memberships)],
            corrections=self.object.corrections.all() if self.object.has_corrections else [],
            **kwargs,
        )

    def by_language(self, articles):
        """The articles grouped by language (wording.by_language), each compared like with
        like, each group and article with its language's name and the `lang` to mark its
        words with where the page is in another language."""
        groups = by_language(articles)
        for group in groups:
            group.name = language_names.name(group.language) if group.language else ""
            comparisons = compare_articles(self.object, group.articles, against=group.against)
            for article, comparison in zip(group.articles, comparisons, strict=True):
                article.comparison = comparison
                article.language_name = group.name
                if not group.original:
                    article.against = gettext("the fullest translation into %(language)s") % {
                        "language": group.name
                    }
            group.articles[0].is_original = group.original and len(groups) > 1
        return groups

    @staticmethod
    def by_outlet(articles):
        """(outlet, its articles) in order of each outlet's first printing; the articles
        whose outlet is unknown come last, under None."""
        groups = {}
        for article in articles:
            groups.setdefault(article.outlet_id, (article.outlet, []))[1].append(article)
        unknown = groups.pop(None, None)
        return list(groups.values()) + ([unknown] if unknown else [])


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
        article = cited_article(request, {p.article for p in quote.printings.all()})
        response = HttpResponse(render(Citation.of(quote, article=article, request=request)))
        response["Content-Type"] = content_type
        filename = f"verbatim-{quote.short_id}.{format}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
