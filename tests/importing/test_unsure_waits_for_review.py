"""An import for publication publishes only what the machine is sure of: an unsure speaker
or unit waits as a suggestion, with the reason and the other candidates on its printing,
first in the archivist's queue."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from archive.services import archive_article
from quotes.extraction.ranking import Model, current, using
from quotes.models import Membership, Quote

pytestmark = pytest.mark.django_db

# The first quotation names its speaker; the second has only "he", with a man and another
# man named in the paragraph before.
ARTICLE = (
    "Harbour council delays pier decision\n\n"
    "“The pier will reopen in May, whatever the council decides,” said harbour master Ilse "
    "Vantongeren.\n\n"
    "Oskar Thalberg met Piet Oord at the slipway on Monday.\n\n"
    "“The slipway stays shut until the gale has passed,” he said.\n"
)


def sure_of_names_only():
    """A model sure where the attribution names the speaker, unsure of a pronoun."""
    return Model(
        {"named_here": 6.0, "pronoun_here": 0.5, "focus": 0.5, "last_named": 0.3},
        threshold=0.9,
    )


def test_only_the_sure_statement_is_published():
    editor = get_user_model().objects.create_user("editor", is_staff=True)
    with using(sure_of_names_only()):
        article, _ = archive_article(
            raw=ARTICLE.encode(), source_file="pier.txt", publish=True, user=editor
        )
    quotes = {q.text[:10]: q for q in Quote.objects.filter(printings__article=article)}
    assert quotes["The pier w"].status == Quote.Status.PUBLISHED
    waiting = quotes["The slipwa"]
    assert waiting.status == Quote.Status.SUGGESTED
    printing = waiting.printings.get()
    assert printing.doubt == "'he' may be more than one person"
    assert printing.confidence < 0.9
    assert printing.alternatives  # the other man named before "he"
    sure = quotes["The pier w"].printings.get()
    assert (sure.doubt, sure.alternatives) == ("", [])


def test_a_unit_stated_only_in_the_quotation_waits():
    """A speaker's unit read only from their own words is recorded with its doubt, and the
    statement waits for review."""
    body = (
        "Front line holds\n\n"
        "“I am serving in the 58th Marine Brigade. We hold the bridge,” said Captain Ilko "
        "Varta.\n"
    )
    with using(Model({"named_here": 9.0}, threshold=0.5)):
        article, _ = archive_article(raw=body.encode(), source_file="bridge.txt", publish=True)
    quote = Quote.objects.get(printings__article=article)
    assert quote.status == Quote.Status.SUGGESTED
    assert quote.printings.get().doubt == (
        "58th Marine Brigade: unit stated only inside the quotation"
    )
    membership = Membership.objects.get(person=quote.person)
    assert membership.unit.name == "58th Marine Brigade"
    assert membership.doubt == "unit stated only inside the quotation"


def test_the_queue_puts_what_the_machine_doubts_first(admin_client):
    """The quotes list shows the doubt and the alternatives, unsure quotes first."""
    with using(sure_of_names_only()):
        archive_article(raw=ARTICLE.encode(), source_file="pier.txt")
    page = admin_client.get(reverse("admin:quotes_quote_changelist"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "may be more than one person; or " in html
    assert html.index("The slipway stays shut") < html.index("The pier will reopen")


def test_the_stored_model_is_the_default():
    assert current().threshold > 0
