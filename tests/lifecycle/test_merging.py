"""Merging quotes and people, and publishing or rejecting quotes in bulk."""

import pytest
from django.db.models import Count

from quotes.models import Membership, MergeSuggestion, Person, Quote
from quotes.services.lifecycle import merge as merge_quotes
from quotes.services.lifecycle import merge_people
from quotes.services.lifecycle import publish as publish_quotes
from quotes.services.lifecycle import reject as reject_quotes
from tests.factories import (
    ArticleFactory,
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

pytestmark = pytest.mark.django_db


def suggestion(quote, candidate, **kwargs):
    return MergeSuggestion.objects.create(quote=quote, candidate=candidate, score=0.9, **kwargs)


# Quotes


def test_merged_quote_printings_move_to_the_survivor():
    """The source's printings now belong to the target; the source keeps its row and id."""
    person = PersonFactory()
    source = PrintingFactory(quote__person=person).quote
    target = PrintingFactory(quote__person=person).quote
    PrintingFactory(quote=source)

    result = merge_quotes(source=source, target=target)

    assert result == target
    source.refresh_from_db()
    assert source.merged_into == target
    assert source.printings.count() == 0
    assert target.printings.count() == 3
    assert Quote.objects.filter(short_id=source.short_id).exists()


def test_quotes_merged_into_the_source_follow_it_to_the_target():
    """An earlier merge into the source is redirected to the new survivor, never chained."""
    person = PersonFactory()
    source, target = QuoteFactory(person=person), QuoteFactory(person=person)
    older = QuoteFactory(person=person, merged_into=source)

    merge_quotes(source=source, target=target)

    older.refresh_from_db()
    assert older.merged_into == target


@pytest.mark.parametrize(
    ("source_status", "target_status", "expected"),
    [
        ("published", "suggested", "published"),
        ("suggested", "published", "published"),
        ("published", "rejected", "published"),
        ("suggested", "suggested", "suggested"),
        ("rejected", "suggested", "suggested"),
    ],
)
def test_survivor_is_published_if_either_was(source_status, target_status, expected):
    """A statement published under either quote stays published after the merge."""
    person = PersonFactory()
    source = QuoteFactory(person=person, status=source_status)
    target = QuoteFactory(person=person, status=target_status)

    merge_quotes(source=source, target=target)

    target.refresh_from_db()
    assert target.status == expected


def test_open_suggestion_between_the_pair_is_marked_merged():
    """Suggestions in either direction between the merged pair are settled as merged."""
    person = PersonFactory()
    source, target = QuoteFactory(person=person), QuoteFactory(person=person)
    one, other = suggestion(source, target), suggestion(target, source)

    merge_quotes(source=source, target=target)

    one.refresh_from_db()
    other.refresh_from_db()
    assert one.status == other.status == MergeSuggestion.Status.MERGED


def test_sources_other_open_suggestions_are_carried_to_the_target():
    """An open suggestion naming the source now names the target, without duplicating one."""
    person = PersonFactory()
    source, target = QuoteFactory(person=person), QuoteFactory(person=person)
    third, fourth = QuoteFactory(person=person), QuoteFactory(person=person)
    carried = suggestion(third, source)
    suggestion(fourth, target)
    redundant = suggestion(source, fourth)

    merge_quotes(source=source, target=target)

    carried.refresh_from_db()
    assert (carried.quote, carried.candidate) == (third, target)
    assert not MergeSuggestion.objects.filter(pk=redundant.pk).exists()
    assert not MergeSuggestion.objects.filter(quote=source).exists()
    assert not MergeSuggestion.objects.filter(candidate=source).exists()


def test_target_without_speaker_takes_the_sources():
    """A survivor with no person is attributed to the source's person."""
    source = QuoteFactory()
    target = QuoteFactory(person=None, speaker_description="one official")

    merge_quotes(source=source, target=target)

    target.refresh_from_db()
    assert target.person == source.person


def test_target_keeps_its_own_speaker():
    """A survivor's person is kept when the source has none."""
    target = QuoteFactory()
    source = QuoteFactory(person=None)

    merge_quotes(source=source, target=target)

    target.refresh_from_db()
    assert target.person is not None


def test_quote_cannot_be_merged_into_itself():
    """Merging a quote into itself is refused with a clear message."""
    quote = QuoteFactory()
    with pytest.raises(ValueError, match="into itself"):
        merge_quotes(source=quote, target=quote)


def test_quote_cannot_be_merged_into_a_merged_quote():
    """The target must be a survivor, not a quote already merged elsewhere."""
    person = PersonFactory()
    survivor = QuoteFactory(person=person)
    merged = QuoteFactory(person=person, merged_into=survivor)
    source = QuoteFactory(person=person)

    with pytest.raises(ValueError, match="merge into the surviving quote"):
        merge_quotes(source=source, target=merged)
    source.refresh_from_db()
    assert source.merged_into is None


def test_already_merged_quote_cannot_be_merged_again():
    """A source that is already merged cannot be merged a second time."""
    person = PersonFactory()
    survivor, other = QuoteFactory(person=person), QuoteFactory(person=person)
    merged = QuoteFactory(person=person, merged_into=survivor)

    with pytest.raises(ValueError, match="already been merged"):
        merge_quotes(source=merged, target=other)


def test_quotes_of_different_people_are_not_merged():
    """Two quotes attributed to different people are refused and left untouched."""
    source, target = PrintingFactory().quote, PrintingFactory().quote

    with pytest.raises(ValueError, match="different people"):
        merge_quotes(source=source, target=target)

    source.refresh_from_db()
    assert source.merged_into is None
    assert source.printings.count() == 1


# People


def test_merged_persons_quotes_and_memberships_move():
    """The source's quotes and memberships belong to the target after the merge."""
    source, target = PersonFactory(), PersonFactory()
    quote = QuoteFactory(person=source)
    merged_quote = QuoteFactory(person=source, merged_into=QuoteFactory(person=source))
    membership = MembershipFactory(person=source)

    result = merge_people(source=source, target=target)

    assert result == target
    quote.refresh_from_db()
    merged_quote.refresh_from_db()
    membership.refresh_from_db()
    assert quote.person == target
    assert merged_quote.person == target
    assert membership.person == target
    source.refresh_from_db()
    assert source.merged_into == target


def test_duplicate_memberships_collapse_into_one():
    """A unit stated for both people by the same article (or by none) is kept once."""
    source, target = PersonFactory(), PersonFactory()
    unit, article = UnitFactory(), ArticleFactory()
    MembershipFactory(person=source, unit=unit, article=article)
    MembershipFactory(person=target, unit=unit, article=article)
    MembershipFactory(person=source, unit=unit, article=None)
    MembershipFactory(person=target, unit=unit, article=None)
    MembershipFactory(person=source, unit=unit, article=ArticleFactory())

    merge_people(source=source, target=target)

    assert Membership.objects.filter(person=target).count() == 3
    assert not Membership.objects.filter(person=source).exists()


def test_source_name_and_aliases_become_target_aliases():
    """The source's name and every alias are found under the target afterwards."""
    source = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=source, name="I. Vantongeren")
    target = PersonFactory(name="Ilse Maria Vantongeren")
    PersonAliasFactory(person=target, name="I. Vantongeren")

    merge_people(source=source, target=target)

    target.refresh_from_db()
    assert sorted(target.aliases) == ["I. Vantongeren", "Ilse Vantongeren"]
    assert list(Person.objects.named("Ilse Vantongeren").filter(merged_into=None)) == [target]


