"""Lineage: which printing of a statement each printing took its words from, and which
printings change what was said. Pure: it reads texts, days, outlets, languages and the
speakers credited, and returns edges and flags (services/lineage.py stores them)."""

from .alterations import KINDS, Flag, flag
from .inference import Edge, infer
from .readings import PrintingIn

__all__ = ["KINDS", "Edge", "Flag", "PrintingIn", "flag", "infer"]
