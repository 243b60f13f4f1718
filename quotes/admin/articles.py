"""The archived article's admin page, with the review screen of its suggested quotes first."""

from django.contrib import admin
from django.db.models import Count, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.html import format_html

from archive.admin import ArticleAdmin
from archive.models import Article

from .. import public
from ..models import (
    Membership,
    Printing,
    Quote,
)
from ..services import lifecycle
from .common import (
    ARTICLE_TEXT,
    CurationPermissions,
    Status,
    change_link,
    in_context,
    speaker_link,
    view_on_site_if_public,
)


class ArticlePrintingInline(admin.TabularInline):
    """The article's quotations with their quote, speaker and status."""

    model = Printing
    fields = ["quote_link", "speaker", "status", "text", "attribution"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    view_on_site = False
    verbose_name = "quote found in this article"
    verbose_name_plural = "all quotes found in this article"

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        # The article rides along for each row's title (Printing.__str__), without its text.
        return (
            super()
            .get_queryset(request)
            .select_related("quote__person", "article")
            .defer(*(f"article__{f}" for f in ARTICLE_TEXT))
            .order_by("start")
        )

    @admin.display(description="quote")
    def quote_link(self, printing):
        return change_link(printing.quote, printing.quote.short_id)

    @admin.display(description="speaker")
    def speaker(self, printing):
        return speaker_link(printing.quote.person, printing.quote.speaker_description)

    @admin.display(description="status")
    def status(self, printing):
        quote = printing.quote
        if quote.merged_into_id:
            return "Merged"
        return quote.get_status_display()


def waiting_quotes(article_ref):
    """How many live suggested quotes the article `article_ref` printed: its review queue."""
    return Coalesce(
        Subquery(
            Printing.objects.filter(
                article=article_ref, quote__status=Status.SUGGESTED, quote__merged_into=None
            )
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        ),
        0,
    )


admin.site.unregister(Article)


@admin.register(Article)
class ArticleWithQuotesAdmin(CurationPermissions, ArticleAdmin):
    def view_on_site(self, article):
        return view_on_site_if_public(article, public.articles())

    """An article, with the quotes found in it that wait for review first on its page: each
    with its speaker, unit, sentence and attribution, published or rejected in the row."""

    list_display = [*ArticleAdmin.list_display[:-1], "waiting_count", "quote_count", "archived_at"]
    inlines = [ArticlePrintingInline]
    readonly_fields = [*ArticleAdmin.readonly_fields, "review_link"]
    fieldsets = [
        (None, {"fields": ["title", "outlet", "url", "published", "note", "review_link"]}),
        *ArticleAdmin.fieldsets[1:],
    ]
    change_form_template = "admin/quotes/article_change_form.html"

    class Media:
        css = {"all": ["css/admin.css"]}

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and {"published", "outlet"} & set(form.changed_data):
            # A corrected publication date or outlet moves its quotes in every date-ordered
            # list and in the lists filtered by outlet, date or number of outlets.
            for quote in Quote.objects.filter(printings__article=obj).distinct():
                lifecycle.refresh(quote)

    def get_queryset(self, request):
        # Subqueries, not Count() over a join: grouping by every article column would make
        # the filters and date hierarchy group by megabyte bodies.
        quote_count = (
            Printing.objects.filter(article=OuterRef("pk"))
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        )
        return (
            super()
            .get_queryset(request)
            .annotate(
                quote_count=Coalesce(Subquery(quote_count), 0),
                waiting_count=waiting_quotes(OuterRef("pk")),
            )
        )

    @admin.display(description="quotes", ordering="quote_count")
    def quote_count(self, article):
        return article.quote_count

    @admin.display(description="to review", ordering="waiting_count")
    def waiting_count(self, article):
        return article.waiting_count

    @admin.display(description="quotes")
    def review_link(self, article):
        url = reverse("admin:quotes_quote_changelist")
        return format_html(
            '<a href="{}?article={}">Publish, reject or merge this article’s quotes</a>',
            url,
            article.pk,
        )

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if change and obj is not None:
            context["show_review"] = True
            context["review_rows"] = self.review_rows(obj)
            context["can_publish"] = self.has_publish_permission(request)
            context["review_next"] = reverse("admin:archive_article_change", args=[obj.pk])
        return super().render_change_form(request, context, add, change, form_url, obj)

    def review_rows(self, article):
        """The live suggested quotes `article` printed, in the order it printed them, each
        with its first printing here: speaker, units, the sentence around it, attribution."""
        printings = (
            Printing.objects.filter(
                article=article, quote__status=Status.SUGGESTED, quote__merged_into=None
            )
            .select_related("quote__person")
            .prefetch_related(
                Prefetch(
                    "quote__person__memberships",
                    queryset=Membership.objects.select_related("unit").order_by("unit__name"),
                )
            )
            .order_by("start")
        )
        rows, seen = [], set()
        body = None
        for printed in printings:
            quote = printed.quote
            if quote.pk in seen:
                continue
            seen.add(quote.pk)
            if body is None:
                body = article.body
            memberships = list(quote.person.memberships.all()) if quote.person_id else []
            # The units this article states first; else those the person is known by.
            stated = [m.unit for m in memberships if m.article_id == article.pk]
            units = dict.fromkeys(u.name for u in stated or [m.unit for m in memberships])
            rows.append(
                {
                    "quote": quote,
                    "speaker": speaker_link(quote.person, quote.speaker_description, "unnamed"),
                    "units": list(units),
                    "context": in_context(body, printed.start, printed.end),
                    "attribution": printed.attribution,
                    "edit_url": reverse("admin:quotes_quote_change", args=[quote.pk]),
                    "publish_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"]),
                    "reject_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "reject"]),
                }
            )
        return rows
