"""A third of the fingerprint index's bytes per printing (issue 11): keys of four bytes, no
surrogate id (the primary key (key, appearance) is the lookup index), and fewer keys per
printing (content-word stem pairs; word trigrams only for texts with fewer than two pairs).

Django cannot turn a table with an id into one with a composite primary key, so the table is
made again and refilled from each printing's text with the current rules, as `reextract`
would: a Python pass over the appearances (measured at 0.4 ms of CPU a printing, some
seven minutes of CPU for a million, longer on a busy machine).
Going back makes the old table and refills it with the old 63-bit keys of word trigrams and
stem pairs, computed here so that they stay what they were.
"""

import hashlib

import django.db.models.deletion
from django.db import migrations, models

BATCH = 2000


def _appearances(apps):
    Appearance = apps.get_model("quotes", "Appearance")
    last = 0
    while True:
        chunk = list(
            Appearance.objects.filter(pk__gt=last).order_by("pk").values_list("pk", "text")[:BATCH]
        )
        if not chunk:
            return
        yield chunk
        last = chunk[-1][0]


def fill_compact(apps, schema_editor):
    from quotes.matching import fingerprint_keys

    Fingerprint = apps.get_model("quotes", "Fingerprint")
    for chunk in _appearances(apps):
        Fingerprint.objects.bulk_create(
            (
                Fingerprint(appearance_id=pk, key=k)
                for pk, text in chunk
                for k in fingerprint_keys(text)
            ),
            batch_size=5000,
        )


def _legacy_keys(text):
    """The keys of migration 0004's rules: 63-bit hashes of word trigrams and stem pairs."""
    from quotes.extraction.text import words
    from quotes.matching import content

    def key(gram):
        digest = hashlib.blake2b(gram.encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True) >> 1

    ws = words(text)
    keys = {key(" ".join(ws[i : i + 3])) for i in range(max(1, len(ws) - 2))}
    stems = content(ws)
    keys.update(key(f"~{a} {b}") for a, b in zip(stems, stems[1:], strict=False))
    return keys


def fill_legacy(apps, schema_editor):
    Fingerprint = apps.get_model("quotes", "Fingerprint")
    for chunk in _appearances(apps):
        Fingerprint.objects.bulk_create(
            (
                Fingerprint(appearance_id=pk, key=k)
                for pk, text in chunk
                for k in _legacy_keys(text)
            ),
            batch_size=5000,
        )


class Migration(migrations.Migration):
    dependencies = [("quotes", "0012_listing_denormalised")]

    operations = [
        # Backwards only: the old table, made again by undoing DeleteModel, is refilled.
        migrations.RunPython(migrations.RunPython.noop, fill_legacy),
        migrations.DeleteModel(name="Fingerprint"),
        migrations.CreateModel(
            name="Fingerprint",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "key",
                        "appearance",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("key", models.IntegerField()),
                (
                    "appearance",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="fingerprints",
                        to="quotes.appearance",
                    ),
                ),
            ],
        ),
        # Forwards only: backwards the table is dropped by undoing CreateModel.
        migrations.RunPython(fill_compact, migrations.RunPython.noop),
    ]
