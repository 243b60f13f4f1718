"""Admin for outlets and archived articles, with the form that archives a new article."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from .forms import ArticleAddForm, WebURLField
from .models import Article, Outlet
from .services import ArticleRejected

# Shown on the change page; the full source can be megabytes and is only there for checking.
RAW_PREVIEW_CHARS = 20_000


class ChangeNoteForm(forms.ModelForm):
    """A change form with room to say why: the note is the change reason in the history."""

    note = forms.CharField(
        label="Why (recorded in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
    )


class HistoryAdmin(SimpleHistoryAdmin):
    """A model admin whose History page lists every version of a record: who changed it,
    when, why (the form's note) and what. Old versions are shown, never saved back: a revert
    would bypass the services that keep a record's state and derived data in step."""

    form = ChangeNoteForm
    object_history_list_template = "admin/history_list.html"

    @staticmethod
    def change_note(form):
        return form.cleaned_data.get("note", "") if form is not None else ""

    def save_model(self, request, obj, form, change):
        obj._change_reason = self.change_note(form) or None
        super().save_model(request, obj, form, change)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and not self.has_change_permission(request, obj):
            # A page that only shows the record has nothing to explain.
            fieldsets = [
                (name, {**options, "fields": [f for f in options["fields"] if f != "note"]})
                for name, options in fieldsets
            ]
        return fieldsets

    def revert_disabled(self, request, obj=None):
        return True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)


@admin.register(Outlet)
class OutletAdmin(admin.ModelAdmin):
    formfield_overrides = {models.URLField: {"form_class": WebURLField}}
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
class ArticleAdmin(HistoryAdmin):
    formfield_overrides = {models.URLField: {"form_class": WebURLField}}
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
        (None, {"fields": ["title", "outlet", "url", "published", "note"]}),
        ("Source", {"fields": ["body", "raw_source", "raw_format", "source_file"]}),
        ("Archive", {"fields": ["sha256", "archived_at"]}),
    ]
    readonly_fields = ["body", "raw_source", "raw_format", "source_file", "sha256", "archived_at"]

    def get_queryset(self, request):
        # Bodies and raw sources can be megabytes each: never load them for a list page.
        return super().get_queryset(request).defer("body", "raw")

    def has_delete_permission(self, request, obj=None):
        return False  # an archived article is kept for good: quotes and permalinks cite it

    def has_publish_permission(self, request):
        """Whether the add form offers to publish the extracted quotes at once. The quotes
        admin, which replaces this one, says who may; here only superusers."""
        return request.user.is_superuser

    def get_add_form(self, request, *args):
        form = self.add_form(*args)
        if not self.has_publish_permission(request):
            # Not offered: the quotes wait as suggestions for someone who may publish them.
            form.fields["publish"].disabled = True
        return form

    def get_add_fieldsets(self, request):
        if self.has_publish_permission(request):
            return self.add_fieldsets
        return [(name, opts) for name, opts in self.add_fieldsets if opts["fields"] != ["publish"]]

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
            form = self.get_add_form(request, request.POST, request.FILES)
            if form.is_valid():
                try:
                    article, created = form.save()
                except ArticleRejected as exc:
                    form.add_error(None, f"The article was not archived: {exc}.")
                else:
                    return self.response_archived(request, article, created)
        else:
            form = self.get_add_form(request)
        adminform = helpers.AdminForm(form, self.get_add_fieldsets(request), {}, model_admin=self)
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
