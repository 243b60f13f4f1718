"""Admin for people, units, quotes, their appearances and merge suggestions: where archivists
review what the extractor found and correct it, and editors publish, merge and withdraw.

Every change to a quote's state goes through quotes.services.lifecycle, with the user who
asked and their note; the admin never writes a status or derived data (canonical text, search
index, dates) itself. What each role may do is in quotes/roles.py: an action or a button of
the editors' asks `has_publish_permission`, `has_merge_permission` or
`has_withdraw_permission`."""

import re
from itertools import combinations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import Truncator

from archive.admin import ArticleAdmin, ChangeNoteForm, HistoryAdmin
from archive.models import Article

from . import public
from .models import (
    Appearance,
    AttributionConflict,
    Membership,
    MergeSuggestion,
    Person,
    PersonAlias,
    PersonMergeSuggestion,
    Quote,
    Unit,
)
from .names import likeness, parse_name
from .services import lifecycle
from .services.attribution import credit_printing_speaker, keep_quote_speaker
from .services.lifecycle import LifecycleError

# Article bodies and raw sources can be megabytes: rows that join an article never load them.
ARTICLE_TEXT = ["body", "raw"]

# At most this many characters of the article either side of a quotation under review.
CONTEXT_CHARS = 240
# Where a sentence or a paragraph ends: the quotation's context starts and stops there.
SENTENCE_END = re.compile(r"[.!?…][”\"’»)]*\s|\n")

Status = Quote.Status


def snippet(text, words=20):
    return Truncator(" ".join(text.split())).words(words, truncate=" …")


def change_link(obj, text=None):
    """A link to `obj`'s admin change page."""
    opts = obj._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, text if text is not None else obj)


def speaker_link(person, description, empty="–"):
    """Whom a quote or a printing credits: a link to the person, else the description."""
    return change_link(person) if person is not None else description or empty


def plural(count, singular, many=None):
    return f"{count} {singular if count == 1 else (many or singular + 's')}"


def in_context(body, start, end, chars=CONTEXT_CHARS):
    """The quotation at body[start:end] within its sentence, as escaped HTML with the quoted
    words marked: from the start of the sentence or paragraph it opens in to the end of the
    one it closes in, at most `chars` characters either side."""
    before, after = body[max(0, start - chars) : start], body[end : end + chars]
    ends = list(SENTENCE_END.finditer(before))
    if ends:
        before = before[ends[-1].end() :]
    elif start > chars:
        before = "… " + before
    found = SENTENCE_END.search(after)
    if found:
        after = after[: found.end()]
    elif end + chars < len(body):
        after += " …"
    quoted = Truncator(body[start:end]).chars(600)
    return format_html(
        '{}<mark class="quoted">{}</mark>{}',
        " ".join(before.split()) + (" " if before[-1:].isspace() else ""),
        " ".join(quoted.split()),
        (" " if after[:1].isspace() else "") + " ".join(after.split()),
    )


def next_url(request, default):
    """Where to go after a button: the page that sent it, when it is one of ours."""
    url = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if url and safe else default


class MergedFilter(admin.SimpleListFilter):
    """Live records, or those merged into another (kept only so old links redirect)."""

    title = "merged"
    parameter_name = "merged"

    def lookups(self, request, model_admin):
        return [("no", "Live"), ("yes", "Merged into another")]

    def queryset(self, request, queryset):
        if self.value() == "no":
            return queryset.filter(merged_into__isnull=True)
        if self.value() == "yes":
            return queryset.filter(merged_into__isnull=False)
        return queryset


class CurationPermissions:
    """The editors' permissions, as the admin asks for them: an action declared with
    `@admin.action(permissions=["publish"])` is offered only where `has_publish_permission`
    says so, and the views and buttons below ask the same."""

    def has_publish_permission(self, request):
        return request.user.has_perm("quotes.publish_quote")

    def has_merge_permission(self, request):
        return request.user.has_perm("quotes.merge_quote")

    def has_withdraw_permission(self, request):
        return request.user.has_perm("quotes.withdraw_quote")


class LifecycleSaves:
    """For a change form saved through the lifecycle: a change the rules refuse
    (LifecycleError) is an error message on the same page, not a success (nor a 500)."""

    def refuse(self, request, error):
        self.message_user(request, str(error), messages.ERROR)
        request.lifecycle_refused = True

    def log_change(self, request, obj, message):
        if getattr(request, "lifecycle_refused", False):
            return None
        return super().log_change(request, obj, message)

    def response_change(self, request, obj):
        if getattr(request, "lifecycle_refused", False):
            return HttpResponseRedirect(request.path)
        return super().response_change(request, obj)


class NoteForm(forms.Form):
    note = forms.CharField(
        label="Why (recorded in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
    )


