"""The pages with a timeline of their quotes (a person's, a unit's): its counts per day read
once, for the timeline and for the list's count."""

from .. import public
from ..pagination import ResultCount


class TimelineTotalMixin:
    """For a PagedListMixin view of quotes with a timeline: the list's counts per day
    (public.per_day), given to the template as `per_day` and totalled as the list's exact
    count, which is then not counted again."""

    def list_pages(self, queryset):
        self.per_day = public.per_day(queryset)
        return super().list_pages(queryset) | {"total": ResultCount(sum(self.per_day.values()))}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["per_day"] = self.per_day
        return context
