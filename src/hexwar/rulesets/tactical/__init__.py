"""The ``tactical`` ruleset: the WWII tactical game of the parameter sheet (seed 002)."""
