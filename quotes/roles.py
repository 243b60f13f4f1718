"""The staff roles, as Django groups: what archivists and editors may do.

Archivists add and edit articles, quotes, people and units and review suggestions; editors
may also publish, reject, merge, withdraw and restore. Only superusers manage users (no group
holds a permission on auth). `sync_roles` writes the groups; a data migration runs it, and
runs it again whenever ROLES changes.
"""

from django.contrib.auth.management import create_permissions

ARCHIVISTS = "Archivists"
EDITORS = "Editors"

_EDIT = ("add", "change", "view")
_ARCHIVIST = {
    "archive": {"article": _EDIT, "outlet": _EDIT},
    "quotes": {
        "quote": _EDIT,
        "printing": _EDIT,
        "person": _EDIT,
        "personalias": (*_EDIT, "delete"),
        "unit": _EDIT,
        "membership": (*_EDIT, "delete"),
        "mergesuggestion": ("change", "view"),
        "personmergesuggestion": ("change", "view"),
        "attributionconflict": ("change", "view"),
        "derivation": ("change", "view"),
        "alteration": ("change", "view"),
        "correction": ("view",),
    },
}

# (app, model, codename) of each permission a role holds.
ROLES = {
    ARCHIVISTS: [
        (app, model, f"{action}_{model}")
        for app, models in _ARCHIVIST.items()
        for model, actions in models.items()
        for action in actions
    ],
}
ROLES[EDITORS] = [
    *ROLES[ARCHIVISTS],
    ("quotes", "quote", "publish_quote"),
    ("quotes", "quote", "merge_quote"),
    ("quotes", "quote", "withdraw_quote"),
]


def sync_roles(apps):
    """Create or update each role's group to hold exactly its permissions (`apps` is the
    migration's app registry). A model the registry does not hold yet (a migration before it
    took its present name) is left out: the migration that renames it carries its rows."""
    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, apps=apps, verbosity=0)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, wanted in ROLES.items():
        group, _ = Group.objects.get_or_create(name=name)
        permissions = [
            Permission.objects.get(content_type__app_label=app, codename=codename)
            for app, model, codename in wanted
            if _holds(apps, app, model)
        ]
        group.permissions.set(permissions)


def _holds(apps, app, model) -> bool:
    try:
        apps.get_model(app, model)
    except LookupError:
        return False
    return True
