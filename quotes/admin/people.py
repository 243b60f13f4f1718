"""People, units and memberships in the admin: aliases, merges (with a warning when names are
not alike) and membership edits through the lifecycle."""

from itertools import combinations

from django.contrib import admin, messages
from django.db.models import Count, Q

from archive.admin import HistoryAdmin

from .. import public
from ..models import (
    Membership,
    Person,
    PersonAlias,
    Unit,
)
from ..names import likeness, parse_name
from ..services import lifecycle
from .common import (
    ARTICLE_TEXT,
    ConfirmationPages,
    CurationPermissions,
    MembershipInlines,
    MergedFilter,
    is_autocomplete,
    save_membership,
    view_on_site_if_public,
)


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
    def view_on_site(self, person):
        return view_on_site_if_public(person, public.uncounted_people())

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
    fields = ["name", "description", "wikidata", "note", "sort_name", "slug", "key", "merged_into"]
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
    def view_on_site(self, unit):
        return view_on_site_if_public(unit, public.uncounted_units())

    ordering = ["name"]
    list_filter = [TopLevelFilter]
    list_display = ["name", "parent", "member_count"]
    list_select_related = ["parent"]
    search_fields = ["name", "aliases"]
    autocomplete_fields = ["parent"]
    fields = ["name", "aliases", "parent", "wikidata", "note", "slug", "key"]
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
