"""The followed sources in the admin: add a feed, sitemap or site, pause it, and see each run,
what it found and why an item was not taken."""

from django.contrib import admin, messages
from django.db import models
from django.db.models import OuterRef, Subquery
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..forms import WebURLField
from .models import Source, SourceItem, SourceRun
from .services import outlet_of, pause_sources, resume_sources, run_soon


class RunInline(admin.TabularInline):
    """The source's latest runs, newest first."""

    model = SourceRun
    fields = ["run_link", "state", "started_at", "finished_at", "status_code", "summary"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = False
    verbose_name_plural = _("runs")

    @admin.display(description=_("run"))
    def run_link(self, run):
        url = reverse("admin:following_sourcerun_change", args=[run.pk])
        return format_html('<a href="{}">{}</a>', url, run.pk)

    def get_queryset(self, request):
        latest = SourceRun.objects.filter(source=OuterRef("source")).order_by("-pk")
        ids = Subquery(latest.values("pk")[:20])
        return super().get_queryset(request).filter(pk__in=ids)


@admin.register(Source)
class SourceAdmin(admin.ModelAdmin):
    """A feed, a sitemap or a site the archive follows: added with its address alone (an
    outlet is found from its domain), paused and resumed, run when due."""

    list_display = ["url", "outlet", "kind", "paused", "interval", "last_run", "next_run_at"]
    list_filter = ["paused", "kind"]
    list_select_related = ["outlet"]
    search_fields = ["url", "outlet__name"]
    autocomplete_fields = ["outlet"]
    formfield_overrides = {models.URLField: {"form_class": WebURLField}}
    actions = ["pause", "resume", "run_now"]
    inlines = [RunInline]
    fields = [
        "url",
        "outlet",
        "kind",
        "found_on",
        "paused",
        "interval",
        "words",
        "languages",
        "publish",
        "next_run_at",
        "failures",
        "leased_until",
        "etag",
        "last_modified",
    ]
    readonly_fields = ["kind", "found_on", "failures", "leased_until", "etag", "last_modified"]

    def get_queryset(self, request):
        latest = SourceRun.objects.filter(source=OuterRef("pk")).order_by("-pk")
        return (
            super()
            .get_queryset(request)
            .annotate(
                last_state=Subquery(latest.values("state")[:1]),
                last_started=Subquery(latest.values("started_at")[:1]),
                last_reason=Subquery(latest.values("reason")[:1]),
            )
        )

    @admin.display(description=_("last run"), ordering="last_started")
    def last_run(self, source):
        if source.last_started is None:
            return "–"
        state = SourceRun.State(source.last_state).label
        shown = f"{state}: {source.last_reason}" if source.last_reason else state
        return f"{source.last_started:%Y-%m-%d %H:%M} · {shown}"

    def save_model(self, request, obj, form, change):
        # An address given alone is filed under the outlet of its domain, as the command does.
        if obj.outlet_id is None:
            obj.outlet = outlet_of(obj.url)
        super().save_model(request, obj, form, change)

    @admin.action(description=_("Pause the selected sources"))
    def pause(self, request, queryset):
        count = pause_sources(queryset)
        self.message_user(
            request, ngettext("%d source paused.", "%d sources paused.", count) % count
        )

    @admin.action(description=_("Resume the selected sources"))
    def resume(self, request, queryset):
        count = resume_sources(queryset)
        self.message_user(
            request, ngettext("%d source resumed.", "%d sources resumed.", count) % count
        )

    @admin.action(description=_("Run the selected sources next"))
    def run_now(self, request, queryset):
        count = run_soon(queryset)
        self.message_user(
            request,
            ngettext(
                "%d source is due now: the follower runs it next.",
                "%d sources are due now: the follower runs them next.",
                count,
            )
            % count,
            messages.SUCCESS,
        )


class ItemInline(admin.TabularInline):
    """What the run did with each item it did not count as old."""

    model = SourceItem
    fields = ["url", "title", "published", "outcome", "reason", "capture_link"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False

    @admin.display(description=_("capture"))
    def capture_link(self, item):
        if item.capture_id is None:
            return "–"
        url = reverse("admin:archive_capture_change", args=[item.capture_id])
        return format_html('<a href="{}">{}</a>', url, item.capture_id)


@admin.register(SourceRun)
class SourceRunAdmin(admin.ModelAdmin):
    """Each run of a source: when, how it ended, what it counted, and each item it took,
    filtered out, or found broken, with the reason in a line."""

    list_display = ["source", "state", "started_at", "finished_at", "status_code", "summary"]
    list_filter = ["state"]
    list_select_related = ["source"]
    search_fields = ["source__url", "reason"]
    date_hierarchy = "started_at"
    inlines = [ItemInline]
    fields = [
        "source",
        "state",
        "reason",
        "worker",
        "started_at",
        "finished_at",
        "status_code",
        "listed",
        "captured",
        "old",
        "skipped",
        "broken",
    ]
    readonly_fields = fields

    # Runs are a record of what happened: written by the runs alone.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
