"""reextract: archived articles read again with the current rules, curated work kept."""

import pytest
from django.core.management import CommandError, call_command

from archive.services import archive_article
from quotes.models import AttributionConflict, Person, Quote

pytestmark = pytest.mark.django_db

ARTICLE = (
    "Ferry strike enters second week\n\n"
    "Harbour master Ilse Vantongeren spoke to reporters at the quay on Monday.\n\n"
    '"We will not reopen the northern berth until the cranes have been inspected by '
    'someone who knows what a crane is," Vantongeren said.\n\n'
    "The union has called another meeting for Friday.\n"
)


def archived(publish=False):
    article, _ = archive_article(
        raw=ARTICLE.encode(), source_file="ferry.txt", outlet="Harbour Post", publish=publish
    )
    return article


def misread(article):
    """What an older rule might have stored: the statement pinned on a place."""
    place = Person.objects.create(name="Quayside")
    printing = article.printings.get()
    quote = printing.quote
    quote.person = place
    quote.save()
    printing.person = place
    printing.save()
    return quote, place


def test_untouched_suggestion_is_redone_with_the_current_rules(capsys):
    """A suggested quote nobody touched is read again: it gets the right speaker, and the
    made-up person the old reading left behind is gone."""
    article = archived()
    old, place = misread(article)

    call_command("reextract", str(article.pk))

    quote = article.printings.get().quote
    assert quote.person.name == "Ilse Vantongeren"
    assert quote.status == Quote.Status.SUGGESTED
    assert not Person.objects.filter(pk=place.pk).exists()
    assert not Quote.objects.filter(pk=old.pk).exists()
    out = capsys.readouterr().out
    assert "1 suggestions removed, 1 printings stored" in out


def test_published_quote_is_kept_and_the_new_reading_is_a_conflict(capsys):
    """A published quote keeps its speaker, text and permalink; the speaker the new rules
    read becomes an open attribution conflict for an archivist."""
    article = archived(publish=True)
    quote, place = misread(article)

    call_command("reextract", "--all")

    quote.refresh_from_db()
    assert quote.status == Quote.Status.PUBLISHED
    assert quote.person == place
    printing = article.printings.get()
    assert printing.quote == quote
    assert printing.person.name == "Ilse Vantongeren"
    conflict = AttributionConflict.objects.get()
    assert conflict.quote == quote and conflict.status == AttributionConflict.Status.OPEN
    assert "credits Ilse Vantongeren, the quote Quayside" in capsys.readouterr().out


def test_rejected_and_corrected_quotes_stay_as_the_archivist_left_them():
    """A rejected quote stays rejected and is not suggested again; a corrected text stays."""
    article = archived()
    quote = article.printings.get().quote
    quote.status = Quote.Status.REJECTED
    quote.text = "Corrected by hand."
    quote.text_edited = True
    quote.save()

    call_command("reextract", str(article.pk))

    assert list(Quote.objects.all()) == [quote]
    quote.refresh_from_db()
    assert quote.status == Quote.Status.REJECTED
    assert quote.text == "Corrected by hand."


def test_reading_again_twice_changes_nothing_the_second_time(capsys):
    """With the same rules a second run finds nothing to change."""
    article = archived()
    call_command("reextract", str(article.pk))
    first = list(Quote.objects.values_list("short_id", "person__name", "text"))
    capsys.readouterr()

    call_command("reextract", str(article.pk))

    assert "1 articles read again" in capsys.readouterr().out
    assert len(first) == 1
    assert list(Quote.objects.values_list("person__name", "text")) == [first[0][1:]]


def test_ids_or_all_are_required_and_unknown_ids_are_named():
    """Nothing to read is an error, and so is an id no article has."""
    with pytest.raises(CommandError, match="give article ids or --all"):
        call_command("reextract")
    with pytest.raises(CommandError, match="no article with id 999"):
        call_command("reextract", "999")


def test_statements_the_old_rules_left_apart_are_linked(capsys):
    """Two printings of one statement that an older linking left as two suggested quotes are
    joined when their article is read again; the old permalink redirects to the survivor."""
    first = archived()
    other, _ = archive_article(
        raw=ARTICLE.replace("Monday", "Tuesday").encode(), source_file="ferry-2.txt"
    )
    survivor = first.printings.get().quote
    printing = other.printings.get()
    assert printing.quote == survivor
    apart = Quote.objects.create(text=printing.text, person=survivor.person)
    printing.quote = apart
    printing.save()

    call_command("reextract", str(other.pk))

    apart.refresh_from_db()
    assert apart.merged_into == survivor
    assert other.printings.get().quote == survivor
    assert "1 relinked" in capsys.readouterr().out


def test_the_report_counts_what_was_stored_beside_what_was_kept(capsys):
    """With one statement published and another left suggested, the report says one curated
    printing was kept and one printing stored again."""
    body = ARTICLE + (
        '\n"The southern berth will take the ferries until then, and the timetable will '
        'not change," Vantongeren added.\n'
    )
    article, _ = archive_article(raw=body.encode(), source_file="two.txt")
    first = article.printings.order_by("start").first().quote
    first.status = Quote.Status.PUBLISHED
    first.save()
    second = article.printings.order_by("start").last()
    second.person = second.quote.person = Person.objects.create(name="Quayside")
    second.quote.save()
    second.save()

    call_command("reextract", str(article.pk))

    assert "1 suggestions removed, 1 printings stored, 1 curated kept" in capsys.readouterr().out
    assert article.printings.count() == 2


def test_a_published_printing_gets_the_new_models_confidence_and_stays_published():
    """An archive made before the machine said when it was unsure: reading it again with a
    model unsure of this attribution gives the printing its confidence, doubt and
    alternatives, and leaves the archivist's published quote as it was."""
    from quotes.extraction.ranking import Model, using

    article = archived(publish=True)
    printing = article.printings.get()
    assert (printing.doubt, printing.quote.status) == ("", Quote.Status.PUBLISHED)

    with using(Model({"named_here": 0.5}, threshold=0.99)):
        call_command("reextract", str(article.pk))

    printing = article.printings.get()
    assert printing.quote.status == Quote.Status.PUBLISHED
    assert printing.person.name == "Ilse Vantongeren"
    assert printing.confidence < 0.99
    assert printing.doubt.startswith("the ranking is unsure")
