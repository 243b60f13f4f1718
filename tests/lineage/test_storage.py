"""Lineage stored with a statement, refreshed by the services that change its printings, and
an archivist's decisions kept through every refresh and re-extraction. Invented text."""

import datetime

import pytest
from django.contrib.auth.models import Group

from archive.services import archive_article
from quotes import roles
from quotes.models import Alteration, Decision, Derivation
from quotes.services import lifecycle
from quotes.services.lifecycle import decide_lineage as decide
from quotes.services.reextraction import reextract_article

pytestmark = pytest.mark.django_db


def sources(quote):
    """{outlet of the copy: outlet of its source or None} of the standing edges."""
    rows = Derivation.objects.filter(quote=quote).exclude(decision=Decision.DISMISSED)
    return {
        row.article.outlet.name: row.source.outlet.name if row.source_id else None for row in rows
    }


def test_the_lineage_is_worked_out_when_printings_change(statement):
    assert sources(statement) == {
        "Coastline Wire": None,
        "Kelmoor Gazette": "Coastline Wire",
        "Dunmarren Evening": "Coastline Wire",
        "Northshore Daily": "Dunmarren Evening",
    }
    flagged = Alteration.objects.filter(quote=statement).order_by("article__published")
    assert [(a.article.outlet.name, a.kind) for a in flagged] == [
        ("Dunmarren Evening", "negation_dropped"),
        ("Northshore Daily", "negation_dropped"),
    ]
    assert "not" in flagged[0].others.split()
    assert "not" not in flagged[0].printed.split()


def test_a_split_printing_leaves_the_lineage(statement, django_user_model):
    """Splitting the copy of the rewrite off makes it a statement of its own, printed once:
    it has no lineage, and the rest is worked out again without it."""
    lifecycle.split(statement.by_name["again"], note="a different statement")
    assert "Northshore Daily" not in sources(statement)
    assert not Alteration.objects.filter(article=statement.by_name["again"].article).exists()


def test_a_dismissed_edge_is_never_inferred_again(statement):
    """Dismissing an edge puts the next likeliest source (or none) in its place, and the
    next refresh keeps it dismissed."""
    wrong = Derivation.objects.get(quote=statement, article=statement.by_name["again"].article)
    decide(wrong, confirm=False)
    lifecycle.refresh(statement)
    assert sources(statement)["Northshore Daily"] != "Dunmarren Evening"
    assert Derivation.objects.get(pk=wrong.pk).decision == Decision.DISMISSED


def test_a_confirmed_edge_and_a_dismissed_flag_stay_through_a_refresh(statement):
    edge = Derivation.objects.get(quote=statement, article=statement.by_name["copy"].article)
    decide(edge, confirm=True)
    flagged = Alteration.objects.filter(quote=statement).first()
    decide(flagged, confirm=False)
    lifecycle.refresh(statement)
    assert Derivation.objects.get(pk=edge.pk).decision == Decision.CONFIRMED
    assert Alteration.objects.get(pk=flagged.pk).decision == Decision.DISMISSED
    assert Alteration.objects.filter(quote=statement).count() == 2


WIRE = (
    "“The ferry to Kelmoor is not cancelled, and the harbour office in Dunmarren stays open,” "
    "harbour master Ivanna Rudko said on Monday."
)
REWRITE = (
    "Harbour master Ivanna Rudko said: “The ferry to Kelmoor is cancelled, and the harbour "
    "office in Dunmarren stays open.”"
)


def test_decisions_survive_re_extraction():
    """Three imported articles of one statement; an archivist confirms one edge and dismisses
    a flag; re-extracting every article keeps both as decided."""
    day = datetime.date(2031, 6, 2)
    articles = [
        archive_article(raw=WIRE.encode(), source_file="a.txt", publish=True, published=day)[0],
        archive_article(
            raw=WIRE.encode() + b" ",
            source_file="b.txt",
            publish=True,
            published=day + datetime.timedelta(days=1),
            outlet="Kelmoor Gazette",
        )[0],
        archive_article(
            raw=REWRITE.encode(),
            source_file="c.txt",
            publish=True,
            published=day + datetime.timedelta(days=2),
            outlet="Northshore Daily",
        )[0],
    ]
    quote = articles[0].printings.get().quote
    assert {a.printings.get().quote for a in articles} == {quote}
    edge = Derivation.objects.get(quote=quote, article=articles[1])
    assert edge.source_id == articles[0].pk
    decide(edge, confirm=True)
    flagged = Alteration.objects.get(quote=quote, article=articles[2])
    assert flagged.kind == "negation_dropped"
    decide(flagged, confirm=False)

    for article in articles:
        reextract_article(article=article)

    assert Derivation.objects.get(pk=edge.pk).decision == Decision.CONFIRMED
    assert Alteration.objects.get(pk=flagged.pk).decision == Decision.DISMISSED


