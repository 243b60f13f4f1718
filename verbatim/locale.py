"""The language a request is answered in: a public page's comes from its address alone, the
admin's from the reader.

A public page in English, the default language, is at the address it always had (/quotes/),
and in every other language of LANGUAGES under the language's code (/uk/quotes/), as
verbatim/urls.py's i18n_patterns lay them out. Since the address alone says the language, an
English address is never redirected or answered in another language because of the reader's
Accept-Language or cookie, and the answer does not vary on them: the shared page cache
(verbatim/pagecache.py), which keys a page by its address, keeps the languages apart, and so
does any cache between the site and its readers. The JSON API, the feeds, the sitemap and the
downloads are at their English addresses and in English.

The admin (which Django translates) follows the reader instead: the language cookie, else the
browser's Accept-Language, else English; its answers say that they vary on both.
"""

from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers

# The pages in the reader's own language rather than the address's (also in pagecache's and
# the replica router's lists of paths).
READER_LANGUAGE_PATHS = ("/admin/",)


def follows_reader(request) -> bool:
    return request.path_info.startswith(READER_LANGUAGE_PATHS)


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's LocaleMiddleware, with the two rules above: the admin in the reader's
    language, and no Vary: Accept-Language on a public page, whose address says its
    language."""

    def process_request(self, request):
        if not follows_reader(request):
            return super().process_request(request)
        translation.activate(translation.get_language_from_request(request))
        request.LANGUAGE_CODE = translation.get_language()
        return None

    def process_response(self, request, response):
        if follows_reader(request):
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
        # Django's would add Vary: Accept-Language to every English page (an address with no
        # language prefix) and redirect by it only where the default language is prefixed,
        # which it is not here.
        response.headers.setdefault("Content-Language", translation.get_language())
        return response
