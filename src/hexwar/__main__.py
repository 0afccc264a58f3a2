"""``python -m hexwar`` is the ``hexwar`` command."""

from hexwar.cli.main import main

main()
