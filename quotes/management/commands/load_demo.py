"""python manage.py load_demo : the fictional demo archive, and a demo archivist account."""

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

DEMO = Path(settings.BASE_DIR) / "demo" / "articles"
DEMO_USER = "archivist"


class Command(BaseCommand):
    help = (
        "Import and publish the fictional demo articles; in development, also create the "
        f"'{DEMO_USER}' admin account (password '{DEMO_USER}')."
    )

    def handle(self, *args, **options):
        call_command("import_articles", str(DEMO), publish=True, verbosity=options["verbosity"])
        if not settings.DEV:
            return
        User = get_user_model()
        if not User.objects.filter(username=DEMO_USER).exists():
            User.objects.create_superuser(DEMO_USER, "", DEMO_USER)
            self.stdout.write(
                f"Admin: http://127.0.0.1:8000/admin/ user {DEMO_USER}, password {DEMO_USER}"
            )
