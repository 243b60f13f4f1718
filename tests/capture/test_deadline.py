"""A capture has one deadline, CAPTURE_TIMEOUT_SECONDS, for everything it waits on: a
server that keeps it waiting a little at a time is cut off when it passes."""

import socket
import threading
import time

import pytest

from archive.models import Article, Capture
from archive.queueing import request_capture

pytestmark = pytest.mark.django_db

LINES = 20  # a header line every LINE_SECONDS, then the page: 5 seconds in all
LINE_SECONDS = 0.25


def trickle(listener: socket.socket, stop: threading.Event) -> None:
    """Answer each connection with a status line, then one header line every LINE_SECONDS
    (no single wait long enough for a read timeout), then a small page."""
    while not stop.is_set():
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            continue
        except OSError:
            return
        with conn:
            try:
                conn.recv(4096)
                conn.sendall(b"HTTP/1.1 200 OK\r\n")
                for number in range(LINES):
                    if stop.wait(LINE_SECONDS):
                        return
                    conn.sendall(b"X-Slow-%d: still here\r\n" % number)
                page = b"<html><body><p>Late, at last.</p></body></html>"
                conn.sendall(
                    b"Content-Type: text/html\r\nContent-Length: %d\r\n"
                    b"Connection: close\r\n\r\n%s" % (len(page), page)
                )
            except OSError:
                continue  # the capture gave up and closed the connection


@pytest.fixture
def trickling_headers():
    """The URL of a raw loopback server that sends its headers a line at a time; each answer
    ends by itself after five seconds, and the server stops when the test ends."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    stop = threading.Event()
    thread = threading.Thread(target=trickle, args=(listener, stop), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/news"
    stop.set()
    thread.join(timeout=5)
    listener.close()


def test_headers_sent_a_line_at_a_time_hit_the_deadline(trickling_headers, settings):
    """Headers that trickle in fail the capture at its deadline, with the reason, though no
    single read waits long."""
    settings.CAPTURE_TIMEOUT_SECONDS = 1
    started = time.monotonic()

    capture = request_capture(trickling_headers)

    elapsed = time.monotonic() - started
    assert capture.state == Capture.State.FAILED
    assert capture.reason == "timed out after 1 seconds"
    assert elapsed < 2.5
    assert not capture.has_warc
    assert Article.objects.count() == 0
