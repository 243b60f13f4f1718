"""Placeholder for the quote list, search and filters (issue 11): denormalised columns and indexes; its operations are added with the models they migrate."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("quotes", "0011_roles")]

    operations = []
