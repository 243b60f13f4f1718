from django.db import migrations


def sync_roles(apps, schema_editor):
    from quotes.roles import sync_roles

    sync_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0010_withdrawal_corrections_history"),
        ("archive", "0002_article_history"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(sync_roles, migrations.RunPython.noop)]
