"""Hooks other apps attach to, so that the archive never imports their internals."""

from django.dispatch import Signal

# Sent inside the archiving transaction with `article`, `publish` and `user` (who asked for
# it to be published, if anyone) once a new article is stored.
# Receivers that raise roll the whole article back.
article_archived = Signal()

# Sent by a command about to archive many articles one after another (import_articles) with
# `sources`, archive.sources items in the order it will archive them, and again with none
# when it is done: receivers may work ahead on them meanwhile (quotes.services.ahead).
articles_coming = Signal()
