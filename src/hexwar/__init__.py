"""hexwar: one engine for computer-assisted war games and combat models."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("hexwar")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
