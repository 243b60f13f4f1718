"""Top-level URLs: health checks, the admin, the JSON API and the public site (captured pages
included), in English at its own addresses and in every other language under the language's
code (/uk/quotes/)."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from verbatim import service

admin.site.site_header = _("Verbatim archive")
admin.site.site_title = "Verbatim"
admin.site.index_title = _("Archive administration")

urlpatterns = [
    path("healthz", service.healthz, name="healthz"),
    path("readyz", service.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("quotes.api.urls")),
]
# English, the default language, keeps the addresses it always had (citations and permalinks
# depend on them); verbatim/locale.py reads the language from the address alone.
urlpatterns += i18n_patterns(path("", include("quotes.urls")), prefix_default_language=False)

# A database that cannot be reached is a 503 (JSON on the API), anything else a plain 500.
handler500 = service.server_error