class WithdrawForm(forms.Form):
    reason = forms.ChoiceField(choices=Quote.WithdrawalReason.choices, widget=forms.RadioSelect)
    note = forms.CharField(
        label="Note (kept with the withdrawal and in the history)",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("reason") == Quote.WithdrawalReason.OTHER and not cleaned.get("note"):
            self.add_error("note", "Say why, when the reason is “Other”.")
        return cleaned


class ConfirmationPages:
    """An action's or a button's intermediate page: what will change, and a form to confirm."""

    merge_template = "admin/quotes/merge_confirmation.html"
    confirmation_template = "admin/quotes/confirmation.html"

    def render_confirmation(
        self,
        request,
        *,
        title,
        intro,
        headers,
        rows,
        form,
        submit,
        action=None,
        objects=(),
        cancel_url=None,
    ):
        """`action` and `objects`: the changelist action (and its selection) that posts the
        confirmation back; without them the page posts to itself."""
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "subtitle": None,
            "opts": self.opts,
            "intro": intro,
            "headers": headers,
            "rows": rows,
            "form": form,
            "submit_label": submit,
            "cancel_url": cancel_url
            or reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist"),
            "action": action,
            "selected": [obj.pk for obj in objects],
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "media": self.media + form.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.confirmation_template, context)

    def render_merge_confirmation(
        self, request, *, objects, action, headers, rows, default, warnings=(), notes=()
    ):
        context = {
            **self.admin_site.each_context(request),
            "title": f"Merge {len(objects)} {self.opts.verbose_name_plural}",
            "subtitle": None,
            "opts": self.opts,
            "headers": headers,
            "rows": list(zip(objects, rows, strict=True)),
            "default_survivor": default.pk,
            "action": action,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "warnings": warnings,
            "notes": notes,
            "note_form": NoteForm(),
            "media": self.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.merge_template, context)

    def chosen_survivor(self, request, objects):
        chosen = request.POST.get("survivor")
        return next((obj for obj in objects if str(obj.pk) == chosen), None)

    def merge_into_chosen(self, request, objects, *, merge, describe):
        """The confirmed merge: every selected record but the chosen survivor merged into it
        with `merge(source=, target=, user=, note=)` in one transaction, logged and reported.
        False when no survivor was chosen, so that the confirmation page is shown again."""
        survivor = self.chosen_survivor(request, objects)
        noun = self.opts.verbose_name
        if survivor is None:
            self.message_user(request, f"Choose the {noun} to keep.", messages.ERROR)
            return False
        note = request.POST.get("note", "")[:500]
        others = [obj for obj in objects if obj != survivor]
        try:
            with transaction.atomic():
                for obj in others:
                    merge(source=obj, target=survivor, user=request.user, note=note)
        except ValueError as exc:  # LifecycleError
            self.message_user(request, str(exc), messages.ERROR)
            return True
        names = ", ".join(describe(obj) for obj in others)
        self.log_change(request, survivor, f"Merged {names} into this {noun}.")
        self.message_user(request, f"Merged {names} into {describe(survivor)}.", messages.SUCCESS)
        return True


def is_autocomplete(request):
    return request.resolver_match is not None and request.resolver_match.url_name == "autocomplete"


# Memberships, edited on the person's and the unit's pages and on their own


def save_membership(membership, changed, *, user, note):
    """Write a membership an admin form changed (`changed`: the changed fields; None for a
    new one) through the lifecycle, which puts a unit's change on the public record."""
    if changed is not None and not set(changed) - {"note"}:
        return membership
    if changed is None or {"person", "article"} & set(changed):
        if changed is not None:
            stored = Membership.objects.select_related("person", "unit").get(pk=membership.pk)
            lifecycle.remove_membership(stored, user=user, note=note)
        saved = lifecycle.add_membership(
            person=membership.person,
            unit=membership.unit,
            article=membership.article,
            rank=membership.rank,
            role=membership.role,
            user=user,
            note=note,
        )
        membership.pk = saved.pk
        return saved
    return lifecycle.change_unit(
        membership,
        unit=membership.unit,
        rank=membership.rank,
        role=membership.role,
        user=user,
        note=note,
    )


class MembershipInlines:
    """A page with a membership inline saves it through the lifecycle, with the page's note."""

    def save_formset(self, request, form, formset, change):
        if formset.model is not Membership:
            return super().save_formset(request, form, formset, change)
        note, user = self.change_note(form), request.user
        formset.save(commit=False)
        for membership in formset.deleted_objects:
            lifecycle.remove_membership(membership, user=user, note=note)
        for membership, changed in formset.changed_objects:
            save_membership(membership, changed, user=user, note=note)
        for membership in formset.new_objects:
            save_membership(membership, None, user=user, note=note)
        return None


