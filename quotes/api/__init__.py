"""The read-only JSON API: published quotes, people, units, outlets and archived articles."""
