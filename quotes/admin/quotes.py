"""Quotes and their printings in the admin: review, edit, publish, withdraw, merge and split,
each through quotes.services.lifecycle."""

import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ORDER_VAR, ChangeList
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Subquery
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html

from archive.admin import ChangeNoteForm, HistoryAdmin
from archive.models import Article

from ..models import (
    Printing,
    Quote,
)
from ..services import lifecycle
from ..services.lifecycle import LifecycleError
from .common import (
    ARTICLE_TEXT,
    ConfirmationPages,
    CurationPermissions,
    LifecycleSaves,
    MergedFilter,
    NoteForm,
    Status,
    WithdrawForm,
    change_link,
    in_context,
    is_autocomplete,
    next_url,
    plural,
    snippet,
    speaker_link,
)


class SpeakerFilter(admin.SimpleListFilter):
    """Whether the quote is attributed to a named person, only described, or to no one."""

    title = "speaker"
    parameter_name = "speaker"

    def lookups(self, request, model_admin):
        return [
            ("named", "Named person"),
            ("described", "Described only"),
            ("none", "No speaker"),
        ]

    def queryset(self, request, queryset):
        if self.value() == "named":
            return queryset.filter(person__isnull=False)
        if self.value() == "described":
            return queryset.filter(person__isnull=True).exclude(speaker_description="")
        if self.value() == "none":
            return queryset.filter(person__isnull=True, speaker_description="")
        return queryset


class DoubtFirstChangeList(ChangeList):
    """The quote list with what the machine was unsure of first, unless a column is sorted:
    it is what waits for an archivist."""

    def get_ordering(self, request, queryset):
        ordering = super().get_ordering(request, queryset)
        if ORDER_VAR in self.params:
            return ordering
        return ["-unsure", *ordering]


class DoubtFilter(admin.SimpleListFilter):
    """Whether the machine was unsure of a printing's speaker or unit: those quotes wait for
    review, first in the list."""

    title = "attribution"
    parameter_name = "attribution"

    def lookups(self, request, model_admin):
        return [("unsure", "Machine unsure"), ("sure", "Machine sure")]

    def queryset(self, request, queryset):
        if self.value() == "unsure":
            return queryset.filter(doubt__isnull=False)
        if self.value() == "sure":
            return queryset.filter(doubt__isnull=True)
        return queryset


class ArticleFilter(admin.SimpleListFilter):
    """Quotes found in one article: the link from an article's change page lands here."""

    title = "article"
    parameter_name = "article"

    def lookups(self, request, model_admin):
        # Only offered once chosen; there are far too many articles to list.
        value = self.value()
        if value and value.isdigit():
            article = Article.objects.filter(pk=value).only("title", "source_file").first()
            if article:
                return [(value, str(article))]
        return []

    def queryset(self, request, queryset):
        if self.value():
            if not self.value().isdigit():
                raise admin.options.IncorrectLookupParameters("article must be an id")
            return queryset.filter(printings__article_id=self.value())
        return queryset


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


