"""docker-compose.yml, tested without a Docker engine: the file has what a deployment needs,
and every command it runs (migrate, gunicorn, run_worker) is run here, directly, against
PostgreSQL and Redis on loopback with the file's own environment."""

import os
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import yaml
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP = ["migrate", "web", "worker", "follower"]


def test_the_file_has_a_database_with_a_volume_and_healthcheck_and_a_migrate_step():
    db = SERVICES["db"]
    assert any(volume.startswith("pgdata:") for volume in db["volumes"])
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    for name in ("web", "worker", "follower"):
        assert SERVICES[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"
        }
    assert SERVICES["migrate"]["depends_on"]["db"] == {"condition": "service_healthy"}
    assert "/healthz" in " ".join(SERVICES["web"]["healthcheck"]["test"])
    for name in APP:
        assert SERVICES[name]["environment"]["VERBATIM_TASKS"] == "database"


def test_every_app_service_mounts_the_stored_files_where_it_keeps_them():
    """The stored files (WARCs, large raw sources, export files) are on one volume that every
    service running the app mounts at BLOB_DIR: migrate moves bytes there, the worker writes
    captures and exports, web serves them."""
    assert "blobs" in COMPOSE["volumes"]
    for name in APP:
        folder = SERVICES[name]["environment"]["BLOB_DIR"]
        assert f"blobs:{folder}" in SERVICES[name]["volumes"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def run(transactional_db):
    """Run a service's command as compose would, on this machine: the service's environment
    with the database and Redis on loopback (the test database; Redis db 15)."""
    if connection.vendor != "postgresql":
        pytest.skip("the compose file runs on PostgreSQL")
    db = connection.settings_dict
    started = []

    def start(name, port=None):
        service = SERVICES[name]
        env = {
            **os.environ,
            **{key: str(value) for key, value in service["environment"].items()},
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "REDIS_URL": "redis://127.0.0.1:6379/15",
            "SECRET_KEY": "compose-test-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
        }
        env.pop("VERBATIM_DEV", None)
        command = shlex.split(service["command"])
        if command[0] == "python":
            command[0] = sys.executable
        elif command[0] == "gunicorn":
            command[0] = str(Path(sys.executable).with_name("gunicorn"))
        command = [part.replace("0.0.0.0:8000", f"127.0.0.1:{port}") for part in command]
        process = subprocess.Popen(  # noqa: S603 - the compose file's own commands
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        started.append(process)
        return process

    yield start
    for process in started:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def test_every_command_the_file_runs_works(run):
    migrate = run("migrate")
    assert migrate.wait(timeout=180) == 0, migrate.stdout.read().decode()

    port = free_port()
    web = run("web", port=port)
    worker = run("worker")
    follower = run("follower")
    deadline = time.monotonic() + 60
    ready = None
    while time.monotonic() < deadline:
        try:
            ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5)
            break
        except httpx.TransportError:
            assert web.poll() is None, web.stdout.read().decode()
            time.sleep(0.5)
    assert ready is not None, "gunicorn did not answer within 60 s"
    assert ready.json() == {"database": "ok", "cache": "ok", "tasks": "ok"}
    assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).text == "ok\n"
    time.sleep(3)
    assert worker.poll() is None, worker.stdout.read().decode()
    assert follower.poll() is None, follower.stdout.read().decode()
