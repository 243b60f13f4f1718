"""The language of every article and printing archived before languages were kept (the rules
of archive.languages, run by quotes.services.languages), and the index the quote list's
language filter reads."""

from django.db import migrations, models


def label_archive(apps, schema_editor):
    from quotes.services.languages import label_archive

    label_archive(
        article_model=apps.get_model("archive", "Article"),
        printing_model=apps.get_model("quotes", "Printing"),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0020_printing_language"),
        ("archive", "0007_capture_review"),
    ]

    operations = [
        migrations.RunPython(label_archive, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name="printing",
            index=models.Index(
                fields=["language", "printed_on", "quote"], name="printing_language_published"
            ),
        ),
    ]
