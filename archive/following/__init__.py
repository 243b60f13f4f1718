"""Following outlets: new articles found in their feeds and sitemaps, captured on a schedule.

A Source is an outlet's RSS or Atom feed, sitemap (a Google News sitemap, a sitemap index),
or its home page, from which its feeds and sitemaps are found. Each run of a source is a
SourceRun, and each item it did something with a SourceItem. The modules, from the top:
`schedule` (which sources are due, the loop `follow_sources` runs), `runs` (one run of one
source, under a lease), `reading` (what a feed, sitemap or home page lists), `polite` (every
request to an outlet: robots.txt, a per-host delay and concurrency, conditional requests,
Retry-After), `services` (adding, pausing and resuming sources) and `models`.
docs/following.md tells it in words.
"""
