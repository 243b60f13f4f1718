"""The benchmark's synthetic archive: fictional outlets, articles, people, units, memberships
and quotes, generated deterministically from a seed and loaded into PostgreSQL with COPY.

Sizes follow the number of printings N (1,000,000 by default): about N/2 quotes (two printings
each on average, one to four), N/10 articles, N/50 people, N/3000 units, 200 outlets, dates over
five years. The words are invented (syllables no stemmer changes, so that PostgreSQL's
stemmed search counts exactly what was generated) and drawn from a Zipf distribution, with a
few dozen English function words among the most frequent, as in any news text. No real text
and no real person is involved.

Everything the app derives is derived by the app's own code: the search data by
quotes.search.refresh_rows (one UPDATE), the fingerprints by quotes.matching.fingerprint_keys,
the name keys by quotes.names, unit keys by quotes.extraction.units. Columns the builder does
not know (a field added later) get their model default, so a new field with a default never
breaks the build; one without a default stops it with a message saying where to add it.
"""

import bisect
import datetime
import hashlib
import itertools
import json
import math
import multiprocessing
import random
import signal
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.core.exceptions import FieldDoesNotExist
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils.text import slugify

from archive.models import Article, Outlet
from quotes import matching, search, stats
from quotes.extraction.units import unit_key
from quotes.models import (
    SHORT_ID_ALPHABET,
    SHORT_ID_LENGTH,
    Fingerprint,
    Membership,
    Person,
    PersonAlias,
    Printing,
    Quote,
    Surname,
    Unit,
)
from quotes.names import name_key, name_keys, sort_name

SEED = 11
START = datetime.date(2021, 1, 1)
DAYS = 5 * 365
OUTLETS = 200
# Forty English function words, every other one of the 80 most frequent words.
GLUE = (
    "the a we they will not never always must should can our their this that and but of to in "
    "is was have has for on with at by from it be are were there here all no more what"
).split()
CONSONANTS = "bdfgklmnprstvz"
VOWELS = "aeiou"
FINAL_VOWELS = "aou"
NAME_SYLLABLES = (
    "ad bel cor dun eld fa gim hol ir jas ket lov mer nad or pav quin rod sig tul ulf vod wen "
    "yar zel"
).split()
UNIT_KINDS = ("Brigade", "Battalion", "Regiment", "Company", "Squadron", "Division")
DESCRIPTIONS = ("one soldier", "a resident", "an official", "a volunteer", "a spokesperson")
ROLES = ("commander", "deputy commander", "spokesperson", "medic", "engineer", "driver")
RANKS = ("Private", "Sergeant", "Lieutenant", "Captain", "Major", "Colonel")
STATUS_WEIGHTS = ((Quote.Status.PUBLISHED, 98), (Quote.Status.SUGGESTED, 2))
PRINTINGS_PER_QUOTE = ((1, 4), (2, 3), (3, 2), (4, 1))  # weights: two printings on average


# What Quote.refresh_dates (quotes/models/quotes.py) keeps, by the fields' current names: on each
# printing its article's outlet and date, on each quote how many outlets printed it. Written
# here as that code would write them (tests/bench checks they agree), where the models have
# them; a rename there is made here too.
PRINTING_COPIES = {"printed_by_id": "outlet_id", "printed_on": "published"}
QUOTE_REACH = "reach"
FREEZE = "WITH (FREEZE)"
# Printings made from one seed, in one piece of work (see SyntheticArchive._quotes).
BLOCK = 20_000
_BUILDING = None  # the archive the worker processes are making quotes for


def _block(block):
    return _BUILDING._block(block)


