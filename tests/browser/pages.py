"""The page types the browser tests visit, found in whatever archive is loaded (the demo, the
real corpus), and a fictional article for the admin's review screens."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Count
from django.urls import reverse

from archive.services import archive_article
from quotes import public
from quotes.services import lifecycle

ARCHIVIST = {"username": "browser-archivist", "password": "a long browser test password"}

# Fictional, like the demo (Norland does not exist): a new article an archivist pastes.
FERRY_TITLE = "Ferry to Lindmark runs again next week"
FERRY_SPEAKER = "Ilse Vantongeren"
FERRY_QUOTE = (
    "The ferry will run again before the end of the month, and every crossing will be free "
    "for the first week."
)
FERRY_ARTICLE = f"""{FERRY_TITLE}

The harbour master of Lindmark, Ilse Vantongeren, said on Monday that the ferry across the
Varra would run again within days of the flood waters going down.

“{FERRY_QUOTE}” Ms Vantongeren said.

This is a fictional article written for Verbatim's browser tests.
"""


@dataclass
class PageType:
    name: str
    path: str
    status: int = 200
    admin: bool = False


def archivist():
    """A superuser who logs in through the admin's form (ARCHIVIST)."""
    User = get_user_model()
    return User.objects.create_superuser(email="", **ARCHIVIST)


def with_reach(quotes):
    return quotes.annotate(
        outlets_seen=Count("printings__article__outlet", distinct=True),
        articles_seen=Count("printings__article", distinct=True),
    )


def widest_quote():
    """The public quote carried by the most outlets (then articles)."""
    return with_reach(public.quotes()).order_by("-outlets_seen", "-articles_seen", "pk").first()


def unknown_outlet_quote():
    """A public quote whose every article has no outlet, the one in most articles."""
    return (
        with_reach(public.quotes()).filter(outlets_seen=0).order_by("-articles_seen", "pk").first()
    )


def waiting_article():
    """FERRY_ARTICLE archived with its quote left waiting for review."""
    article, _ = archive_article(
        raw=FERRY_ARTICLE.encode(),
        source_file="ferry-lindmark.txt",
        raw_format="txt",
        outlet="Harbour Gazette (fictional)",
        title=FERRY_TITLE,
        published="2031-04-12",
    )
    return article


def page_types():
    """Every page type of the public site, in English and in Ukrainian, and the admin's
    article and quote pages, found in the loaded archive. Run before the pages are opened:
    one quote is withdrawn for the 410 page, and FERRY_ARTICLE archived (its quote waiting)
    for the admin's review screen."""
    widest, unknown = widest_quote(), unknown_outlet_quote()
    assert widest is not None, "no published quote in the archive"
    pages = [
        PageType("home", reverse("quotes:home")),
        PageType("quote-list", reverse("quotes:quote-list")),
        PageType("quote-list-search", reverse("quotes:quote-list") + "?q=dam"),
        PageType("quote-list-empty", reverse("quotes:quote-list") + "?q=zyxwvut+qqqq"),
        PageType("permalink-outlets", widest.get_absolute_url()),
    ]
    if unknown is not None:
        pages.append(PageType("permalink-unknown-outlets", unknown.get_absolute_url()))
    person = public.people().order_by("-quote_count", "pk").first()
    unit = public.units().order_by("pk").first()
    outlet = public.outlets().order_by("pk").first()
    pages += [
        PageType("person", person.get_absolute_url()),
        PageType("unit", unit.get_absolute_url()),
        PageType("outlet", outlet.get_absolute_url()),
    ]
    articles = public.articles()
    with_outlet = articles.filter(outlet__isnull=False).order_by("pk").first()
    pages.append(PageType("article", with_outlet.get_absolute_url()))
    if without := articles.filter(outlet__isnull=True).order_by("pk").first():
        pages.append(PageType("article-unknown-outlet", without.get_absolute_url()))
    pages += [
        PageType("articles-list", reverse("quotes:article-list")),
        PageType("about", reverse("quotes:about")),
        PageType("people", reverse("quotes:person-list")),
        PageType("units", reverse("quotes:unit-list")),
        PageType("outlets", reverse("quotes:outlet-list")),
        PageType("not-found", "/no-such-page/", status=404),
    ]
    gone = (
        public.quotes()
        .exclude(pk__in=[widest.pk, getattr(unknown, "pk", None)])
        .order_by("-pk")
        .first()
    )
    lifecycle.withdraw(gone, reason="other", note="Withdrawn by the browser tests.")
    pages.append(PageType("quote-gone", gone.get_absolute_url(), status=410))
    # Every public page again in Ukrainian, at its address under /uk/ (verbatim/locale.py).
    pages += [PageType(f"{p.name}-uk", f"/uk{p.path}", status=p.status) for p in pages]
    pages.append(PageType("api-docs", reverse("api:docs")))
    waiting = waiting_article()
    pages += [
        PageType(
            "admin-article", reverse("admin:archive_article_change", args=[waiting.pk]), admin=True
        ),
        PageType("admin-quote", reverse("admin:quotes_quote_change", args=[widest.pk]), admin=True),
        PageType("admin-desk", reverse("admin:index"), admin=True),
        PageType("admin-review", reverse("admin:quotes_quote_review"), admin=True),
    ]
    return pages


def log_in(page, base_url):
    """Log in to the admin as ARCHIVIST through its login form."""
    page.goto(base_url + reverse("admin:login"))
    page.get_by_label("Username").fill(ARCHIVIST["username"])
    page.get_by_label("Password").fill(ARCHIVIST["password"])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
