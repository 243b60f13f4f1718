"""Tests of the public pages."""
