"""The admin's archiving of a long article in the background: the preview's button queues the
import for a worker and opens a page that shows how far it has got ("Importing: 350 of 1,000
quotations"), reloading itself until the article is archived and its page opens, or until it
says why it was not. A short article is archived as before (ArticleAdmin.archive_previewed)."""

import uuid

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tasks import TaskResultStatus
from django_tasks.exceptions import TaskResultDoesNotExist

from .. import progress
from ..models import Article
from ..tasks import import_article

REFRESH_SECONDS = 2
WAITING = ("queued", "reading", "storing")


class BackgroundImportMixin:
    """For ArticleAdmin: `archives_in_background`, `archive_in_background` and the progress
    page."""

    def get_urls(self):
        importing = path(
            "importing/<str:key>/",
            self.admin_site.admin_view(self.importing_view),
            name="archive_article_importing",
        )
        return [importing, *super().get_urls()]

    def archives_in_background(self, form) -> bool:
        """Whether the previewed source is long enough (its text over
        BACKGROUND_IMPORT_CHARS characters) to be archived by a worker, not by the request."""
        limit = settings.BACKGROUND_IMPORT_CHARS
        # The raw source is never shorter than its text: most sources are told by its size.
        return len(form.source["raw"]) > limit and len(form.page()["body"]) > limit

    def archive_in_background(self, request, form):
        """Queue the import of the previewed source and open its progress page."""
        key = uuid.uuid4().hex
        title = form.cleaned_data["title"].strip() or form.source["source_file"]
        progress.queued(key, title=title or _("The article"))
        result = form.enqueue(user=request.user, progress_key=key)
        progress.update(key, task=str(result.id))
        return HttpResponseRedirect(reverse("admin:archive_article_importing", args=[key]))

    def importing_view(self, request, key):
        """How the queued import stands; once done, the article's page."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        state = progress.get(key)
        if state is None:
            raise Http404(_("No import is known by this address (it ended a day ago or more)."))
        state = _with_task_outcome(state)
        if state["state"] == "done":
            return self.response_imported(request, state)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Archiving “%(title)s”") % {"title": state["title"]},
            "subtitle": None,
            "opts": self.model._meta,
            "import": state,
            "refresh_seconds": REFRESH_SECONDS if state["state"] in WAITING else None,
        }
        return TemplateResponse(request, "admin/archive/article/importing.html", context)

    def response_imported(self, request, state):
        article = Article.objects.filter(pk=state["article"]).first()
        if article is None:
            raise Http404(_("The archived article is gone."))
        if state.get("created", True):
            count = article.printings.values("quote").distinct().count()
            said = ngettext(
                "“%(article)s” was archived; %(count)d quote found. Review it below.",
                "“%(article)s” was archived; %(count)d quotes found. Review them below.",
                count,
            ) % {"article": article, "count": count}
            self.message_user(request, said, messages.SUCCESS)
        else:
            said = _("This article was already archived as “%(article)s”.") % {"article": article}
            self.message_user(request, said, messages.WARNING)
        return HttpResponseRedirect(reverse("admin:archive_article_change", args=[article.pk]))


def _with_task_outcome(state: dict) -> dict:
    """`state`, or, while it says the import is not over, the outcome its task records, where
    the tasks backend keeps one: the cache may not be shared with the worker (no REDIS_URL),
    or a worker may have died before its last word."""
    if state["state"] not in WAITING or not state.get("task"):
        return state
    if not import_article.get_backend().supports_get_result:
        return state
    try:
        result = import_article.get_result(state["task"])
    except TaskResultDoesNotExist:
        return state
    if result.status == TaskResultStatus.SUCCESSFUL:
        outcome = result.return_value
        return {**state, "state": "done", "article": outcome["article"], **outcome}
    if result.status == TaskResultStatus.FAILED:
        lines = result.errors[-1].traceback.strip().splitlines() if result.errors else [""]
        return {**state, "state": "failed", "reason": state.get("reason") or lines[-1]}
    return state