# People


class PersonAliasInline(admin.TabularInline):
    model = PersonAlias
    fields = ["name", "key"]
    readonly_fields = ["key"]
    extra = 0


class PersonMembershipInline(admin.TabularInline):
    model = Membership
    fk_name = "person"
    fields = ["unit", "rank", "role", "article"]
    autocomplete_fields = ["unit", "article"]
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("unit", "article")


def names_compared(people):
    """How the names of each pair of `people` relate, for a merge confirmation: (warnings for
    pairs none of whose names or aliases look like one name, notes saying how the others are
    alike where that is short of sure)."""
    names = {p.pk: [parse_name(name) for name in [p.name, *p.aliases]] for p in people}
    warnings, notes = [], []
    for a, b in combinations(people, 2):
        alike = [
            found for x in names[a.pk] for y in names[b.pk] if (found := likeness(x, y)) is not None
        ]
        if not alike:
            warnings.append(
                f"“{a.name}” and “{b.name}” do not look like the same name. Merge them only if "
                "you know they are one person (a changed name, a pseudonym); their quotes "
                "will all be credited to the one you keep."
            )
        elif not any(found.sure for found in alike):
            best = max(alike, key=lambda found: found.score)
            notes.append(f"{a.name} / {b.name}: {best.reason}.")
    return warnings, notes


@admin.register(Person)
class PersonAdmin(CurationPermissions, MembershipInlines, ConfirmationPages, HistoryAdmin):
    ordering = ["name"]
    list_display = [
        "name",
        "sort_name",
        "description",
        "alias_names",
        "quote_count",
        "merged_into",
    ]
    list_filter = [MergedFilter]
    list_select_related = ["merged_into"]
    search_fields = ["name", "alias_set__name"]
    fields = ["name", "description", "note", "sort_name", "slug", "key", "merged_into"]
    readonly_fields = ["sort_name", "slug", "key", "merged_into"]
    inlines = [PersonAliasInline, PersonMembershipInline]
    actions = ["merge_selected_people"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                quote_count=Count(
                    "quotes", filter=Q(quotes__merged_into__isnull=True), distinct=True
                )
            )
            .prefetch_related("alias_set")
        )

    def get_search_results(self, request, queryset, search_term):
        """Also find people by their name in another order, case or punctuation, or with a
        title; the autocomplete offers live people only, so nothing is attributed to a merged
        record."""
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if search_term.strip():
            named = Person.objects.named(search_term).values("pk")
            results |= queryset.filter(pk__in=named)
        if is_autocomplete(request):
            results = results.filter(merged_into__isnull=True)
        return results, may_have_duplicates

    def get_actions(self, request):
        # People are merged, not deleted in bulk: their pages are permalinks.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.display(description="aliases")
    def alias_names(self, person):
        return ", ".join(alias.name for alias in person.alias_set.all())

    @admin.display(description="quotes", ordering="quote_count")
    def quote_count(self, person):
        return person.quote_count

    @admin.action(description="Merge selected people into one", permissions=["merge"])
    def merge_selected_people(self, request, queryset):
        people = list(queryset.order_by("pk"))
        if len(people) < 2:
            self.message_user(request, "Select two or more people to merge.", messages.ERROR)
            return None
        merged = [p for p in people if p.merged_into_id]
        if merged:
            names = ", ".join(p.name for p in merged)
            self.message_user(
                request,
                f"Already merged into someone else: {names}. Select only live people.",
                messages.ERROR,
            )
            return None
        if request.POST.get("post") and self.merge_into_chosen(
            request, people, merge=lifecycle.merge_people, describe=lambda p: p.name
        ):
            return None
        default = max(people, key=lambda p: (p.quote_count, -p.pk))
        warnings, notes = names_compared(people)
        return self.render_merge_confirmation(
            request,
            objects=people,
            action="merge_selected_people",
            headers=["Name", "Description", "Aliases", "Quotes"],
            rows=[[p.name, p.description, ", ".join(p.aliases), p.quote_count] for p in people],
            default=default,
            warnings=warnings,
            notes=notes,
        )


# Units and memberships


class TopLevelFilter(admin.SimpleListFilter):
    """Units at the top of their hierarchy, or units within another."""

    title = "level"
    parameter_name = "level"

    def lookups(self, request, model_admin):
        return [("top", "Top level"), ("sub", "Within another unit")]

    def queryset(self, request, queryset):
        if self.value() == "top":
            return queryset.filter(parent__isnull=True)
        if self.value() == "sub":
            return queryset.filter(parent__isnull=False)
        return queryset


