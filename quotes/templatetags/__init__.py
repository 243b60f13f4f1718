"""Template tags of the public site."""
