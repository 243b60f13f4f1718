"""Public pages."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path

from . import downloads, feeds, replay, views
from .sitemaps import SITEMAPS

app_name = "quotes"
urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("quotes/", views.QuoteListView.as_view(), name="quote-list"),
    path("quotes/export.csv", downloads.export_csv, name="quote-export-csv"),
    path("quotes/export.jsonl", downloads.export_jsonl, name="quote-export-jsonl"),
    path("exports/<str:token>/", downloads.export_status, name="export-status"),
    path("exports/<str:token>/file", downloads.export_file, name="export-file"),
    path("q/<str:short_id>/", views.QuoteDetailView.as_view(), name="quote-detail"),
    path("people/", views.PersonListView.as_view(), name="person-list"),
    path("people/<slug:slug>/", views.PersonDetailView.as_view(), name="person-detail"),
    path("units/", views.UnitListView.as_view(), name="unit-list"),
    path("units/<slug:slug>/", views.UnitDetailView.as_view(), name="unit-detail"),
    path("outlets/", views.OutletListView.as_view(), name="outlet-list"),
    path("outlets/<slug:slug>/", views.OutletDetailView.as_view(), name="outlet-detail"),
    path("articles/", views.ArticleListView.as_view(), name="article-list"),
    path("articles/<int:pk>/", views.ArticleDetailView.as_view(), name="article-detail"),
    path("about/", views.AboutView.as_view(), name="about"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("archive/captures/<int:pk>/replay/", replay.replay, name="capture-replay"),
    path("archive/captures/<int:pk>.warc.gz", replay.warc_download, name="capture-warc"),
    path(
        "q/<str:short_id>/cite.<str:format>",
        views.QuoteCitationView.as_view(),
        name="quote-citation",
    ),
    path("feeds/quotes/", feeds.LatestQuotesFeed(), name="quote-feed"),
    path("feeds/corrections/", feeds.CorrectionsFeed(), name="corrections-feed"),
    path("people/<slug:slug>/feed/", feeds.PersonQuotesFeed(), name="person-feed"),
    path("units/<slug:slug>/feed/", feeds.UnitQuotesFeed(), name="unit-feed"),
    path("outlets/<slug:slug>/feed/", feeds.OutletQuotesFeed(), name="outlet-feed"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
]
