"""Admin for people, units, quotes, their appearances and merge suggestions: where archivists
review what the extractor found, publish or reject it, and merge duplicates."""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import Truncator

from archive.admin import ArticleAdmin
from archive.models import Article

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
from .search import refresh_search
from .services.attribution import credit_printing_speaker, keep_quote_speaker
from .services.merging import merge_people, merge_quotes
from .services.publishing import publish_quotes, reject_quotes

# Article bodies and raw sources can be megabytes: rows that join an article never load them.
ARTICLE_TEXT = ["body", "raw"]


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


class MergeConfirmationMixin:
    """An action's intermediate page choosing which of the selected records survives a merge."""

    merge_template = "admin/quotes/merge_confirmation.html"

    def render_merge_confirmation(self, request, *, objects, action, headers, rows, default):
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
            "media": self.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.merge_template, context)

    def chosen_survivor(self, request, objects):
        chosen = request.POST.get("survivor")
        return next((obj for obj in objects if str(obj.pk) == chosen), None)

    def merge_into_chosen(self, request, objects, *, merge, describe):
        """The confirmed merge: every selected record but the chosen survivor merged into it
        with `merge(source=, target=)` in one transaction, logged and reported. False when
        no survivor was chosen, so that the confirmation page is shown again."""
        survivor = self.chosen_survivor(request, objects)
        noun = self.opts.verbose_name
        if survivor is None:
            self.message_user(request, f"Choose the {noun} to keep.", messages.ERROR)
            return False
        others = [obj for obj in objects if obj != survivor]
        try:
            with transaction.atomic():
                for obj in others:
                    merge(source=obj, target=survivor)
        except ValueError as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return True
        names = ", ".join(describe(obj) for obj in others)
        self.log_change(request, survivor, f"Merged {names} into this {noun}.")
        self.message_user(request, f"Merged {names} into {describe(survivor)}.", messages.SUCCESS)
        return True


def is_autocomplete(request):
    return request.resolver_match is not None and request.resolver_match.url_name == "autocomplete"


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


