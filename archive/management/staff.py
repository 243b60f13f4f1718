"""The --user option of the commands that change what the public sees: whom the history
names as having made the change."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def add_user_argument(parser):
    parser.add_argument(
        "--user",
        metavar="USERNAME",
        help="the staff account the change is recorded under (default: none, the command line)",
    )


def staff_user(username):
    """The active staff user called `username`, or None when no name is given."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None or not user.is_staff:
        raise CommandError(f"no active staff account is called {username!r}")
    return user
