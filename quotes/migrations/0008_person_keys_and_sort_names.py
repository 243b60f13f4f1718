"""Person and alias keys recomputed with transliteration folding (quotes.names), sort names
filled, and people stored in Russian order ("Galkin Sergei Alekseevich") shown in natural
order ("Sergei Galkin"), with the printed form kept as an alias."""

from django.db import migrations


def forwards(apps, schema_editor):
    from quotes.names import name_key, parse_name

    Person = apps.get_model("quotes", "Person")
    PersonAlias = apps.get_model("quotes", "PersonAlias")
    for person in Person.objects.all().iterator():
        parsed = parse_name(person.name)
        if parsed.russian_order and parsed.display:
            # The slug stays, so links made before still resolve.
            alias, _ = PersonAlias.objects.get_or_create(person=person, name=person.name)
            alias.key = name_key(alias.name)
            alias.save(update_fields=["key"])
            person.name = parsed.display
        person.key = name_key(person.name)
        person.sort_name = parsed.sort_name or person.name
        person.save(update_fields=["name", "key", "sort_name"])
    for alias in PersonAlias.objects.all().iterator():
        alias.key = name_key(alias.name)
        alias.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [("quotes", "0007_people_identity_and_conflicts")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
