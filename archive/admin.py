"""Admin for outlets, archived articles and captures, with the form that archives a new
article from its text, a file or its URL."""

import difflib

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count
from django.db.models.functions import Length
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.defaultfilters import filesizeformat, linebreaksbr
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.timezone import localtime
from simple_history.admin import SimpleHistoryAdmin

from . import queueing
from .capture import CaptureRefused, not_in_review, outcome
from .fetch import CaptureFailed
from .forms import ArticleAddForm, ArticlePreviewForm, CaptureReviewForm, WebURLField
from .models import Article, Capture, Outlet
from .services import ArticleRejected

# Shown on the change page; the full source can be megabytes and is only there for checking.
RAW_PREVIEW_CHARS = 20_000
# Unchanged paragraphs shown either side of a change between two versions of an article.
DIFF_CONTEXT = 1
# While a capture waits or runs, its admin page reloads itself this often (seconds).
CAPTURE_REFRESH_SECONDS = 5


def history_note():
    """The optional "why" of a change, which becomes its change reason in the history."""
    return forms.CharField(
        label="Why (recorded in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
    )


class ChangeNoteForm(forms.ModelForm):
    """A change form with room to say why: the note is the change reason in the history."""

    note = history_note()


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
        ("Captures", {"fields": ["capture_list"]}),
    ]
    readonly_fields = [
        "body",
        "raw_source",
        "raw_format",
        "source_file",
        "sha256",
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

    @admin.display(description="captures")
    def capture_list(self, article):
        """Each fetch of the article's page, newest first: its state, and for one that holds a
        WARC the replay and the file."""
        captures = (
            article.captures.defer("warc", "body")
            .annotate(warc_size=Length("warc"))
            .order_by("-requested_at", "-pk")
        )
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
        self.message_user(
            request,
            f"The page at {capture.url} will be captured and shown for review before it is "
            "archived; its state is shown below.",
            messages.SUCCESS,
        )
        capture_admin = self.admin_site.get_model_admin(Capture)
        if capture_admin.has_view_permission(request, capture):
            return HttpResponseRedirect(reverse("admin:archive_capture_change", args=[capture.pk]))
        return HttpResponseRedirect(reverse("admin:archive_article_changelist"))


def state_line(capture):
    """A capture's state in a few words, a failure with its one-line reason."""
    state = capture.get_state_display()
    if capture.state == Capture.State.FAILED and capture.reason:
        return f"{state}: {capture.reason}"
    return state


def archived_copy_links(capture):
    """Links to a capture's replay and its WARC file (with the file's size), or nothing."""
    if not capture.warc_sha256:
        return ""
    size = getattr(capture, "warc_size", None)
    return format_html(
        ' — <a href="{}" target="_blank" rel="noopener noreferrer">View the page as captured'
        '</a> · <a href="{}">Download the WARC</a>{}',
        reverse("quotes:capture-replay", args=[capture.pk]),
        reverse("quotes:capture-warc", args=[capture.pk]),
        f" ({filesizeformat(size)})" if size is not None else "",
    )


def paragraphs(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


def word_difference(old, new):
    """Two versions of a paragraph word by word, as escaped HTML: words only in the old in
    <del>, words only in the new in <ins>."""
    old_words, new_words = old.split(), new.split()
    matcher = difflib.SequenceMatcher(None, old_words, new_words, autojunk=False)
    pieces = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(format_html("{}", " ".join(old_words[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(format_html("<del>{}</del>", " ".join(old_words[i1:i2])))
        if j2 > j1:
            pieces.append(format_html("<ins>{}</ins>", " ".join(new_words[j1:j2])))
    return format_html_join(" ", "{}", ((piece,) for piece in pieces))


def text_difference(archived, captured, context=DIFF_CONTEXT):
    """How a later version of an article's text differs from the archived one, as escaped
    HTML: paragraphs compared as lines, a changed paragraph word by word, and unchanged ones
    beyond `context` either side of a change folded into a count."""
    old, new = paragraphs(archived), paragraphs(captured)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    rows = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            same = old[i1:i2]
            # Context is kept only on the sides where a change is.
            head = same[:context] if i1 > 0 or j1 > 0 else []
            tail = same[-context:] if context and (i2 < len(old) or j2 < len(new)) else []
            if len(head) + len(tail) >= len(same):
                rows.extend(format_html("<p>{}</p>", line) for line in same)
                continue
            rows.extend(format_html("<p>{}</p>", line) for line in head)
            folded = len(same) - len(head) - len(tail)
            rows.append(
                format_html(
                    '<p class="help">… {} unchanged paragraph{} …</p>',
                    folded,
                    "" if folded == 1 else "s",
                )
            )
            rows.extend(format_html("<p>{}</p>", line) for line in tail)
            continue
        removed, added = old[i1:i2], new[j1:j2]
        for before, after in zip(removed, added, strict=False):
            rows.append(format_html("<p>{}</p>", word_difference(before, after)))
        rows.extend(format_html("<p><del>{}</del></p>", line) for line in removed[len(added) :])
        rows.extend(format_html("<p><ins>{}</ins></p>", line) for line in added[len(removed) :])
    return format_html_join("\n", "{}", ((row,) for row in rows))


@admin.register(Capture)
class CaptureAdmin(admin.ModelAdmin):
    """Each fetch of a web page: what was asked, by whom, how it went and what it archived.
    Captures are made by the capture service (the article add form's URL field, the API),
    never typed in; a failed one can be retried, and one awaiting review shows what the page
    says about itself, to be corrected and archived."""

    review_fieldsets = [
        ("Where it was published", {"fields": ["outlet", "url", "title", "published", "author"]})
    ]

    list_display = [
        "url",
        "state_line",
        "article_link",
        "requested_by",
        "requested_at",
        "captured_at",
    ]
    list_filter = ["state"]
    list_select_related = ["article", "requested_by"]
    search_fields = ["url", "final_url"]
    date_hierarchy = "requested_at"
    actions = ["retry_selected"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "url",
                    "state_line",
                    "article_link",
                    "publish",
                    "requested_by",
                    "requested_at",
                    "captured_at",
                    "attempts",
                ]
            },
        ),
        (
            "What the server answered",
            {"fields": ["final_url", "status_code", "content_type", "archived_copy"]},
        ),
        ("Fixity", {"fields": ["warc_sha256", "content_sha256", "task_id"]}),
        ("Text", {"fields": ["text"]}),
    ]
    # Everything on a capture is a record of what happened: nothing is edited by hand.
    readonly_fields = flatten_fieldsets(fieldsets)

    def get_queryset(self, request):
        # WARCs, texts and article sources can be megabytes: none is loaded for a list, and the
        # change page reads only the two texts it compares.
        return (
            super()
            .get_queryset(request)
            .select_related("article", "requested_by")
            .defer("warc", "body", "article__body", "article__raw")
            .annotate(warc_size=Length("warc"))
        )

    def get_urls(self):
        retry = path(
            "<path:object_id>/retry/",
            self.admin_site.admin_view(self.retry_view),
            name="archive_capture_retry",
        )
        review = path(
            "<path:object_id>/review/",
            self.admin_site.admin_view(self.review_view),
            name="archive_capture_review",
        )
        return [retry, review, *super().get_urls()]

    # Captures are written by the capture service only.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # its WARC is the evidence an article cites

    def has_view_permission(self, request, obj=None):
        # Whoever may see the articles may see how they were fetched.
        return super().has_view_permission(request, obj) or request.user.has_perm(
            "archive.view_article"
        )

    def has_retry_permission(self, request):
        """Asking for a page again is archiving it: whoever may add articles may."""
        return request.user.has_perm("archive.add_article")

    def has_review_permission(self, request):
        """Archiving a capture awaiting review is archiving an article."""
        return request.user.has_perm("archive.add_article")

    @admin.display(description="state", ordering="state")
    def state_line(self, capture):
        return state_line(capture)

    @admin.display(description="article", ordering="article")
    def article_link(self, capture):
        if capture.article_id is None:
            return "–"
        url = reverse("admin:archive_article_change", args=[capture.article_id])
        return format_html('<a href="{}">{}</a>', url, capture.article)

    @admin.display(description="archived copy")
    def archived_copy(self, capture):
        links = archived_copy_links(capture)
        return format_html("WARC{}", links) if links else "No WARC"

    @admin.display(description="article text in this version")
    def text(self, capture):
        """The text this capture read, compared with the article's archived text when it is a
        later version of it."""
        if not capture.body:
            return "–"
        if capture.article_id is None:
            return linebreaksbr(capture.body)
        archived = Article.objects.filter(pk=capture.article_id).values_list("body", flat=True)
        archived = archived.first() or ""
        if paragraphs(archived) == paragraphs(capture.body):
            return "The same text as the archived article."
        return format_html(
            "<p>Difference from the archived text: words struck through are only in the "
            "archived article, words underlined only in this version.</p>"
            '<div class="capture-difference">{}</div>',
            text_difference(archived, capture.body),
        )

    @admin.action(description="Retry the selected failed captures", permissions=["retry"])
    def retry_selected(self, request, queryset):
        self.retry_captures(request, queryset)

    def retry_captures(self, request, captures):
        """Ask the capture service to fetch each failed capture's page again; returns the
        captures it made or requeued."""
        retried, skipped = [], 0
        for capture in captures:
            if capture.state != Capture.State.FAILED:
                skipped += 1
                continue
            try:
                retried.append(queueing.retry(capture))
            except CaptureRefused:  # retried by someone else meanwhile
                skipped += 1
                continue
            self.log_change(request, capture, "Retried.")
        if retried:
            self.message_user(
                request, f"{len(retried)} capture(s) will be fetched again.", messages.SUCCESS
            )
        if skipped:
            self.message_user(
                request,
                f"{skipped} capture(s) had not failed and were left as they are.",
                messages.WARNING,
            )
        return retried

    def retry_view(self, request, object_id):
        """The Retry button of a failed capture's page (a POST)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_retry_permission(request):
            raise PermissionDenied
        capture = self.get_object(request, unquote(object_id))
        if capture is None:
            raise Http404("No such capture.")
        retried = self.retry_captures(request, [capture])
        target = retried[0] if retried else capture
        return HttpResponseRedirect(reverse("admin:archive_capture_change", args=[target.pk]))

    def review_view(self, request, object_id):
        """The "Archive this article" button of a capture awaiting review (a POST): the page
        archived through archive.capture.archive_reviewed with the values as corrected, then
        the article's page. Refused values show on the capture's page again."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_review_permission(request):
            raise PermissionDenied
        capture = self.get_object(request, unquote(object_id))
        if capture is None:
            raise Http404("No such capture.")
        change_url = reverse("admin:archive_capture_change", args=[capture.pk])
        if capture.state != Capture.State.REVIEW:
            # Archived already (a second click, another archivist): its page says how.
            refused = not_in_review(capture)
            self.message_user(request, f"Nothing was archived: {refused}.", messages.WARNING)
            return HttpResponseRedirect(change_url)
        form = CaptureReviewForm(request.POST, capture=capture)
        if form.is_valid():
            try:
                capture = form.save(user=request.user)
            except CaptureRefused as exc:
                # Archived a moment ago, while this request was on its way.
                self.message_user(request, f"Nothing was archived: {exc}.", messages.WARNING)
                return HttpResponseRedirect(change_url)
            except (ArticleRejected, CaptureFailed) as exc:
                form.add_error(None, f"The article was not archived: {exc}.")
            else:
                return self.response_reviewed(request, capture)
        # The capture's page again, with the form as posted and its errors. The change view
        # would take a POST for an edit of the capture, which nobody may make.
        request.method = "GET"
        return self.change_view(request, object_id, extra_context={"review_form": form})

    def response_reviewed(self, request, capture):
        article = capture.article
        self.log_change(request, capture, "Reviewed and archived.")
        article_admin = self.admin_site.get_model_admin(Article)
        if article.captured_at and article.captured_at == capture.captured_at:
            return article_admin.response_archived(request, article, created=True)
        self.message_user(
            request,
            f"This page had been archived meanwhile as “{article}”: {outcome(capture)}.",
            messages.WARNING,
        )
        return HttpResponseRedirect(reverse("admin:archive_article_change", args=[article.pk]))

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            waiting = obj.state in (Capture.State.QUEUED, Capture.State.RUNNING)
            context["capture"] = obj
            context["refresh_seconds"] = CAPTURE_REFRESH_SECONDS if waiting else None
            if obj.state == Capture.State.FAILED and self.has_retry_permission(request):
                context["retry_url"] = reverse("admin:archive_capture_retry", args=[obj.pk])
            if obj.state == Capture.State.REVIEW:
                self.add_review_context(request, context, obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def add_review_context(self, request, context, capture):
        """What a capture awaiting review shows: what the page says, and for whoever may
        archive it the form prefilled from it."""
        form = context.get("review_form") or CaptureReviewForm(capture=capture)
        context["preview"] = form.preview(capture.proposed, capture.body)
        if not self.has_review_permission(request):
            context.pop("review_form", None)
            return
        review_adminform = helpers.AdminForm(form, self.review_fieldsets, {}, model_admin=self)
        context["review_form"] = form
        context["review_adminform"] = review_adminform
        context["review_url"] = reverse("admin:archive_capture_review", args=[capture.pk])
        context["media"] = context["media"] + review_adminform.media
