"""Hooks other apps attach to, so that the archive never imports their internals."""

from django.dispatch import Signal

# Sent before the archiving transaction with the `body`, `title` and `outlet` (the name of the
# outlet the article will be filed under) of an article about to be stored, so that
# receivers can do their pure work on its text (quotes extracts its quotations) before the
# transaction that stores it takes the import lock. Receivers that raise ArticleRejected
# refuse the article; nothing is stored.
article_reading = Signal()

# Sent while an article is previewed, before anything is stored, with its `body`, `title` and
# `outlet` (the name it would be filed under); each receiver returns what archiving it would
# suggest, as a list of dicts for the preview to show (quotes: its quotations and speakers).
# Nothing may be written.
article_previewing = Signal()

# Sent inside the archiving transaction with `article`, `publish` and `user` (who asked for
# it to be published, if anyone) once a new article is stored, and `decisions`: what the
# archivist decided of the preview's suggestions (a list of dicts, one a suggestion shown:
# its `index` among them and its `text`, whether to `keep` it, the `speaker` and `units`
# given), or None. The archive passes them on unread; a receiver marks each one it cannot
# apply with its reason under "ignored". Receivers that raise roll the whole article back.
article_archived = Signal()

# Sent by a command about to archive many articles one after another (import_articles) with
# `sources`, archive.sources items in the order it will archive them, and again with none
# when it is done: receivers may work ahead on them meanwhile (quotes.services.ahead).
articles_coming = Signal()
