"""Quotes in the admin: the list an archivist reviews, and a quote's page, where its words
and speaker are edited through quotes.services.lifecycle (its changes of state are in
quote_curation.py, its printings in printings.py)."""

import json

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Subquery
from django.urls import path, reverse
from django.utils.html import format_html

from archive.admin import ChangeNoteForm, HistoryAdmin

from ..models import Printing, Quote
from ..services import lifecycle
from ..services.lifecycle import LifecycleError
from .common import (
    ConfirmationPages,
    CurationPermissions,
    LifecycleSaves,
    MergedFilter,
    Status,
    change_link,
    is_autocomplete,
    snippet,
)
from .desk import QuoteReview
from .printings import QuotePrintingInline
from .quote_curation import QuoteCuration
from .quote_filters import ArticleFilter, DoubtFilter, DoubtFirstChangeList, SpeakerFilter


class QuoteForm(ChangeNoteForm):
    units_on_speaker_change = forms.ChoiceField(
        label="Units its articles stated",
        choices=[
            ("move", "Give them to the new speaker (the unit goes with the words)"),
            ("leave", "Leave them with the former speaker (the article misnamed the unit too)"),
        ],
        initial="move",
        required=False,
        widget=forms.RadioSelect,
        help_text="Asked only when the speaker changes: the units the articles printing this "
        "quote stated for its speaker, shown with the quote on its page.",
    )

    def clean_person(self):
        person = self.cleaned_data.get("person")
        if person is not None and person.merged_into_id:
            raise forms.ValidationError(
                f"{person.name} has been merged into {person.merged_into.name}; "
                f"choose {person.merged_into.name} instead."
            )
        return person

    def clean(self):
        cleaned = super().clean()
        if (
            "speaker_description" in self.changed_data
            and cleaned.get("person")
            and cleaned.get("speaker_description")
        ):
            self.add_error(
                "speaker_description",
                "A quote credited to a person has no description: clear the person to credit "
                "an unnamed speaker.",
            )
        return cleaned