class UnitMembershipInline(admin.TabularInline):
    model = Membership
    fk_name = "unit"
    fields = ["person", "rank", "role", "article"]
    autocomplete_fields = ["person", "article"]
    extra = 0
    verbose_name_plural = "members"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("person", "article")


@admin.register(Unit)
class UnitAdmin(MembershipInlines, HistoryAdmin):
    ordering = ["name"]
    list_filter = [TopLevelFilter]
    list_display = ["name", "parent", "member_count"]
    list_select_related = ["parent"]
    search_fields = ["name", "aliases"]
    autocomplete_fields = ["parent"]
    fields = ["name", "aliases", "parent", "note", "slug", "key"]
    readonly_fields = ["slug", "key"]
    inlines = [UnitMembershipInline]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(member_count=Count("memberships__person", distinct=True))
        )

    @admin.display(description="members", ordering="member_count")
    def member_count(self, unit):
        return unit.member_count


@admin.register(Membership)
class MembershipAdmin(HistoryAdmin):
    list_filter = [("article", admin.EmptyFieldListFilter)]
    list_display = ["person", "unit", "rank", "role", "article"]
    list_select_related = ["person", "unit", "article"]
    search_fields = ["person__name", "unit__name", "article__title"]
    autocomplete_fields = ["person", "unit", "article"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer(*(f"article__{f}" for f in ARTICLE_TEXT))

    def save_model(self, request, obj, form, change):
        changed = form.changed_data if change else None
        save_membership(obj, changed, user=request.user, note=self.change_note(form))

    def delete_model(self, request, obj):
        lifecycle.remove_membership(obj, user=request.user)

    def delete_queryset(self, request, queryset):
        for membership in queryset.select_related("person", "unit"):
            lifecycle.remove_membership(membership, user=request.user)


# Quotes


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
            return queryset.filter(appearances__article_id=self.value())
        return queryset


class QuoteAppearanceInline(admin.TabularInline):
    model = Appearance
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
                and quote.appearances.values("article").distinct().count() > 1
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
    def article_link(self, appearance):
        return change_link(appearance.article)

    @admin.display(description="this article credits")
    def credited(self, appearance):
        who = speaker_link(appearance.person, appearance.speaker_description, "nobody named")
        if appearance.speaker_title:
            return format_html("{} ({})", who, appearance.speaker_title)
        return who

    @admin.display(description="outlet")
    def outlet(self, appearance):
        return appearance.article.outlet or "–"

    @admin.display(description="published")
    def published(self, appearance):
        return appearance.article.published or "–"

    @admin.display(description="split")
    def split_link(self, appearance):
        url = reverse("admin:quotes_appearance_split", args=[appearance.pk])
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
        "status",
        "appearance_count",
        "outlet_count",
        "created_at",
    ]
    list_display_links = ["short_id", "text_snippet"]
    list_filter = [
        "status",
        SpeakerFilter,
        MergedFilter,
        "appearances__article__outlet",
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
    inlines = [QuoteAppearanceInline]
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

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                appearance_count=Count("appearances", distinct=True),
                outlet_count=Count("appearances__article__outlet", distinct=True),
            )
        )

    def get_search_results(self, request, queryset, search_term):
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if is_autocomplete(request):
            results = results.filter(merged_into__isnull=True)
        return results, may_have_duplicates

    def has_delete_permission(self, request, obj=None):
        return False  # a quote's permalink keeps answering: it is rejected or withdrawn instead

    def has_change_permission(self, request, obj=None):
        # A merged quote lives on in its survivor; its own page only shows where it went.
        if obj is not None and obj.merged_into_id:
            return False
        return super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change):
        if not change:
            return super().save_model(request, obj, form, change)
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

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)  # the printings are read-only
        if not change:
            lifecycle.refresh(form.instance)

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

    @admin.display(description="appearances", ordering="appearance_count")
    def appearance_count(self, quote):
        return quote.appearance_count

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
        default = max(quotes, key=lambda q: (q.status == Status.PUBLISHED, q.appearance_count))
        return self.render_merge_confirmation(
            request,
            objects=quotes,
            action="merge_selected_quotes",
            headers=["Quote", "Text", "Speaker", "Status", "Appearances"],
            rows=[
                [q.short_id, q.text, self.speaker(q), q.get_status_display(), q.appearance_count]
                for q in quotes
            ],
            default=default,
        )


