"""ISO dates (verbatim/formats/iso.py)."""

from verbatim.formats.iso import *  # noqa: F403