def test_archivists_may_decide_in_the_admin(client, statement, django_user_model):
    user = django_user_model.objects.create_user("ada", password="unused", is_staff=True)
    user.groups.add(Group.objects.get(name=roles.ARCHIVISTS))
    client.force_login(user)
    flagged = Alteration.objects.filter(quote=statement).first()
    listing = client.get("/admin/quotes/alteration/")
    assert listing.status_code == 200 and "Negation dropped" in listing.content.decode()
    response = client.post(
        "/admin/quotes/alteration/",
        {"action": "dismiss", "_selected_action": [flagged.pk]},
    )
    assert response.status_code == 302
    flagged.refresh_from_db()
    assert flagged.decision == Decision.DISMISSED and flagged.decided_by == user


def test_decisions_move_with_a_merge(statement):
    """A confirmed edge of a quote merged into another stands on the survivor."""
    from tests.factories import QuoteFactory
    from tests.lineage.conftest import REWRITE, print_in

    other = QuoteFactory(text=REWRITE, person=statement.person)
    print_in(other, REWRITE, outlet="Harbour Lights", days=3)
    print_in(other, REWRITE, outlet="Cape Bulletin", days=4)
    lifecycle.refresh(other)
    edge = Derivation.objects.get(quote=other, article__outlet__name="Cape Bulletin")
    assert edge.source.outlet.name == "Harbour Lights"
    decide(edge, confirm=True)

    lifecycle.merge(source=other, target=statement)

    edge.refresh_from_db()
    assert edge.quote_id == statement.pk and edge.decision == Decision.CONFIRMED
    assert sources(statement)["Cape Bulletin"] == "Harbour Lights"
    assert len(sources(statement)) == 6


def test_a_splice_is_found_only_from_published_statements(statement):
    """A sentence the speaker says in another statement makes a splice flag, which prints
    that statement's words: so only a published statement's count."""
    from quotes.models import Quote
    from tests.factories import QuoteFactory
    from tests.lineage.conftest import WIRE, print_in

    other = "The night boats will not sail before September."
    hidden = QuoteFactory(text=other, person=statement.person, status=Quote.Status.SUGGESTED)
    print_in(statement, f"{WIRE} {other}", outlet="Gull Point Post", days=5)
    lifecycle.refresh(statement)
    assert not Alteration.objects.filter(quote=statement, kind="splice").exists()

    hidden.status = Quote.Status.PUBLISHED
    hidden.save()
    lifecycle.refresh(statement)
    splice = Alteration.objects.get(quote=statement, kind="splice")
    assert splice.article.outlet.name == "Gull Point Post"
    assert splice.printed == other.rstrip(".")


def test_pieces_printed_apart_are_read_apart(statement):
    """An article printing a headline's words without a full stop and then the statement
    is read as two sentences, not one run together (which read as a cut that says the
    opposite)."""
    from quotes.models import Printing
    from tests.factories import ArticleFactory, OutletFactory

    body = "We stay. The ferry to Kelmoor is not cancelled. More."
    article = ArticleFactory(
        published=statement.by_name["wire"].article.published,
        outlet=OutletFactory(name="Headline Herald"),
        body=body,
        language="en",
    )
    for words in (
        "The ferry to Kelmoor is not cancelled",
        "The harbour office in Dunmarren stays open.",
    ):
        start = body.find(words) if words in body else 0
        Printing.objects.create(
            quote=statement,
            article=article,
            text=words,
            start=start or 60,
            end=(start or 60) + len(words),
            language="en",
        )
    lifecycle.refresh(statement)
    assert not Alteration.objects.filter(quote=statement, article=article).exists()
