"""factory_boy factories for every model; tests build their data from these."""

import datetime

import factory

from archive.models import Article, Outlet
from quotes.models import Membership, Person, PersonAlias, Printing, Quote, Unit


class OutletFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Outlet
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"The Daily Example {n}")
    home_url = factory.LazyAttribute(lambda o: f"https://{o.name.lower().replace(' ', '')}.test/")


class ArticleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Article

    outlet = factory.SubFactory(OutletFactory)
    title = factory.Sequence(lambda n: f"Harbour council meets for the {n}th time")
    url = factory.Sequence(lambda n: f"https://news.test/story/{n}")
    published = factory.Sequence(lambda n: datetime.date(2031, 1, 1) + datetime.timedelta(days=n))
    body = "The council met on Tuesday."
    # The source as an outlet might send it: the title above the text (unique per article).
    raw = factory.LazyAttribute(lambda o: f"{o.title}\n\n{o.body}".encode())
    sha256 = factory.LazyAttribute(lambda o: Article.digest(o.raw))
    raw_size = factory.LazyAttribute(lambda o: len(o.raw))
    source_file = factory.Sequence(lambda n: f"story-{n}.txt")


class PersonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Person

    name = factory.Sequence(lambda n: f"Marta Example{n}")
    description = "Harbour master"


class PersonAliasFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PersonAlias

    person = factory.SubFactory(PersonFactory)
    name = factory.Sequence(lambda n: f"M. Example{n}")


class UnitFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Unit

    name = factory.Sequence(lambda n: f"{n + 10}th Lighthouse Keepers Brigade")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    person = factory.SubFactory(PersonFactory)
    unit = factory.SubFactory(UnitFactory)
    article = None


class QuoteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Quote

    text = factory.Sequence(lambda n: f"The tide will turn by spring, number {n}.")
    status = Quote.Status.PUBLISHED
    person = factory.SubFactory(PersonFactory)


class PrintingFactory(factory.django.DjangoModelFactory):
    """A printing whose article body really contains the quote at its offsets."""

    class Meta:
        model = Printing
        skip_postgeneration_save = True

    quote = factory.SubFactory(QuoteFactory)
    text = factory.LazyAttribute(lambda o: o.quote.text)
    attribution = "she said"
    article = factory.SubFactory(
        ArticleFactory,
        body=factory.LazyAttribute(
            lambda a: f"Intro paragraph.\n\n“{a.factory_parent.text}” she said."
        ),
    )
    start = factory.LazyAttribute(lambda o: o.article.body.index(o.text))
    end = factory.LazyAttribute(lambda o: o.start + len(o.text))
    segments = factory.LazyAttribute(lambda o: [[o.start, o.end]])

    @factory.post_generation
    def dates(printing, create, extracted, **kwargs):
        # As the importer does once a quote's printings change.
        if create:
            printing.quote.refresh_dates()
