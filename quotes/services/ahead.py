"""Extraction worked out ahead, on another core, while an import archives the articles before.

An import of many articles (import_articles) takes them one after another, and spends most
of each one's time on the database; under a tenth goes to extracting its quotations, which is
pure work on its text: nothing is read from the database or written to it. So a worker
process extracts the next articles meanwhile, and extract_from_article takes the extraction
made for the same text and title, else extracts as before. The same text and title give the
same extraction, so what the import stores is the same either way (the outlet's name, whose
words name no speaker, is the source's in the worker and the archive's outlet here: the same
printer, by its name or its domain).

The worker is forked: it starts at once with the app loaded, and never touches the database
connection it inherits (it neither uses nor closes it; a forked process ends without
finalising what it inherited).
"""

import multiprocessing
import threading
from collections import deque
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

from django.conf import settings

from archive.services import ArticleRejected, text_and_title

from ..extraction import Extraction, extract, places

# Articles extracted ahead at most (what waits is held in memory).
WINDOW = 8
# Fewer articles than this are imported without a worker: starting one costs more than it saves.
FEW = 10

_ahead = None  # the import's Ahead, while one runs
# The extraction made for the article this thread is about to store (`prepare`).
_prepared = threading.local()


class Ahead:
    """The extractions of `sources` (archive.sources items) in a worker, a WINDOW at a time,
    in the order the import archives them."""

    def __init__(self, sources):
        self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
        self.coming = (s for s in sources if not (s.skipped or s.error))
        self.window = deque()
        self._fill()

    def _fill(self):
        while len(self.window) < WINDOW:
            source = next(self.coming, None)
            if source is None:
                return
            try:
                future = self.pool.submit(
                    _extraction,
                    source.raw,
                    source_file=source.source_file,
                    raw_format=source.raw_format,
                    **source.metadata,
                )
            except BrokenExecutor:  # the worker died (killed, say): the import extracts the rest
                self.coming = iter(())
                return
            self.window.append(future)

    def take(self, body: str, title: str) -> Extraction | None:
        """The extraction of this text and title, if the window holds it (the articles before
        it in the window were passed over: already archived, or refused)."""
        for passed, future in enumerate(self.window):
            try:
                made_for, extraction = future.result()
            except Exception:  # noqa: BLE001, S112 - a source it could not read: the import says why
                continue
            if made_for == (body, title):
                for _ in range(passed + 1):
                    self.window.popleft()
                self._fill()
                return extraction
        # An article past them all (those before it were passed over): start again after.
        self.window.clear()
        self._fill()
        return None

    def close(self):
        self.pool.shutdown(cancel_futures=True)


def _extraction(raw: bytes, **arguments) -> tuple[tuple[str, str], Extraction]:
    """(In the worker.) The text and title archive_article will store, and their extraction,
    the outlet's words being the name the source gives (the archive files the article under
    the outlet of that name, or of its domain: another name for the same printer)."""
    body, title = text_and_title(raw, **arguments)
    return (body, title), extract(body, title=title, outlet=arguments.get("outlet") or "")


def work_ahead(sender, *, sources, **kwargs):
    """Receiver of `archive.signals.articles_coming`: a worker for these sources, or none."""
    global _ahead  # noqa: PLW0603 - one import at a time in a process
    if _ahead is not None:
        _ahead.close()
        _ahead = None
    if sum(1 for source in sources if not (source.skipped or source.error)) >= FEW:
        _ahead = Ahead(sources)


def prepare(sender, *, body: str, title: str, outlet: str, **kwargs):
    """Receiver of `archive.signals.article_reading`: the article's extraction, made before
    the transaction that stores it, and kept for extraction_of to take in it."""
    _prepared.made = None
    _prepared.made = ((body, title, outlet), extraction_of(body, title, outlet))
    # The gazetteers that telling a person's name from a place's reads, loaded once a process
    # (seconds): here, rather than by the first import's naming while it holds the lock.
    places.is_place("Kyiv")


def extraction_of(body: str, title: str, outlet: str = "") -> Extraction:
    """The extraction of an article's text and title, printed by `outlet` (its name): made
    before its transaction (prepare), or ahead, or here. Refused (ArticleRejected) when it
    finds more quotations than one article may hold (MAX_ARTICLE_QUOTATIONS): what an import
    stores and links grows with them, and it holds the import lock meanwhile."""
    prepared = getattr(_prepared, "made", None)
    if prepared is not None and prepared[0] == (body, title, outlet):
        _prepared.made = None
        return prepared[1]
    made = _ahead.take(body, title) if _ahead is not None else None
    extraction = made if made is not None else extract(body, title=title, outlet=outlet)
    limit = settings.MAX_ARTICLE_QUOTATIONS
    if len(extraction.quotations) > limit:
        raise ArticleRejected(
            f"the article holds {len(extraction.quotations):,} quotations; at most {limit:,} "
            "are archived from one article (MAX_ARTICLE_QUOTATIONS): split it"
        )
    return extraction
