"""What a backup must carry over, read the same way from the archive backed up and from the
one restored (in a subprocess: `manage.py shell -c`)."""

import hashlib
import json

from django.apps import apps

from archive.models import Article, Capture


def snapshot() -> str:
    """Rows in every table, and the hash of every raw source and WARC as stored, as JSON."""
    return json.dumps(
        {
            "rows": {model._meta.label: model._base_manager.count() for model in apps.get_models()},
            "raw": sorted(
                [article.sha256, hashlib.sha256(article.read_raw()).hexdigest()]
                for article in Article.objects.only("sha256", "raw", "raw_key")
            ),
            "warcs": sorted(
                [capture.url, capture.warc_sha256, hashlib.sha256(capture.read_warc()).hexdigest()]
                for capture in Capture.objects.exclude(warc_key="")
            ),
        },
        sort_keys=True,
    )