def test_people_merged_into_the_source_follow_it():
    """An earlier merge into the source points to the new survivor."""
    source, target = PersonFactory(), PersonFactory()
    older = PersonFactory(merged_into=source)

    merge_people(source=source, target=target)

    older.refresh_from_db()
    assert older.merged_into == target


def test_target_without_description_takes_the_sources():
    """An empty description on the survivor is filled from the source."""
    source = PersonFactory(description="Harbour master")
    target = PersonFactory(description="")

    merge_people(source=source, target=target)

    target.refresh_from_db()
    assert target.description == "Harbour master"


def test_person_cannot_be_merged_into_themselves_or_a_merged_person():
    """Merging a person into themselves, or into someone already merged, is refused."""
    person = PersonFactory()
    merged = PersonFactory(merged_into=PersonFactory())
    with pytest.raises(ValueError, match="into themselves"):
        merge_people(source=person, target=person)
    with pytest.raises(ValueError, match="surviving person"):
        merge_people(source=person, target=merged)
    with pytest.raises(ValueError, match="already been merged"):
        merge_people(source=merged, target=person)


# Publishing


def test_publish_changes_only_live_quotes():
    """Publishing counts and changes live quotes only; merged ones keep their status."""
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)
    already = QuoteFactory(status=Quote.Status.PUBLISHED)
    merged = QuoteFactory(status=Quote.Status.SUGGESTED, merged_into=already)

    count = publish_quotes(Quote.objects.all())

    assert count == 1
    suggested.refresh_from_db()
    merged.refresh_from_db()
    assert suggested.status == Quote.Status.PUBLISHED
    assert merged.status == Quote.Status.SUGGESTED


def test_reject_keeps_the_rows():
    """Rejected quotes stay in the database with their printings."""
    printing = PrintingFactory(quote__status=Quote.Status.SUGGESTED)
    quote = printing.quote

    count = reject_quotes(Quote.objects.filter(pk=quote.pk))

    assert count == 1
    quote.refresh_from_db()
    assert quote.status == Quote.Status.REJECTED
    assert quote.printings.count() == 1


def test_a_published_quote_is_withdrawn_not_rejected():
    """Rejecting is for suggestions: a published quote leaves only by withdrawal, with a
    reason on the record."""
    quote = PrintingFactory(quote__status=Quote.Status.PUBLISHED).quote

    assert reject_quotes(Quote.objects.filter(pk=quote.pk)) == 0

    quote.refresh_from_db()
    assert quote.status == Quote.Status.PUBLISHED


def test_publish_accepts_annotated_querysets():
    """An annotated, ordered queryset (as the admin passes) is accepted."""
    QuoteFactory.create_batch(2, status=Quote.Status.SUGGESTED)
    queryset = Quote.objects.annotate(n=Count("printings")).order_by("-n")

    assert publish_quotes(queryset) == 2


def test_the_survivor_takes_the_sources_wikidata_item_it_lacks():
    """A survivor with no Wikidata item takes the source's; one with its own keeps it."""
    source, target = PersonFactory(wikidata="Q4200011"), PersonFactory(wikidata="")
    merge_people(source=source, target=target)
    target.refresh_from_db()
    assert target.wikidata == "Q4200011"

    other, keeper = PersonFactory(wikidata="Q4200012"), PersonFactory(wikidata="Q4200013")
    merge_people(source=other, target=keeper)
    keeper.refresh_from_db()
    assert keeper.wikidata == "Q4200013"