@admin.register(Appearance)
class AppearanceAdmin(CurationPermissions, LifecycleSaves, ConfirmationPages, HistoryAdmin):
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
            path("<path:object_id>/split/", split, name="quotes_appearance_split"),
            *super().get_urls(),
        ]

    def get_readonly_fields(self, request, obj=None):
        # Moving a printing to another quote can merge its old quote away: an editor's call.
        if self.has_merge_permission(request):
            return self.readonly_fields
        return ["quote", *self.readonly_fields]

    def has_add_permission(self, request):
        return False  # appearances come from extraction: their offsets point into an article

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
        if obj is not None and QuoteAppearanceInline.may_split(request, obj.quote):
            url = reverse("admin:quotes_appearance_split", args=[obj.pk])
            context["curation_buttons"] = [("Split off into its own quote…", url, False)]
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.display(description="quote")
    def quote_snippet(self, appearance):
        return snippet(appearance.text, 14)

    @admin.display(description="speaker")
    def speaker(self, appearance):
        return appearance.quote.speaker_name

    @admin.display(description="outlet", ordering="article__outlet__name")
    def outlet(self, appearance):
        return appearance.article.outlet or "–"

    @admin.display(description="in the article")
    def in_context(self, appearance):
        return in_context(appearance.article.body, appearance.start, appearance.end)

    def split_view(self, request, object_id):
        """Make one printing (with what its article printed of the same quote) a quote of its
        own, after a page saying what moves."""
        if not self.has_merge_permission(request):
            raise PermissionDenied
        appearance = self.get_object(request, unquote(object_id))
        if appearance is None:
            raise Http404
        quote = appearance.quote
        form = NoteForm(request.POST if request.method == "POST" else None)
        if form.is_bound and form.is_valid():
            try:
                new = lifecycle.split(appearance, user=request.user, note=form.cleaned_data["note"])
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                return HttpResponseRedirect(reverse("admin:quotes_quote_change", args=[quote.pk]))
            self.message_user(
                request,
                f"The printing by {appearance.article.outlet or appearance.article} is now quote "
                f"{new.short_id}, apart from {quote.short_id}.",
                messages.SUCCESS,
            )
            return HttpResponseRedirect(reverse("admin:quotes_quote_change", args=[new.pk]))
        printings = quote.appearances.filter(article=appearance.article_id).order_by("start")
        return self.render_confirmation(
            request,
            title=f"Split a printing off quote {quote.short_id}",
            intro=f"What {appearance.article} printed of quote {quote.short_id} becomes a quote "
            "of its own, with the same speaker and status; the quote keeps its other printings.",
            headers=["Article", "Printed words"],
            rows=[[str(appearance.article), printed.text] for printed in printings],
            form=form,
            submit="Split off",
            cancel_url=reverse("admin:quotes_quote_change", args=[quote.pk]),
        )

    @admin.action(
        description="Split selected printings off into quotes of their own", permissions=["merge"]
    )
    def split_selected(self, request, queryset):
        done, seen = [], set()
        for appearance in queryset.select_related("quote").order_by("pk"):
            # An article's pieces of one quote leave it together.
            if (appearance.quote_id, appearance.article_id) in seen:
                continue
            seen.add((appearance.quote_id, appearance.article_id))
            try:
                new = lifecycle.split(appearance, user=request.user)
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


class OpenFirstStatusFilter(admin.SimpleListFilter):
    """Open records unless asked otherwise: they are the ones waiting for a decision. The
    choices are the model's own `Status` (suggestions and conflicts each have one)."""

    title = "status"
    parameter_name = "state"
    OPEN = "open"

    def lookups(self, request, model_admin):
        return [*model_admin.model.Status.choices, ("all", "All")]

    def choices(self, changelist):
        current = self.value() or self.OPEN
        for value, label in self.lookup_choices:
            yield {
                "selected": current == value,
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }

    def queryset(self, request, queryset):
        value = self.value() or self.OPEN
        if value == "all":
            return queryset
        return queryset.filter(status=value)


class SuggestionActionsMixin(CurationPermissions):
    """Merge and dismiss actions of a suggestion queue: each model admin says how one
    suggestion is merged (`merge_suggested`, which raises ValueError when it cannot be).
    Archivists dismiss; merging is an editor's."""

    actions = ["merge_selected", "dismiss_selected"]

    def merge_suggested(self, request, suggestion):
        raise NotImplementedError

    @admin.action(
        description="Merge the two records of each selected suggestion", permissions=["merge"]
    )
    def merge_selected(self, request, queryset):
        Status = self.model.Status
        merged, failures = 0, []
        for suggestion in queryset.filter(status=Status.OPEN):
            try:
                self.merge_suggested(request, suggestion)
            except ValueError as exc:  # LifecycleError
                failures.append(str(exc))
                continue
            self.model.objects.filter(pk=suggestion.pk).update(status=Status.MERGED)
            merged += 1
        if merged:
            self.message_user(request, f"{plural(merged, 'suggestion')} merged.", messages.SUCCESS)
        for failure in failures:
            self.message_user(request, failure, messages.ERROR)

    @admin.action(description="Dismiss selected suggestions", permissions=["change"])
    def dismiss_selected(self, request, queryset):
        Status = self.model.Status
        count = queryset.filter(status=Status.OPEN).update(status=Status.DISMISSED)
        self.message_user(request, f"{plural(count, 'suggestion')} dismissed.", messages.SUCCESS)


