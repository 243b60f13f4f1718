"""A database trigger that refuses any UPDATE changing an archived article's raw source or
its SHA-256, whatever the client (the model and its queryset refuse it in Python as well).

PostgreSQL and SQLite only; on another database the migration does nothing. On SQLite a
migration that rebuilds archive_article drops the trigger with the old table, so such a
migration must create it again (CREATE_SQLITE below).
"""

from django.db import migrations

TRIGGER = "archive_article_fixity"
MESSAGE = "the raw source and SHA-256 of an archived article cannot be changed"

CREATE_POSTGRESQL = [
    f"""
    CREATE FUNCTION {TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'archive_article %: {MESSAGE}', OLD.id
            USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$
    """,
    f"""
    CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OF raw, sha256 ON archive_article
    FOR EACH ROW
    WHEN (OLD.raw IS DISTINCT FROM NEW.raw OR OLD.sha256 IS DISTINCT FROM NEW.sha256)
    EXECUTE FUNCTION {TRIGGER}()
    """,
]
DROP_POSTGRESQL = [
    f"DROP TRIGGER IF EXISTS {TRIGGER} ON archive_article",
    f"DROP FUNCTION IF EXISTS {TRIGGER}()",
]

# RAISE(ABORT) is a constraint failure: the statement is undone and the client gets an
# IntegrityError, as PostgreSQL's integrity_constraint_violation gives above.
CREATE_SQLITE = [
    f"""
    CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OF raw, sha256 ON archive_article
    FOR EACH ROW
    WHEN OLD.raw IS NOT NEW.raw OR OLD.sha256 IS NOT NEW.sha256
    BEGIN
        SELECT RAISE(ABORT, 'archive_article: {MESSAGE}');
    END
    """,
]
DROP_SQLITE = [f"DROP TRIGGER IF EXISTS {TRIGGER}"]

STATEMENTS = {
    "postgresql": (CREATE_POSTGRESQL, DROP_POSTGRESQL),
    "sqlite": (CREATE_SQLITE, DROP_SQLITE),
}


def create_trigger(apps, schema_editor):
    # No parameters: the trigger body holds a literal % that must not be read as one.
    create, _ = STATEMENTS.get(schema_editor.connection.vendor, ([], []))
    for sql in create:
        schema_editor.execute(sql, params=None)


def drop_trigger(apps, schema_editor):
    _, drop = STATEMENTS.get(schema_editor.connection.vendor, ([], []))
    for sql in drop:
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0002_article_history"),
    ]

    operations = [
        migrations.RunPython(create_trigger, drop_trigger),
    ]