@admin.register(Person)
class PersonAdmin(MergeConfirmationMixin, admin.ModelAdmin):
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
    fields = ["name", "sort_name", "description", "slug", "key", "merged_into"]
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

    @admin.action(description="Merge selected people into one")
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
            request, people, merge=merge_people, describe=lambda p: p.name
        ):
            return None
        default = max(people, key=lambda p: (p.quote_count, -p.pk))
        return self.render_merge_confirmation(
            request,
            objects=people,
            action="merge_selected_people",
            headers=["Name", "Description", "Aliases", "Quotes"],
            rows=[[p.name, p.description, ", ".join(p.aliases), p.quote_count] for p in people],
            default=default,
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
class UnitAdmin(admin.ModelAdmin):
    ordering = ["name"]
    list_filter = [TopLevelFilter]
    list_display = ["name", "parent", "member_count"]
    list_select_related = ["parent"]
    search_fields = ["name", "aliases"]
    autocomplete_fields = ["parent"]
    fields = ["name", "aliases", "parent", "slug", "key"]
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
class MembershipAdmin(admin.ModelAdmin):
    list_filter = [("article", admin.EmptyFieldListFilter)]
    list_display = ["person", "unit", "rank", "role", "article"]
    list_select_related = ["person", "unit", "article"]
    search_fields = ["person__name", "unit__name", "article__title"]
    autocomplete_fields = ["person", "unit", "article"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer(*(f"article__{f}" for f in ARTICLE_TEXT))


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
    fields = [
        "article_link",
        "outlet",
        "published",
        "text",
        "attribution",
        "credited",
        "start",
        "end",
    ]
    readonly_fields = fields
    extra = 0
    can_delete = False
    view_on_site = False

    def has_add_permission(self, request, obj=None):
        return False

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


@admin.register(Quote)
class QuoteAdmin(MergeConfirmationMixin, admin.ModelAdmin):
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

    def save_model(self, request, obj, form, change):
        if change and "text" in form.changed_data:
            # An archivist's wording is kept when later printings are imported.
            obj.text_edited = True
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # The text or the printed wordings may have changed: keep search in step.
        refresh_search([form.instance])
        form.instance.refresh_dates()

    fields = [
        "short_id",
        "text",
        "text_edited",
        "status",
        "person",
        "speaker_description",
        "merged_into_link",
        "created_at",
        "updated_at",
    ]
    readonly_fields = ["short_id", "merged_into_link", "created_at", "updated_at"]
    inlines = [QuoteAppearanceInline]
    actions = ["publish_selected", "reject_selected", "merge_selected_quotes"]

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

    def get_actions(self, request):
        # Quotes are rejected, never deleted in bulk: their permalinks must keep answering.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

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
        return snippet(quote.text)

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

    @admin.action(description="Publish selected quotes")
    def publish_selected(self, request, queryset):
        count = publish_quotes(queryset)
        self.message_user(request, f"{plural(count, 'quote')} published.", messages.SUCCESS)

    @admin.action(description="Reject selected quotes")
    def reject_selected(self, request, queryset):
        count = reject_quotes(queryset)
        self.message_user(request, f"{plural(count, 'quote')} rejected.", messages.SUCCESS)

    @admin.action(description="Merge selected quotes into one")
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
            request, quotes, merge=merge_quotes, describe=lambda q: q.short_id
        ):
            return None
        published = Quote.Status.PUBLISHED
        default = max(quotes, key=lambda q: (q.status == published, q.appearance_count))
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
class AppearanceAdmin(admin.ModelAdmin):
    list_display = ["quote_snippet", "speaker", "article", "outlet", "start", "end"]
    list_filter = ["article__outlet", "quote__status"]
    list_select_related = ["quote__person", "article__outlet"]
    search_fields = ["text", "=quote__short_id", "article__title", "attribution"]
    autocomplete_fields = ["quote"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        refresh_search([obj.quote])
        obj.quote.refresh_dates()

    fields = ["quote", "article", "text", "attribution", "start", "end", "segments"]
    readonly_fields = ["article", "text", "start", "end", "segments"]

    def has_add_permission(self, request):
        return False  # appearances come from extraction: their offsets point into an article

    def get_queryset(self, request):
        return super().get_queryset(request).defer(*(f"article__{f}" for f in ARTICLE_TEXT))

    @admin.display(description="quote")
    def quote_snippet(self, appearance):
        return snippet(appearance.text, 14)

    @admin.display(description="speaker")
    def speaker(self, appearance):
        return appearance.quote.speaker_name

    @admin.display(description="outlet", ordering="article__outlet__name")
    def outlet(self, appearance):
        return appearance.article.outlet or "–"


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


class SuggestionActionsMixin:
    """Merge and dismiss actions of a suggestion queue: each model admin says how one
    suggestion is merged (`merge_suggested`, which raises ValueError when it cannot be)."""

    actions = ["merge_selected", "dismiss_selected"]

    def merge_suggested(self, request, suggestion):
        raise NotImplementedError

    @admin.action(description="Merge the two records of each selected suggestion")
    def merge_selected(self, request, queryset):
        Status = self.model.Status
        merged, failures = 0, []
        for suggestion in queryset.filter(status=Status.OPEN):
            try:
                self.merge_suggested(request, suggestion)
            except ValueError as exc:
                failures.append(str(exc))
                continue
            self.model.objects.filter(pk=suggestion.pk).update(status=Status.MERGED)
            merged += 1
        if merged:
            self.message_user(request, f"{plural(merged, 'suggestion')} merged.", messages.SUCCESS)
        for failure in failures:
            self.message_user(request, failure, messages.ERROR)

    @admin.action(description="Dismiss selected suggestions")
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
    readonly_fields = ["quote_side", "candidate_side", "score", "created_at"]

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
        source, target = survivor_order(live(suggestion.quote), live(suggestion.candidate))
        if source != target:
            merge_quotes(source=source, target=target)
            self.log_change(request, target, f"Merged {source.short_id} into this quote.")


def live(quote):
    """The quote that `quote` now lives on as (itself unless merged)."""
    seen = set()
    while quote.merged_into_id and quote.pk not in seen:
        seen.add(quote.pk)
        quote = quote.merged_into
    return quote


def survivor_order(a, b):
    """(source, target) for merging a suggested pair: the published one survives, else the
    older one, which links already point to for longer."""
    published = Quote.Status.PUBLISHED
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
    readonly_fields = ["person_side", "candidate_side", "reason", "article_link", "score"]

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
        source, target = person_survivor_order(live(suggestion.person), live(suggestion.candidate))
        if source != target:
            merge_people(source=source, target=target)
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
    readonly_fields = [f for f in fields if f != "status"]
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

    @admin.action(description="Keep the quote's speaker")
    def keep_quote_speaker(self, request, queryset):
        count = keep_quote_speaker(conflicts=list(queryset))
        self.message_user(request, f"{plural(count, 'conflict')} resolved.", messages.SUCCESS)

    @admin.action(description="Credit this printing's speaker")
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
        for conflict in conflicts:
            quote = credit_printing_speaker(conflict=conflict)
            self.log_change(
                request,
                quote,
                f"Speaker set to {quote.speaker_name}, as {conflict.appearance.article} credits.",
            )
        self.message_user(
            request, f"{plural(len(conflicts), 'quote')} credited anew.", messages.SUCCESS
        )


# Articles: the archive's admin, with the quotes found in each article for review.


class ArticleAppearanceInline(admin.TabularInline):
    """The article's quotations with their quote, speaker and status, for review."""

    model = Appearance
    fields = ["quote_link", "speaker", "status", "text", "attribution"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    view_on_site = False
    verbose_name = "quote found in this article"
    verbose_name_plural = "quotes found in this article"

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("quote__person").order_by("start")

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


admin.site.unregister(Article)


@admin.register(Article)
class ArticleWithQuotesAdmin(ArticleAdmin):
    list_display = [*ArticleAdmin.list_display[:-1], "quote_count", "archived_at"]
    inlines = [ArticleAppearanceInline]
    readonly_fields = [*ArticleAdmin.readonly_fields, "review_link"]
    fieldsets = [
        (None, {"fields": ["title", "outlet", "url", "published", "review_link"]}),
        *ArticleAdmin.fieldsets[1:],
    ]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # A corrected publication date moves its quotes in every date-ordered list.
        for quote in Quote.objects.filter(appearances__article=obj).distinct():
            quote.refresh_dates()

    def get_queryset(self, request):
        # A subquery, not Count() over a join: grouping by every article column would make
        # the filters and date hierarchy group by megabyte bodies.
        quote_count = (
            Appearance.objects.filter(article=OuterRef("pk"))
            .order_by()
            .values("article")
            .annotate(n=Count("quote", distinct=True))
            .values("n")
        )
        return (
            super().get_queryset(request).annotate(quote_count=Coalesce(Subquery(quote_count), 0))
        )

    @admin.display(description="quotes", ordering="quote_count")
    def quote_count(self, article):
        return article.quote_count

    @admin.display(description="quotes")
    def review_link(self, article):
        url = reverse("admin:quotes_quote_changelist")
        return format_html(
            '<a href="{}?article={}">Publish, reject or merge this article’s quotes</a>',
            url,
            article.pk,
        )
