"""The languages of archived articles and their printings, worked out again from their text:
for an archive imported before languages were kept (the migration that added them runs it),
and for an article read again (re-extraction). The rules are archive.languages's."""

from django.db.models.functions import Substr

from archive.languages import SAMPLE, article_language, language_within
from verbatim import pagecache

# Articles read per round.
BATCH = 500


def relabel(articles, printings) -> tuple[list, list]:
    """The articles and printings whose language is not what the rules give, with it set:
    (articles, printings), to be saved. Each printing's `article_id` must be among
    `articles`, whose `body` may hold only their first archive.languages.SAMPLE characters.
    An article keeps the language it holds where that is a language its text does not
    contradict (the page's, or an archivist's); normalised ('en-GB' is 'en')."""
    changed_articles, changed_printings, language = [], [], {}
    for article in articles:
        language[article.pk] = article_language(article.language, article.body)
        if article.language != language[article.pk]:
            article.language = language[article.pk]
            changed_articles.append(article)
    for printing in printings:
        code = language_within(printing.text, language[printing.article_id])
        if printing.language != code:
            printing.language = code
            changed_printings.append(printing)
    return changed_articles, changed_printings


def label_archive(*, article_model, printing_model) -> tuple[int, int]:
    """Give every article and printing of the archive its language: the numbers of articles
    and printings changed. Takes the models, so that a migration passes its own."""
    changed = [0, 0]
    ids = list(article_model.objects.order_by("pk").values_list("pk", flat=True))
    for at in range(0, len(ids), BATCH):
        batch = ids[at : at + BATCH]
        articles = (
            article_model.objects.filter(pk__in=batch)
            .annotate(sample=Substr("body", 1, SAMPLE))
            .only("pk", "language")
        )
        for article in articles:
            article.body = article.sample
        printings = printing_model.objects.filter(article_id__in=batch).only(
            "pk", "article_id", "text", "language"
        )
        found_articles, found_printings = relabel(articles, printings)
        article_model.objects.bulk_update(found_articles, ["language"])
        printing_model.objects.bulk_update(found_printings, ["language"], batch_size=BATCH)
        changed[0] += len(found_articles)
        changed[1] += len(found_printings)
    return changed[0], changed[1]


def label_article(article) -> int:
    """Give `article` and its printings their languages, as the rules read them now: the
    number of rows changed. Re-extraction runs it after reading an article again."""
    articles, printings = relabel(
        [article], article.printings.only("pk", "article_id", "text", "language")
    )
    if articles:
        article.save(update_fields=["language"])
    if printings:
        type(printings[0]).objects.bulk_update(printings, ["language"])
    if articles or printings:
        pagecache.changed()  # bulk_update sends no post_save
    return len(articles) + len(printings)
