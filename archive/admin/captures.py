"""The captures' admin: each fetch of a page, retried if it failed, reviewed if it waits.

What was asked, by whom, how it went and what it archived; a failed capture is retried, and
one awaiting review is corrected and archived."""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.defaultfilters import filesizeformat, linebreaksbr
from django.urls import path, reverse
from django.utils.html import format_html

from .. import queueing
from ..capture import CaptureRefused, not_in_review, outcome
from ..fetch import CaptureFailed
from ..forms import CaptureReviewForm
from ..models import Article, Capture
from ..services import ArticleRejected
from ..suggestions import ignored_decisions
from ..text import paragraphs
from .differences import text_difference

# While a capture waits or runs, its admin page reloads itself this often (seconds).
CAPTURE_REFRESH_SECONDS = 5


@admin.register(Capture)
class CaptureAdmin(admin.ModelAdmin):
    """Each fetch of a web page: what was asked, by whom, how it went and what it archived.
    Captures are made by the capture service (the article add form's URL field, the API),
    never typed in; a failed one can be retried, and one awaiting review shows what the page
    says about itself, to be corrected and archived."""

    class Media:
        css = {"all": ["css/admin.css"]}  # the preview's suggestions, as on the article's

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
        ("Fixity", {"fields": ["warc_sha256", "warc_key", "content_sha256", "task_id"]}),
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
            .defer("body", "article__body", "article__raw")
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
                if ignored := ignored_decisions(form.decisions):
                    self.message_user(request, ignored, messages.WARNING)
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


def state_line(capture):
    """A capture's state in a few words, a failure with its one-line reason."""
    state = capture.get_state_display()
    if capture.state == Capture.State.FAILED and capture.reason:
        return f"{state}: {capture.reason}"
    return state


def archived_copy_links(capture):
    """Links to a capture's replay and its WARC file (with the file's size), or nothing."""
    if not capture.has_warc:
        return ""
    size = capture.warc_size
    return format_html(
        ' — <a href="{}" target="_blank" rel="noopener noreferrer">View the page as captured'
        '</a> · <a href="{}">Download the WARC</a>{}',
        reverse("quotes:capture-page", args=[capture.pk]),
        reverse("quotes:capture-warc", args=[capture.pk]),
        f" ({filesizeformat(size)})" if size is not None else "",
    )
