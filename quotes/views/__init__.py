"""The public pages, a module for each: home, the quote list and its downloads, permalinks
(with their citation files), people, units, outlets, articles, a capture's replay, about,
and the files at the site's root. (Feeds and the sitemap are Django's syndication and
sitemap classes, in quotes/feeds.py and quotes/sitemaps.py.)

The pages of a person, a unit and an outlet list its quotes or articles under it: they follow
Django's "SingleObjectMixin with ListView" pattern, and their templates get the object by
model name and the page's rows as object_list."""
