"""People, the other names they are known by, and every surname either has had."""

from functools import partial
from itertools import combinations

from django.core.validators import RegexValidator
from django.db import connection, models
from django.db.models import Q
from django.urls import reverse
from simple_history.models import HistoricalRecords

from archive.models import HistoryManager
from archive.slugs import save_with_unique_slug
from verbatim import pagecache

from ..extraction.places import is_country, is_place
from ..names import (
    is_patronymic,
    name_key,
    name_keys,
    name_word_key,
    parse_name,
    sort_name,
    split_title,
)


def unique_slug(instance, save):
    """`save()` a person or unit, first giving it a slug from its name if it has none: in any
    script, suffixed -2, -3, ... where taken, even by a concurrent import (archive.text)."""
    if instance.slug:
        save()
    else:
        save_with_unique_slug(instance, instance.name, save)


class PersonQuerySet(models.QuerySet):
    def named(self, name):
        """People called `name`, or known by it as an alias, in any order, romanisation or
        case, with or without title and patronymic (at least two words, so that a bare
        surname never joins two different people)."""
        key = name_key(name)
        if len(key.split()) < 2:
            return self.none()
        return self.filter(Q(key=key) | Q(alias_set__key=key)).distinct()

    def sharing_names(self, name):
        """People whose name holds every word of `name` or whose words `name` holds, at least
        two words in common ("Oskar Thalberg" and "Thalberg Oskar Henrikovich")."""
        tokens = name_key(name).split()
        if len(tokens) < 2:
            return self.none()
        wider = Q()
        for token in tokens:
            wider &= Q(key__contains=token)
        narrower = Q(key__in=[" ".join(sorted(pair)) for pair in combinations(tokens, 2)])
        return self.filter(wider | narrower)


# A Wikidata item's id: "Q" and a number without leading zeros (Q42).
validate_wikidata = RegexValidator(
    r"^Q[1-9][0-9]*\Z", "Enter a Wikidata item id: Q and its number, as in Q42."
)


def wikidata_field():
    """The optional Wikidata item of a person or unit, shown on its page and linked as its
    schema.org `sameAs`."""
    return models.CharField(
        "Wikidata item",
        max_length=20,
        blank=True,
        validators=[validate_wikidata],
        help_text="The Wikidata id of the same person or unit (Q42), if known.",
    )


class Person(models.Model):
    name = models.CharField(
        max_length=200, db_index=True, help_text="The display name, in natural order, no rank."
    )
    sort_name = models.CharField(
        max_length=200,
        blank=True,
        db_index=True,
        help_text="The name as sorted in an index: surname first ('Krishtop, Maxim').",
    )
    slug = models.SlugField(max_length=200, unique=True)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    # The surname folded (names.name_keys): an import looks for the people a printed name
    # may be by their surnames alone (quotes.services.people.resemblances).
    surname_key = models.CharField(max_length=200, blank=True, editable=False)
    description = models.CharField(max_length=500, blank=True)
    wikidata = wikidata_field()
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_people"
    )

    objects = PersonQuerySet.as_manager()
    history = HistoricalRecords(history_manager=HistoryManager)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "people"
        indexes = [models.Index(fields=["surname_key"], name="person_surname")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.with_keys()
        if "update_fields" in kwargs and kwargs["update_fields"] is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "key", "surname_key", "sort_name"}
        unique_slug(self, partial(super().save, *args, **kwargs))

    def get_absolute_url(self):
        return reverse("quotes:person-detail", kwargs={"slug": self.slug})

    def with_keys(self):
        """This person with what their name derives set: the keys they are found by and the
        sort name (save() sets them; a bulk insert does not call it)."""
        self.key, self.surname_key = name_keys(self.name)
        self.sort_name = sort_name(self.name)
        return self

    @property
    def aliases(self):
        return [a.name for a in self.alias_set.all()]

    def add_alias(self, name):
        """Record another spelling or name order of this person's name; a title alone, a
        patronymic alone ("Mr Alekseevich") or a name with a place glued to it is refused,
        and a title is left out. Returns whether the name is (now) one of theirs."""
        if not self.may_be_called(name):
            return False
        name = " ".join(split_title(name)[1])  # "Mr Galkin" is recorded as "Galkin"
        if name != self.name:
            # One INSERT ... ON CONFLICT DO NOTHING (an alias they have already is kept as
            # it is), rather than get_or_create's read, savepoint, insert and release.
            alias = PersonAlias(person=self, name=name).with_keys()
            PersonAlias.objects.bulk_create([alias], ignore_conflicts=True)
            pagecache.changed()  # bulk_create sends no post_save
        return True

    def may_be_called(self, name):
        """Whether `name` can stand for this person alone: more than a title or a
        patronymic, and no place or country before or after the name."""
        title, tokens = split_title(name)
        if not tokens:
            return False
        own = set(name_key(self.name).split()) | {
            name_word_key(t) for t in parse_name(self.name).given
        }
        if len(tokens) == 1 and is_patronymic(tokens[0]) and name_word_key(tokens[0]) not in own:
            return False
        for size in (3, 2, 1):
            for words in (tokens[:size], tokens[-size:]):
                if len(words) < len(tokens) and is_country(" ".join(words)):
                    return False
        return not any(
            is_place(token) and name_word_key(token) not in own for token in {tokens[0], tokens[-1]}
        )


class PersonAlias(models.Model):
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="alias_set")
    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, db_index=True, editable=False)
    surname_key = models.CharField(max_length=200, blank=True, editable=False)  # as Person's

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "aliases"
        constraints = [
            models.UniqueConstraint(fields=["person", "name"], name="unique_person_alias")
        ]
        indexes = [models.Index(fields=["surname_key"], name="personalias_surname")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.with_keys()
        super().save(*args, **kwargs)

    def with_keys(self):
        """This alias with the keys of its name set (save() sets them; a bulk insert does
        not call it)."""
        self.key, self.surname_key = name_keys(self.name)
        return self


class Surname(models.Model):
    """Every folded surname (`surname_key`) a person or an alias has had, once however many
    people share it: an import looks up the people a printed name may be by first finding
    the surnames alike to its own here, among a few short rows, and then reading only the
    people who have them (quotes.services.people.resemblances), rather than reading every
    person whose surname merely holds the same letters.

    Kept by the database itself: triggers on quotes_person and quotes_personalias (migration
    0016) add a new key whatever writes it (save(), a bulk insert, COPY, loaddata). A key
    nobody has any more stays, and finds nobody."""

    key = models.CharField(max_length=200, primary_key=True)

    def __str__(self):
        return self.key

    @classmethod
    def fill(cls):
        """Add every surname people and aliases have: after rows were written with the
        triggers off (a bulk load as PostgreSQL's replica)."""
        q = connection.ops.quote_name
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {q(cls._meta.db_table)} ({q('key')}) "  # noqa: S608 - names only
                f"SELECT surname_key FROM {q(Person._meta.db_table)} WHERE surname_key <> '' "
                f"UNION SELECT surname_key FROM {q(PersonAlias._meta.db_table)} "
                f"WHERE surname_key <> '' "
                f"EXCEPT SELECT {q('key')} FROM {q(cls._meta.db_table)}"
            )
