"""Each page's SQL, captured once through Django's test client on the built archive, and the
plans of its slowest queries under EXPLAIN (ANALYZE, BUFFERS)."""

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def slowest_plans(path: str, *, count: int = 2) -> dict:
    """GET `path` once; its number of queries, their total time, and the `count` slowest
    read queries with their plans."""
    client = Client()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    queries = [
        {"ms": round(float(q["time"]) * 1000, 1), "sql": q["sql"]}
        for q in captured.captured_queries
    ]
    reads = [q for q in queries if q["sql"].lstrip().upper().startswith(("SELECT", "WITH"))]
    slowest = sorted(reads, key=lambda q: q["ms"], reverse=True)[:count]
    for query in slowest:
        with connection.cursor() as cursor:
            # The SQL is the app's own, as Django sent it; EXPLAIN runs it once more.
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + query["sql"])
            query["plan"] = "\n".join(row[0] for row in cursor.fetchall())
    return {
        "status": response.status_code,
        "queries": len(queries),
        "sql_ms": round(sum(q["ms"] for q in queries), 1),
        "slowest": slowest,
    }
