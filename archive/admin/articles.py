"""The archived articles' admin, with the two-step form that archives a new article.

A new article comes from its text, a file or its URL: the source first, then a preview of
what it says about itself, corrected before it is archived."""

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import HttpResponseRedirect
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.timezone import localtime

from ..blobs import BlobError
from ..capture import CaptureRefused
from ..forms import ArticleAddForm, ArticlePreviewForm, WebURLField
from ..models import Article, Capture
from ..services import ArticleRejected
from ..suggestions import ignored_decisions
from .captures import archived_copy_links, state_line
from .history import HistoryAdmin
from .importing import BackgroundImportMixin
from .languages import LanguageListFilter

# Shown on the change page; the full source can be megabytes and is only there for checking.
RAW_PREVIEW_CHARS = 20_000


@admin.register(Article)
class ArticleAdmin(BackgroundImportMixin, HistoryAdmin):
    formfield_overrides = {models.URLField: {"form_class": WebURLField}}
    add_form = ArticleAddForm
    add_form_template = "admin/archive/article/add_form.html"
    add_fieldsets = [
        (None, {"fields": ["text", "file", "capture_url"]}),
        ("Where it was published", {"fields": ["outlet", "url", "title", "published", "author"]}),
        (None, {"fields": ["publish"]}),
    ]
    # The preview step: the source is held on the server, named by a hidden field.
    preview_form = ArticlePreviewForm
    preview_fieldsets = [
        ("Where it was published", {"fields": ["outlet", "url", "title", "published", "author"]}),
        (None, {"fields": ["publish"]}),
    ]
    list_display = ["__str__", "outlet", "published", "language", "raw_format", "archived_at"]
    list_filter = ["raw_format", LanguageListFilter, ("outlet", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["outlet"]
    date_hierarchy = "published"
    search_fields = ["title", "url", "source_file", "=sha256", "outlet__name"]
    autocomplete_fields = ["outlet"]
    fieldsets = [
        (None, {"fields": ["title", "outlet", "url", "published", "note"]}),
        ("Source", {"fields": ["body", "raw_source", "raw_format", "source_file"]}),
        ("Archive", {"fields": ["sha256", "raw_size", "raw_key", "archived_at"]}),
        ("Captures", {"fields": ["capture_list"]}),
    ]
    readonly_fields = [
        "body",
        "raw_source",
        "raw_format",
        "source_file",
        "sha256",
        "raw_size",
        "raw_key",
        "archived_at",
        "capture_list",
    ]

    def get_queryset(self, request):
        # Bodies and raw sources can be megabytes each: never load them for a list page.
        return super().get_queryset(request).defer("body", "raw")

    def has_delete_permission(self, request, obj=None):
        return False  # an archived article is kept for good: quotes and permalinks cite it

    def has_publish_permission(self, request):
        """Whether the add form offers to publish the extracted quotes at once. The quotes
        admin, which replaces this one, says who may; here only superusers."""
        return request.user.is_superuser

    def get_add_form(self, request, *args, form_class=None, **kwargs):
        form = (form_class or self.add_form)(*args, **kwargs)
        if not self.has_publish_permission(request):
            # Not offered: the quotes wait as suggestions for someone who may publish them.
            form.fields["publish"].disabled = True
        return form

    def get_add_fieldsets(self, request, fieldsets=None):
        fieldsets = self.add_fieldsets if fieldsets is None else fieldsets
        if self.has_publish_permission(request):
            return fieldsets
        return [(name, opts) for name, opts in fieldsets if opts["fields"] != ["publish"]]

    @admin.display(description="raw source")
    def raw_source(self, article):
        try:
            raw = article.read_raw()
        except BlobError as exc:
            return format_html("<p>The raw source cannot be read: {}</p>", str(exc))
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

    @admin.display(description="captures")
    def capture_list(self, article):
        """Each fetch of the article's page, newest first: its state, and for one that holds a
        WARC the replay and the file."""
        captures = article.captures.defer("body").order_by("-requested_at", "-pk")
        rows = [
            (
                reverse("admin:archive_capture_change", args=[capture.pk]),
                localtime(capture.requested_at).strftime("%Y-%m-%d %H:%M"),
                state_line(capture),
                archived_copy_links(capture),
            )
            for capture in captures
        ]
        if not rows:
            return "None: the article was pasted or uploaded, not fetched from the web."
        return format_html(
            "<ul>{}</ul>",
            format_html_join("", '<li><a href="{}">Requested {}</a>: {}{}</li>', rows),
        )

    def add_view(self, request, form_url="", extra_context=None):
        """Archive a new article in two steps. First the pasted text or uploaded file is read,
        nothing archived: the same page shows what it says about itself (title, date, outlet,
        author, language, addresses, the start of its text) with the fields prefilled from it,
        and the source is held on the server. Then "Archive this article" archives it through
        `archive_article` with the values as corrected (archive_previewed), and its change
        page opens to review the quotes extracted. Given only a URL, the page is captured for
        review, and the capture's page, which shows the same preview, opens."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        if request.method == "POST" and "source_sha256" in request.POST:
            return self.archive_previewed(request, form_url, extra_context)
        preview = None
        if request.method == "POST":
            form = self.get_add_form(request, request.POST, request.FILES)
            if form.is_valid() and form.cleaned_data.get("capture_url"):
                try:
                    capture = form.request_capture(user=request.user)
                except CaptureRefused as exc:
                    form.add_error("capture_url", f"This page cannot be captured: {exc}.")
                else:
                    return self.response_capture_requested(request, capture)
            elif form.is_valid():
                try:
                    page = form.read()
                except ArticleRejected as exc:
                    form.add_error(None, f"The article was not archived: {exc}.")
                else:
                    data = form.proposal(page, form.keep())
                    form = self.get_add_form(request, data, form_class=self.preview_form)
                    # Checked at once, so that what would be refused (an address already
                    # archived) shows with the preview rather than after it.
                    form.is_valid()
                    preview = form.preview(page, page["body"])
        else:
            form = self.get_add_form(request)
        return self.render_add_form(request, form, preview, form_url, extra_context)

    def archive_previewed(self, request, form_url="", extra_context=None):
        """The preview's "Archive this article": the held source archived with the values in
        the form. A source no longer held (an hour has passed, or the server restarted) is
        asked for again, with the values typed kept."""
        form = self.get_add_form(request, request.POST, form_class=self.preview_form)
        if form.is_valid() and self.archives_in_background(form):
            return self.archive_in_background(request, form)  # a long one: see importing.py
        if form.is_valid() and settings.VERBATIM_TASKS == "database":
            # Extraction of a long article is work for a worker, not for a web request.
            result = form.enqueue(user=request.user)
            self.message_user(
                request,
                f"“{form.cleaned_data['title'] or form.source['source_file'] or 'The article'}” "
                f"is being archived by a background worker (task {result.id}); it appears in "
                "this list, with its quotes to review, as soon as the worker is done.",
                messages.SUCCESS,
            )
            return HttpResponseRedirect(reverse("admin:archive_article_changelist"))
        if form.is_valid():
            try:
                article, created = form.save(user=request.user)
            except ArticleRejected as exc:
                form.add_error(None, f"The article was not archived: {exc}.")
            else:
                if ignored := ignored_decisions(form.decisions):
                    self.message_user(request, ignored, messages.WARNING)
                return self.response_archived(request, article, created)
        if form.expired():
            self.message_user(request, form.errors["source_sha256"][0], messages.ERROR)
            kept = ("outlet", "url", "title", "published", "author", "publish")
            initial = {name: form[name].value() for name in kept}
            form = self.get_add_form(request, initial=initial)
            return self.render_add_form(request, form, None, form_url, extra_context)
        page = form.page()
        return self.render_add_form(
            request, form, form.preview(page, page["body"]), form_url, extra_context
        )

    def render_add_form(self, request, form, preview, form_url="", extra_context=None):
        """The add page: the source's fields, or with a `preview` the page's metadata and the
        fields prefilled from it."""
        fieldsets = self.get_add_fieldsets(
            request, self.preview_fieldsets if preview else self.add_fieldsets
        )
        adminform = helpers.AdminForm(form, fieldsets, {}, model_admin=self)
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
            "preview": preview,
            **(extra_context or {}),
        }
        return self.render_change_form(request, context, add=True, form_url=form_url)

    def response_archived(self, request, article, created):
        if created:
            self.log_addition(request, article, [{"added": {}}])
            count = article.printings.values("quote").distinct().count()
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

    def response_capture_requested(self, request, capture):
        """One message saying how the capture stands now: with tasks run at once it may
        already have failed or be waiting for review."""
        capture.refresh_from_db(fields=["state", "reason", "article"])
        State = Capture.State
        if capture.state == State.FAILED:
            said = f"The page at {capture.url} could not be captured: {capture.reason}."
            level = messages.ERROR
        elif capture.state == State.REVIEW:
            said = f"The page at {capture.url} was captured: check it below before it is archived."
            level = messages.SUCCESS
        elif capture.state == State.DONE:
            said = f"The page at {capture.url} was captured and archived as “{capture.article}”."
            level = messages.SUCCESS
        else:
            said = (
                f"The page at {capture.url} is queued for capture; this page shows it for "
                "review once it is fetched."
            )
            level = messages.INFO
        self.message_user(request, said, level)
        capture_admin = self.admin_site.get_model_admin(Capture)
        if capture_admin.has_view_permission(request, capture):
            return HttpResponseRedirect(reverse("admin:archive_capture_change", args=[capture.pk]))
        return HttpResponseRedirect(reverse("admin:archive_article_changelist"))
