"""python manage.py load_demo : the fictional demo archive, and the demo's staff accounts."""

from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand

from quotes.models import Correction, Quote
from quotes.roles import ARCHIVISTS, EDITORS, sync_roles
from quotes.services import lifecycle

DEMO = Path(settings.BASE_DIR) / "demo" / "articles"
# The demo's staff, each holding a role (quotes/roles.py), neither a superuser: the desk is
# seen as the people who work in it see it. Each password is the user name.
DEMO_USERS = {"archivist": ARCHIVISTS, "editor": EDITORS}
# The demo's withdrawn quote, so that its 410 page and the desk's withdrawn list show their
# work: the article's URL, how the quote starts, and why it was taken down.
WITHDRAWN = {
    "url": "https://meridiantimes.example/2031/05/06/meridian-sand-letter",
    "starts": "I wrote that the dam needed new gates",
    "reason": Quote.WithdrawalReason.WRONG_ATTRIBUTION,
    "note": "The county says the letter was written by another engineer, not Viktor Sand.",
}


class Command(BaseCommand):
    help = (
        "Import and publish the fictional demo articles; in development, also create the "
        "demo's staff accounts (archivist and editor, each with its name as password) and "
        "print where to log in."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--address",
            default="http://127.0.0.1:8000",
            help="The address the server will listen on, for the login line printed.",
        )

    def handle(self, *args, **options):
        call_command("import_articles", str(DEMO), publish=True, verbosity=options["verbosity"])
        self.withdraw_once()
        if not settings.DEV:
            return
        address = options["address"].rstrip("/")
        if not Group.objects.filter(name__in=DEMO_USERS.values()).count() == len(DEMO_USERS):
            # The migrations make the roles; a database emptied since (a flushed test
            # database) is given them again.
            sync_roles(apps)
        self.stdout.write(f"Site:  {address}/")
        for username, role in DEMO_USERS.items():
            self.stdout.write(f"Admin: {address}/admin/ {self.account(username, role)}")

    def withdraw_once(self):
        """Withdraw the demo's withdrawn quote through the lifecycle, the first time only: a
        quote withdrawn before (and perhaps restored by a user since) is left as it is."""
        quote = Quote.objects.filter(
            printings__article__url=WITHDRAWN["url"], text__startswith=WITHDRAWN["starts"]
        ).first()
        if quote is None or quote.corrections.filter(kind=Correction.Kind.WITHDRAWN).exists():
            return
        if quote.is_public:
            lifecycle.withdraw(quote, reason=WITHDRAWN["reason"], note=WITHDRAWN["note"])

    def account(self, username, role):
        """The demo account `username` holding `role`, made if missing; what to log in with."""
        User = get_user_model()
        user, created = User.objects.get_or_create(username=username, defaults={"is_staff": True})
        if created:
            user.set_password(username)
            user.save()
        user.groups.add(Group.objects.get(name=role))
        if user.check_password(username):
            return f"user {username}, password {username} ({role.lower()})"
        return f"user {username} ({role.lower()}; its password was changed since)"
