"""The files browsers and crawlers ask the site's root for: /robots.txt and /favicon.ico."""

from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse

from ..absolute_urls import site_url


def robots_txt(request):
    """Crawlers may read the public pages, not the admin, the downloads (the search's
    results again, as files) or the captured copies of outlets' pages; the sitemap is given
    by its absolute address, as the protocol asks."""
    sitemap_url = site_url(request) + reverse("quotes:sitemap")
    return render(
        request,
        "robots.txt",
        {"sitemap_url": sitemap_url},
        content_type="text/plain; charset=utf-8",
    )


def favicon(request):
    """/favicon.ico, asked for by browsers and feed readers whatever a page links: the SVG
    icon. A temporary redirect, since the static file's name changes with its content."""
    return redirect(static("img/favicon.svg"))
