"""python manage.py withdraw_quote ID --reason REASON [--note TEXT] [--restore] : take a
published quote off every public surface (its permalink then answers 410 Gone), or put a
withdrawn one back, for scripted takedowns."""

from django.core.management.base import BaseCommand, CommandError

from archive.management.staff import add_user_argument, staff_user
from quotes.models import Quote
from quotes.services import lifecycle


class Command(BaseCommand):
    help = (
        "Withdraw a published quote, by its permalink id, with a reason ("
        + ", ".join(Quote.WithdrawalReason.values)
        + ", or any other words, recorded as 'other'); --restore publishes a withdrawn one "
        "again. Both go on the quote's public corrections record and its history."
    )

    def add_arguments(self, parser):
        parser.add_argument("short_id", metavar="ID", help="the quote's permalink id")
        parser.add_argument("--reason", default="", help="why it is withdrawn")
        parser.add_argument("--note", default="", help="more detail, kept in the record")
        parser.add_argument("--restore", action="store_true", help="restore a withdrawn quote")
        add_user_argument(parser)

    def handle(self, *args, short_id, reason, note, restore, **options):
        user = staff_user(options["user"])
        quote = Quote.objects.filter(short_id=short_id.strip().lower()).first()
        if quote is None:
            raise CommandError(f"no quote has the id {short_id!r}")
        try:
            if restore:
                lifecycle.restore(quote, user=user, note=note or reason)
                self.stdout.write(f"Quote {quote.short_id} restored.")
                return
            if not reason.strip():
                raise CommandError("give a --reason for the withdrawal")
            reason = reason.strip()
            if reason.lower() not in Quote.WithdrawalReason.values:
                reason, note = Quote.WithdrawalReason.OTHER, " ".join(filter(None, [reason, note]))
            quote = lifecycle.withdraw(quote, reason=reason.lower(), note=note, user=user)
        except lifecycle.LifecycleError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Quote {quote.short_id} withdrawn ({quote.get_withdrawal_reason_display()}); "
            "its permalink now answers 410 Gone."
        )
