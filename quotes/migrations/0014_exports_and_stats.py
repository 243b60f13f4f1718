"""Placeholder for background exports and the archive-wide figures (issue 11); its operations are added with the models they migrate."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("quotes", "0013_compact_fingerprints")]

    operations = []