@admin.register(MergeSuggestion)
class MergeSuggestionAdmin(SuggestionActionsMixin, admin.ModelAdmin):
    list_display = ["quote_side", "candidate_side", "score", "status"]
    list_display_links = None
    list_filter = [OpenFirstStatusFilter]
    list_select_related = ["quote__person", "candidate__person"]
    search_fields = ["quote__text", "candidate__text", "=quote__short_id", "=candidate__short_id"]
    fields = ["quote_side", "candidate_side", "score", "status", "created_at"]
    # Decided by the list's actions, which merge or dismiss.
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # suggestions are made by the importer's matching

    def _side(self, quote):
        return format_html(
            "{} · {} · {}<br>{}",
            change_link(quote, quote.short_id),
            quote.speaker_name,
            quote.get_status_display(),
            quote.text,
        )

    @admin.display(description="quote")
    def quote_side(self, suggestion):
        return self._side(suggestion.quote)

    @admin.display(description="may be the same statement as")
    def candidate_side(self, suggestion):
        return self._side(suggestion.candidate)

    def merge_suggested(self, request, suggestion):
        source, target = survivor_order(
            public.survivor(suggestion.quote), public.survivor(suggestion.candidate)
        )
        if source != target:
            lifecycle.merge(
                source=source,
                target=target,
                user=request.user,
                note=f"merge suggestion (similarity {suggestion.score:.2f})",
            )
            self.log_change(request, target, f"Merged {source.short_id} into this quote.")


def survivor_order(a, b):
    """(source, target) for merging a suggested pair: the published one survives, else the
    older one, which links already point to for longer."""
    published = Status.PUBLISHED
    if (a.status == published) != (b.status == published):
        return (b, a) if a.status == published else (a, b)
    return (b, a) if (a.created_at, a.pk) <= (b.created_at, b.pk) else (a, b)


def live_quote_count(side):
    """The number of unmerged quotes of the person on `side` of a suggestion."""
    return Coalesce(
        Subquery(
            Quote.objects.filter(person=OuterRef(side), merged_into__isnull=True)
            .order_by()
            .values("person")
            .annotate(n=Count("pk"))
            .values("n")
        ),
        0,
    )


@admin.register(PersonMergeSuggestion)
class PersonMergeSuggestionAdmin(SuggestionActionsMixin, admin.ModelAdmin):
    """Two people an import could not tell apart (a spelling, a surname alone): merge or not."""

    list_display = ["person_side", "candidate_side", "reason", "article_link", "score", "status"]
    list_display_links = None
    list_filter = [OpenFirstStatusFilter]
    list_select_related = ["person", "candidate", "article__outlet"]
    search_fields = ["person__name", "candidate__name", "person__alias_set__name", "reason"]
    fields = ["person_side", "candidate_side", "reason", "article_link", "score", "status"]
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # suggestions are made by the importer's person resolution

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .defer(*(f"article__{f}" for f in ARTICLE_TEXT))
            .annotate(
                person_quotes=live_quote_count("person"),
                candidate_quotes=live_quote_count("candidate"),
            )
            .prefetch_related("person__alias_set", "candidate__alias_set")
        )

    def _side(self, person, quotes):
        aliases = ", ".join(alias.name for alias in person.alias_set.all())
        merged = " (merged)" if person.merged_into_id else ""
        return format_html(
            "{}{} · {}<br>{}",
            change_link(person, person.name),
            merged,
            plural(quotes, "quote"),
            f"also: {aliases}" if aliases else "",
        )

    @admin.display(description="person")
    def person_side(self, suggestion):
        return self._side(suggestion.person, getattr(suggestion, "person_quotes", 0))

    @admin.display(description="may be the same person as")
    def candidate_side(self, suggestion):
        return self._side(suggestion.candidate, getattr(suggestion, "candidate_quotes", 0))

    @admin.display(description="article")
    def article_link(self, suggestion):
        return change_link(suggestion.article) if suggestion.article_id else "–"

    def merge_suggested(self, request, suggestion):
        source, target = person_survivor_order(
            public.survivor(suggestion.person), public.survivor(suggestion.candidate)
        )
        if source != target:
            note = "person-merge suggestion" + (
                f": {suggestion.reason}" if suggestion.reason else ""
            )
            lifecycle.merge_people(source=source, target=target, user=request.user, note=note)
            self.log_change(request, target, f"Merged {source.name} into this person.")


