"""Model behaviour: slugs, keys, aliases, permalinks."""

import pytest

from quotes import public
from quotes.models import Person, Quote
from tests.factories import PersonAliasFactory, PersonFactory, PrintingFactory, QuoteFactory


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
    assert list(public.quotes()) == [published]


@pytest.mark.django_db
def test_printing_factory_offsets_point_at_the_words():
    """A printing's offsets cut its exact words out of the article body."""
    printing = PrintingFactory()
    assert printing.article.body[printing.start : printing.end] == printing.text


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


def test_canonical_text_closes_a_sentence_cut_by_its_attribution():
    """A printing that ended '..., he said' does not leave a comma before the next sentence."""
    from quotes.matching import canonical_text

    text = canonical_text([["The tide is high, the boats are in,", "We sail at dawn."]])
    assert text == "The tide is high, the boats are in. We sail at dawn."


def test_canonical_text_takes_sentences_only_other_outlets_printed():
    """The canonical text is the fullest printing, with sentences that only another outlet
    printed inserted where that outlet had them."""
    from quotes.matching import canonical_text

    text = canonical_text(
        [
            ["The tide is high. The boats are in. We sail at dawn."],
            ["The tide is high. Nobody is afraid. The boats are in."],
        ]
    )
    assert text == "The tide is high. Nobody is afraid. The boats are in. We sail at dawn."


@pytest.mark.django_db
def test_unit_names_are_title_cased_and_spellings_kept_as_aliases():
    """A unit printed in lower case is named in title case; another spelling is an alias."""
    from quotes.services.units import unit_for

    unit = unit_for("4th separate armoured brigade")
    assert unit.name == "4th Separate Armoured Brigade"
    assert unit_for("4th Separate Armored Brigade") == unit
    unit.refresh_from_db()
    assert unit.aliases == ["4th separate armoured brigade", "4th Separate Armored Brigade"]


def test_canonical_text_does_not_run_a_headline_into_the_statement():
    """A headline quoting the statement, printed before it, is neither glued onto its first
    sentence (so the other outlets' wording of that sentence still lines up) nor kept as a
    sentence of its own when the statement prints those words in full."""
    from quotes.matching import canonical_text

    text = canonical_text(
        [
            ["We hold the line", "We filled the sandbags before dawn. We hold the line here."],
            ["We filled the sandbags before sunrise. Nobody slept."],
        ]
    )
    assert text == ("We filled the sandbags before dawn. Nobody slept. We hold the line here.")
