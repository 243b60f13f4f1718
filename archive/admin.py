"""Admin for outlets and archived articles, with the form that archives a new article."""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.html import format_html

from .forms import ArticleAddForm
from .models import Article, Outlet
from .services import ArticleRejected

# Shown on the change page; the full source can be megabytes and is only there for checking.
RAW_PREVIEW_CHARS = 20_000


@admin.register(Outlet)
class OutletAdmin(admin.ModelAdmin):
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = ["name", "home_url", "article_count"]
    list_filter = [("home_url", admin.EmptyFieldListFilter)]
    ordering = ["name"]
    search_fields = ["name", "home_url"]
    readonly_fields = ["slug"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(article_count=Count("articles"))

    @admin.display(description="articles", ordering="article_count")
    def article_count(self, outlet):
        return outlet.article_count


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    add_form = ArticleAddForm
    add_fieldsets = [
        (None, {"fields": ["text", "file"]}),
        ("Where it was published", {"fields": ["outlet", "url", "title", "published"]}),
        (None, {"fields": ["publish"]}),
    ]
    list_display = ["__str__", "outlet", "published", "raw_format", "archived_at"]
    list_filter = ["raw_format", ("outlet", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["outlet"]
    date_hierarchy = "published"
    search_fields = ["title", "url", "source_file", "=sha256", "outlet__name"]
    autocomplete_fields = ["outlet"]
    fieldsets = [
        (None, {"fields": ["title", "outlet", "url", "published"]}),
        ("Source", {"fields": ["body", "raw_source", "raw_format", "source_file"]}),
        ("Archive", {"fields": ["sha256", "archived_at"]}),
    ]
    readonly_fields = ["body", "raw_source", "raw_format", "source_file", "sha256", "archived_at"]

    def get_queryset(self, request):
        # Bodies and raw sources can be megabytes each: never load them for a list page.
        return super().get_queryset(request).defer("body", "raw")

    @admin.display(description="raw source")
    def raw_source(self, article):
        raw = bytes(article.raw or b"")
        text = raw.decode("utf-8", errors="replace")
        note = ""
        if len(text) > RAW_PREVIEW_CHARS:
            text, note = text[:RAW_PREVIEW_CHARS], f" (first {RAW_PREVIEW_CHARS:,} characters)"
        # Escaped and shown as text: an archived page's markup must never run in the admin.
        return format_html(
            "<p>{} bytes, {}{}</p><div>{}</div>",
            f"{len(raw):,}",
            article.get_raw_format_display(),
            note,
            linebreaksbr(text),
        )

    def add_view(self, request, form_url="", extra_context=None):
        """Archive a new article through `archive_article`, then open its change page to
        review the quotes extracted from it."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        if request.method == "POST":
            form = self.add_form(request.POST, request.FILES)
            if form.is_valid():
                try:
                    article, created = form.save()
                except ArticleRejected as exc:
                    form.add_error(None, f"The article was not archived: {exc}.")
                else:
                    return self.response_archived(request, article, created)
        else:
            form = self.add_form()
        adminform = helpers.AdminForm(form, self.add_fieldsets, {}, model_admin=self)
        context = {
            **self.admin_site.each_context(request),
            "title": "Archive an article",
            "subtitle": None,
            "adminform": adminform,
            "object_id": None,
            "original": None,
            "is_popup": False,
            "to_field": None,
            "media": self.media + adminform.media,
            "inline_admin_formsets": [],
            "errors": helpers.AdminErrorList(form, []),
            "preserved_filters": self.get_preserved_filters(request),
            "show_save_and_add_another": False,
            "show_save_and_continue": False,
            **(extra_context or {}),
        }
        return self.render_change_form(request, context, add=True, form_url=form_url)

    def response_archived(self, request, article, created):
        if created:
            self.log_addition(request, article, [{"added": {}}])
            count = article.appearances.values("quote").distinct().count()
            self.message_user(
                request,
                f"“{article}” was archived; {count} quote(s) found. Review them below.",
                messages.SUCCESS,
            )
        else:
            self.message_user(
                request, f"This article was already archived as “{article}”.", messages.WARNING
            )
        return HttpResponseRedirect(reverse("admin:archive_article_change", args=[article.pk]))