def person_survivor_order(a, b):
    """(source, target) for merging a suggested pair of people: the one with more quotes
    survives, else the older one, whose page links have pointed to for longer."""
    counts = dict(
        Person.objects.filter(pk__in=[a.pk, b.pk])
        .annotate(n=Count("quotes", filter=Q(quotes__merged_into__isnull=True)))
        .values_list("pk", "n")
    )
    if counts.get(a.pk, 0) != counts.get(b.pk, 0):
        return (b, a) if counts.get(a.pk, 0) > counts.get(b.pk, 0) else (a, b)
    return (b, a) if a.pk <= b.pk else (a, b)


# Attribution conflicts


@admin.register(AttributionConflict)
class AttributionConflictAdmin(admin.ModelAdmin):
    """A printing joined to a quote by its words whose article credits someone else: the
    archivist keeps the quote's speaker or gives the quote to the printing's."""

    list_display = [
        "quote_link",
        "quote_speaker",
        "printing",
        "attribution",
        "credited",
        "status",
        "created_at",
    ]
    list_display_links = None
    list_filter = [OpenFirstStatusFilter]
    list_select_related = ["quote__person", "appearance__article__outlet", "appearance__person"]
    search_fields = [
        "=quote__short_id",
        "quote__text",
        "quote__person__name",
        "appearance__person__name",
        "appearance__speaker_description",
        "appearance__attribution",
    ]
    fields = [
        "quote_link",
        "quote_speaker",
        "quote_text",
        "printing",
        "printed_text",
        "attribution",
        "credited",
        "status",
        "created_at",
    ]
    # Settled by the list's actions, which change the quote's speaker or keep it.
    readonly_fields = fields
    actions = ["keep_quote_speaker", "credit_printing_speaker"]

    def has_add_permission(self, request):
        return False  # conflicts are recorded by the importer's linking

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .defer(*(f"appearance__article__{f}" for f in ARTICLE_TEXT))
        )

    @admin.display(description="quote")
    def quote_link(self, conflict):
        return format_html(
            "{}<br>{}",
            change_link(conflict.quote, conflict.quote.short_id),
            snippet(conflict.quote.text),
        )

    @admin.display(description="quote's speaker", ordering="quote__person__name")
    def quote_speaker(self, conflict):
        return conflict.quote.speaker_name

    @admin.display(description="text")
    def quote_text(self, conflict):
        return conflict.quote.text

    @admin.display(description="printing")
    def printing(self, conflict):
        article = conflict.appearance.article
        return format_html("{} · {}", change_link(article), article.outlet or "outlet unknown")

    @admin.display(description="printed words")
    def printed_text(self, conflict):
        return conflict.appearance.text

    @admin.display(description="attribution as printed")
    def attribution(self, conflict):
        return conflict.appearance.attribution or "–"

    @admin.display(description="printing credits")
    def credited(self, conflict):
        appearance = conflict.appearance
        return speaker_link(appearance.person, appearance.speaker_description)

    @admin.action(description="Keep the quote's speaker", permissions=["change"])
    def keep_quote_speaker(self, request, queryset):
        count = keep_quote_speaker(conflicts=list(queryset))
        self.message_user(request, f"{plural(count, 'conflict')} resolved.", messages.SUCCESS)

    @admin.action(description="Credit this printing's speaker", permissions=["change"])
    def credit_printing_speaker(self, request, queryset):
        conflicts = list(
            queryset.filter(status=AttributionConflict.Status.OPEN).select_related(
                "quote", "appearance__person"
            )
        )
        if len({c.quote_id for c in conflicts}) < len(conflicts):
            self.message_user(
                request,
                "Select one conflict per quote: a quote has one speaker.",
                messages.ERROR,
            )
            return
        credited = 0
        for conflict in conflicts:
            try:
                quote = credit_printing_speaker(conflict=conflict, user=request.user)
            except LifecycleError as error:
                self.message_user(request, str(error), messages.ERROR)
                continue
            credited += 1
            self.log_change(
                request,
                quote,
                f"Speaker set to {quote.speaker_name}, as {conflict.appearance.article} credits.",
            )
        if credited:
            self.message_user(
                request, f"{plural(credited, 'quote')} credited anew.", messages.SUCCESS
            )


# Articles: the archive's admin, with the quotes found in each article for review.


