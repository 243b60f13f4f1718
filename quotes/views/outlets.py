"""The outlet pages: the list of outlets that printed public quotes and each outlet's page."""

from django.db.models import Prefetch
from django.views.generic import ListView
from django.views.generic.detail import SingleObjectMixin

from .. import public
from .articles import ArticlePagesMixin, articles_of
from .research import research_links


class OutletListView(ListView):
    template_name = "quotes/outlet_list.html"
    context_object_name = "outlets"

    def get_queryset(self):
        return public.outlets().order_by("name")

    def get_context_data(self, **kwargs):
        return super().get_context_data(unknown_outlet_articles=articles_of(None), **kwargs)


class OutletDetailView(ArticlePagesMixin, SingleObjectMixin, ListView):
    """An outlet's articles that carry public quotes, each with those quotes, in the
    articles list's order and paged as it is."""

    template_name = "quotes/outlet_detail.html"
    paginate_by = 20

    def get(self, request, *args, **kwargs):
        self.object = public.public_or_404(public.uncounted_outlets(), slug=kwargs["slug"])
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return public.articles().filter(outlet=self.object)

    def page_rows(self, articles):
        # Only what the page shows of each quote: not its search data, three times its text.
        shown = (
            "quote_id",
            "article_id",
            "start",
            "quote__short_id",
            "quote__text",
            "quote__speaker_description",
            "quote__person__name",
            "quote__person__slug",
        )
        public_printings = (
            public.printings().select_related("quote__person").only(*shown).order_by("start")
        )
        return articles.defer("body", "raw").prefetch_related(
            Prefetch("printings", queryset=public_printings, to_attr="public_printings")
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
