"""Written-out SQL on both databases the project runs on: a column tested against a list of
values given as one parameter, so that a statement is the same text however many values it
gets (one string to build and cache, one statement for PostgreSQL to prepare, and no limit
from SQLite's number of parameters)."""

import json


def any_of(connection) -> str:
    """What follows a column to test it against the list `values(...)` gives as the next
    parameter: `= ANY(%s)` (an array) on PostgreSQL, `IN (SELECT value FROM json_each(%s))`
    (a JSON array) on SQLite."""
    if connection.vendor == "postgresql":
        return "= ANY(%s)"
    return "IN (SELECT value FROM json_each(%s))"


def values(items, connection):
    """`items` (numbers or strings) as the parameter of `any_of`."""
    if connection.vendor == "postgresql":
        return list(items)
    return json.dumps(list(items))
