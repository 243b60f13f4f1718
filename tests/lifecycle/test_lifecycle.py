"""The one lifecycle of a quote (quotes.services.lifecycle): what each change does to the
quote, its history, its public record of corrections, and what readers then see."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from archive.services import archive_article
from quotes.models import Correction, MergeSuggestion, Quote
from quotes.services import lifecycle
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

STATEMENT = (
    "“The lock gates will be replaced before the autumn storms, and the towpath will reopen "
    "to walkers in May,” said canal engineer Ilse Marwood."
)
REPRINT = (
    "Canal engineer Ilse Marwood told reporters: “The lock gates will be replaced before the "
    "autumn storms, and the towpath will reopen to walkers in May.”"
)


@pytest.fixture
def editor():
    return get_user_model().objects.create_user("editor", is_staff=True)


def history(obj):
    return list(obj.history.order_by("history_date", "history_id"))


def test_withdraw_takes_a_quote_off_the_site_and_answers_410(client, editor):
    """A withdrawn quote leaves the lists, search, feeds, sitemap and API; its permalink and
    API detail say it was withdrawn, why and when; the withdrawal is on the public record."""
    quote = PrintingFactory(quote__text="The ferry will run all winter.").quote
    assert client.get(quote.get_absolute_url()).status_code == 200

    lifecycle.withdraw(quote, reason="legal", note="court order 12/34", user=editor)

    page = client.get(quote.get_absolute_url())
    assert page.status_code == 410
    assert "This quote was withdrawn" in page.text
    assert "Legal request" in page.text
    assert "The ferry will run all winter" not in page.text
    api = client.get(f"/api/quotes/{quote.short_id}/")
    assert api.status_code == 410
    assert api.json()["reason"] == "Legal request"
    for url in ["/quotes/", "/quotes/?q=ferry", "/feeds/quotes/", "/sitemap.xml", "/api/quotes/"]:
        assert "ferry will run" not in client.get(url).content.decode(), url
    assert client.get(f"{quote.get_absolute_url()}cite.bib").status_code == 404
    feed = client.get("/feeds/corrections/").content.decode()
    assert "withdrawn: legal request" in feed
    assert "ferry will run" not in feed

    quote.refresh_from_db()
    last = history(quote)[-1]
    assert (last.status, last.history_user, last.history_change_reason) == (
        Quote.Status.WITHDRAWN,
        editor,
        "court order 12/34",
    )


def test_restore_publishes_again_and_keeps_the_record(client, editor):
    quote = PrintingFactory().quote
    lifecycle.withdraw(quote, reason="duplicate", user=editor)

    lifecycle.restore(quote, user=editor, note="not a duplicate after all")

    page = client.get(quote.get_absolute_url())
    assert page.status_code == 200
    assert [c.summary for c in quote.corrections.all()] == ["withdrawn: duplicate", "restored"]
    assert "withdrawn: duplicate" in page.text


def test_only_a_published_quote_is_withdrawn():
    quote = QuoteFactory(status=Quote.Status.SUGGESTED)
    with pytest.raises(lifecycle.LifecycleError, match="only a published quote"):
        lifecycle.withdraw(quote, reason="legal")
    with pytest.raises(lifecycle.LifecycleError, match="Unknown withdrawal reason"):
        lifecycle.withdraw(QuoteFactory(), reason="because")


def test_a_speaker_correction_is_on_the_permalink(client, editor):
    """'speaker corrected on 2 Dec 2026: was unnamed'."""
    quote = PrintingFactory(quote__person=None, quote__speaker_description="").quote
    person = PersonFactory(name="Ilse Marwood")

    lifecycle.change_speaker(quote, person=person, user=editor, note="named by the ministry")

    page = client.get(quote.get_absolute_url()).text
    assert "speaker corrected: was unnamed" in page
    assert "named by the ministry" in page
    assert datetime.date.today().strftime("%-d %b %Y") in page
    quote.refresh_from_db()
    assert quote.person == person
    assert history(quote)[-1].history_user == editor


def test_a_text_correction_keeps_the_previous_wording(client, editor):
    quote = PrintingFactory(quote__text="The dam is safe,").quote

    lifecycle.correct_text(quote, "The dam is safe.", user=editor)

    quote.refresh_from_db()
    assert quote.text == "The dam is safe."
    assert quote.text_edited
    assert [h.text for h in history(quote)][-2:] == ["The dam is safe,", "The dam is safe."]
    assert "text corrected: was “The dam is safe,”" in client.get(quote.get_absolute_url()).text
    assert "The dam is safe," in client.get("/feeds/corrections/").content.decode()


def test_changes_to_unpublished_quotes_are_not_on_the_public_record(editor):
    quote = QuoteFactory(status=Quote.Status.SUGGESTED, text="Draft words.")
    lifecycle.correct_text(quote, "Better words.", user=editor)
    assert not Correction.objects.exists()
    assert history(quote)[-1].text == "Better words."


def test_publish_records_who_published():
    quote = QuoteFactory(status=Quote.Status.SUGGESTED)
    user = get_user_model().objects.create_user("ed")

    assert lifecycle.publish(Quote.objects.filter(pk=quote.pk), user=user, note="checked") == 1

    last = history(quote)[-1]
    assert (last.status, last.history_user, last.history_change_reason) == (
        Quote.Status.PUBLISHED,
        user,
        "checked",
    )


def test_publishing_a_sure_duplicate_merges_it_into_the_public_quote():
    """A suggestion at very high similarity is applied on publication: two public copies of
    one statement never stand side by side with an open suggestion between them."""
    public = PrintingFactory().quote
    duplicate = PrintingFactory(
        quote__status=Quote.Status.SUGGESTED, quote__person=public.person
    ).quote
    MergeSuggestion.objects.create(quote=duplicate, candidate=public, score=1.0)

    lifecycle.publish(Quote.objects.filter(pk=duplicate.pk))

    duplicate.refresh_from_db()
    assert duplicate.merged_into == public
    assert public.printings.count() == 2
    assert MergeSuggestion.objects.get().status == MergeSuggestion.Status.MERGED


def test_a_doubtful_suggestion_is_left_for_the_editor():
    public = PrintingFactory().quote
    other = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    MergeSuggestion.objects.create(quote=other, candidate=public, score=0.7)

    lifecycle.publish(Quote.objects.filter(pk=other.pk))

    other.refresh_from_db()
    assert other.merged_into is None and other.status == Quote.Status.PUBLISHED


def test_an_unreviewed_printing_of_a_published_quote_waits_for_review(client):
    """A new printing of a published quote from an import without --publish is suggested
    beside it, not made public; publishing it joins it to the quote."""
    first, _ = archive_article(raw=STATEMENT.encode(), source_file="first.txt", publish=True)
    published = first.printings.get().quote
    assert published.is_public

    second, _ = archive_article(raw=REPRINT.encode(), source_file="second.txt")

    waiting = second.printings.get().quote
    assert waiting != published
    assert waiting.status == Quote.Status.SUGGESTED
    assert MergeSuggestion.objects.filter(quote=waiting, candidate=published).exists()
    assert len(client.get(published.get_absolute_url()).context["printings"]) == 1

    lifecycle.publish(Quote.objects.filter(pk=waiting.pk))

    waiting.refresh_from_db()
    assert waiting.merged_into_id == published.pk
    assert len(client.get(published.get_absolute_url()).context["printings"]) == 2


def test_an_import_for_publication_links_the_printing_at_once():
    first, _ = archive_article(raw=STATEMENT.encode(), source_file="first.txt", publish=True)
    second, _ = archive_article(raw=REPRINT.encode(), source_file="second.txt", publish=True)
    assert first.printings.get().quote == second.printings.get().quote


def test_split_makes_a_printing_its_own_quote(client, editor):
    quote = PrintingFactory(quote__text="The bridge opens in June.").quote
    wrong = PrintingFactory(quote=quote, text="The ferry stops in June.")

    new = lifecycle.split(wrong, user=editor, note="a different statement")

    assert list(new.printings.all()) == [wrong]
    assert new.status == quote.status and new.person == quote.person
    assert quote.printings.count() == 1
    assert "split off into its own statement" in client.get(quote.get_absolute_url()).text
    with pytest.raises(lifecycle.LifecycleError, match="nothing to split"):
        lifecycle.split(wrong)


def test_a_merge_is_on_the_survivors_record(client):
    person = PersonFactory()
    survivor = PrintingFactory(quote__person=person).quote
    source = PrintingFactory(quote__person=person).quote

    lifecycle.merge(source=source, target=survivor)

    assert client.get(source.get_absolute_url()).status_code == 301
    record = client.get(survivor.get_absolute_url()).text
    assert f"merged with the statement once at /q/{source.short_id}/" in record


def test_the_withdraw_command(client):
    quote = PrintingFactory().quote
    get_user_model().objects.create_user("desk", is_staff=True)

    call_command("withdraw_quote", quote.short_id, "--reason", "legal", "--user", "desk")

    assert client.get(quote.get_absolute_url()).status_code == 410
    assert history(quote)[-1].history_user.username == "desk"
    with pytest.raises(CommandError, match="only a published quote"):
        call_command("withdraw_quote", quote.short_id, "--reason", "legal")

    call_command("withdraw_quote", quote.short_id, "--restore")
    assert client.get(quote.get_absolute_url()).status_code == 200


def test_the_withdraw_command_takes_a_reason_in_words():
    quote = PrintingFactory().quote
    call_command("withdraw_quote", quote.short_id, "--reason", "the speaker was a minor")
    quote.refresh_from_db()
    assert quote.withdrawal_reason == Quote.WithdrawalReason.OTHER
    assert quote.withdrawal_note == "the speaker was a minor"
    with pytest.raises(CommandError, match="no quote has the id"):
        call_command("withdraw_quote", "nosuchid", "--reason", "legal")


def test_an_import_for_publication_records_who_published(tmp_path):
    (tmp_path / "statement.txt").write_text(STATEMENT)
    desk = get_user_model().objects.create_user("desk", is_staff=True)

    call_command("import_articles", str(tmp_path), "--publish", "--user", "desk", verbosity=0)

    quote = Quote.objects.get()
    assert quote.is_public
    assert history(quote)[-1].history_user == desk
    with pytest.raises(CommandError, match="no active staff account"):
        call_command("import_articles", str(tmp_path), "--user", "nobody", verbosity=0)
