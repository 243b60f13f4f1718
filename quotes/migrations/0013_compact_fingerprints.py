"""Placeholder for fingerprint storage and the key-frequency table (issue 11); its operations are added with the models they migrate."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("quotes", "0012_listing_denormalised")]

    operations = []