class ArticleAppearanceInline(admin.TabularInline):
    """The article's quotations with their quote, speaker and status."""

    model = Appearance
    fields = ["quote_link", "speaker", "status", "text", "attribution"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    view_on_site = False
    verbose_name = "quote found in this article"
    verbose_name_plural = "all quotes found in this article"

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        # The article rides along for each row's title (Appearance.__str__), without its text.
        return (
            super()
            .get_queryset(request)
            .select_related("quote__person", "article")
            .defer(*(f"article__{f}" for f in ARTICLE_TEXT))
            .order_by("start")
        )

    @admin.display(description="quote")
    def quote_link(self, appearance):
        return change_link(appearance.quote, appearance.quote.short_id)

    @admin.display(description="speaker")
    def speaker(self, appearance):
        return speaker_link(appearance.quote.person, appearance.quote.speaker_description)

    @admin.display(description="status")
    def status(self, appearance):
        quote = appearance.quote
        if quote.merged_into_id:
            return "Merged"
        return quote.get_status_display()


def waiting_quotes(article_ref):
    """How many live suggested quotes the article `article_ref` printed: its review queue."""
    return Coalesce(
        Subquery(
            Appearance.objects.filter(
                article=article_ref, quote__status=Status.SUGGESTED, quote__merged_into=None
            )
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        ),
        0,
    )


admin.site.unregister(Article)


@admin.register(Article)
class ArticleWithQuotesAdmin(CurationPermissions, ArticleAdmin):
    """An article, with the quotes found in it that wait for review first on its page: each
    with its speaker, unit, sentence and attribution, published or rejected in the row."""

    list_display = [*ArticleAdmin.list_display[:-1], "waiting_count", "quote_count", "archived_at"]
    inlines = [ArticleAppearanceInline]
    readonly_fields = [*ArticleAdmin.readonly_fields, "review_link"]
    fieldsets = [
        (None, {"fields": ["title", "outlet", "url", "published", "note", "review_link"]}),
        *ArticleAdmin.fieldsets[1:],
    ]
    change_form_template = "admin/quotes/article_change_form.html"

    class Media:
        css = {"all": ["css/admin.css"]}

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "published" in form.changed_data:
            # A corrected publication date moves its quotes in every date-ordered list.
            for quote in Quote.objects.filter(appearances__article=obj).distinct():
                lifecycle.refresh(quote)

    def get_queryset(self, request):
        # Subqueries, not Count() over a join: grouping by every article column would make
        # the filters and date hierarchy group by megabyte bodies.
        quote_count = (
            Appearance.objects.filter(article=OuterRef("pk"))
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        )
        return (
            super()
            .get_queryset(request)
            .annotate(
                quote_count=Coalesce(Subquery(quote_count), 0),
                waiting_count=waiting_quotes(OuterRef("pk")),
            )
        )

    @admin.display(description="quotes", ordering="quote_count")
    def quote_count(self, article):
        return article.quote_count

    @admin.display(description="to review", ordering="waiting_count")
    def waiting_count(self, article):
        return article.waiting_count

    @admin.display(description="quotes")
    def review_link(self, article):
        url = reverse("admin:quotes_quote_changelist")
        return format_html(
            '<a href="{}?article={}">Publish, reject or merge this article’s quotes</a>',
            url,
            article.pk,
        )

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if change and obj is not None:
            context["show_review"] = True
            context["review_rows"] = self.review_rows(obj)
            context["can_publish"] = self.has_publish_permission(request)
            context["review_next"] = reverse("admin:archive_article_change", args=[obj.pk])
        return super().render_change_form(request, context, add, change, form_url, obj)

    def review_rows(self, article):
        """The live suggested quotes `article` printed, in the order it printed them, each
        with its first printing here: speaker, units, the sentence around it, attribution."""
        printings = (
            Appearance.objects.filter(
                article=article, quote__status=Status.SUGGESTED, quote__merged_into=None
            )
            .select_related("quote__person")
            .prefetch_related(
                Prefetch(
                    "quote__person__memberships",
                    queryset=Membership.objects.select_related("unit").order_by("unit__name"),
                )
            )
            .order_by("start")
        )
        rows, seen = [], set()
        body = None
        for printed in printings:
            quote = printed.quote
            if quote.pk in seen:
                continue
            seen.add(quote.pk)
            if body is None:
                body = article.body
            memberships = list(quote.person.memberships.all()) if quote.person_id else []
            # The units this article states first; else those the person is known by.
            stated = [m.unit for m in memberships if m.article_id == article.pk]
            units = dict.fromkeys(u.name for u in stated or [m.unit for m in memberships])
            rows.append(
                {
                    "quote": quote,
                    "speaker": speaker_link(quote.person, quote.speaker_description, "unnamed"),
                    "units": list(units),
                    "context": in_context(body, printed.start, printed.end),
                    "attribution": printed.attribution,
                    "edit_url": reverse("admin:quotes_quote_change", args=[quote.pk]),
                    "publish_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"]),
                    "reject_url": reverse("admin:quotes_quote_curate", args=[quote.pk, "reject"]),
                }
            )
        return rows
