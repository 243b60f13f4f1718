"""The spread of a statement on its permalink: which article took its words from which, as
an indented SVG tree and a table, and the altered printings marked on their entries."""

from dataclasses import dataclass

from django import template

from .. import spread
from ..lineage import tree
from ..models import Decision

register = template.Library()


@dataclass
class Row:
    """One printing in the tree: its article, its source's (None: the statement), the
    edge's evidence and strength, its alterations and where it is drawn."""

    article: object
    source: object
    evidence: str
    strength: float
    confirmed: bool
    node: tree.Node
    parent: tree.Node | None

    @property
    def percent(self) -> int:
        return round(self.strength * 100)

    @property
    def path(self) -> str:
        """The connector from its source's dot down and across to its own."""
        p = self.parent
        return f"M{p.x} {p.y + 5} V{self.node.y} H{self.node.x - 5}"


@register.simple_tag
def spread_of(quote, articles):
    """{% spread_of quote articles as spread %}: the tree of `articles` (as
    public.articles_printing gives them), or None where the statement has no lineage (one
    article, or not worked out). Marks each article with `alterations` (its standing
    flags) and `derivation`. Two queries; none where the quote says it has no lineage
    (`has_lineage`, which the permalink's queryset annotates)."""
    if not getattr(quote, "has_lineage", True):
        for article in articles:
            article.alterations, article.derivation = [], None
        return None
    edges = spread.derivations([quote.pk])
    flags = spread.alterations([quote.pk])
    by_id = {a.pk: a for a in articles}
    for article in articles:
        article.alterations = flags.get((quote.pk, article.pk), [])
        article.derivation = edges.get((quote.pk, article.pk))
    if not edges:
        return None
    pairs = [
        (a.pk, a.derivation.source_id if a.derivation and a.derivation.source_id in by_id else None)
        for a in articles
    ]
    nodes = tree.layout(pairs, [a.pk for a in articles])
    at = {node.key: node for node in nodes}
    rows = []
    for node in nodes[1:]:
        article, derivation = by_id[node.key], by_id[node.key].derivation
        source = by_id.get(derivation.source_id) if derivation else None
        rows.append(
            Row(
                article,
                source,
                derivation.evidence if derivation else "",
                derivation.strength if derivation else 0.0,
                bool(derivation) and derivation.decision == Decision.CONFIRMED,
                node,
                at[node.parent],
            )
        )
    return {
        "root": nodes[0],
        "rows": rows,
        "height": tree.height(nodes),
        "width": tree.WIDTH,
        "altered": sum(1 for a in articles if a.alterations),
    }
