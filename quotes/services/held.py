"""The quotes and printings an article's import holds back, to write them together.

New quotes and the printings of every statement wait to be written together, in one insert
each (quotes, their history and suggestions; printings, their history, their fingerprints),
until something could read them: matching a later statement that shares a fingerprint key
with an older quote's printings among them, or that prints a new quote's words again (the
only way a later statement of the article joins a new quote), comparing a later statement
with an older quote they are printings of, refreshing or changing their quotes.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass

from verbatim import pagecache

from ..matching import MIN_SHARED_KEYS, index_printings, printed_again, sentence_list
from ..models import MergeSuggestion, Person, Printing, Quote
from .attribution import record_conflicts

# A fingerprint key printed by more of an article's new statements than this is too common to
# tell by which of them a later statement repeats (look-alike sentences share most keys).
HELD_POSTINGS = 20


@dataclass
class HeldStatement:
    """One statement's printings, held back, and the quote they are printings of."""

    quote: Quote
    person: Person | None  # whom the article credits
    printings: list[Printing]
    keys: list[list[int]]  # each printing's fingerprint keys
    created: bool  # the quote is new: it is written with its printings


class HeldPrintings:
    """What one article's import holds back, until `write`."""

    def __init__(self, article):
        self.article = article
        self.statements: list[HeldStatement] = []
        # The keys of the held-back printings of older quotes, which a later statement may
        # repeat; and, for each key, the held-back new quotes (their places in `statements`)
        # that print it, which a later statement repeats only by printing their words again
        # or theirs its own (see ArticleImport.made_here). A key more of them print is too
        # common to tell by.
        self.older_keys: set[int] = set()
        self.older_quotes: set[int] = set()  # the older quotes whose printings are held
        self.new_by_key: defaultdict[int, list[int]] = defaultdict(list)
        self.suggestions: list[MergeSuggestion] = []  # the new quotes' MergeSuggestions

    def hold(self, statement: HeldStatement, suggestions: list[MergeSuggestion]) -> None:
        """Hold back a statement's printings (and its quote, if new, with `suggestions`)."""
        self.suggestions.extend(suggestions)
        self.statements.append(statement)
        if statement.created:
            for key in set().union(*statement.keys):
                if len(self.new_by_key[key]) <= HELD_POSTINGS:
                    self.new_by_key[key].append(len(self.statements) - 1)
        else:
            self.older_keys.update(*statement.keys)
            self.older_quotes.add(statement.quote.pk)

    def needed_by(self, quotations, keys: list[list[int]]) -> bool:
        """Whether a later statement (its quotations, and their keys) could be linked to what
        is held back: it shares a key with an older quote's held-back printings, or prints a
        held-back new quote's words again."""
        return any(not self.older_keys.isdisjoint(k) for k in keys) or self._printed_again(
            quotations, keys
        )

    def _printed_again(self, quotations, keys: list[list[int]]) -> bool:
        """Whether the statement prints again a held-back new quote's words, or it the
        statement's: then it is written, for find_matches to find."""
        shared = Counter(
            place
            for key in set().union(*keys)
            if len(self.new_by_key.get(key, ())) <= HELD_POSTINGS
            for place in self.new_by_key.get(key, ())
        )
        new = None  # the statement's sentences, read only for a held quote that may match
        for place, count in shared.items():
            if count >= MIN_SHARED_KEYS:
                if new is None:
                    new = [s for q in quotations for s in sentence_list(q.text)]
                held = self.statements[place].printings
                old = [s for a in held for s in sentence_list(a.text)]
                if printed_again(new, old):
                    return True
        return False

    def holds_printings_of(self, quote_ids) -> bool:
        """Whether printings of one of these quotes already in the archive are held back: a
        later statement is compared with every printing of the older quotes it may repeat."""
        return not self.older_quotes.isdisjoint(quote_ids)

    def write(self) -> list[Quote]:
        """Write everything held back; the new quotes written."""
        if not self.statements:
            return []
        quotes = self._write_quotes()
        self._write_printings()
        self._record_conflicts()
        self.statements.clear()
        self.older_keys.clear()
        self.older_quotes.clear()
        self.new_by_key.clear()
        pagecache.changed()  # bulk_create sends no post_save
        return quotes

    def _write_quotes(self) -> list[Quote]:
        quotes = [s.quote for s in self.statements if s.created]
        if quotes:
            Quote.objects.bulk_create(quotes)
            # No reason given, as save() records it (bulk_history_create's default is "").
            Quote.history.bulk_history_insert(quotes, default_change_reason=None)
            MergeSuggestion.objects.bulk_create(self.suggestions)
            self.suggestions.clear()
        return quotes

    def _write_printings(self) -> None:
        printings = [a for s in self.statements for a in s.printings]
        for printing in printings:
            printing.copy_article_fields()  # as save() would; bulk_create calls no save()
        Printing.objects.bulk_create(printings)
        # No reason given, as save() records it (bulk_history_create's default is "").
        Printing.history.bulk_history_insert(printings, default_change_reason=None)
        keys = [k for s in self.statements for k in s.keys]
        index_printings(printings, unindexed=True, keys=keys)

    def _record_conflicts(self) -> None:
        """The attribution conflicts of each statement's printings with its quote's person."""
        # An older quote's printings in the article, with those an earlier statement or an
        # archivist gave it here, as when each statement's printings were written in turn: a
        # later one's are theirs to check, with their own speaker. Read once for them all.
        older = [s for s in self.statements if not s.created]
        here = defaultdict(list)
        if any(s.quote.person_id for s in older):
            last = max(s.printings[-1].pk for s in older)
            ids = {s.quote.pk for s in older if s.quote.person_id}
            for printing in self.article.printings.filter(quote__in=ids, pk__lte=last):
                here[printing.quote_id].append(printing)
        for s in self.statements:
            if s.created:  # its printings in the article are these
                printed = sorted(s.printings, key=lambda a: a.start)
            else:
                printed = [a for a in here[s.quote.pk] if a.pk <= s.printings[-1].pk]
            record_conflicts(quote=s.quote, printings=printed, person=s.person)
