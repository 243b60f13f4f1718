"""python -m bench.scale: see bench/scale/run.py."""

from .run import main

main()
