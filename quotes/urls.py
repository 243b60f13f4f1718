"""Public pages."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path

from . import feeds
from .sitemaps import SITEMAPS
from .views import (
    about,
    articles,
    downloads,
    embeds,
    home,
    memento,
    outlets,
    people,
    permalinks,
    quote_list,
    replay,
    site_files,
    units,
    wacz,
)

app_name = "quotes"
urlpatterns = [
    path("", home.HomeView.as_view(), name="home"),
    path("quotes/", quote_list.QuoteListView.as_view(), name="quote-list"),
    path("quotes/export.csv", downloads.export_csv, name="quote-export-csv"),
    path("quotes/export.jsonl", downloads.export_jsonl, name="quote-export-jsonl"),
    path("exports/<str:token>/", downloads.export_status, name="export-status"),
    path("exports/<str:token>/file", downloads.export_file, name="export-file"),
    path("q/<str:short_id>/", permalinks.QuoteDetailView.as_view(), name="quote-detail"),
    path("q/<str:short_id>/embed/", embeds.embed_card, name="quote-embed"),
    path("oembed", embeds.oembed, name="oembed"),
    path("people/", people.PersonListView.as_view(), name="person-list"),
    path("people/<slug:slug>/", people.PersonDetailView.as_view(), name="person-detail"),
    path("units/", units.UnitListView.as_view(), name="unit-list"),
    path("units/<slug:slug>/", units.UnitDetailView.as_view(), name="unit-detail"),
    path("outlets/", outlets.OutletListView.as_view(), name="outlet-list"),
    path("outlets/<slug:slug>/", outlets.OutletDetailView.as_view(), name="outlet-detail"),
    path("articles/", articles.ArticleListView.as_view(), name="article-list"),
    path("articles/<int:pk>/", articles.ArticleDetailView.as_view(), name="article-detail"),
    path("about/", about.AboutView.as_view(), name="about"),
    path("robots.txt", site_files.robots_txt, name="robots-txt"),
    path("favicon.ico", site_files.favicon, name="favicon"),
    path("archive/captures/<int:pk>/", replay.replay_page, name="capture-page"),
    path("archive/captures/<int:pk>/replay/", replay.replay, name="capture-replay"),
    path("archive/captures/<int:pk>.warc.gz", replay.warc_download, name="capture-warc"),
    path("archive/captures/<int:pk>.wacz", wacz.capture_wacz, name="capture-wacz"),
    path("archive/articles/<int:pk>.wacz", wacz.article_wacz, name="article-wacz"),
    path(
        "q/<str:short_id>/cite.<str:format>",
        permalinks.QuoteCitationView.as_view(),
        name="quote-citation",
    ),
    path("timegate/<path:original>", memento.timegate, name="timegate"),
    path("timemap/link/<path:original>", memento.timemap_link, name="timemap-link"),
    path("timemap/json/<path:original>", memento.timemap_json, name="timemap-json"),
    path("feeds/quotes/", feeds.LatestQuotesFeed(), name="quote-feed"),
    path("feeds/corrections/", feeds.CorrectionsFeed(), name="corrections-feed"),
    path("feeds/altered/", feeds.AlteredPrintingsFeed(), name="altered-feed"),
    path("people/<slug:slug>/feed/", feeds.PersonQuotesFeed(), name="person-feed"),
    path("units/<slug:slug>/feed/", feeds.UnitQuotesFeed(), name="unit-feed"),
    path("outlets/<slug:slug>/feed/", feeds.OutletQuotesFeed(), name="outlet-feed"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
]
