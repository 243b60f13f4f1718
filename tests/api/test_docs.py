"""The API's human-readable docs at /api/docs/: Swagger UI from our own files, under the CSP."""

import re

import pytest


@pytest.mark.django_db
def test_docs_page_loads_only_our_own_scripts(client):
    """The docs page loads its scripts from this site (the CSP allows no other), and its
    start-up script is served as a file, not inline."""
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    sources = re.findall(r'<script src="([^"]+)"', html)
    assert sources and all(src.startswith("/") for src in sources)
    assert not re.search(r"<script>(?!\s*</script>)", html)
    init = client.get(sources[-1])
    assert init.status_code == 200
    assert "/api/schema/" in init.content.decode()
    assert "script-src 'self'" in response["Content-Security-Policy"]
