"""The queues of what the machine would not decide alone: merge suggestions, person-merge
suggestions and attribution conflicts."""

from django.contrib import admin, messages
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.html import format_html

from .. import public
from ..models import (
    AttributionConflict,
    MergeSuggestion,
    Person,
    PersonMergeSuggestion,
    Quote,
)
from ..services import lifecycle
from ..services.attribution import credit_printing_speaker, keep_quote_speaker
from ..services.lifecycle import LifecycleError
from .common import (
    ARTICLE_TEXT,
    CurationPermissions,
    Status,
    change_link,
    plural,
    snippet,
    speaker_link,
)


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
    list_display = ["quote_side", "candidate_side", "score", "evidence_shown", "status"]
    list_display_links = None
    list_filter = [OpenFirstStatusFilter]
    list_select_related = ["quote__person", "candidate__person"]
    search_fields = ["quote__text", "candidate__text", "=quote__short_id", "=candidate__short_id"]
    fields = ["quote_side", "candidate_side", "score", "evidence_shown", "status", "created_at"]
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

    @admin.display(description="evidence")
    def evidence_shown(self, suggestion):
        """For a translation, what agreed and what did not (quotes.matching.evidence);
        nothing for two printings in one language, which their words compare."""
        evidence = suggestion.evidence or {}
        if not evidence:
            return "—"
        agreed = ", ".join(evidence.get("agreed", [])) or "nothing"
        disagreed = ", ".join(evidence.get("disagreed", [])) or "nothing"
        return format_html(
            "Translation ({}): {}.<br>Agreed: {}.<br>Did not agree: {}.",
            " / ".join(evidence.get("languages", [])),
            evidence.get("aligned", ""),
            agreed,
            disagreed,
        )

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
        "printing_article",
        "attribution",
        "credited",
        "status",
        "created_at",
    ]
    list_display_links = None
    list_filter = [OpenFirstStatusFilter]
    list_select_related = ["quote__person", "printing__article__outlet", "printing__person"]
    search_fields = [
        "=quote__short_id",
        "quote__text",
        "quote__person__name",
        "printing__person__name",
        "printing__speaker_description",
        "printing__attribution",
    ]
    fields = [
        "quote_link",
        "quote_speaker",
        "quote_text",
        "printing_article",
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
            super().get_queryset(request).defer(*(f"printing__article__{f}" for f in ARTICLE_TEXT))
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
    def printing_article(self, conflict):
        article = conflict.printing.article
        return format_html("{} · {}", change_link(article), article.outlet or "outlet unknown")

    @admin.display(description="printed words")
    def printed_text(self, conflict):
        return conflict.printing.text

    @admin.display(description="attribution as printed")
    def attribution(self, conflict):
        return conflict.printing.attribution or "–"

    @admin.display(description="printing credits")
    def credited(self, conflict):
        printing = conflict.printing
        return speaker_link(printing.person, printing.speaker_description)

    @admin.action(description="Keep the quote's speaker", permissions=["change"])
    def keep_quote_speaker(self, request, queryset):
        count = keep_quote_speaker(conflicts=list(queryset))
        self.message_user(request, f"{plural(count, 'conflict')} resolved.", messages.SUCCESS)

    @admin.action(description="Credit this printing's speaker", permissions=["change"])
    def credit_printing_speaker(self, request, queryset):
        conflicts = list(
            queryset.filter(status=AttributionConflict.Status.OPEN).select_related(
                "quote", "printing__person"
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
                f"Speaker set to {quote.speaker_name}, as {conflict.printing.article} credits.",
            )
        if credited:
            self.message_user(
                request, f"{plural(credited, 'quote')} credited anew.", messages.SUCCESS
            )


# Articles: the archive's admin, with the quotes found in each article for review.
