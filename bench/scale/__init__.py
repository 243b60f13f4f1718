"""`make bench`: a synthetic million-printing archive, the public pages under load against a
bare Django view, import and export speed, query counts and plans, in one report.

Run it as `python -m bench.scale` (see bench/scale/run.py for the options); docs/performance.md
gives the method and the figures.
"""
