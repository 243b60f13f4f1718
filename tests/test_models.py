"""Model behaviour: slugs, keys, aliases, permalinks."""

import pytest

from quotes.models import Person, Quote
from tests.factories import AppearanceFactory, PersonAliasFactory, PersonFactory, QuoteFactory


@pytest.mark.django_db
def test_person_found_by_alias_in_any_name_order():
    """A person is found by an alias written in another name order."""
    person = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=person, name="Vantongeren Ilse Maria")
    assert list(Person.objects.named("Ilse Maria Vantongeren")) == [person]
    assert list(Person.objects.named("ILSE VANTONGEREN")) == [person]


@pytest.mark.django_db
def test_bare_surname_never_identifies_a_person():
    """A bare surname is too weak to join two articles' speakers."""
    PersonFactory(name="Ilse Vantongeren")
    assert not Person.objects.named("Vantongeren").exists()
    assert not Person.objects.named("Mr Vantongeren").exists()


@pytest.mark.django_db
def test_quote_permalink_uses_short_id():
    """Every quote gets a short opaque id for its permalink."""
    quote = QuoteFactory()
    assert len(quote.short_id) == 8
    assert quote.get_absolute_url() == f"/q/{quote.short_id}/"


@pytest.mark.django_db
def test_public_excludes_suggested_rejected_and_merged():
    """Only published, unmerged quotes are public."""
    published = QuoteFactory()
    QuoteFactory(status=Quote.Status.SUGGESTED)
    QuoteFactory(status=Quote.Status.REJECTED)
    QuoteFactory(merged_into=published)
    assert list(Quote.objects.public()) == [published]


@pytest.mark.django_db
def test_appearance_factory_offsets_point_at_the_words():
    """An appearance's offsets cut its exact words out of the article body."""
    appearance = AppearanceFactory()
    assert appearance.article.body[appearance.start : appearance.end] == appearance.text


@pytest.mark.django_db
def test_names_sharing_words_find_each_other():
    """A name with a patronymic more or less finds the same person, both ways."""
    person = PersonFactory(name="Oskar Thalberg")
    assert list(Person.objects.sharing_names("Thalberg Oskar Henrikovich")) == [person]
    longer = PersonFactory(name="Runa Halvard Ekdahl")
    assert list(Person.objects.sharing_names("Runa Ekdahl")) == [longer]
    assert not Person.objects.sharing_names("Oskar Ekdahl").exists()


@pytest.mark.django_db
def test_accents_do_not_split_a_person():
    """'Zoë Brun' and 'Zoe Brun' are one person's name."""
    person = PersonFactory(name="Zoë Brun")
    assert list(Person.objects.named("Zoe Brun")) == [person]
