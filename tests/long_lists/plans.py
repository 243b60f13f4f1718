"""Reading the quote list's query plans on a PostgreSQL archive big enough to show them.

Not a test: a tool for the developer who changes the list, search or filters. `build` fills
the (empty, migrated) database of DATABASE_URL with a synthetic archive by SQL alone, made-up
words and names, deterministically; `explain` requests the list's pages through Django's test
client and prints EXPLAIN (ANALYZE, BUFFERS) of every query each page ran.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim_h1 VERBATIM_DEV=1 \\
        .venv/bin/python -m tests.long_lists.plans build 100000
    DATABASE_URL=... VERBATIM_DEV=1 .venv/bin/python -m tests.long_lists.plans explain

(The 1,000,000-printing benchmark with load and timings is `make bench`, in bench/scale/.)
"""

import os
import sys

import django

# 200 made-up words; the first are drawn far more often than the last (Zipf-like), so that
# "w0" is a common word and "w199" a rare one.
VOCABULARY = [f"w{n}" for n in range(200)]

BUILD = """
SELECT setseed(0.11);
INSERT INTO archive_outlet (name, slug, home_url, domain)
SELECT 'Outlet ' || n, 'outlet-' || n, '', '' FROM generate_series(1, 40) n;
INSERT INTO quotes_person (name, slug, key, description, sort_name, surname_key)
SELECT 'Speaker ' || n || ' Example', 'speaker-' || n, 'example speaker ' || n, '', 'Example',
    'example'
FROM generate_series(1, 5000) n;
INSERT INTO archive_article (title, url, published, body, raw, raw_format, sha256, source_file,
    archived_at, outlet_id, author, canonical_url, language)
SELECT 'Article ' || n, NULL,
    CASE WHEN n % 20 = 0 THEN NULL ELSE date '2024-01-01' + (n % 1000) END,
    'x', 'x'::bytea, 'txt', md5(n::text) || md5((n + 1)::text), 'a' || n || '.txt', now(),
    (SELECT id FROM archive_outlet ORDER BY id OFFSET (n % 40) LIMIT 1)
        * CASE WHEN n % 5 = 0 THEN NULL ELSE 1 END,
    '', '', ''
FROM generate_series(1, %(articles)s) n;
INSERT INTO quotes_quote (short_id, text, status, speaker_description, created_at, updated_at,
    text_edited, withdrawal_note, withdrawal_reason, person_id, reach)
SELECT 's' || lpad(n::text, 8, '0'),
    (SELECT string_agg(%(words)s[1 + floor(200 * random() ^ 3)::int], ' ')
     FROM generate_series(1, 12 + 0 * n)),
    CASE WHEN n % 20 = 0 THEN 'suggested' ELSE 'published' END,
    CASE WHEN n % 10 = 0 THEN 'one soldier ' || (n % 7) ELSE '' END,
    now(), now(), false, '', '',
    CASE WHEN n % 10 = 0 THEN NULL
         ELSE (SELECT min(id) FROM quotes_person) + (n * 7) % 5000 END,
    0
FROM generate_series(1, %(quotes)s) n;
INSERT INTO quotes_printing (text, start, "end", segments, attribution, article_id, quote_id,
    speaker_description, speaker_title, language, alternatives, confidence, doubt)
SELECT q.text, k * 1000000 + q.id % 1000000, k * 1000000 + q.id % 1000000 + 10, '[]', '',
    (SELECT min(id) FROM archive_article) + (q.id * 31 + k * 7919) %% %(articles)s, q.id, '', '',
    -- One printing in twenty in Ukrainian, one in fifty in Russian, the rest in English.
    CASE WHEN q.id %% 20 = 3 THEN 'uk' WHEN q.id %% 50 = 7 THEN 'ru' ELSE 'en' END,
    '[]', 1.0, ''
FROM quotes_quote q, generate_series(0, 2) k WHERE k <= q.id %% 3;
UPDATE quotes_printing a SET printed_by_id = r.outlet_id, printed_on = r.published
FROM archive_article r WHERE r.id = a.article_id;
UPDATE quotes_quote q SET first_published = s.first, reach = s.outlets
FROM (SELECT quote_id, min(printed_on) AS first, count(DISTINCT printed_by_id) AS outlets
      FROM quotes_printing GROUP BY quote_id) s WHERE s.quote_id = q.id;
UPDATE quotes_quote q SET search_vector = setweight(to_tsvector('verbatim', q.text), 'A')
    || setweight(to_tsvector('verbatim', q.text), 'B');
"""


def build(quotes):
    from django.db import connection

    words = "(ARRAY[" + ", ".join(f"'{w}'" for w in VOCABULARY) + "])"
    sql = BUILD.replace("%(words)s", words).replace("%(quotes)s", str(quotes))
    sql = sql.replace("%(articles)s", str(quotes * 6 // 10)).replace("%%", "%")
    with connection.cursor() as cursor:
        cursor.execute(sql)
        # As autovacuum would: clears the GIN indexes' pending lists and reads statistics.
        cursor.execute("VACUUM ANALYZE")
    print(f"built {quotes} quotes")


def explain():
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from quotes.models import LIST_ORDER, Quote

    deep = Quote.objects.filter(status="published").order_by(*LIST_ORDER)[24999:25000].get()
    pages = {
        "list": "/quotes/",
        "search_common": "/quotes/?q=w1",
        "search_rare": "/quotes/?q=w190",
        "search_phrase": '/quotes/?q="w0 w1"',
        "list_deep (page 1000 / the same rows by keyset)": (
            f"/quotes/?after={deep.short_id}" if os.environ.get("KEYSET") else "/quotes/?page=1001"
        ),
        "filter_outlet_date": "/quotes/?outlet=outlet-3&from=2024-03-01&to=2024-06-30",
        "filter_language": "/quotes/?language=uk",
        "filter_language_rare_dates": "/quotes/?language=ru&from=2024-03-01&to=2024-03-31",
        "filter_language_common": "/quotes/?language=en",
        "api_list": "/api/quotes/",
    }
    client = Client(HTTP_HOST="localhost")
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            status = client.get(url).status_code
        print(f"\n=== {name}: {url} -> {status}, {len(queries)} queries")
        total = 0.0
        for query in queries.captured_queries:
            if query["sql"].startswith("EXPLAIN"):
                print(f"--- (the planner's estimate) {query['sql'][:140]}")
                continue
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + query["sql"])
                plan = [row[0] for row in cursor.fetchall()]
            time = float(plan[-1].split(":")[1].split()[0])
            total += time
            nodes = [line.strip() for line in plan if "Scan" in line or "Sort " in line]
            print(f"--- {time:8.1f} ms  {query['sql'][:160]}")
            for line in nodes[:8]:
                print("        " + line[:150])
        print(f"    SQL total {total:.1f} ms")


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")
    django.setup()
    if sys.argv[1] == "build":
        build(int(sys.argv[2]))
    else:
        explain()
