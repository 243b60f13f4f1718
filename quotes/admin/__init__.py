"""Admin for people, units, quotes, their printings and merge suggestions: where archivists
review what the extractor found and correct it, and editors publish, merge and withdraw.

Every change to a quote's state goes through quotes.services.lifecycle, with the user who
asked and their note; the admin never writes a status or derived data (canonical text, search
index, dates) itself. What each role may do is in quotes/roles.py: an action or a button of
the editors' asks `has_publish_permission`, `has_merge_permission` or
`has_withdraw_permission`."""

from . import articles, lineage, people, printings, queues, quotes  # noqa: F401 - each registers its models
