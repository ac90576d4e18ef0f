"""The end-to-end tests' fixtures, for the eighth game's whole games through Discord."""

from tests.e2e.conftest import quick_pictures

__all__ = ["quick_pictures"]
