"""Unique slugs made from names and titles in any script."""

import itertools

from anyascii import anyascii
from django.db import IntegrityError, transaction
from django.utils.text import slugify


def save_with_unique_slug(instance, text: str, save, *, max_length: int = 200) -> None:
    """Give `instance` (a new row, no slug yet) the first free slug made from `text` in any
    script ("Новая газета" -> "novaya-gazeta"; "le-monde-2" when "le-monde" is taken), and
    `save()` it. When another process takes that slug between the look-up and the insert, the
    next one is tried: each attempt has its own savepoint, so the caller's transaction goes on.
    """
    model = type(instance)
    manager = model._default_manager
    # Room for a "-NNNNN" suffix.
    base = slugify(anyascii(text))[: max_length - 6].strip("-") or model._meta.model_name
    for n in itertools.count(1):
        slug = base if n == 1 else f"{base}-{n}"
        if manager.filter(slug=slug).exists():
            continue
        instance.slug = slug
        try:
            with transaction.atomic():
                save()
        except IntegrityError:
            if not manager.filter(slug=slug).exists():
                instance.slug = ""
                raise  # another unique field, not the slug: not ours to settle
            continue
        return
