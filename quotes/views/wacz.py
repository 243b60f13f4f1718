"""WACZ downloads: one capture's (/archive/captures/<id>.wacz), and every capture of an
article's in one file (/archive/articles/<id>.wacz), each one's SHA-256 recorded."""

import base64
import hashlib

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from archive import wacz

from .. import public
from .replay import visible_captures


def package_response(data: bytes, filename: str) -> HttpResponse:
    """The file as an attachment, with its SHA-256 (RFC 9530 Repr-Digest, and in hex as the
    archive records it)."""
    response = HttpResponse(data, content_type=wacz.CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Content-Length"] = str(len(data))
    digest = hashlib.sha256(data)
    response["Repr-Digest"] = f"sha-256=:{base64.b64encode(digest.digest()).decode()}:"
    response["X-Verbatim-SHA256"] = digest.hexdigest()
    return response


@require_safe
def capture_wacz(request, pk):
    """One capture, its WARC with an index and a pages list, for ReplayWeb.page or pywb."""
    capture = get_object_or_404(
        visible_captures(request.user).exclude(article=None).select_related("article"), pk=pk
    )
    data = wacz.wacz_of([capture], title=capture.article.label)
    wacz.record_package(data=data, article=capture.article, capture=capture)
    return package_response(data, f"verbatim-capture-{capture.pk}.wacz")


@require_safe
def article_wacz(request, pk):
    """Every shown capture of a public article (staff: of any article) in one WACZ."""
    articles = public.articles()
    if request.user.is_staff:
        articles = articles.model.objects.all()
    article = get_object_or_404(articles, pk=pk)
    captures = list(
        visible_captures(request.user)
        .filter(article=article, state="done")
        .exclude(warc_sha256="")
        .defer("body")
    )
    if not captures:
        raise Http404("This article has no capture to package.")
    data = wacz.wacz_of(captures, title=article.label)
    wacz.record_package(data=data, article=article)
    return package_response(data, f"verbatim-article-{article.pk}.wacz")
