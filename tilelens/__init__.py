"""tilelens: score a hand of tiles from a photo. The CLI lives in ``tilelens.cli``."""
__version__ = "0.1.0"
