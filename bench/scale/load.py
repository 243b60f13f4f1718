"""The load generator: N clients on raw HTTP/1.1 sockets to 127.0.0.1, each asking for a
page's URLs in turn as fast as they are answered, for a fixed time.

asyncio and plain sockets rather than an HTTP library, so that the generator costs the
shared CPU as little as possible beside the server it measures. A connection is kept open
when the server allows it (gunicorn's sync workers close each one after its response) and
opened again otherwise. Every request is bounded by a timeout and no request starts after
the run's time is up, so a run ends by itself within `duration + timeout` seconds.
"""

import asyncio
import time
from dataclasses import dataclass

from .middleware import HEADER

HOST = "127.0.0.1"  # never anything else


@dataclass
class Sample:
    started: float  # seconds since the run began
    elapsed: float  # seconds
    status: int | None  # None: no response (timeout, connection error)
    queries: int | None = None
    error: str | None = None
    cached: bool = False  # answered from the page cache (X-Page-Cache: hit)


class Connection:
    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def get(self, path: str) -> tuple[int, dict[str, str]]:
        """The status and headers of GET `path`; the body is read and dropped."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        self.writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: keep-alive\r\n"
            "Accept: text/html,application/json\r\n\r\n".encode("latin-1")
        )
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            if "content-length" in headers:
                await self.reader.readexactly(int(headers["content-length"]))
            elif headers.get("transfer-encoding", "").lower() == "chunked":
                await self._chunks()
            else:
                await self.reader.read()  # the body runs until the server closes
                headers["connection"] = "close"
        except BaseException:
            self.close()
            raise
        if headers.get("connection", "").lower() == "close" or lines[0].startswith("HTTP/1.0"):
            self.close()
        return status, headers

    async def _chunks(self):
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await self.reader.readexactly(size + 2)
            if size == 0:
                return

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def _run(port, urls, *, clients, duration, timeout) -> list[Sample]:
    samples: list[Sample] = []
    origin = time.monotonic()

    async def client(offset: int):
        connection = Connection(port)
        n = offset
        try:
            while time.monotonic() - origin < duration:
                path = urls[n % len(urls)]
                n += 1
                started = time.monotonic()
                try:
                    status, headers = await asyncio.wait_for(connection.get(path), timeout)
                except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError) as exc:
                    connection.close()
                    samples.append(
                        Sample(started - origin, time.monotonic() - started, None, None, repr(exc))
                    )
                    continue
                queries = headers.get(HEADER.lower())
                samples.append(
                    Sample(
                        started - origin,
                        time.monotonic() - started,
                        status,
                        int(queries) if queries else None,
                        None if status == 200 else f"HTTP {status}",
                        headers.get("x-page-cache") == "hit",
                    )
                )
        finally:
            connection.close()

    # Each client starts at another place in the list, so they do not ask for one URL at once.
    step = max(1, len(urls) // clients)
    await asyncio.gather(*(client(i * step) for i in range(clients)))
    return samples


def run(port, urls, *, clients=32, duration=30.0, timeout=60.0) -> list[Sample]:
    """`clients` clients asking for `urls` in turn for `duration` seconds."""
    return asyncio.run(_run(port, list(urls), clients=clients, duration=duration, timeout=timeout))


def fetch(port, path, *, timeout=120.0) -> tuple[int, dict[str, str]]:
    """One request, for warming up and for the query count."""

    async def once():
        connection = Connection(port)
        try:
            return await asyncio.wait_for(connection.get(path), timeout)
        finally:
            connection.close()

    return asyncio.run(once())


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of a sorted list."""
    if not values:
        return 0.0
    rank = max(1, min(len(values), int(-(-p * len(values) // 100))))
    return values[rank - 1]


def summary(samples: list[Sample], bare_rps: float | None = None) -> dict:
    """The report's figures for one page: answers 200 a second (over the time until the last
    answer), percentiles of their latency, the requests that failed, and the share of the
    answers that came from the page cache."""
    ok = sorted(s.elapsed * 1000 for s in samples if s.status == 200)
    span = max((s.started + s.elapsed for s in samples), default=0.0)
    rps = len(ok) / span if span else 0.0
    figures = {
        "rps": round(rps, 1),
        "share_of_bare": round(rps / bare_rps, 4) if bare_rps else None,
        "p50_ms": round(percentile(ok, 50), 1),
        "p95_ms": round(percentile(ok, 95), 1),
        "p99_ms": round(percentile(ok, 99), 1),
        "errors": sum(1 for s in samples if s.status != 200),
        "cache_hits": round(sum(s.cached for s in samples if s.status == 200) / len(ok), 3)
        if ok
        else 0.0,
    }
    return figures
