"""python manage.py archive_url URL... : capture pages from their URLs and archive the
articles."""

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from archive.capture import CaptureRefused, outcome
from archive.management.staff import add_user_argument, staff_user
from archive.models import Capture
from archive.queueing import request_capture

# A capture that waits for review (a page tied to an article by a canonical link) has run.
FINISHED = {Capture.State.DONE, Capture.State.FAILED, Capture.State.REVIEW}


class Command(BaseCommand):
    help = (
        "Capture each URL (- reads URLs from standard input, one a line; blank lines and "
        "# comments are skipped), keep the exchange as a WARC and archive the article, then "
        "print one line per URL. Exits non-zero if any capture failed."
    )
    # call_command(..., stdin=StringIO(...)) stands in for standard input.
    stealth_options = ("stdin",)

    def add_arguments(self, parser):
        parser.add_argument("urls", nargs="+", metavar="URL", help="a page's URL, or -")
        parser.add_argument("--publish", action="store_true", help="publish the quotes extracted")
        add_user_argument(parser)
        parser.add_argument(
            "--timeout",
            type=float,
            default=600,
            metavar="SECONDS",
            help="how long to wait for the captures to finish (default: 600)",
        )

    def handle(self, *args, **options):
        user = staff_user(options["user"])
        if options["publish"] and user is None and options["verbosity"]:
            self.stderr.write("Publishing without --user: the history records no person.")
        urls = list(self.read_urls(options["urls"], options.get("stdin") or sys.stdin))
        if not urls:
            raise CommandError("no URLs given")
        requested = []
        for url in urls:
            try:
                requested.append((url, request_capture(url, publish=options["publish"], user=user)))
            except CaptureRefused as exc:
                requested.append((url, str(exc)))
        deadline = time.monotonic() + options["timeout"]
        failed = 0
        for url, capture in requested:
            if isinstance(capture, str):
                failed += 1
                self.stdout.write(f"{url}: failed: {capture}")
                continue
            capture = self.wait(capture, deadline)
            if capture.state not in FINISHED:
                failed += 1
                self.stdout.write(
                    f"{url}: not finished after {options['timeout']:g} seconds "
                    f"(capture {capture.pk} is {capture.get_state_display().lower()})"
                )
                continue
            failed += capture.state == Capture.State.FAILED
            self.stdout.write(f"{url}: {outcome(capture)}")
        if failed:
            raise CommandError(f"{failed} of {len(requested)} URLs not archived")

    def read_urls(self, arguments, stdin):
        for argument in arguments:
            if argument != "-":
                yield argument
                continue
            for line in stdin:
                line = line.strip()
                if line and not line.startswith("#"):
                    yield line

    def wait(self, capture, deadline, interval=0.5):
        """The capture once done or failed, or as it is when the deadline passes. With the
        immediate task backend it is already finished."""
        while capture.state not in FINISHED and time.monotonic() < deadline:
            time.sleep(interval)
            capture.refresh_from_db()
        return capture
