"""Printings in the admin: the list of them on a quote's page, and their own pages, where an
editor moves one to another quote or splits it off into a quote of its own."""

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html

from archive.admin import HistoryAdmin, LanguageListFilter

from ..models import Printing
from ..services import lifecycle
from ..services.lifecycle import LifecycleError
from .common import (
    ARTICLE_TEXT,
    ConfirmationPages,
    CurationPermissions,
    LifecycleSaves,
    NoteForm,
    change_link,
    in_context,
    plural,
    snippet,
    speaker_link,
)


class QuotePrintingInline(admin.TabularInline):
    model = Printing
    fields = ["article_link", "outlet", "published", "text", "attribution", "credited"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    view_on_site = False

    def has_add_permission(self, request, obj=None):
        return False

    def get_fields(self, request, obj=None):
        if obj is not None and self.may_split(request, obj):
            return [*self.fields, "split_link"]
        return self.fields

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    @staticmethod
    def may_split(request, quote):
        """Whether a page offers to split a printing off `quote`: to editors who may merge,
        on a live quote printed by more than one article."""
        if not hasattr(quote, "_splittable"):
            quote._splittable = (
                request.user.has_perm("quotes.merge_quote")
                and quote.merged_into_id is None
                and quote.printings.values("article").distinct().count() > 1
            )
        return quote._splittable

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("article__outlet", "person")
            .defer(*(f"article__{f}" for f in ARTICLE_TEXT))
        )

    @admin.display(description="article")
    def article_link(self, printing):
        return change_link(printing.article)

    @admin.display(description="this article credits")
    def credited(self, printing):
        who = speaker_link(printing.person, printing.speaker_description, "nobody named")
        if printing.speaker_title:
            who = format_html("{} ({})", who, printing.speaker_title)
        if printing.doubt:
            who = format_html(
                '{}<br><span class="doubt">Unsure ({}): {}{}</span>',
                who,
                f"{printing.confidence:.0%}",
                printing.doubt,
                "; or " + ", ".join(printing.alternatives) if printing.alternatives else "",
            )
        return who

    @admin.display(description="outlet")
    def outlet(self, printing):
        return printing.article.outlet or "–"

    @admin.display(description="published")
    def published(self, printing):
        return printing.article.published or "–"

    @admin.display(description="split")
    def split_link(self, printing):
        url = reverse("admin:quotes_printing_split", args=[printing.pk])
        return format_html('<a href="{}">Split off into its own quote…</a>', url)


@admin.register(Printing)
class PrintingAdmin(CurationPermissions, LifecycleSaves, ConfirmationPages, HistoryAdmin):
    list_display = ["quote_snippet", "speaker", "article", "outlet", "language"]
    list_filter = ["article__outlet", "quote__status", LanguageListFilter]
    list_select_related = ["quote__person", "article__outlet"]
    search_fields = ["text", "=quote__short_id", "article__title", "attribution"]
    autocomplete_fields = ["quote"]
    # Offsets point into the archived article and are the extractor's: never edited here.
    fields = ["quote", "article", "text", "in_context", "attribution", "note"]
    readonly_fields = ["article", "text", "in_context"]
    actions = ["split_selected"]
    change_form_template = "admin/quotes/curated_change_form.html"

    class Media:
        css = {"all": ["css/admin.css"]}

    def get_urls(self):
        split = self.admin_site.admin_view(self.split_view)
        return [
            path("<path:object_id>/split/", split, name="quotes_printing_split"),
            *super().get_urls(),
        ]

    def get_readonly_fields(self, request, obj=None):
        # Moving a printing to another quote can merge its old quote away: an editor's call.
        if self.has_merge_permission(request):
            return self.readonly_fields
        return ["quote", *self.readonly_fields]

    def has_add_permission(self, request):
        return False  # printings come from extraction: their offsets point into an article

    def has_delete_permission(self, request, obj=None):
        return False  # a printing is moved or split off, never deleted

    def get_queryset(self, request):
        return super().get_queryset(request).defer(*(f"article__{f}" for f in ARTICLE_TEXT))

    def save_model(self, request, obj, form, change):
        note = self.change_note(form)
        others = [name for name in form.changed_data if name not in ("quote", "note")]
        moved_to = form.cleaned_data["quote"] if "quote" in form.changed_data else None
        try:
            with transaction.atomic():
                if others:
                    if moved_to is not None:
                        obj.quote_id = form.initial["quote"]  # moved below, by the lifecycle
                    obj._change_reason = note or None
                    obj._history_user = request.user
                    obj.save(update_fields=others)
                if moved_to is not None:
                    lifecycle.move_printing(obj, to=moved_to, user=request.user, note=note)
        except LifecycleError as error:
            self.refuse(request, error)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context["curation_buttons"] = []
        if obj is not None and QuotePrintingInline.may_split(request, obj.quote):
            url = reverse("admin:quotes_printing_split", args=[obj.pk])
            context["curation_buttons"] = [("Split off into its own quote…", url, False)]
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.display(description="quote")
    def quote_snippet(self, printing):
        return snippet(printing.text, 14)

    @admin.display(description="speaker")
    def speaker(self, printing):
        return printing.quote.speaker_name

    @admin.display(description="outlet", ordering="article__outlet__name")
    def outlet(self, printing):
        return printing.article.outlet or "–"

    @admin.display(description="in the article")
    def in_context(self, printing):
        return in_context(printing.article.body, printing.start, printing.end)

    def split_view(self, request, object_id):
        """Make one printing (with what its article printed of the same quote) a quote of its
        own, after a page saying what moves."""
        if not self.has_merge_permission(request):
            raise PermissionDenied
        printing = self.get_object(request, unquote(object_id))
        if printing is None:
            raise Http404
        quote = printing.quote
        form = NoteForm(request.POST if request.method == "POST" else None)
        if form.is_bound and form.is_valid():
            try:
                new = lifecycle.split(printing, user=request.user, note=form.cleaned_data["note"])
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                return HttpResponseRedirect(reverse("admin:quotes_quote_change", args=[quote.pk]))
            self.message_user(
                request,
                f"The printing by {printing.article.outlet or printing.article} is now quote "
                f"{new.short_id}, apart from {quote.short_id}.",
                messages.SUCCESS,
            )
            return HttpResponseRedirect(reverse("admin:quotes_quote_change", args=[new.pk]))
        printings = quote.printings.filter(article=printing.article_id).order_by("start")
        return self.render_confirmation(
            request,
            title=f"Split a printing off quote {quote.short_id}",
            intro=f"What {printing.article} printed of quote {quote.short_id} becomes a quote "
            "of its own, with the same speaker and status; the quote keeps its other printings.",
            headers=["Article", "Printed words"],
            rows=[[str(printing.article), printed.text] for printed in printings],
            form=form,
            submit="Split off",
            cancel_url=reverse("admin:quotes_quote_change", args=[quote.pk]),
        )

    @admin.action(
        description="Split selected printings off into quotes of their own", permissions=["merge"]
    )
    def split_selected(self, request, queryset):
        done, seen = [], set()
        for printing in queryset.select_related("quote").order_by("pk"):
            # An article's pieces of one quote leave it together.
            if (printing.quote_id, printing.article_id) in seen:
                continue
            seen.add((printing.quote_id, printing.article_id))
            try:
                new = lifecycle.split(printing, user=request.user)
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                continue
            done.append(new.short_id)
        if done:
            self.message_user(
                request,
                f"Split off into {plural(len(done), 'new quote')}: {', '.join(done)}.",
                messages.SUCCESS,
            )
