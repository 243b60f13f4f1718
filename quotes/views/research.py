"""The research links of a person's, unit's or outlet's page."""

from urllib.parse import urlencode

from django.urls import reverse

from ..paths import lasting_reverse


def research_links(filter_name, obj, feed_name):
    """Where a researcher takes a person's, unit's or outlet's quotes further: the quote list
    filtered to it (QuoteFilter's `filter_name`), the same filter's CSV and JSON Lines
    downloads, and its Atom feed."""
    query = "?" + urlencode({filter_name: obj.slug})
    return {
        "list": reverse("quotes:quote-list") + query,
        "csv": lasting_reverse("quotes:quote-export-csv") + query,
        "jsonl": lasting_reverse("quotes:quote-export-jsonl") + query,
        "feed": lasting_reverse(feed_name, slug=obj.slug),
    }
