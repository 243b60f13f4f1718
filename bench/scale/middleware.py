"""How many SQL queries a request ran, in a response header (bench settings only)."""

import contextlib

from django.db import connections

HEADER = "X-Bench-Queries"


class QueryCountMiddleware:
    """Counts the queries run on every database alias while the request is handled and sends
    the number as X-Bench-Queries. Queries a streamed body runs later are not counted."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        count = 0

        def counter(execute, sql, params, many, context):
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        with contextlib.ExitStack() as stack:
            for alias in connections:
                stack.enter_context(connections[alias].execute_wrapper(counter))
            response = self.get_response(request)
        response[HEADER] = str(count)
        return response
