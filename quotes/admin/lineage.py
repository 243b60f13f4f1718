"""Admin of the lineage of statements: the inferred edges (who copied whom) and the flags of
altered printings, each confirmed or dismissed by an archivist through
quotes.services.lifecycle.decide_lineage, and so kept as decided when the statement is worked out
again."""

from django.contrib import admin, messages

from ..models import Alteration, Derivation
from ..services import lifecycle
from .common import change_link


class DecisionAdmin(admin.ModelAdmin):
    """What both lists share: read-only records, decided by two actions."""

    actions = ["confirm", "dismiss"]
    list_filter = ["decision"]
    list_select_related = ["quote", "article__outlet"]
    search_fields = ["quote__short_id"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def _decide(self, request, queryset, *, confirm):
        for record in queryset:
            lifecycle.decide_lineage(record, confirm=confirm, user=request.user)
        verb = "confirmed" if confirm else "dismissed"
        self.message_user(request, f"{queryset.count()} {verb}.", messages.SUCCESS)

    @admin.action(description="Confirm the selected", permissions=["change"])
    def confirm(self, request, queryset):
        self._decide(request, queryset, confirm=True)

    @admin.action(description="Dismiss the selected", permissions=["change"])
    def dismiss(self, request, queryset):
        self._decide(request, queryset, confirm=False)

    @admin.display(description="quote")
    def quote_link(self, obj):
        return change_link(obj.quote, obj.quote.short_id)

    @admin.display(description="article")
    def article_label(self, obj):
        return f"{obj.article.outlet_label}, {obj.article.published or 'undated'}"


@admin.register(Derivation)
class DerivationAdmin(DecisionAdmin):
    list_display = [
        "quote_link",
        "article_label",
        "source_label",
        "evidence",
        "strength",
        "decision",
    ]
    list_select_related = [*DecisionAdmin.list_select_related, "source__outlet"]

    @admin.display(description="took its words from")
    def source_label(self, obj):
        if obj.source_id is None:
            return "independent or unknown"
        return f"{obj.source.outlet_label}, {obj.source.published or 'undated'}"


@admin.register(Alteration)
class AlterationAdmin(DecisionAdmin):
    list_display = ["quote_link", "article_label", "kind", "others", "printed", "decision"]
    list_filter = ["decision", "kind"]
