"""The air war games of seed 001 ("Some Air War Games", Wine and Thrall, 1953)."""
