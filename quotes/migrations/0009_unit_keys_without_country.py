"""Unit keys recomputed: what stands before a unit's number ("Russia's 47th ...") is no longer
part of its key. Where two units now share a key, the later keeps its old key, for an archivist
to merge by hand."""

from django.db import migrations


def forwards(apps, schema_editor):
    from quotes.extraction.units import unit_key

    Unit = apps.get_model("quotes", "Unit")
    taken = set(Unit.objects.values_list("key", flat=True))
    for unit in Unit.objects.order_by("pk").iterator():
        key = unit_key(unit.name)
        if key != unit.key and key not in taken:
            taken.discard(unit.key)
            taken.add(key)
            unit.key = key
            unit.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [("quotes", "0008_person_keys_and_sort_names")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
