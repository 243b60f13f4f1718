"""Fixtures for the background task tests: the database backend production uses, and
workers run in this process."""

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

DATABASE_BACKEND = {
    "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]},
}


@pytest.fixture
def database_tasks(settings):
    """Tasks go to the database queue, as in production, instead of running at once."""
    settings.TASKS = DATABASE_BACKEND


@pytest.fixture
def run_worker():
    """Run `run_worker --batch` here: every ready task, then return. (The worker closes
    connections between tasks, as in production, so tests that use it need
    django_db(transaction=True).)"""

    def run():
        call_command("run_worker", "--batch", "--no-startup-delay", verbosity=0)
        return list(DBTaskResult.objects.order_by("enqueued_at"))

    return run
