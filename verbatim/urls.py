"""Top-level URLs: health checks, the admin, the JSON API and the public site (captured pages
included)."""

from django.contrib import admin
from django.urls import include, path

from verbatim import service

admin.site.site_header = "Verbatim archive"
admin.site.site_title = "Verbatim"
admin.site.index_title = "Archive administration"

urlpatterns = [
    path("healthz", service.healthz, name="healthz"),
    path("readyz", service.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("quotes.api.urls")),
    path("", include("quotes.urls")),
]

# A database that cannot be reached is a 503 (JSON on the API), anything else a plain 500.
handler500 = service.server_error