def sizes(printings: int) -> dict[str, int]:
    """How many rows of each kind an archive of `printings` printings has."""
    articles = max(2, printings // 10)
    return {
        "printings": printings,
        "articles": articles,
        "outlets": min(OUTLETS, articles),
        "people": max(10, printings // 50),
        "units": max(3, printings // 3000),
    }


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """`size` invented words of two or three consonant-vowel syllables, the shorter ones the
    more frequent. Each ends in a, o or u, which no rule of the English Snowball stemmer
    removes or changes, so each is its own stem (tests/bench checks it) and a search counts
    exactly the words generated."""
    syllables = [c + v for c in CONSONANTS for v in VOWELS]
    finals = [c + v for c in CONSONANTS for v in FINAL_VOWELS]
    short = [a + z for a in syllables for z in finals]
    rng.shuffle(short)
    long = rng.sample([a + b + z for a in syllables for b in syllables for z in finals], size)
    return [w for w in short + long if w not in GLUE][:size]


def zipf_weights(n: int, s: float = 1.0) -> list[float]:
    return list(itertools.accumulate(1 / (rank**s) for rank in range(1, n + 1)))


@dataclass
class SyntheticArchive:
    """Every row of the archive, generated in memory from `printings` and `seed`; the same
    arguments always give the same rows."""

    printings: int
    seed: int = SEED
    processes: int = 2  # making the quotes, for archives of more than one block
    tables: dict = field(default_factory=dict)  # model -> list of {attname: value}
    words: list = field(default_factory=list)  # the invented vocabulary, by frequency rank
    document_frequency: Counter = field(default_factory=Counter)  # word -> quotes with it
    phrase_frequency: Counter = field(default_factory=Counter)  # "w1 w2" -> quotes with it

    def __post_init__(self):
        rng = random.Random(self.seed)
        size = sizes(self.printings)
        self.words = vocabulary(rng, 30_000)
        # Function words take every other one of the 80 first ranks.
        ranked = []
        invented = iter(self.words)
        for rank in range(80):
            ranked.append(GLUE[rank // 2] if rank % 2 == 0 else next(invented))
        ranked += list(invented)
        self.ranked = ranked
        self.cum_words = zipf_weights(len(ranked))
        self.glue = set(GLUE)
        # The invented words a phrase is made of: among the 400 most frequent words.
        self.frequent = set(ranked[:400]) - self.glue
        self._outlets(rng, size["outlets"])
        self._people(rng, size["people"])
        self._units(rng, size["units"], size["articles"])
        self._articles(rng, size["articles"])
        self._quotes()
        self._bodies()

    # --- the rows, table by table ------------------------------------------------------

    def _outlets(self, rng, n):
        names = set()
        rows = []
        for i in range(n):
            name = f"The {self._word(rng, 200).title()} {rng.choice(('Courier', 'Gazette', 'Star', 'Herald', 'Post', 'Times'))}"  # noqa: E501
            while name in names:
                name += " Weekly"
            names.add(name)
            slug = slugify(name)
            rows.append(
                {
                    "id": i + 1,
                    "name": name,
                    "slug": slug,
                    "home_url": f"https://{slug}.example/",
                    "domain": f"{slug}.example",
                }
            )
        self.tables[Outlet] = rows
        # Some outlets print far more than others.
        self.cum_outlets = zipf_weights(n, 0.8)

    def _name(self, rng, syllables):
        return "".join(rng.choice(NAME_SYLLABLES) for _ in range(syllables)).title()

    def _people(self, rng, n):
        rows, aliases, keys, slugs = [], [], set(), set()
        while len(rows) < n:
            name = f"{self._name(rng, 2)} {self._name(rng, rng.choice((2, 3)))}"
            key = name_key(name)
            if key in keys or len(key.split()) < 2:
                continue
            keys.add(key)
            pk = len(rows) + 1
            slug = slugify(name)
            while slug in slugs:
                slug += "-2"
            slugs.add(slug)
            rows.append(
                {
                    "id": pk,
                    "name": name,
                    "sort_name": sort_name(name),
                    "slug": slug,
                    "key": key,
                    "surname_key": name_keys(name)[1],
                    "description": "",
                    "wikidata": "",
                    "merged_into_id": None,
                }
            )
            if rng.random() < 0.1:
                given, surname = name.split(" ", 1)
                alias = f"{given} {surname.replace('v', 'w').replace('c', 'k')}"
                if alias != name:
                    aliases.append(
                        {
                            "id": len(aliases) + 1,
                            "person_id": pk,
                            "name": alias,
                            "key": name_key(alias),
                            "surname_key": name_keys(alias)[1],
                        }
                    )
        self.tables[Person] = rows
        self.tables[PersonAlias] = aliases
        # Some people are quoted far more than others.
        self.cum_people = zipf_weights(n, 0.9)

    def _units(self, rng, n, articles):
        rows, keys = [], set()
        while len(rows) < n:
            number = rng.randint(1, 200)
            name = f"{number}th {self._word(rng, 2000).title()} {rng.choice(UNIT_KINDS)}"
            key = unit_key(name)
            if not key or key in keys:
                continue
            keys.add(key)
            pk = len(rows) + 1
            rows.append(
                {
                    "id": pk,
                    "name": name,
                    "slug": f"{slugify(name)}-{pk}",
                    "key": key,
                    "aliases": "[]",
                    "parent_id": None,
                    "wikidata": "",
                }
            )
        self.tables[Unit] = rows
        memberships = []
        for person in self.tables[Person]:
            if rng.random() < 0.3:
                memberships.append(
                    {
                        "id": len(memberships) + 1,
                        "person_id": person["id"],
                        "unit_id": rng.randint(1, n),
                        "article_id": rng.randint(1, articles),
                        "rank": rng.choice(RANKS),
                        "role": rng.choice(ROLES),
                        "doubt": "",
                    }
                )
        self.tables[Membership] = memberships

    def _articles(self, rng, n):
        """Articles in date order, so that those of one day are a range of ids."""
        outlets = list(range(1, len(self.tables[Outlet]) + 1))
        rows = []
        for i in range(n):
            published = START + datetime.timedelta(days=i * DAYS // n)
            outlet = rng.choices(outlets, cum_weights=self.cum_outlets)[0]
            rows.append(
                {
                    "id": i + 1,
                    "outlet_id": outlet,
                    "title": " ".join(self._word(rng, 5000) for _ in range(6)).capitalize(),
                    "url": f"https://outlet-{outlet}.example/{published:%Y/%m/%d}/{i + 1}",
                    "published": published,
                    "source_file": "",
                    "canonical_url": "",
                    "author": "",
                    "language": "en",
                    "captured_at": None,
                    "archived_at": datetime.datetime.combine(
                        published, datetime.time(12), tzinfo=datetime.UTC
                    ),
                    "raw_format": Article.Format.TEXT,
                    "raw_key": "",  # short texts, kept in their rows (raw_size in _bodies)
                }
            )
        self.tables[Article] = rows
        # The ids [first, last] of each day's articles; a day without any takes the nearest
        # earlier day's (the first days take the first article).
        self.days = [(1, 1)] * DAYS
        by_day = defaultdict(list)
        for i in range(n):
            by_day[i * DAYS // n].append(i + 1)
        previous = (1, 1)
        for day in range(DAYS):
            if by_day.get(day):
                previous = (by_day[day][0], by_day[day][-1])
            self.days[day] = previous

    def _word(self, rng, top):
        """An invented word among the `top` most frequent."""
        return self.words[rng.randrange(top)]

    def _sentence(self, rng):
        count = rng.randint(6, 18)
        tokens = rng.choices(self.ranked, cum_weights=self.cum_words, k=count)
        return " ".join(tokens).capitalize() + "."

    def _variant(self, rng, text):
        """How another outlet printed `text`: the same words most often, else a sentence or a
        few words cut, or one word changed."""
        roll = rng.random()
        if roll < 0.6:
            return text
        if roll < 0.8:
            sentences = text.split(". ")
            if len(sentences) > 1:
                cut = sentences[1:] if rng.random() < 0.5 else sentences[:-1]
                joined = ". ".join(cut)
                return joined if joined.endswith(".") else joined + "."
            tokens = text.split()
            return " ".join(tokens[rng.randint(1, 3) :]).capitalize()
        tokens = text.split()
        i = rng.randrange(len(tokens))
        ending = "." if tokens[i].endswith(".") else ""
        tokens[i] = rng.choices(self.ranked, cum_weights=self.cum_words)[0] + ending
        return " ".join(tokens)

    def _quotes(self):
        """The quotes and their printings, made in blocks of BLOCK printings, each from its
        own seed, so that two processes can make them and the rows are the same either way."""
        blocks = range(-(-self.printings // BLOCK))
        if len(blocks) > 1 and self.processes > 1:
            global _BUILDING
            _BUILDING = self
            # fork: the workers share the rows made so far; they only compute and return.
            with forked_pool(self.processes) as pool:
                made = pool.map(_block, blocks, chunksize=1)
            _BUILDING = None
        else:
            made = [self._block(block) for block in blocks]
        quotes, printings = [], []
        short_ids = set()
        rng = random.Random(self.seed)
        self.printed_in = defaultdict(list)  # article id -> printing indexes
        for block_quotes, block_printings, words, phrases in made:
            offset, first = len(quotes), len(printings)
            for quote in block_quotes:
                quote["id"] += offset
                while quote["short_id"] in short_ids:  # the same id drawn in two blocks
                    quote["short_id"] = "".join(rng.choices(SHORT_ID_ALPHABET, k=SHORT_ID_LENGTH))
                short_ids.add(quote["short_id"])
            for i, printing in enumerate(block_printings, start=first):
                printing["id"] = i + 1
                printing["quote_id"] += offset
                self.printed_in[printing["article_id"]].append(i)
            quotes += block_quotes
            printings += block_printings
            self.document_frequency.update(words)
            self.phrase_frequency.update(phrases)
        self.tables[Quote] = quotes
        self.tables[Printing] = printings

    def _block(self, block):
        """The quotes of printings [block × BLOCK, (block + 1) × BLOCK), with ids from 1, and
        the counts of their words and phrases."""
        rng = random.Random(self.seed * 1_000_003 + block + 1)
        people = self.tables[Person]
        person_ids = [p["id"] for p in people]
        article_dates = [a["published"] for a in self.tables[Article]]
        article_outlets = [a["outlet_id"] for a in self.tables[Article]]
        copies = {
            attname: source
            for attname, source in PRINTING_COPIES.items()
            if has_field(Printing, attname.removesuffix("_id"))
        }
        reach = has_field(Quote, QUOTE_REACH)
        statuses = [s for s, _ in STATUS_WEIGHTS]
        status_weights = [w for _, w in STATUS_WEIGHTS]
        counts = [c for c, _ in PRINTINGS_PER_QUOTE]
        count_weights = [w for _, w in PRINTINGS_PER_QUOTE]
        quotes, printings = [], []
        words, phrases = Counter(), Counter()
        made = 0
        todo = min(BLOCK, self.printings - block * BLOCK)
        while made < todo:
            pk = len(quotes) + 1
            count = min(rng.choices(counts, count_weights)[0], todo - made)
            made += count
            text = " ".join(self._sentence(rng) for _ in range(rng.choice((1, 1, 2, 2, 3))))
            short_id = "".join(rng.choices(SHORT_ID_ALPHABET, k=SHORT_ID_LENGTH))
            person = rng.choices(person_ids, cum_weights=self.cum_people)[0]
            if rng.random() < 0.1:
                person, description = None, rng.choice(DESCRIPTIONS)
            else:
                description = ""
            day = rng.randrange(DAYS)
            articles = []
            for n in range(count):
                later = 0 if n == 0 else rng.randint(0, 2)
                first, last = self.days[min(DAYS - 1, day + later)]
                article = rng.randint(first, last)
                for _ in range(5):
                    if article not in articles:
                        break
                    article = rng.randint(first, last)
                while article in articles:  # a small archive: few articles a day
                    article = rng.randint(1, len(article_dates))
                articles.append(article)
            first_published = min(article_dates[a - 1] for a in articles)
            created = datetime.datetime.combine(
                first_published, datetime.time(13), tzinfo=datetime.UTC
            ) + datetime.timedelta(seconds=rng.randrange(36000))
            quotes.append(
                {
                    "id": pk,
                    "short_id": short_id,
                    "text": text,
                    "status": rng.choices(statuses, status_weights)[0],
                    "person_id": person,
                    "speaker_description": description,
                    "merged_into_id": None,
                    "text_edited": False,
                    "first_published": first_published,
                    "withdrawal_reason": "",
                    "withdrawal_note": "",
                    "withdrawn_at": None,
                    "created_at": created,
                    "updated_at": created,
                    "search_vector": None,
                    "lemma_vector": None,
                }
            )
            if reach:
                quotes[-1][QUOTE_REACH] = len({article_outlets[a - 1] for a in articles})
            texts = {text}
            surname = people[person - 1]["name"].split(" ", 1)[1] if person else ""
            attribution = f"{surname} said" if person else f"said {description}"
            for article in articles:
                printed = self._variant(rng, text)
                texts.add(printed)
                printings.append(
                    {
                        "id": len(printings) + 1,
                        "quote_id": pk,
                        "article_id": article,
                        "text": printed,
                        "segments": "[]",
                        "attribution": attribution,
                        "person_id": person,
                        "speaker_description": description,
                        "speaker_title": "",
                        "language": "en",
                        "confidence": 1.0,
                        "doubt": "",
                        "alternatives": "[]",
                    }
                )
                for attname, source in copies.items():
                    printings[-1][attname] = (
                        article_outlets if source == "outlet_id" else article_dates
                    )[article - 1]
            self._count_words(texts, words, phrases)
        return quotes, printings, words, phrases

    def _count_words(self, texts, words: Counter, phrases: Counter):
        """Count, once per quote, its invented words and its pairs of frequent ones (what a
        search for a word or a two-word phrase would find)."""
        found, pairs = set(), set()
        frequent = self.frequent
        for text in texts:
            tokens = text.lower().replace(".", "").split()
            found.update(tokens)
            pairs.update(
                f"{a} {b}"
                for a, b in zip(tokens, tokens[1:], strict=False)
                if a in frequent and b in frequent
            )
        words.update(found - self.glue)
        phrases.update(pairs)

    def _bodies(self):
        """Each article's text: a title, then its printings as quoted paragraphs, each with
        its attribution; the printings' offsets point into it."""
        printings = self.tables[Printing]
        for article in self.tables[Article]:
            parts = [article["title"], "\n\n"]
            offset = len(article["title"]) + 2
            for index in self.printed_in.get(article["id"], ()):
                printing = printings[index]
                text = printing["text"]
                parts += ["“", text, "”, ", printing["attribution"], ".\n\n"]
                printing["start"] = offset + 1
                printing["end"] = offset + 1 + len(text)
                offset += 1 + len(text) + 3 + len(printing["attribution"]) + 3
            parts.append("This is a fictional article generated for the Verbatim benchmark.\n")
            body = "".join(parts)
            raw = body.encode()
            article["body"] = body
            article["raw"] = raw
            article["raw_size"] = len(raw)
            article["sha256"] = hashlib.sha256(raw).hexdigest()
        del self.printed_in

    # --- what the load asks for ------------------------------------------------------------

    def words_near(self, share: float, count: int = 5) -> list[tuple[str, int]]:
        """The `count` invented words whose share of quotes is nearest `share`."""
        quotes = len(self.tables[Quote])
        return sorted(
            self.document_frequency.items(),
            key=lambda item: (abs(item[1] / quotes - share), item[0]),
        )[:count]

    def across_frequencies(self, counts: Counter, count: int) -> list[tuple[str, int]]:
        """About `count` distinct items of `counts` spread over every frequency it holds, from
        the rarest to the most common, evenly on a log scale of their share of quotes: what
        readers searching for words of every kind ask for, rather than a few chosen ones."""
        ranked = sorted(counts.items(), key=lambda item: (item[1], item[0]))
        if len(ranked) <= count:
            return ranked
        low, high = math.log(ranked[0][1]), math.log(ranked[-1][1])
        chosen: dict[str, int] = {}
        for k in range(count):
            wanted = math.exp(low + (high - low) * k / (count - 1))
            i = min(bisect.bisect_left(ranked, wanted, key=lambda item: item[1]), len(ranked) - 1)
            while ranked[i][0] in chosen and i + 1 < len(ranked):
                i += 1
            chosen.setdefault(*ranked[i])
        return list(chosen.items())

    def speaker_names(self, count: int, rng: random.Random) -> list[str]:
        """`count` speakers' names, drawn by how many quotes each has (a reader searches for
        those they have read of), each once."""
        names = {p["id"]: p["name"] for p in self.tables[Person]}
        by_quote = [q["person_id"] for q in self.tables[Quote] if q["person_id"]]
        drawn = dict.fromkeys(
            names[pk] for pk in rng.sample(by_quote, min(len(by_quote), 5 * count))
        )
        return list(drawn)[:count]

    def phrases_near(self, share: float, count: int = 5) -> list[tuple[str, int]]:
        quotes = len(self.tables[Quote])
        return sorted(
            self.phrase_frequency.items(), key=lambda item: (abs(item[1] / quotes - share), item[0])
        )[:count]

    def digest(self) -> str:
        """A SHA-256 of every row, to show that the same arguments give the same archive."""
        h = hashlib.sha256()
        for model, rows in self.tables.items():
            h.update(model._meta.label.encode())
            for row in rows:
                h.update(repr(sorted(row.items())).encode())
        return h.hexdigest()


# --- Loading into PostgreSQL -----------------------------------------------------------------


def has_field(model, name: str) -> bool:
    try:
        model._meta.get_field(name)
    except FieldDoesNotExist:
        return False
    return True


def columns_and_defaults(model, known: dict) -> tuple[list[str], list]:
    """The columns to COPY for `model` (those of `known`, a row's values by attname, then every
    other concrete field without a database default) and the values of the others: their
    model default, or NULL where allowed."""
    columns, extra = list(known), []
    for f in model._meta.concrete_fields:
        if f.attname in known or f.db_default is not models.NOT_PROVIDED:
            continue
        if f.has_default():
            value = f.get_default()
        elif getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            value = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
        elif f.null:
            value = None
        else:
            raise SystemExit(
                f"bench/scale/archive.py does not fill {model._meta.label}.{f.name}, which has "
                "no default: give it a value there."
            )
        if isinstance(f, models.JSONField):
            value = json.dumps(value)
        columns.append(f.attname)
        extra.append(value)
    return columns, extra


def copy_rows(model, rows: list[dict]) -> None:
    if not rows:
        return
    names, extra = columns_and_defaults(model, rows[0])
    known = list(rows[0])
    table = connection.ops.quote_name(model._meta.db_table)
    column_list = ", ".join(
        connection.ops.quote_name(model._meta.get_field(name).column) for name in names
    )
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({column_list}) FROM STDIN {FREEZE}") as copy:  # noqa: S608
            for row in rows:
                copy.write_row([row[n] for n in known] + extra)


def fingerprint_layout():
    """The fingerprint table as the model has it now: its table, the column pointing at the
    printing and the column of the key (one row per key), read from the model's fields, so
    that the layout quotes.matching keeps is followed, not copied here."""
    fields = [f for f in Fingerprint._meta.concrete_fields if not f.primary_key]
    printing = next(f for f in fields if f.is_relation and f.related_model is Printing)
    keys = [f for f in fields if f is not printing]
    if len(keys) != 1:
        raise SystemExit(
            "bench/scale/archive.py knows fingerprint rows of (printing, key); the model now has "
            f"{[f.name for f in fields]}: teach fingerprint_layout() the new layout."
        )
    return Fingerprint._meta.db_table, printing.column, keys[0].column


def fingerprint_text(chunk: list[tuple[int, str]]) -> bytes:
    """COPY text for the fingerprints of the printings in `chunk` (id, text), computed by the
    app's own fingerprint_keys (in a worker process)."""
    lines, known = [], {}
    for pk, text in chunk:
        # The printings of one quote are neighbours, and often word for word the same.
        if text not in known:
            known[text] = sorted(matching.fingerprint_keys(text))
        lines.extend(f"{pk}\t{key}\n" for key in known[text])
    return "".join(lines).encode()


def copy_fingerprints(printings: list[dict], *, processes: int = 2) -> None:
    table, printing, key = fingerprint_layout()
    chunks = [
        [(a["id"], a["text"]) for a in printings[i : i + 5000]]
        for i in range(0, len(printings), 5000)
    ]
    quote = connection.ops.quote_name
    sql = f"COPY {quote(table)} ({quote(printing)}, {quote(key)}) FROM STDIN {FREEZE}"
    # fork: the workers inherit the loaded app and only compute; the database is ours alone.
    with forked_pool(processes) as pool:
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            for blob in pool.imap(fingerprint_text, chunks):
                copy.write(blob)


@contextmanager
def forked_pool(processes):
    """A pool of `processes` forked workers, which inherit the loaded app and only compute.
    Each starts with SIGTERM at its default: a parent that handles SIGTERM itself (a test
    run, a task worker) would otherwise pass its handler on, and a worker that outlives the
    pool's terminate() keeps the pool waiting for it for ever. Once the work is done the
    workers are let end (close, join) rather than killed by the pool's terminate(), maybe
    while one holds the lock of the queue that the others wait on; on an error, terminated."""
    context = multiprocessing.get_context("fork")
    with context.Pool(processes, initializer=_default_sigterm) as pool:
        yield pool
        pool.close()
        pool.join()


def _default_sigterm():
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def secondary_indexes(model) -> list[tuple[str, str]]:
    """(name, definition) of the table's indexes that no constraint owns."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i "
            "WHERE i.indrelid = %s::regclass AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
            [model._meta.db_table],
        )
        return cursor.fetchall()


def own_constraints(model) -> list[tuple[str, str]]:
    """(name, definition) of the primary key and unique constraints of a table that no foreign
    key points at (the fingerprints), which can be dropped during the COPY and made after,
    in one sort rather than a row at a time."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND contype IN ('p', 'u') AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint r WHERE r.confrelid = %s::regclass)",
            [model._meta.db_table, model._meta.db_table],
        )
        return cursor.fetchall()


def execute(sql, params=None):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def load(archive: SyntheticArchive, *, log=print) -> dict[str, float]:
    """COPY `archive` into the (migrated, empty) database, fill the fingerprints and the search
    data, and VACUUM ANALYZE. Returns the seconds each step took."""
    steps = {}
    models_filled = [*archive.tables, Fingerprint]

    def step(name, started):
        steps[name] = round(time.monotonic() - started, 1)
        log(f"  {name}: {steps[name]}s")

    started = time.monotonic()
    quote = connection.ops.quote_name
    dropped, constraints = [], []
    for model in models_filled:
        for name, definition in secondary_indexes(model):
            execute(f"DROP INDEX {name}")
            dropped.append((model, definition))
    for name, definition in own_constraints(Fingerprint):
        table = quote(Fingerprint._meta.db_table)
        execute(f"ALTER TABLE {table} DROP CONSTRAINT {quote(name)}")
        constraints.append(f"ALTER TABLE {table} ADD CONSTRAINT {quote(name)} {definition}")
    # The generated rows are consistent: skip the foreign-key triggers while loading.
    execute("SET session_replication_role = replica")
    execute("SET maintenance_work_mem = '512MB'")
    try:
        with transaction.atomic():
            # The tables are empty; truncated in this transaction, they take COPY FREEZE:
            # rows written frozen and their pages all-visible, so that VACUUM need not write
            # them all again for index-only scans to work.
            tables = ", ".join(quote(model._meta.db_table) for model in models_filled)
            execute(f"TRUNCATE {tables} CASCADE")
            for model, rows in archive.tables.items():
                copy_rows(model, rows)
            step("copy", started)
            started = time.monotonic()
            copy_fingerprints(archive.tables[Printing])
            step("fingerprints", started)
    finally:
        execute("SET session_replication_role = DEFAULT")
    started = time.monotonic()
    for definition in constraints:
        execute(definition)
    for model, definition in dropped:
        if model is not Quote:
            execute(definition)
    step("indexes", started)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), models_filled):
            cursor.execute(sql)
    started = time.monotonic()
    refresh_derived()
    step("derived data", started)
    started = time.monotonic()
    for model, definition in dropped:
        if model is Quote:
            execute(definition)
    step("quote indexes", started)
    started = time.monotonic()
    execute("VACUUM (ANALYZE)")
    step("vacuum analyze", started)
    return steps


def refresh_derived() -> None:
    """What the app derives from the rows, by its own code: the surnames people are found by,
    the search data (one UPDATE) and the home page's figures (quotes.stats, recounted as the
    app's task does after a change)."""
    execute("ANALYZE")
    Surname.fill()  # kept by triggers, which the load ran without
    search.refresh_rows(quote_model=Quote, printing_model=Printing)
    stats.refresh()
