"""Top-level URLs: the admin, the JSON API and the public site."""

from django.contrib import admin
from django.urls import include, path

admin.site.site_header = "Verbatim archive"
admin.site.site_title = "Verbatim"
admin.site.index_title = "Archive administration"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("quotes.api.urls")),
    path("", include("quotes.urls")),
]
