"""The ``aggressor`` ruleset: Aggressor, the battalion hex game of seed 003."""
