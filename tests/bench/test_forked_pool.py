"""The bench's archive builder computes in forked worker processes. A test run or a task
worker may handle SIGTERM itself, and a forked worker inherits the handler: a pool's
terminate() then cannot end a worker waiting for the lock of the queue that the pool holds
while terminating, and the build waits for it for ever (a CI run hung so)."""

import signal
import threading

from bench.scale.archive import forked_pool


def kept_running(signum, frame):
    """A SIGTERM handler that does not end the process, as a graceful worker's does not."""


def sigterm_handler(_):
    return signal.getsignal(signal.SIGTERM)


def test_forked_workers_end_on_sigterm_though_their_parent_handles_it():
    saved = signal.signal(signal.SIGTERM, kept_running)
    try:
        with forked_pool(2) as pool:
            assert pool.map(sigterm_handler, [1, 2]) == [signal.SIG_DFL, signal.SIG_DFL]
    finally:
        signal.signal(signal.SIGTERM, saved)


def test_a_pool_that_is_done_ends_its_workers():
    done = threading.Event()

    def work():
        with forked_pool(2) as pool:
            assert pool.map(abs, [-1, -2, -3]) == [1, 2, 3]
        assert all(not worker.is_alive() for worker in pool._pool)
        done.set()

    threading.Thread(target=work, daemon=True).start()
    assert done.wait(30)
