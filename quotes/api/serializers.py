"""How the API represents quotes, people, units, outlets and articles (read-only)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from archive.models import Article, Outlet
from quotes import paths, public, spread
from quotes.absolute_urls import absolute, site_url
from quotes.models import Alteration, Person, Printing, Quote, Unit

from .output import article_output, printing_output, quote_output


@extend_schema_field(OpenApiTypes.URI)
class PageURLField(serializers.Field):
    """The absolute URL of the object's page on the public site (quotes.absolute_urls.site_url's
    origin, as every absolute link of the site)."""

    def __init__(self, **kwargs):
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value):
        return absolute(paths.page_path(value), self.context.get("request"))


def distinct_units(person):
    """The units `person` is publicly stated in (public.units_of), each once."""
    return [unit for unit, _ in public.units_of(person)]


class UnitRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Unit
        fields = ["name", "slug"]


class OutletRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Outlet
        fields = ["name", "slug"]


class SpeakerSerializer(serializers.ModelSerializer):
    url = PageURLField()

    class Meta:
        model = Person
        fields = ["name", "slug", "url"]


class PrintingArticleSerializer(serializers.ModelSerializer):
    url = serializers.URLField(read_only=True, allow_null=True, help_text="The original article.")
    archived_url = PageURLField(help_text="The archived copy on this site.")
    outlet = OutletRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Article
        fields = ["id", "url", "archived_url", "outlet", "title", "published"]


class PrintingSerializer(serializers.ModelSerializer):
    article = PrintingArticleSerializer(read_only=True)

    class Meta:
        model = Printing
        fields = ["article", "text", "start", "end", "attribution", "language"]


def printing_fields(printing, site):
    """PrintingSerializer's output for `printing` (see QuoteSerializer.to_representation);
    `site` is the origin of absolute links."""
    return printing_output(
        article=_article_fields(printing.article, site),
        text=printing.text,
        start=printing.start,
        end=printing.end,
        attribution=printing.attribution,
        language=printing.language,
    )


class QuoteSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="short_id", read_only=True)
    permalink = PageURLField()
    speaker = SpeakerSerializer(source="person", read_only=True, allow_null=True)
    units = serializers.SerializerMethodField()
    # The field keeps the name it was published under ("appearances"): clients read it.
    appearances = PrintingSerializer(source="printings", many=True, read_only=True)
    first_published = serializers.SerializerMethodField()
    outlet_count = serializers.SerializerMethodField()

    class Meta:
        model = Quote
        fields = [
            "id",
            "permalink",
            "text",
            "speaker",
            "speaker_description",
            "units",
            "appearances",
            "first_published",
            "outlet_count",
        ]

    def to_representation(self, quote):
        """What the fields above give, written out. The list pages 50 quotes with about 150
        printings, and DRF's field-by-field walk (a serializer per nested object, one built
        per quote for its units, a reverse() per link) cost more than the page's SQL; the
        fields stay declared for the schema, and a test holds the two to the same output."""
        site = site_url(self.context.get("request"))
        printings = quote.printings.all()
        return quote_output(
            quote,
            quote.person,
            units=[(unit.name, unit.slug) for unit in distinct_units(quote.person)],
            appearances=[printing_fields(printing, site) for printing in printings],
            dates=[printing.article.published for printing in printings],
            outlets=[printing.article.outlet_id for printing in printings],
            site=site,
        )

    # Declared for the schema; to_representation writes the record (quotes.api.output),
    # from the prefetched printings rather than annotations, which would interact with
    # QuoteFilter's joins.

    @extend_schema_field(UnitRefSerializer(many=True))
    def get_units(self, quote):
        return self.to_representation(quote)["units"]

    @extend_schema_field(serializers.DateField(allow_null=True))
    def get_first_published(self, quote):
        return self.to_representation(quote)["first_published"]

    @extend_schema_field(serializers.IntegerField(min_value=0))
    def get_outlet_count(self, quote):
        return self.to_representation(quote)["outlet_count"]


class DerivedFromSerializer(serializers.Serializer):
    article = PrintingArticleSerializer(
        help_text="The article whose printing it took its words from."
    )
    evidence = serializers.CharField(help_text="What copying left behind, in words.")
    strength = serializers.FloatField(min_value=0, max_value=1)


class AlterationSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[k for k, _ in Alteration.Kind.choices])
    others = serializers.CharField(help_text="The words the statement's other printings print.")
    printed = serializers.CharField(help_text="The words this printing prints instead.")


class LineagePrintingSerializer(PrintingSerializer):
    """A printing with its lineage: the printing it most likely took its words from (null:
    independent or unknown) and the ways it changes the meaning against the others."""

    derived_from = DerivedFromSerializer(read_only=True, allow_null=True)
    alterations = AlterationSerializer(many=True, read_only=True)

    class Meta(PrintingSerializer.Meta):
        fields = [*PrintingSerializer.Meta.fields, "derived_from", "alterations"]


class QuoteDetailSerializer(QuoteSerializer):
    """A published quote with the lineage of each printing (quotes.spread)."""

    appearances = LineagePrintingSerializer(source="printings", many=True, read_only=True)

    def to_representation(self, quote):
        data = super().to_representation(quote)
        site = site_url(self.context.get("request"))
        edges, flags = spread.derivations([quote.pk]), spread.alterations([quote.pk])
        for printing, fields in zip(quote.printings.all(), data["appearances"], strict=True):
            where = (quote.pk, printing.article_id)
            fields.update(
                spread.lineage_fields(
                    edges.get(where),
                    flags.get(where),
                    lambda article: _article_fields(article, site),
                )
            )
        return data


def _article_fields(article, site) -> dict:
    outlet = article.outlet
    return article_output(
        pk=article.pk,
        url=article.url,
        archived_path=paths.page_path(article),
        outlet=None if outlet is None else (outlet.name, outlet.slug),
        title=article.title,
        published=article.published,
        site=site,
    )


class PersonSerializer(serializers.ModelSerializer):
    permalink = PageURLField()
    aliases = serializers.SerializerMethodField()
    units = serializers.SerializerMethodField()
    quote_count = serializers.IntegerField(read_only=True, help_text="Published quotes.")

    class Meta:
        model = Person
        fields = [
            "slug",
            "name",
            "description",
            "aliases",
            "units",
            "quote_count",
            "permalink",
            "wikidata",
        ]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_aliases(self, person):
        return [alias.name for alias in person.public_aliases]

    @extend_schema_field(UnitRefSerializer(many=True))
    def get_units(self, person):
        return UnitRefSerializer(distinct_units(person), many=True).data


class UnitSerializer(serializers.ModelSerializer):
    permalink = PageURLField()
    aliases = serializers.ListField(child=serializers.CharField(), read_only=True)
    parent = UnitRefSerializer(read_only=True, allow_null=True)
    quote_count = serializers.IntegerField(read_only=True, help_text="Published quotes.")

    class Meta:
        model = Unit
        fields = ["slug", "name", "aliases", "parent", "quote_count", "permalink", "wikidata"]


class OutletSerializer(serializers.ModelSerializer):
    permalink = PageURLField()
    quote_count = serializers.IntegerField(read_only=True, help_text="Published quotes.")

    class Meta:
        model = Outlet
        fields = ["slug", "name", "home_url", "quote_count", "permalink"]


class ArticleSerializer(serializers.ModelSerializer):
    """An archived article's metadata; the raw source as received is never exposed."""

    url = serializers.URLField(read_only=True, allow_null=True, help_text="The original article.")
    archived_url = PageURLField(help_text="The archived copy on this site.")
    outlet = OutletRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Article
        fields = [
            "id",
            "title",
            "url",
            "archived_url",
            "outlet",
            "published",
            "archived_at",
            "sha256",
            "language",
        ]


class QuoteRefSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="short_id", read_only=True)
    permalink = PageURLField()

    class Meta:
        model = Quote
        fields = ["id", "permalink"]


class ArticleQuoteSerializer(serializers.ModelSerializer):
    """A published quote as printed in the article; offsets index into `body`."""

    quote = QuoteRefSerializer(read_only=True)
    speaker = serializers.CharField(source="quote.speaker_name", read_only=True)
    segments = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        read_only=True,
        source="pieces",
        help_text="[start, end] of each printed piece of a quote running over paragraphs.",
    )

    class Meta:
        model = Printing
        fields = [
            "quote",
            "speaker",
            "text",
            "start",
            "end",
            "segments",
            "attribution",
            "language",
        ]


class ArticleDetailSerializer(ArticleSerializer):
    """An archived article with its text and the published quotes found in it."""

    quotes = ArticleQuoteSerializer(source="public_printings", many=True, read_only=True)

    class Meta(ArticleSerializer.Meta):
        fields = [*ArticleSerializer.Meta.fields, "body", "quotes"]
