"""The benchmark's PostgreSQL databases: made, migrated, stamped with what they were built from,
and kept while that stamp still matches, so that a second `make bench` skips the build."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def parts(url: str) -> tuple[str, str]:
    """The server's URL (to its `postgres` database) and the database name of `url`, which
    must be PostgreSQL on this machine: the benchmark drops and makes databases there."""
    split = urlsplit(url)
    if split.scheme not in {"postgres", "postgresql"}:
        raise SystemExit(f"DATABASE_URL must be a postgres:// URL for the benchmark, not {url}")
    if split.hostname not in LOOPBACK:
        raise SystemExit(f"DATABASE_URL must be on this machine (loopback), not {split.hostname}")
    name = split.path.lstrip("/")
    if not name or name in {"postgres", "template0", "template1"}:
        raise SystemExit(f"DATABASE_URL must name a database of its own, not {name!r}")
    return urlunsplit(split._replace(path="/postgres")), name


def with_name(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def admin(url: str) -> psycopg.Connection:
    server, _ = parts(url)
    return psycopg.connect(server, autocommit=True, connect_timeout=10)


def exists(url: str) -> bool:
    _, name = parts(url)
    with admin(url) as conn:
        return bool(conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone())


def create(url: str) -> None:
    _, name = parts(url)
    with admin(url) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop(url: str) -> None:
    _, name = parts(url)
    with admin(url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def make_empty(url: str, env: dict[str, str]) -> None:
    """The database of `url` made anew and migrated: an archive empty in fact, not only of
    live rows. An import rolled back leaves its rows behind, dead, until a VACUUM, and where
    autovacuum is off (as on the machine the figures come from) nothing ever removes them."""
    drop(url)
    create(url)
    migrate(env | {"DATABASE_URL": url})


def vacuum(url: str) -> None:
    """VACUUM and ANALYZE the database of `url`: the dead rows of an import rolled back
    removed, as autovacuum would, so that the next import and the next run meet the archive
    as built. ANALYZE too (a second or two at a million printings), because VACUUM alone,
    scanning only the pages an import touched, moves each table's row estimate (`reltuples`,
    which the planner and the lists' "about N" read) a little further from the truth every
    time: the fingerprints' fell from 14.26M to 10.73M in 20 imports."""
    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        conn.execute("VACUUM (ANALYZE)")


def child(arguments: list[str], env: dict[str, str], what: str) -> str:
    """Run our own interpreter with `arguments` in the project folder and `env`; its standard
    output, or SystemExit with the end of what it printed when it fails."""
    result = subprocess.run(  # noqa: S603 - our own interpreter, our own arguments
        [sys.executable, *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        raise SystemExit(f"{what} failed:\n{result.stdout}{result.stderr}"[-3000:])
    return result.stdout


def migrate(env: dict[str, str]) -> None:
    child(["manage.py", "migrate", "--noinput", "--skip-checks", "-v", "0"], env, "migrate")


def fingerprint(printings: int, seed: int) -> str:
    """What the archive is built from: its size and seed, the builder, the app's fingerprint
    code and every migration. When any changes, the archive is built again."""
    h = hashlib.sha256(f"{printings}/{seed}".encode())
    sources = [ROOT / "bench" / "scale" / "archive.py"]
    sources += sorted((ROOT / "quotes" / "matching").glob("*.py"))
    for app in ("archive", "quotes"):
        sources += sorted((ROOT / app / "migrations").glob("*.py"))
    for path in sources:
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def read_stamp(url: str) -> dict | None:
    """The stamp a finished build left on the database (its comment), or None."""
    if not exists(url):
        return None
    _, name = parts(url)
    with admin(url) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            [name],
        ).fetchone()
    try:
        return json.loads(row[0]) if row and row[0] else None
    except ValueError:
        return None


def write_stamp(url: str, stamp: dict) -> None:
    _, name = parts(url)
    with admin(url) as conn:
        conn.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(name), sql.Literal(json.dumps(stamp))
            )
        )


def environment(url: str, **extra: str) -> dict[str, str]:
    """The app's production environment on `url`, for migrate, gunicorn and the import."""
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "VERBATIM_", "RATE_LIMIT_", "SECURE_"))
        and k not in {"DATABASE_URL", "DEBUG", "REDIS_URL", "CACHE_URL"}
    }
    return keep | {"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "bench.scale.settings"} | extra
