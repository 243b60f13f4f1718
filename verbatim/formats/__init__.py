"""Date formats: ISO 8601 in every language (FORMAT_MODULE_PATH), so that the admin writes
2031-06-10 as the public pages, the API and the exports do. Public pages that spell a date
out ("10 June 2031") give their format explicitly and are not changed by these."""
