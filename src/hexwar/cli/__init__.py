"""The ``hexwar`` command."""