class QuoteForm(ChangeNoteForm):
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
class QuoteAdmin(CurationPermissions, LifecycleSaves, ConfirmationPages, HistoryAdmin):
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
        (None, {"fields": ["short_id", "status", "text", "person", "speaker_description", "note"]}),
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
                lifecycle.edit(obj, user=request.user, note=self.change_note(form), **changes)
        except LifecycleError as error:
            self.refuse(request, error)
        return None

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        context["curation_buttons"] = self.curation_buttons(request, obj) if obj else []
        return super().render_change_form(request, context, add, change, form_url, obj)

    def curation_buttons(self, request, quote):
        """The changes of state this user may make to `quote` now, as its page offers them:
        (label, url, whether it is posted at once)."""
        if quote.merged_into_id:
            return []
        buttons = []

        def curate(decision):
            return reverse("admin:quotes_quote_curate", args=[quote.pk, decision])

        if self.has_publish_permission(request):
            if quote.status in (Status.SUGGESTED, Status.REJECTED):
                buttons.append(("Publish", curate("publish"), True))
            if quote.status == Status.SUGGESTED:
                buttons.append(("Reject", curate("reject"), True))
        if self.has_withdraw_permission(request):
            if quote.is_public:
                url = reverse("admin:quotes_quote_withdraw", args=[quote.pk])
                buttons.append(("Withdraw…", url, False))
            if quote.status == Status.WITHDRAWN:
                buttons.append(("Restore", curate("restore"), True))
        return buttons

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

    # One quote, from its page

    def curate_view(self, request, object_id, decision):
        """Publish, reject or restore one quote (a button on its page or an article's review
        list), then go back to the page the button was on."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        allowed = {
            "publish": self.has_publish_permission,
            "reject": self.has_publish_permission,
            "restore": self.has_withdraw_permission,
        }
        if decision not in allowed:
            raise Http404
        if not allowed[decision](request):
            raise PermissionDenied
        quote = self.get_object(request, unquote(object_id))
        if quote is None:
            raise Http404
        note = request.POST.get("note", "")[:500]
        past = {"publish": "published", "reject": "rejected", "restore": "restored"}[decision]
        try:
            if decision == "restore":
                lifecycle.restore(quote, user=request.user, note=note)
                done = True
            else:
                change = lifecycle.publish if decision == "publish" else lifecycle.reject
                done = change(quote, user=request.user, note=note) > 0
        except LifecycleError as error:
            self.message_user(request, str(error), messages.ERROR)
        else:
            if done:
                self.log_change(request, quote, f"{past.capitalize()}.")
                self.message_user(request, f"Quote {quote.short_id} {past}.", messages.SUCCESS)
            else:
                state = quote.get_status_display().lower()
                self.message_user(
                    request,
                    f"Quote {quote.short_id} is {state}; it was left as it was.",
                    messages.WARNING,
                )
        change_url = reverse("admin:quotes_quote_change", args=[quote.pk])
        return HttpResponseRedirect(next_url(request, change_url))

    def withdraw_view(self, request, object_id):
        """Withdraw one quote, after a page choosing the reason."""
        if not self.has_withdraw_permission(request):
            raise PermissionDenied
        quote = self.get_object(request, unquote(object_id))
        if quote is None:
            raise Http404
        change_url = reverse("admin:quotes_quote_change", args=[quote.pk])
        form = WithdrawForm(request.POST if request.method == "POST" else None)
        if form.is_bound and form.is_valid():
            if self.withdraw(request, [quote], **form.cleaned_data):
                return HttpResponseRedirect(change_url)
        return self.confirm_withdrawal(request, [quote], form, cancel_url=change_url)

    def withdraw(self, request, quotes, *, reason, note):
        done = []
        for quote in quotes:
            try:
                lifecycle.withdraw(quote, reason=reason, user=request.user, note=note)
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                continue
            self.log_change(request, quote, "Withdrawn.")
            done.append(quote.short_id)
        if done:
            label = Quote.WithdrawalReason(reason).label.lower()
            self.message_user(
                request,
                f"{plural(len(done), 'quote')} withdrawn ({label}): {', '.join(done)}.",
                messages.SUCCESS,
            )
        return done

    def confirm_withdrawal(self, request, quotes, form, action=None, cancel_url=None):
        return self.render_confirmation(
            request,
            title=f"Withdraw {plural(len(quotes), 'quote')}",
            intro="A withdrawn quote leaves every public page; its permalink answers that it "
            "was withdrawn, with the reason and the date, and it can be restored later.",
            headers=["Quote", "Text", "Speaker"],
            rows=[[q.short_id, q.text, self.speaker(q)] for q in quotes],
            form=form,
            submit="Withdraw",
            action=action,
            objects=quotes if action else (),
            cancel_url=cancel_url,
        )

    # Actions on the list

    @admin.action(description="Publish selected quotes", permissions=["publish"])
    def publish_selected(self, request, queryset):
        selected = queryset.count()
        count = lifecycle.publish(queryset, user=request.user)
        self.message_user(request, f"{plural(count, 'quote')} published.", messages.SUCCESS)
        self.report_left(request, selected - count, "suggested or rejected")

    @admin.action(description="Reject selected quotes", permissions=["publish"])
    def reject_selected(self, request, queryset):
        selected = queryset.count()
        count = lifecycle.reject(queryset, user=request.user)
        self.message_user(request, f"{plural(count, 'quote')} rejected.", messages.SUCCESS)
        self.report_left(request, selected - count, "suggested")

    def report_left(self, request, count, what):
        if count:
            self.message_user(
                request,
                f"{plural(count, 'quote was', 'quotes were')} not {what} and left as "
                f"{'it was' if count == 1 else 'they were'}.",
                messages.WARNING,
            )

    @admin.action(description="Withdraw selected quotes…", permissions=["withdraw"])
    def withdraw_selected(self, request, queryset):
        quotes = list(queryset.select_related("person").order_by("created_at", "pk"))
        unpublished = [q.short_id for q in quotes if not q.is_public]
        if unpublished:
            self.message_user(
                request,
                f"Only published quotes are withdrawn: {', '.join(unpublished)} "
                f"{'is' if len(unpublished) == 1 else 'are'} not. A suggestion is rejected.",
                messages.ERROR,
            )
            return None
        form = WithdrawForm(request.POST if request.POST.get("post") else None)
        if form.is_bound and form.is_valid():
            self.withdraw(request, quotes, **form.cleaned_data)
            return None
        return self.confirm_withdrawal(request, quotes, form, action="withdraw_selected")

    @admin.action(description="Restore selected withdrawn quotes", permissions=["withdraw"])
    def restore_selected(self, request, queryset):
        done = []
        for quote in queryset.filter(status=Status.WITHDRAWN, merged_into=None):
            lifecycle.restore(quote, user=request.user)
            self.log_change(request, quote, "Restored.")
            done.append(quote.short_id)
        self.message_user(request, f"{plural(len(done), 'quote')} restored.", messages.SUCCESS)

    @admin.action(description="Merge selected quotes into one", permissions=["merge"])
    def merge_selected_quotes(self, request, queryset):
        quotes = list(queryset.order_by("created_at", "pk"))
        if len(quotes) < 2:
            self.message_user(request, "Select two or more quotes to merge.", messages.ERROR)
            return None
        merged = [q.short_id for q in quotes if q.merged_into_id]
        if merged:
            self.message_user(
                request,
                f"Already merged into another quote: {', '.join(merged)}. Select only live quotes.",
                messages.ERROR,
            )
            return None
        speakers = {q.person for q in quotes if q.person_id}
        if len(speakers) > 1:
            names = ", ".join(sorted(p.name for p in speakers))
            self.message_user(
                request,
                f"These quotes are attributed to different people ({names}); "
                "correct the speaker first.",
                messages.ERROR,
            )
            return None
        if request.POST.get("post") and self.merge_into_chosen(
            request, quotes, merge=lifecycle.merge, describe=lambda q: q.short_id
        ):
            return None
        default = max(quotes, key=lambda q: (q.status == Status.PUBLISHED, q.printing_count))
        return self.render_merge_confirmation(
            request,
            objects=quotes,
            action="merge_selected_quotes",
            headers=["Quote", "Text", "Speaker", "Status", "Printings"],
            rows=[
                [q.short_id, q.text, self.speaker(q), q.get_status_display(), q.printing_count]
                for q in quotes
            ],
            default=default,
        )


@admin.register(Printing)
class PrintingAdmin(CurationPermissions, LifecycleSaves, ConfirmationPages, HistoryAdmin):
    list_display = ["quote_snippet", "speaker", "article", "outlet"]
    list_filter = ["article__outlet", "quote__status"]
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


# Merge suggestions
