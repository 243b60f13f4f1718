"""Writes that touch several models: importing extractions, linking, merging, publishing."""
