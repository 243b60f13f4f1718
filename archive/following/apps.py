"""The configuration of the archive's following of outlets (a Django app of its own, inside
the archive package, so that its models, admin and command live together)."""

from django.apps import AppConfig


class FollowingConfig(AppConfig):
    name = "archive.following"
    label = "following"
    verbose_name = "Following"
