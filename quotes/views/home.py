"""The home page: the archive's figures and its latest quotes."""

from django.views.generic import TemplateView

from .. import public, stats
from ..tasks import refresh_archive_figures


def archive_figures() -> dict:
    """The home page's archive-wide figures, read from the row quotes.stats keeps, never
    counted in a request; a recount is queued when they are due (once, whoever asks)."""
    row = stats.stored()
    if row is None:
        # Once in an archive's life: there is nothing to show until the first count.
        row = stats.refresh()
    elif stats.due(row) and stats.claim_refresh():
        refresh_archive_figures.enqueue()
        # With the immediate backend the recount is done by now; with workers this is still
        # the row as it was.
        row = stats.stored() or row
    return stats.as_context(row)


class HomeView(TemplateView):
    template_name = "quotes/home.html"

    def get_context_data(self, **kwargs):
        # The latest quotes are always current.
        return super().get_context_data(
            **archive_figures(),
            latest_quotes=public.for_list_rows(public.quotes().in_list_order())[:5],
            **kwargs,
        )
