"""Every person's and alias's keys made again (quotes.names.name_keys): Cyrillic is now
romanised by its language's official scheme, and ie/e and io/e fold, so that "Пєсков",
"Песков" and "Peskov" or "Korolyov" and "Korolev" meet. The triggers of 0016 note each new
surname in the Surname table."""

from django.db import migrations

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


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0020_printing_language"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
