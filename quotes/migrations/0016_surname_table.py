"""The surnames people and aliases have, one row each (quotes.models.Surname), kept by triggers
so that no way of writing a person can leave theirs out; the import's name lookup searches them
with LIKE '%...%' (a trigram index on PostgreSQL) and then reads the people whose surname is
alike by plain indexes on the surname keys, which replace 0015's trigram indexes on them."""

from django.db import migrations, models

FILL = (
    'INSERT INTO quotes_surname ("key") '
    "SELECT surname_key FROM quotes_person WHERE surname_key <> '' "
    "UNION SELECT surname_key FROM quotes_personalias WHERE surname_key <> ''"
)
TABLES = {"person": "quotes_person", "alias": "quotes_personalias"}

POSTGRESQL = [
    "CREATE FUNCTION quotes_surname_noted() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN "
    "IF NEW.surname_key <> '' THEN "
    'INSERT INTO quotes_surname ("key") VALUES (NEW.surname_key) ON CONFLICT DO NOTHING; '
    "END IF; "
    "RETURN NULL; "
    "END $$",
    *(
        f"CREATE TRIGGER {name}_surname_noted AFTER INSERT OR UPDATE OF surname_key ON {table} "
        "FOR EACH ROW EXECUTE FUNCTION quotes_surname_noted()"
        for name, table in TABLES.items()
    ),
    FILL,
    'CREATE INDEX surname_trgm ON quotes_surname USING gin ("key" gin_trgm_ops)',
    "DROP INDEX person_surname_trgm",
    "DROP INDEX personalias_surname_trgm",
]
POSTGRESQL_BACK = [
    "CREATE INDEX person_surname_trgm ON quotes_person USING gin (surname_key gin_trgm_ops)",
    "CREATE INDEX personalias_surname_trgm ON quotes_personalias "
    "USING gin (surname_key gin_trgm_ops)",
    *(f"DROP TRIGGER {name}_surname_noted ON {table}" for name, table in TABLES.items()),
    "DROP FUNCTION quotes_surname_noted()",
]

# SQLite: one trigger for inserts and one for updates. Django rebuilds a SQLite table for some
# changes of its columns, which drops its triggers: a migration that does so to either table
# must create these again (tests/resolution/test_people_resolution.py fails without them).
SQLITE = [
    *(
        f"CREATE TRIGGER {name}_surname_{event[0]} AFTER {event[1]} ON {table} "
        "WHEN NEW.surname_key <> '' "
        'BEGIN INSERT OR IGNORE INTO quotes_surname ("key") VALUES (NEW.surname_key); END'
        for name, table in TABLES.items()
        for event in (("added", "INSERT"), ("changed", "UPDATE OF surname_key"))
    ),
    FILL,
]
SQLITE_BACK = [
    f"DROP TRIGGER {name}_surname_{event}"
    for name in TABLES
    for event in ("added", "changed")
]


class OnVendor(migrations.RunSQL):
    def __init__(self, vendor, *args, **kwargs):
        self.vendor = vendor
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, args, kwargs = super().deconstruct()
        return name, [self.vendor, *args], kwargs

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0015_surname_keys"),
    ]

    operations = [
        migrations.CreateModel(
            name="Surname",
            fields=[
                ("key", models.CharField(max_length=200, primary_key=True, serialize=False)),
            ],
        ),
        migrations.AddIndex(
            model_name="person",
            index=models.Index(fields=["surname_key"], name="person_surname"),
        ),
        migrations.AddIndex(
            model_name="personalias",
            index=models.Index(fields=["surname_key"], name="personalias_surname"),
        ),
        OnVendor("postgresql", POSTGRESQL, POSTGRESQL_BACK),
        OnVendor("sqlite", SQLITE, SQLITE_BACK),
    ]
