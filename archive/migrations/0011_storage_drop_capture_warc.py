from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0010_storage_move_blobs"),
    ]

    operations = [
        migrations.RemoveField(model_name="capture", name="warc"),
    ]
