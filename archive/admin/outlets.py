"""The outlets' admin: each outlet with its home page and how many articles it printed."""

from django.contrib import admin
from django.db import models
from django.db.models import Count

from ..forms import WebURLField
from ..models import Outlet


@admin.register(Outlet)
class OutletAdmin(admin.ModelAdmin):
    formfield_overrides = {models.URLField: {"form_class": WebURLField}}
    list_display = ["name", "home_url", "article_count"]
    list_filter = [("home_url", admin.EmptyFieldListFilter)]
    ordering = ["name"]
    search_fields = ["name", "home_url"]
    readonly_fields = ["slug"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(article_count=Count("articles"))

    @admin.display(description="articles", ordering="article_count")
    def article_count(self, outlet):
        return outlet.article_count