@admin.register(Quote)
class QuoteAdmin(
    QuoteReview,
    QuoteCuration,
    CurationPermissions,
    LifecycleSaves,
    ConfirmationPages,
    HistoryAdmin,
):
    form = QuoteForm
    ordering = ["-created_at"]
    list_display = [
        "short_id",
        "text_snippet",
        "speaker",
        "doubt_shown",
        "status",
        "printing_count",
        "outlet_count",
        "created_at",
    ]
    list_display_links = ["short_id", "text_snippet"]
    list_filter = [
        "status",
        DoubtFilter,
        SpeakerFilter,
        MergedFilter,
        "printings__article__outlet",
        ArticleFilter,
    ]
    list_select_related = ["person"]
    search_fields = [
        "text",
        "=short_id",
        "person__name",
        "person__alias_set__name",
        "speaker_description",
    ]
    autocomplete_fields = ["person"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "short_id",
                    "status",
                    "text",
                    "person",
                    "speaker_description",
                    "units_on_speaker_change",
                    "note",
                ]
            },
        ),
        (
            "Record",
            {
                "fields": [
                    "withdrawal",
                    "text_edited",
                    "merged_into_link",
                    "created_at",
                    "updated_at",
                ]
            },
        ),
    ]
    readonly_fields = [
        "short_id",
        "status",
        "withdrawal",
        "text_edited",
        "merged_into_link",
        "created_at",
        "updated_at",
    ]
    inlines = [QuotePrintingInline]
    change_form_template = "admin/quotes/curated_change_form.html"
    history_list_display = ["state"]
    actions = [
        "publish_selected",
        "reject_selected",
        "merge_selected_quotes",
        "withdraw_selected",
        "restore_selected",
    ]

    class Media:
        css = {"all": ["css/admin.css"]}

    # What an archivist may change on the form; the lifecycle writes it (lifecycle.edit).
    EDITABLE = ["text", "person", "speaker_description"]

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("review/", view(self.review_view), name="quotes_quote_review"),
            path(
                "<path:object_id>/review/",
                view(self.review_decide_view),
                name="quotes_quote_review_decide",
            ),
            path(
                "<path:object_id>/curate/<str:decision>/",
                view(self.curate_view),
                name="quotes_quote_curate",
            ),
            path(
                "<path:object_id>/withdraw/", view(self.withdraw_view), name="quotes_quote_withdraw"
            ),
            *super().get_urls(),
        ]

    def get_changelist(self, request, **kwargs):
        return DoubtFirstChangeList

    def get_queryset(self, request):
        unsure = Printing.objects.filter(quote=OuterRef("pk")).exclude(doubt="").order_by("pk")
        return (
            super()
            .get_queryset(request)
            .annotate(
                printing_count=Count("printings", distinct=True),
                outlet_count=Count("printings__article__outlet", distinct=True),
                unsure=Exists(unsure),
                doubt=Subquery(unsure.values("doubt")[:1]),
                alternatives=Subquery(unsure.values("alternatives")[:1]),
            )
        )

    @admin.display(description="machine unsure", ordering="doubt")
    def doubt_shown(self, quote):
        if not quote.doubt:
            return "–"
        others = quote.alternatives or []
        if isinstance(others, str):  # SQLite gives the JSON as text
            others = json.loads(others)
        return f"{quote.doubt}; or {', '.join(others)}" if others else quote.doubt

    def get_search_results(self, request, queryset, search_term):
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if is_autocomplete(request):
            results = results.filter(merged_into__isnull=True)
        return results, may_have_duplicates

    def has_add_permission(self, request):
        # A quote stands on its printings, and printings come only from an archived article
        # (Archive an article finds its quotes for review): a quote typed in here would be
        # printed nowhere, its words credited to someone on no source.
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a quote's permalink keeps answering: it is rejected or withdrawn instead

    def has_change_permission(self, request, obj=None):
        # A merged quote lives on in its survivor; its own page only shows where it went.
        if obj is not None and obj.merged_into_id:
            return False
        return super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change):
        changes = {
            name: form.cleaned_data[name] for name in self.EDITABLE if name in form.changed_data
        }
        if not changes:
            return None
        try:
            with transaction.atomic():
                lifecycle.edit(
                    obj,
                    user=request.user,
                    note=self.change_note(form),
                    move_units=form.cleaned_data.get("units_on_speaker_change") != "leave",
                    **changes,
                )
        except LifecycleError as error:
            self.refuse(request, error)
        return None

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context["curation_buttons"] = self.curation_buttons(request, obj) if obj else []
        return super().render_change_form(request, context, add, change, form_url, obj)

    def view_on_site(self, quote):
        """Only a published, live quote has a public page to view."""
        if not quote.is_public:
            return None
        return reverse(
            "admin:view_on_site",
            kwargs={
                "content_type_id": admin.options.get_content_type_for_model(quote).pk,
                "object_id": quote.pk,
            },
        )

    @admin.display(description="text")
    def text_snippet(self, quote):
        return format_html('<span class="quote-text">{}</span>', snippet(quote.text, 60))

    @admin.display(description="speaker", ordering="person__name")
    def speaker(self, quote):
        if quote.person_id:
            return quote.person.name
        return quote.speaker_description or "–"

    @admin.display(description="printings", ordering="printing_count")
    def printing_count(self, quote):
        return quote.printing_count

    @admin.display(description="outlets", ordering="outlet_count")
    def outlet_count(self, quote):
        return quote.outlet_count

    @admin.display(description="merged into")
    def merged_into_link(self, quote):
        if quote.merged_into_id is None:
            return "–"
        return change_link(quote.merged_into, quote.merged_into.short_id)

    def state(self, version):
        """The quote's status in one of its versions, on its History page."""
        return version.get_status_display()

    @admin.display(description="withdrawn")
    def withdrawal(self, quote):
        if quote.status != Status.WITHDRAWN:
            return "–"
        when = quote.withdrawn_at.date() if quote.withdrawn_at else "–"
        reason = quote.get_withdrawal_reason_display() or "–"
        if quote.withdrawal_note:
            return format_html("{} · {}: {}", when, reason, quote.withdrawal_note)
        return format_html("{} · {}", when, reason)
