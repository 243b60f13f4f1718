"""Every person's, alias's and unit's keys made again (quotes.names.name_keys,
quotes.extraction.units.unit_key): Cyrillic is now romanised by its language's official
scheme, ie/e and io/e fold, and a unit's Cyrillic words are read in English, so that
"Пєсков", "Песков" and "Peskov", "Korolyov" and "Korolev", or "83-ї окремої механізованої
бригади" and "83rd Separate Mechanized Brigade" meet. The triggers of 0016 note each new
surname in the Surname table. A unit whose new key another unit has keeps its old one: two
units are joined by an archivist, never by a migration."""

from django.db import migrations

from quotes.extraction.units import unit_key
from quotes.names import name_keys


def rekey(apps, schema_editor):
    for model in (apps.get_model("quotes", "Person"), apps.get_model("quotes", "PersonAlias")):
        changed = []
        for row in model.objects.only("pk", "name", "key", "surname_key").order_by("pk").iterator():
            keys = name_keys(row.name)
            if keys != (row.key, row.surname_key):
                row.key, row.surname_key = keys
                changed.append(row)
        model.objects.bulk_update(changed, ["key", "surname_key"], batch_size=2000)
    units = apps.get_model("quotes", "Unit")
    taken = set(units.objects.values_list("key", flat=True))
    for unit in units.objects.only("pk", "name", "key").order_by("pk").iterator():
        key = unit_key(unit.name)
        if key != unit.key and key not in taken:
            taken.discard(unit.key)
            taken.add(key)
            unit.key = key
            unit.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0021_fill_languages"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
